/**
 * Landing page Largest Contentful Paint in headless Chromium (desktop 1280×800 and phone 360×740),
 * median of several cold loads of the built app served by the real server, printed beside a
 * baseline measured in the same run: a static page with the same headline and no JavaScript.
 *   tsx bench/landing-lcp.ts   (needs a build in dist/; BENCH_LCP_RUNS=7)
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser } from '@playwright/test';
import { createApp } from '../sync-server/app.js';
import { loadConfig } from '../sync-server/config.js';
import { migrate } from '../sync-server/db/migrate.js';
import { openPglite } from '../sync-server/db/pglite.js';
import { createLogger } from '../sync-server/logger.js';
import { outboxMailer } from '../sync-server/mail/mailer.js';

const RUNS = Number(process.env.BENCH_LCP_RUNS ?? 7);
const viewports = { desktop: { width: 1280, height: 800 }, phone: { width: 360, height: 740 } } as const;

const baselineHtml = `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>baseline</title>
<style>body{font-family:system-ui,sans-serif;margin:0;padding:48px 56px}h1{font-size:clamp(2rem,6vw,3.5rem);margin:0}</style>
</head><body><h1>Run your whole business from one app.</h1><p>Sell, invoice, book clients and track stock.</p></body></html>`;

function listen(server: Server): Promise<string> {
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)),
  );
}

async function lcpOf(browser: Browser, url: string, viewport: { width: number; height: number }): Promise<number> {
  const context = await browser.newContext({ viewport, serviceWorkers: 'block' });
  // Consent is answered so the dialog (not the page) is never the largest paint.
  await context.addInitScript(() => {
    localStorage.setItem(
      'vuka-cookie-consent',
      JSON.stringify({ necessary: true, analytics: false, marketing: false, decidedAt: new Date().toISOString() }),
    );
  });
  const page = await context.newPage();
  await page.goto(url, { waitUntil: 'load' });
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

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function main() {
  const db = await openPglite();
  await migrate(db);
  const config = loadConfig({ NODE_ENV: 'production', PORT: '0', LOG_LEVEL: 'silent', APP_ORIGIN: 'http://127.0.0.1' });
  const app = createServer(
    createApp({ config, db, mailer: outboxMailer(db, config.MAIL_FROM), log: createLogger('silent'), now: () => new Date() }),
  );
  const baseline = createServer((_req, res) => {
    res.setHeader('content-type', 'text/html; charset=utf-8');
    res.end(baselineHtml);
  });
  const [appUrl, baseUrl] = await Promise.all([listen(app), listen(baseline)]);
  const browser = await chromium.launch({
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
  for (const [name, viewport] of Object.entries(viewports)) {
    const appRuns: number[] = [];
    const baseRuns: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      baseRuns.push(await lcpOf(browser, `${baseUrl}/`, viewport));
      appRuns.push(await lcpOf(browser, `${appUrl}/`, viewport));
    }
    const a = median(appRuns);
    const b = median(baseRuns);
    console.log(
      `landing LCP ${name}: ${a.toFixed(0)} ms median of ${RUNS} (static no-JS baseline ${b.toFixed(0)} ms, ratio ${(a / b).toFixed(2)})`,
    );
  }
  await browser.close();
  app.close();
  baseline.close();
  await db.close();
}

await main();
