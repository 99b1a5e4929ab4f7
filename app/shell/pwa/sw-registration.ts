import { registerSW } from 'virtual:pwa-register';
import { setUpdateDriver, updateAvailable } from './update-store';

let started = false;
let reloadRequested = false;
/** Another tab already switched to the new worker; this tab only needs to reload. */
let activatedElsewhere = false;

/**
 * Registers /sw.js from app code (the CSP forbids the plugin's inline script). Safe to call more
 * than once. Never reloads by itself: a reload happens only after the person presses Reload here.
 */
export function startServiceWorker(): void {
  if (started || !import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  started = true;
  const updateSW = registerSW({
    immediate: true,
    onNeedRefresh: updateAvailable,
    onNeedReload: () => {
      if (reloadRequested) {
        window.location.reload();
        return;
      }
      // Another tab accepted the update. Reloading here could drop someone's typing: ask instead.
      activatedElsewhere = true;
      updateAvailable();
    },
    onRegisteredSW: (_url, registration) => {
      if (registration) watchForUpdates(registration);
    },
  });
  setUpdateDriver({
    activateAndReload: async () => {
      reloadRequested = true;
      if (activatedElsewhere) {
        window.location.reload();
        return;
      }
      // A worker that was already waiting when this page registered (the prompt loads after the first
      // paint) takes control without the registration calling it an update: reload on the change itself.
      navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true });
      await updateSW(true);
    },
  });
}

const HOUR_MS = 60 * 60 * 1000;

/** A tab left open all day at the till still learns about new versions: hourly and on reconnect. */
function watchForUpdates(registration: ServiceWorkerRegistration): void {
  const check = () => {
    if (navigator.onLine && document.visibilityState === 'visible') void registration.update().catch(() => undefined);
  };
  window.setInterval(check, HOUR_MS);
  window.addEventListener('online', check);
}
