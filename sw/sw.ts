/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { CacheFirst, StaleWhileRevalidate, type Strategy } from 'workbox-strategies';
import {
  cachesToClearOnLogout,
  clearPrivateCachesMessage,
  isWorkboxPrecache,
  navigationDenylist,
  pictureCacheLimits,
  runtimeCacheFor,
  runtimeCaches,
  skipWaitingMessageType,
} from './cache-policy';
import { publicOnlyPlugin } from './public-only-plugin';
import { clickTarget, notificationToShow, pushedNotification, unreadablePush, windowToUse } from './push';

declare const self: ServiceWorkerGlobalScope;

// The app shell and every route chunk, injected at build time by vite-plugin-pwa.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// A first install takes the open tab at once, so a trader who loaded Vuka once with signal can
// lose the signal straight away. Updates never activate by themselves: they wait for the prompt.
clientsClaim();

// Offline (and online) navigations get the shell; the router then draws the page.
registerRoute(new NavigationRoute(createHandlerBoundToURL('index.html'), { denylist: [...navigationDenylist] }));

function staleWhileRevalidate(cacheName: string, maxEntries: number, maxAgeSeconds: number) {
  return new StaleWhileRevalidate({
    cacheName,
    plugins: [publicOnlyPlugin, new ExpirationPlugin({ maxEntries, maxAgeSeconds, purgeOnQuotaError: true })],
  });
}

const day = 24 * 60 * 60;
const strategies: Record<string, Strategy> = {
  [runtimeCaches.rates]: staleWhileRevalidate(runtimeCaches.rates, 4, 7 * day),
  [runtimeCaches.publicApi]: staleWhileRevalidate(runtimeCaches.publicApi, 200, 7 * day),
  [runtimeCaches.images]: staleWhileRevalidate(runtimeCaches.images, 120, 30 * day),
  // A sized picture never changes under its URL (a file's bytes are fixed by its id): the first
  // complete copy serves every later look, offline too. Only 200s: a refusal is not kept.
  [runtimeCaches.pictures]: new CacheFirst({
    cacheName: runtimeCaches.pictures,
    plugins: [new CacheableResponsePlugin({ statuses: [200] }), new ExpirationPlugin({ ...pictureCacheLimits, purgeOnQuotaError: true })],
  }),
  // Code the precache leaves out, kept from its first load on (its hashed URL never changes content).
  [runtimeCaches.chunks]: new CacheFirst({
    cacheName: runtimeCaches.chunks,
    plugins: [new CacheableResponsePlugin({ statuses: [200] }), new ExpirationPlugin({ maxEntries: 40, purgeOnQuotaError: true })],
  }),
};

// Only GETs the policy names as public; everything else (auth, workspaces, sync …) goes straight
// to the network and is never stored.
registerRoute(
  ({ request, url }) => request.method === 'GET' && runtimeCacheFor(url, request.destination, url.origin === self.location.origin) !== null,
  (options) => {
    const { request, url } = options;
    const name = runtimeCacheFor(url, request.destination, url.origin === self.location.origin);
    const strategy = name === null ? undefined : strategies[name];
    return strategy ? strategy.handle(options) : fetch(request);
  },
);

self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const data: unknown = event.data;
  if (!data || typeof data !== 'object' || !('type' in data)) return;
  if (data.type === skipWaitingMessageType) {
    void self.skipWaiting();
  } else if (data.type === clearPrivateCachesMessage.type) {
    event.waitUntil(clearPrivateCaches().then(() => event.ports[0]?.postMessage({ cleared: true })));
  }
});

async function clearPrivateCaches(): Promise<void> {
  const names = await caches.keys();
  await Promise.all(cachesToClearOnLogout(names, isWorkboxPrecache).map((name) => caches.delete(name)));
}

// Web Push (issue 37 §5): each push is one notification from the server, shown at once.
self.addEventListener('push', (event: PushEvent) => {
  let shown = unreadablePush;
  try {
    shown = pushedNotification(event.data?.json());
  } catch {
    // Not JSON: the browser still wants something shown.
  }
  event.waitUntil(self.registration.showNotification(...notificationToShow(shown)));
});

// A click opens the notification's page in the app: in a window already open, or a new one.
self.addEventListener('notificationclick', (event: NotificationEvent) => {
  event.notification.close();
  event.waitUntil(openInApp(clickTarget(event.notification.data, self.location.origin)));
});

async function openInApp(target: string): Promise<void> {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windowToUse(windows, target);
  if (!open) {
    await self.clients.openWindow(target);
    return;
  }
  const focused = await open.focus();
  if (focused.url === target) return;
  // A window the worker does not control cannot be navigated from here: open the page anew.
  const navigated = await focused.navigate(target).catch(() => null);
  if (!navigated) await self.clients.openWindow(target);
}
