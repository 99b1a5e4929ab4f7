import { useEffect } from 'react';
import { registerLogoutHook } from '../../data/session';
import { clearPrivateCaches } from './clear-private-caches';
import * as css from './pwa.css';
import { startServiceWorker } from './sw-registration';
import { dismissUpdate, keepWorking, requestReload, useUpdateStore } from './update-store';

/**
 * Mount once in the root layout. Registers the service worker and, when a new version is waiting,
 * shows "Update available — Reload" without blocking the page. It never reloads on its own.
 * It also clears private runtime caches on logout (through the session's logout hooks).
 */
export function PwaUpdatePrompt() {
  const status = useUpdateStore((s) => s.status);
  const dismissed = useUpdateStore((s) => s.dismissed);

  useEffect(() => {
    startServiceWorker();
    // Whoever signs in next on this device must not see the last person's cached images or answers.
    return registerLogoutHook(clearPrivateCaches);
  }, []);

  if (status === 'none' || dismissed) return null;
  const className = css.updatePrompt;

  if (status === 'confirming') {
    return (
      <div className={className} role="alert" data-testid="pwa-update-prompt">
        <p className={css.updateText}>
          <span className={css.updateTitle}>You have unsaved changes</span>
          Reloading now to update will lose them.
        </p>
        <div className={css.updateActions}>
          <button type="button" className={css.laterButton} onClick={keepWorking} autoFocus>
            Keep working
          </button>
          <button type="button" className={css.reloadButton} onClick={() => void requestReload(true)}>
            Reload anyway
          </button>
        </div>
      </div>
    );
  }

  return (
    <div className={className} role="status" aria-live="polite" data-testid="pwa-update-prompt">
      <p className={css.updateText}>
        <span className={css.updateTitle}>Update available</span>A new version of the app is ready.
      </p>
      <div className={css.updateActions}>
        <button type="button" className={css.laterButton} onClick={dismissUpdate} disabled={status === 'reloading'}>
          Later
        </button>
        <button type="button" className={css.reloadButton} onClick={() => void requestReload()} disabled={status === 'reloading'}>
          {status === 'reloading' ? 'Reloading…' : 'Reload'}
        </button>
      </div>
    </div>
  );
}
