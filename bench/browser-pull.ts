import { createServer, type Server } from 'node:http';
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { build } from 'esbuild';
import { WebSocketServer } from 'ws';
import { createApp } from '../sync-server/app.js';
import type { AppDeps } from '../sync-server/deps.js';
import { loadConfig } from '../sync-server/config.js';
import type { Db } from '../sync-server/db/db.js';
import { createLogger } from '../sync-server/logger.js';
import { outboxMailer } from '../sync-server/mail/mailer.js';
import { attachSockets } from '../sync-server/sockets.js';
import { pushResponse } from '../schema/sync/contract.js';
import { accessCookie, cookieFetch, seedUser, seedWorkspace } from '../tests/support/sync-server.js';
import { launchBrowser, percentile, throttle, type Profile } from './browser.js';

/**
 * The real app/data code (bench/browser-pull.entry.ts, bundled) in headless Chromium, served from the
 * same origin as the real server (API and live socket) so the access cookie applies.
 */
export class BrowserBench {
  private constructor(
    private readonly db: Db,
    private readonly deps: AppDeps,
    private readonly server: Server,
    private readonly closeSockets: () => Promise<void>,
    readonly url: string,
    readonly browser: Browser,
  ) {}

  static async open(db: Db): Promise<BrowserBench> {
    const bundle = await build({
      entryPoints: ['bench/browser-pull.entry.ts'],
      bundle: true,
      format: 'esm',
      platform: 'browser',
      write: false,
      sourcemap: process.env.BENCH_CPU_PROFILE ? 'inline' : false,
      define: { 'import.meta.env.DEV': 'false', 'import.meta.env': '{}' },
    });
    const js = bundle.outputFiles[0].text;
    const config = loadConfig({ NODE_ENV: 'test', PORT: '0', LOG_LEVEL: 'silent', RATE_LIMITS: 'off' });
    const deps: AppDeps = { config, db, mailer: outboxMailer(db, config.MAIL_FROM), log: createLogger('silent'), now: () => new Date() };
    const app = createApp(deps);
    const server = createServer((req, res) => {
      if (req.url === '/bench.html') {
        res.setHeader('content-type', 'text/html');
        res.end('<!doctype html><script type="module" src="/bench.js"></script>');
      } else if (req.url === '/bench.js') {
        res.setHeader('content-type', 'text/javascript');
        res.end(js);
      } else app(req, res);
    });
    const sockets = await attachSockets(server, deps);
    const url = await listen(server);
    config.allowedOrigins.push(url);
    return new BrowserBench(db, deps, server, () => sockets.close(), url, await launchBrowser());
  }

  private async user(): Promise<{ userId: number; workspace: number; cookie: string }> {
    const userId = await seedUser(this.db, { plan: 'pro' });
    const workspace = await seedWorkspace(this.db, userId);
    return { userId, workspace, cookie: await accessCookie(this.deps, userId) };
  }

  private async page(cookie: string, profile: Profile): Promise<{ context: BrowserContext; page: Page }> {
    const context = await this.browser.newContext({ serviceWorkers: 'block' });
    const [name, value] = cookie.split('=');
    await context.addCookies([{ name, value, url: this.url }]);
    const page = await context.newPage();
    await throttle(context, page, profile);
    await page.goto(`${this.url}/bench.html`, { timeout: 60_000 });
    await page.waitForFunction(() => typeof window.runInitialPull === 'function');
    return { context, page };
  }

  /**
   * First sync on a new phone: `count` products pulled into RxDB (Dexie on IndexedDB), against the
   * same pages fetched and written with plain IndexedDB in the same page (the floor).
   */
  async initialPull(
    count: number,
    profile: Profile,
  ): Promise<{ seconds: number; docsPerSecond: number; pulled: number; rawSeconds: number }> {
    const { userId, workspace, cookie } = await this.user();
    const f = cookieFetch(cookie);
    for (let i = 0; i < count; i += 500) {
      const rows = Array.from({ length: Math.min(500, count - i) }, (_, k) => ({
        newDocumentState: {
          id: randomUUID(),
          workspace_id: workspace,
          updated_at: new Date().toISOString(),
          name: `Product ${i + k}`,
          price_cents: 100 + k,
          product_type: 'physical',
          status: 'active',
        },
      }));
      const res = await f(`${this.url}/api/sync/products/push?workspace=${workspace}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(rows),
      });
      if (pushResponse.parse(await res.json()).rejected.length) throw new Error('seeding refused');
    }
    const { context, page } = await this.page(cookie, profile);
    try {
      const raw = await page.evaluate((w) => window.runRawWrite(w), workspace);
      // BENCH_CPU_PROFILE=file.cpuprofile: where the sync's time goes, for Chromium's DevTools.
      const cdp = process.env.BENCH_CPU_PROFILE ? await context.newCDPSession(page) : null;
      if (cdp) {
        await cdp.send('Profiler.enable');
        await cdp.send('Profiler.start');
      }
      const result = await page.evaluate(([u, w]) => window.runInitialPull(u, w), [userId, workspace] as const);
      if (cdp && process.env.BENCH_CPU_PROFILE) {
        const { profile: cpu } = await cdp.send('Profiler.stop');
        writeFileSync(process.env.BENCH_CPU_PROFILE, JSON.stringify(cpu));
      }
      if (raw.count !== result.count) throw new Error(`the raw write stored ${raw.count} documents, the sync ${result.count}`);
      return {
        seconds: result.ms / 1000,
        docsPerSecond: Math.round((result.count / result.ms) * 1000),
        pulled: result.count,
        rawSeconds: raw.ms / 1000,
      };
    } finally {
      await context.close();
    }
  }

  /**
   * A change on one device reaching another: two pages of one workspace, each a device with the live
   * socket; A writes a contact, B's query sees it (A's write, push, NOTIFY, live notice, B's pull, B's
   * write). Baseline in the same pages and profile: a message relayed between them by a bare WebSocket
   * server. Times in ms, from the shared clock of one browser.
   */
  async changeLatency(samples: number, profile: Profile): Promise<{ sync: number[]; relay: number[] }> {
    const { userId, workspace, cookie } = await this.user();
    const a = await this.page(cookie, profile);
    const b = await this.page(cookie, profile);
    const relayServer = createServer();
    const wss = new WebSocketServer({ server: relayServer });
    wss.on('connection', (ws) => ws.on('message', (data) => wss.clients.forEach((c) => c !== ws && c.send(String(data)))));
    const relayUrl = (await listen(relayServer)).replace(/^http/, 'ws');
    try {
      await Promise.all([a, b].map(({ page }) => page.evaluate(([u, w]) => window.startDevice(u, w), [userId, workspace] as const)));
      // Both live sockets are open and every first pull is done before timing.
      await a.page.waitForTimeout(500);
      const sync: number[] = [];
      for (let i = 0; i < samples + 2; i++) {
        const id = randomUUID();
        const seen = b.page.evaluate((x) => window.seeContact(x), id);
        const sent = await a.page.evaluate(([w, x]) => window.writeContact(w, x), [workspace, id] as const);
        const ms = (await seen) - sent;
        if (i >= 2) sync.push(ms); // the first two warm the path
      }
      await Promise.all([a, b].map(({ page }) => page.evaluate((u) => window.relayOpen(u), relayUrl)));
      const relay: number[] = [];
      for (let i = 0; i < samples; i++) {
        const id = randomUUID();
        const seen = b.page.evaluate((x) => window.relaySee(x), id);
        const sent = await a.page.evaluate((x) => window.relaySend(x), id);
        relay.push((await seen) - sent);
      }
      return { sync, relay };
    } finally {
      await a.context.close();
      await b.context.close();
      wss.close();
      relayServer.close();
    }
  }

  async close(): Promise<void> {
    await this.browser.close();
    await this.closeSockets();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

/** The first-sync figure's line: the sync against the raw IndexedDB floor (budget unthrottled only). */
export function firstSyncLine(
  profile: Profile,
  pull: { pulled: number; seconds: number; docsPerSecond: number; rawSeconds: number },
  verdict: string,
) {
  return (
    `first sync [${profile.name}] of ${pull.pulled} products into RxDB (Dexie) in Chromium: ${pull.seconds.toFixed(2)} s, ${pull.docsPerSecond} docs/s ` +
    `(raw IndexedDB write of the same pages ${pull.rawSeconds.toFixed(2)} s, ratio ${(pull.seconds / pull.rawSeconds).toFixed(2)}${verdict})`
  );
}

export function latencyLine(profile: Profile, l: { sync: number[]; relay: number[] }, verdict: string) {
  return (
    `change to other device [${profile.name}] (two Chromium pages, live socket): p50 ${percentile(l.sync, 50).toFixed(1)} ms, ` +
    `p95 ${percentile(l.sync, 95).toFixed(1)} ms (${l.sync.length} samples; bare WebSocket relay p50 ${percentile(l.relay, 50).toFixed(1)} ms, ` +
    `p95 ${percentile(l.relay, 95).toFixed(1)} ms, p95 ratio ${(percentile(l.sync, 95) / percentile(l.relay, 95)).toFixed(1)}${verdict})`
  );
}

function listen(server: Server): Promise<string> {
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)),
  );
}
