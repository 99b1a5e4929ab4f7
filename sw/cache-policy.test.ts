import { describe, expect, it } from 'vitest';
import {
  cachesToClearOnLogout,
  isStorableResponse,
  isWorkboxPrecache,
  navigatesToShell,
  runtimeCacheFor,
  runtimeCaches,
} from './cache-policy';

const origin = 'https://vuka.test';
const url = (path: string) => new URL(path, origin);
const headers = (h: Record<string, string> = {}) => new Headers(h);

describe('navigation fallback', () => {
  it('answers app pages with the shell, query strings included', () => {
    for (const path of ['/', '/controlhub', '/controlhub?open=pos', '/workspace/12/dashboard', '/auth?mode=login', '/pricing']) {
      expect(navigatesToShell(path), path).toBe(true);
    }
  });

  it('sends API, sync, live, Yjs, social-email and developer paths to the network', () => {
    for (const path of [
      '/api/auth/me',
      '/api',
      '/api/live',
      '/api/yjs/room-1',
      '/api/sync/pull?collection=products',
      '/auth/verify-social-email?token=abc',
      '/dev/mailbox',
      '/dev',
    ]) {
      expect(navigatesToShell(path), path).toBe(false);
    }
  });

  it('leaves plain files (robots.txt, sitemap.xml) to the server', () => {
    expect(navigatesToShell('/robots.txt')).toBe(false);
    expect(navigatesToShell('/sitemap.xml?x=1')).toBe(false);
    expect(navigatesToShell('/controlhub?file=a.pdf')).toBe(true);
  });
});

describe('runtime caching', () => {
  it('keeps exchange rates and public marketplace reads', () => {
    expect(runtimeCacheFor(url('/api/exchange-rates'), '', true)).toBe(runtimeCaches.rates);
    expect(runtimeCacheFor(url('/api/marketplace/listings?page=2'), '', true)).toBe(runtimeCaches.publicApi);
    expect(runtimeCacheFor(url('/uploads/listing-1.jpg'), 'image', true)).toBe(runtimeCaches.images);
  });

  it('keeps a chunk left out of the precache and its styles once fetched, for use offline', () => {
    expect(runtimeCacheFor(url('/assets/report-chart-CYsrQUDY.js'), 'script', true)).toBe(runtimeCaches.chunks);
    expect(runtimeCacheFor(url('/assets/report-chart-CnsZ1jie.css'), 'style', true)).toBe(runtimeCaches.chunks);
    expect(runtimeCacheFor(url('/assets/report-chart-CnsZ1jie.css'), 'style', false)).toBeNull();
    expect(runtimeCacheFor(url('/assets/notes.txt'), '', true)).toBeNull();
  });

  it("keeps the door camera's QR reader and its WebAssembly once fetched, so the door scans offline", () => {
    expect(runtimeCacheFor(url('/assets/zxing-reader-BdQ2x9fA.js'), 'script', true)).toBe(runtimeCaches.chunks);
    expect(runtimeCacheFor(url('/assets/zxing_reader-DtN3kq0P.wasm'), '', true)).toBe(runtimeCaches.chunks);
    expect(runtimeCacheFor(url('/assets/zxing_reader-DtN3kq0P.wasm'), '', false)).toBeNull();
    expect(runtimeCacheFor(url('/api/workspaces/4/reader.wasm'), '', true)).toBeNull();
  });

  it('never caches anything private', () => {
    for (const path of [
      '/api/auth/me',
      '/api/auth/refresh',
      '/api/workspaces',
      '/api/workspaces/3/members',
      '/api/sync/pull',
      '/api/live',
    ]) {
      expect(runtimeCacheFor(url(path), '', true), path).toBeNull();
    }
    // An image served by a private API (a workspace file, an avatar) is private too.
    expect(runtimeCacheFor(url('/api/workspaces/3/files/9'), 'image', true)).toBeNull();
    expect(runtimeCacheFor(url('/api/auth/avatar'), 'image', true)).toBeNull();
  });

  it('keeps a workspace’s sized pictures, and nothing else of its drive', () => {
    const picture = '/api/workspaces/3/drive/files/5d3c9a1b-2e4f-4a6b-8c7d-9e0f1a2b3c4d/picture';
    expect(runtimeCacheFor(url(`${picture}?w=256`), 'image', true)).toBe(runtimeCaches.pictures);
    expect(runtimeCacheFor(url(`${picture}?w=256`), 'image', false)).toBe(runtimeCaches.images);
    for (const path of [
      '/api/workspaces/3/drive/files/5d3c9a1b-2e4f-4a6b-8c7d-9e0f1a2b3c4d/content',
      '/api/workspaces/3/drive/files/5d3c9a1b-2e4f-4a6b-8c7d-9e0f1a2b3c4d/thumbnail',
      '/api/workspaces/3/drive/files/5d3c9a1b-2e4f-4a6b-8c7d-9e0f1a2b3c4d',
      '/api/workspaces/3/drive/files/../../members/picture',
      '/api/workspaces/3/drive/files/5d3c9a1b-2e4f-4a6b-8c7d-9e0f1a2b3c4d/picture/x',
    ]) {
      expect(runtimeCacheFor(url(path), 'image', true), path).toBeNull();
    }
  });

  it('does not cache other API reads it was not told about', () => {
    expect(runtimeCacheFor(url('/api/health'), '', true)).toBeNull();
    expect(runtimeCacheFor(url('/api/contact'), '', true)).toBeNull();
  });

  it('stores only plain 200 answers the server did not mark personal', () => {
    expect(isStorableResponse(200, headers())).toBe(true);
    expect(isStorableResponse(200, headers({ 'Cache-Control': 'public, max-age=60' }))).toBe(true);
    expect(isStorableResponse(0, headers())).toBe(false);
    expect(isStorableResponse(404, headers())).toBe(false);
    expect(isStorableResponse(206, headers())).toBe(false);
    expect(isStorableResponse(200, headers({ 'Cache-Control': 'private, max-age=60' }))).toBe(false);
    expect(isStorableResponse(200, headers({ 'Cache-Control': 'no-store' }))).toBe(false);
    expect(isStorableResponse(200, headers({ Vary: 'Accept-Encoding, Cookie' }))).toBe(false);
    expect(isStorableResponse(200, headers({ Vary: '*' }))).toBe(false);
    expect(isStorableResponse(200, headers({ 'Set-Cookie': 'a=b' }))).toBe(false);
  });
});

describe('logout', () => {
  it('drops every runtime cache except the app shell and the shared exchange rates', () => {
    const names = [
      'workbox-precache-v2-https://vuka.test/',
      runtimeCaches.rates,
      runtimeCaches.publicApi,
      runtimeCaches.images,
      runtimeCaches.pictures,
      'some-cache-added-later',
    ];
    expect(cachesToClearOnLogout(names, isWorkboxPrecache)).toEqual([
      runtimeCaches.publicApi,
      runtimeCaches.images,
      runtimeCaches.pictures,
      'some-cache-added-later',
    ]);
  });
});
