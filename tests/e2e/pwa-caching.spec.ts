import { expect, test, type Page } from '@playwright/test';
import { underServiceWorker } from './sw-support';

async function visitOnline(page: Page, path: string) {
  await page.goto(path);
  await underServiceWorker(page);
}

/** Every URL held in any cache on this origin, by cache name. */
function cachedUrls(page: Page): Promise<Record<string, string[]>> {
  return page.evaluate(async () => {
    const out: Record<string, string[]> = {};
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      out[name] = (await cache.keys()).map((r) => new URL(r.url).pathname);
    }
    return out;
  });
}

test.describe('runtime caching', () => {
  test('exchange rates are kept for offline use; private API answers never are', async ({ page, context }) => {
    await visitOnline(page, '/');
    // Through the worker: a public read, and private reads that must never be stored.
    const statuses = await page.evaluate(async () => {
      const paths = ['/api/exchange-rates', '/api/auth/me', '/api/workspaces'];
      return Promise.all(paths.map(async (p) => (await fetch(p, { credentials: 'include' })).status));
    });
    expect(statuses[0]).toBe(200);

    await expect.poll(async () => (await cachedUrls(page))['vuka-rates-v1'] ?? []).toContain('/api/exchange-rates');
    const all = Object.values(await cachedUrls(page)).flat();
    expect(all.filter((p) => p.startsWith('/api/auth') || p.startsWith('/api/workspaces') || p.startsWith('/api/sync'))).toEqual([]);

    await context.setOffline(true);
    const offline = await page.evaluate(async () => {
      const res = await fetch('/api/exchange-rates');
      const body: unknown = await res.json();
      return { status: res.status, hasRates: typeof body === 'object' && body !== null && 'rates' in body };
    });
    expect(offline).toEqual({ status: 200, hasRates: true });
  });

  test('CLEAR_PRIVATE_CACHES drops personal runtime caches and keeps the app shell', async ({ page }) => {
    await visitOnline(page, '/');
    await page.evaluate(async () => {
      await fetch('/api/exchange-rates');
      // Stand-ins for what a session leaves behind: a listing answer and a photo.
      await (await caches.open('vuka-public-api-v1')).put('/api/marketplace/listings', new Response('[]'));
      await (await caches.open('vuka-images-v1')).put('/uploads/me.png', new Response('png'));
    });
    await expect.poll(async () => Object.keys(await cachedUrls(page))).toContain('vuka-rates-v1');

    const reply = await page.evaluate(
      () =>
        new Promise<unknown>((resolve) => {
          const channel = new MessageChannel();
          channel.port1.onmessage = (e) => resolve(e.data);
          navigator.serviceWorker.controller?.postMessage({ type: 'CLEAR_PRIVATE_CACHES' }, [channel.port2]);
        }),
    );
    expect(reply).toEqual({ cleared: true });

    const names = Object.keys(await cachedUrls(page));
    expect(names).not.toContain('vuka-public-api-v1');
    expect(names).not.toContain('vuka-images-v1');
    expect(names).toContain('vuka-rates-v1');
    expect(names.some((n) => n.startsWith('workbox-precache'))).toBe(true);
  });
});
