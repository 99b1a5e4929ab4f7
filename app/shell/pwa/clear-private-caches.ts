import { cachesToClearOnLogout, clearPrivateCachesMessage, isWorkboxPrecache } from '../../../sw/cache-policy';

/**
 * Call on logout: drops every runtime cache that could hold the last person's data (images, public
 * API answers) so the next person on this device never sees it. The app shell stays, so the app
 * still opens offline. The page deletes directly (the worker may not be running), then tells the
 * worker, which repeats the sweep after any response it was still writing.
 */
export async function clearPrivateCaches(): Promise<void> {
  if (typeof caches !== 'undefined') {
    const names = await caches.keys();
    await Promise.all(cachesToClearOnLogout(names, isWorkboxPrecache).map((name) => caches.delete(name)));
  }
  const worker = typeof navigator !== 'undefined' ? navigator.serviceWorker?.controller : null;
  worker?.postMessage(clearPrivateCachesMessage);
}
