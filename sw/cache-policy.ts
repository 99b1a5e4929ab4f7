/**
 * What the service worker may keep, in one place so the worker, the app's logout helper and the
 * tests agree. Shared by `sw/sw.ts` and `app/shell/pwa`, so it must stay free of DOM and worker APIs.
 */

/** Runtime caches. The precache (app shell) is Workbox's own and is never listed here. */
export const runtimeCaches = {
  /** Exchange rates: the same answer for every visitor, so it survives logout. */
  rates: 'vuka-rates-v1',
  /** Public API reads (marketplace listings …); kept per device but dropped on logout to be safe. */
  publicApi: 'vuka-public-api-v1',
  /** Images; an avatar or a listing photo can be personal, so dropped on logout. */
  images: 'vuka-images-v1',
  /**
   * A workspace's sized pictures (products, logo, avatars), kept so a till shows them offline. A
   * picture's bytes never change under its URL, so the first copy is kept; dropped on logout.
   */
  pictures: 'vuka-pictures-v1',
  /**
   * Code chunks left out of the precache to keep a first install small (the PDF maker): kept the
   * first time they load, so they work offline from then on. Hashed names never change content.
   */
  chunks: 'vuka-chunks-v1',
} as const;

/**
 * A built code chunk, its styles or its WebAssembly: `/assets/<name>-<hash>.js`, `.css` or `.wasm`. A
 * page's chunk left out of the precache loads its styles with it (a chart's, a page's own), and
 * needs them offline as much; the door camera's QR reader needs its `.wasm` as much as its code.
 */
const chunkPath = /^\/assets\/[\w.-]+\.(js|css|wasm)$/;

/** How many sized pictures a device keeps, and for how long (seconds) after the last use. */
export const pictureCacheLimits = { maxEntries: 400, maxAgeSeconds: 60 * 24 * 60 * 60 } as const;

/** A drive file's sized picture: `/api/workspaces/:id/drive/files/:fileId/picture`. */
const picturePath = /^\/api\/workspaces\/\d+\/drive\/files\/[0-9a-f-]{36}\/picture$/;

export function isPicturePath(pathname: string): boolean {
  return picturePath.test(pathname);
}

/** Caches that can be kept when someone signs out: they hold nothing tied to a person. */
const keptOnLogout: ReadonlySet<string> = new Set([runtimeCaches.rates, runtimeCaches.chunks]);

/** The message the app posts to the worker on logout. */
export const clearPrivateCachesMessage = { type: 'CLEAR_PRIVATE_CACHES' } as const;
/** The message `workbox-window` posts when someone accepts the update prompt. */
export const skipWaitingMessageType = 'SKIP_WAITING';

/**
 * Paths a navigation must reach the network for: the API (including sync, live and Yjs sockets),
 * the server-rendered social-email check, developer pages and plain files (robots.txt, sitemap.xml).
 */
export const navigationDenylist: readonly RegExp[] = [
  /^\/api(\/|$)/,
  /^\/api\/live/,
  /^\/api\/yjs/,
  /^\/api\/sync/,
  /^\/auth\/verify-social-email/,
  /^\/dev(\/|$)/,
  /^[^?]*\/[^/?]+\.[a-z0-9]+(\?|$)/i,
];

/**
 * Whether a navigation may be answered with the precached app shell. Takes path plus query, as
 * Workbox's NavigationRoute tests its denylist against `pathname + search`.
 */
export function navigatesToShell(pathAndQuery: string): boolean {
  return !navigationDenylist.some((re) => re.test(pathAndQuery));
}

/** API paths that carry a person's data. Never cached, whatever else matches. */
const privatePrefixes = ['/api/auth', '/api/workspaces', '/api/sync', '/api/account', '/api/billing', '/api/live', '/api/yjs'];

export function isPrivatePath(pathname: string): boolean {
  return privatePrefixes.some((p) => pathname === p || pathname.startsWith(`${p}/`));
}

/** Which runtime cache (if any) a same-origin GET belongs to. */
export function runtimeCacheFor(url: URL, destination: string, sameOrigin: boolean): string | null {
  if (sameOrigin && isPicturePath(url.pathname)) return runtimeCaches.pictures;
  if (sameOrigin && chunkPath.test(url.pathname)) return runtimeCaches.chunks;
  if (sameOrigin && isPrivatePath(url.pathname)) return null;
  if (sameOrigin && url.pathname === '/api/exchange-rates') return runtimeCaches.rates;
  if (sameOrigin && url.pathname.startsWith('/api/marketplace/')) return runtimeCaches.publicApi;
  if (destination === 'image' && !(sameOrigin && url.pathname.startsWith('/api/'))) return runtimeCaches.images;
  return null;
}

/**
 * Whether a response may be stored: only complete successes the server did not mark personal.
 * Opaque responses (status 0, cross-origin images) are allowed for images only, by the caller.
 */
export function isStorableResponse(status: number, headers: { get(name: string): string | null }): boolean {
  if (status !== 200) return false;
  const cacheControl = (headers.get('Cache-Control') ?? '').toLowerCase();
  if (/\b(no-store|private)\b/.test(cacheControl)) return false;
  if (headers.get('Set-Cookie')) return false;
  const vary = (headers.get('Vary') ?? '').toLowerCase();
  return !/\b(cookie|authorization)\b/.test(vary) && !vary.includes('*');
}

/** The caches to delete when someone signs out: every runtime cache except the shared rates. */
export function cachesToClearOnLogout(names: readonly string[], isPrecache: (name: string) => boolean): string[] {
  return names.filter((name) => !isPrecache(name) && !keptOnLogout.has(name));
}

/** Workbox names its precache `workbox-precache-v2-<scope>`; the shell must survive logout. */
export function isWorkboxPrecache(name: string): boolean {
  return name.startsWith('workbox-precache');
}
