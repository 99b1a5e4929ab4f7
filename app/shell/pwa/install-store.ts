import { create } from 'zustand';

/** Chromium's install prompt event (not in the DOM typings). */
export interface InstallPromptEvent extends Event {
  prompt(): Promise<unknown>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform: string }>;
}

function isInstallPromptEvent(e: Event): e is InstallPromptEvent {
  return 'prompt' in e && typeof e.prompt === 'function' && 'userChoice' in e;
}

interface InstallState {
  /** Set while the browser allows an install; a prompt can be shown once. */
  deferred: InstallPromptEvent | null;
}

export const useInstallStore = create<InstallState>(() => ({ deferred: null }));

let listening = false;

/**
 * The browser fires `beforeinstallprompt` early, often before React has drawn anything, so the
 * listener is attached when this module loads rather than when the button mounts.
 */
export function listenForInstallPrompt(): void {
  if (listening || typeof window === 'undefined') return;
  listening = true;
  window.addEventListener('beforeinstallprompt', (e) => {
    if (!isInstallPromptEvent(e)) return;
    // Our own "Install" button replaces the browser's mini-infobar.
    e.preventDefault();
    useInstallStore.setState({ deferred: e });
  });
  window.addEventListener('appinstalled', () => useInstallStore.setState({ deferred: null }));
}

/** Shows the browser's install dialog; the event is spent either way. */
export async function promptInstall(): Promise<'accepted' | 'dismissed' | 'unavailable'> {
  const { deferred } = useInstallStore.getState();
  if (!deferred) return 'unavailable';
  useInstallStore.setState({ deferred: null });
  await deferred.prompt();
  const choice = await deferred.userChoice;
  return choice.outcome;
}

listenForInstallPrompt();
