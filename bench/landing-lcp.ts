/**
 * Landing page Largest Contentful Paint in headless Chromium, median of several cold loads of the
 * built app served by the real server, under each profile (bench/browser.ts: unthrottled at desktop
 * 1280×800 and phone 360×740; a cheap phone on 3G at 360×740), each beside a baseline measured in the
 * same run and profile: a static page with the same headline and no JavaScript. Budget: LCP ≤ 2.5 s
 * on the phone profile. Then a repeat visit: the bytes the server sends for a second visit to the
 * landing page once the service worker is installed (it should answer almost everything).
 *   tsx bench/landing-lcp.ts   (needs a build in dist/; BENCH_LCP_RUNS=7)
 */
import { createServer, type Server } from 'node:http';
import type { Socket } from 'node:net';
import type { Browser } from '@playwright/test';
import { createApp } from '../sync-server/app.js';
import { loadConfig } from '../sync-server/config.js';
import { migrate } from '../sync-server/db/migrate.js';
import { openPglite } from '../sync-server/db/pglite.js';
import { createLogger } from '../sync-server/logger.js';
import { outboxMailer } from '../sync-server/mail/mailer.js';
import { budget, consent, launchBrowser, lcpOf, listen, median, profiles } from './browser.js';

const RUNS = Number(process.env.BENCH_LCP_RUNS ?? 7);
const PHONE_LCP_BUDGET_MS = 2500;
/** A repeat visit should cost next to nothing: the service worker answers the page and its assets. */
const REPEAT_VISIT_BUDGET_BYTES = 10 * 1024;
const viewports = { desktop: { width: 1280, height: 800 }, phone: { width: 360, height: 740 } } as const;

const baselineHtml = `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>baseline</title>
<style>body{font-family:system-ui,sans-serif;margin:0;padding:48px 56px}h1{font-size:clamp(2rem,6vw,3.5rem);margin:0}</style>
</head><body><h1>Run your whole business from one app.</h1><p>Sell, invoice, book clients and track stock.</p></body></html>`;

/** Every byte the server has sent so far, over every connection (closed ones included). */
function byteCounter(server: Server) {
  const open = new Set<Socket>();
  let closed = 0;
  server.on('connection', (socket: Socket) => {
    open.add(socket);
    socket.on('close', () => {
      open.delete(socket);
      closed += socket.bytesWritten;
    });
  });
  return () => closed + [...open].reduce((sum, s) => sum + s.bytesWritten, 0);
}

/** Bytes the server sends for a first and a second visit to the landing page, the service worker allowed. */
async function repeatVisit(
  browser: Browser,
  url: string,
  sent: () => number,
): Promise<{ first: number; second: number; requests: number }> {
  const context = await browser.newContext({ viewport: viewports.phone, serviceWorkers: 'allow' });
  await context.addInitScript(consent);
  let requests = 0;
  try {
    const before = sent();
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'load' });
    // Installed and precached: the worker is active and controls the page once it has claimed it.
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 60_000 });
    await page.waitForTimeout(1000);
    await page.close();
    const first = sent() - before;
    const again = await context.newPage();
    again.on('requestfinished', (req) => {
      void req.response().then((res) => {
        if (res && !res.fromServiceWorker()) requests++;
      });
    });
    const start = sent();
    await again.goto(url, { waitUntil: 'load' });
    await again.waitForTimeout(1000);
    return { first, second: sent() - start, requests };
  } finally {
    await context.close();
  }
}

async function main() {
  const db = await openPglite();
  await migrate(db);
  const config = loadConfig({ NODE_ENV: 'production', PORT: '0', LOG_LEVEL: 'silent', APP_ORIGIN: 'http://127.0.0.1' });
  const app = createServer(
    createApp({ config, db, mailer: outboxMailer(db, config.MAIL_FROM), log: createLogger('silent'), now: () => new Date() }),
  );
  const sent = byteCounter(app);
  const baseline = createServer((_req, res) => {
    res.setHeader('content-type', 'text/html; charset=utf-8');
    res.end(baselineHtml);
  });
  const [appUrl, baseUrl] = await Promise.all([listen(app), listen(baseline)]);
  const browser = await launchBrowser();
  for (const profile of profiles) {
    const shapes = profile.name === 'phone' ? [['phone', viewports.phone] as const] : Object.entries(viewports);
    for (const [name, viewport] of shapes) {
      const appRuns: number[] = [];
      const baseRuns: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        baseRuns.push(await lcpOf(browser, `${baseUrl}/`, viewport, profile));
        appRuns.push(await lcpOf(browser, `${appUrl}/`, viewport, profile));
      }
      const a = median(appRuns);
      const b = median(baseRuns);
      const verdict = profile.name === 'phone' ? `; ${budget(a, PHONE_LCP_BUDGET_MS, 'ms')}` : '';
      console.log(
        `landing LCP [${profile.name}] ${name} ${viewport.width}×${viewport.height}: ${a.toFixed(0)} ms median of ${RUNS} ` +
          `(static no-JS baseline ${b.toFixed(0)} ms, ratio ${(a / b).toFixed(2)}${verdict})`,
      );
    }
  }
  const visit = await repeatVisit(browser, `${appUrl}/`, sent);
  console.log(
    `landing repeat visit: ${visit.second} bytes from the server, ${visit.requests} requests not answered by the service worker ` +
      `(first visit with install ${(visit.first / 1024).toFixed(0)} kB; ${budget(visit.second, REPEAT_VISIT_BUDGET_BYTES, 'bytes')})`,
  );
  await browser.close();
  app.closeAllConnections();
  app.close();
  baseline.close();
  await db.close();
}

await main();
