/**
 * What the benches share: one Chromium launch, the two profiles every page figure is measured under
 * (unthrottled, and a cheap phone on a slow network, set through the DevTools protocol), the bench's
 * own scratch database, percentiles, and the line that says whether a budget held.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import type { Db } from '../sync-server/db/db.js';
import { migrate } from '../sync-server/db/migrate.js';
import { openPg } from '../sync-server/db/pg.js';
import { openPglite } from '../sync-server/db/pglite.js';
import { scratchDatabase } from '../tests/support/databases.js';

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

export interface Profile {
  name: 'unthrottled' | 'phone';
  /** CPU slowdown (`Emulation.setCPUThrottlingRate`); 1: none. */
  cpu: number;
  /** `Network.emulateNetworkConditions`, bytes per second and ms; null: the real (loopback) network. */
  network: { downloadThroughput: number; uploadThroughput: number; latency: number } | null;
}

/** An entry-level Android phone on 3G: 4× slower CPU, about 1.6 Mbit/s down, 750 kbit/s up, 150 ms latency. */
export const phone: Profile = {
  name: 'phone',
  cpu: 4,
  network: { downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8, latency: 150 },
};
export const unthrottled: Profile = { name: 'unthrottled', cpu: 1, network: null };
/** Both profiles, or one (BENCH_PROFILE=unthrottled|phone). */
export const profiles: Profile[] = [unthrottled, phone].filter(
  (p) => !process.env.BENCH_PROFILES || process.env.BENCH_PROFILES.split(',').includes(p.name),
);

/** Puts a page on the profile (before it loads anything, for the network to apply from the start). */
export async function throttle(context: BrowserContext, page: Page, profile: Profile): Promise<void> {
  if (profile.cpu === 1 && !profile.network) return;
  const cdp = await context.newCDPSession(page);
  if (profile.cpu !== 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: profile.cpu });
  if (profile.network) {
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, ...profile.network });
  }
}

/** A fresh database for the run (dropped at the end): DATABASE_URL's server when set, else an in-memory PGlite. */
export async function openBenchDb(): Promise<{ db: Db; drop(): Promise<void> }> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    const db = await openPglite();
    await migrate(db);
    return { db, drop: () => db.close() };
  }
  const scratch = await scratchDatabase(adminUrl, 'vuka_bench');
  const db = await openPg(scratch.url);
  await migrate(db);
  return {
    db,
    async drop() {
      await db.close();
      await scratch.drop();
    },
  };
}

export const percentile = (xs: number[], p: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
};
export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/**
 * The verdict at the end of a figure's line: "budget … ok", or "FAIL: over budget …", which also makes
 * the bench exit non-zero (a slipped budget is a failing bench line, never a failing test).
 */
export function budget(value: number, limit: number, unit: string): string {
  if (value <= limit) return `budget ≤ ${limit} ${unit} ok`;
  process.exitCode = 1;
  return `FAIL: over budget ≤ ${limit} ${unit}`;
}

/** Answers the cookie question before the page loads, so the dialog is never the largest paint. */
export const consent = () =>
  localStorage.setItem(
    'vuka-cookie-consent',
    JSON.stringify({ necessary: true, analytics: false, marketing: false, decidedAt: new Date().toISOString() }),
  );

/** One cold load's Largest Contentful Paint under the profile, the service worker kept out. */
export async function lcpOf(browser: Browser, url: string, viewport: { width: number; height: number }, profile: Profile): Promise<number> {
  const context = await browser.newContext({ viewport, serviceWorkers: 'block' });
  // Consent is answered so the dialog (not the page) is never the largest paint.
  await context.addInitScript(consent);
  const page = await context.newPage();
  await throttle(context, page, profile);
  await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
  // LCP settles once the page stops painting larger content; the headline is there well before this.
  await page.waitForTimeout(1000);
  const lcp = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        new PerformanceObserver((list) => {
          const entries = list.getEntries();
          resolve(entries[entries.length - 1].startTime);
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      }),
  );
  await context.close();
  return lcp;
}

/** Listens on a free loopback port; resolves with the server's origin. */
export function listen(server: Server): Promise<string> {
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)),
  );
}
