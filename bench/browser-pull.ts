import { createServer, type Server } from 'node:http';
import { randomUUID } from 'node:crypto';
import { chromium } from '@playwright/test';
import { build } from 'esbuild';
import { createApp } from '../sync-server/app.js';
import type { AppDeps } from '../sync-server/deps.js';
import { loadConfig } from '../sync-server/config.js';
import type { Db } from '../sync-server/db/db.js';
import { createLogger } from '../sync-server/logger.js';
import { outboxMailer } from '../sync-server/mail/mailer.js';
import { pushResponse } from '../schema/contract/sync.js';
import { accessCookie, cookieFetch, seedUser, seedWorkspace } from '../tests/support/sync-server.js';

/**
 * Initial pull of `count` products into RxDB (Dexie on IndexedDB) in headless Chromium: the real
 * app/data code, bundled, served from the same origin as the API so the access cookie applies.
 */
export async function browserInitialPull(
  db: Db,
  count: number,
): Promise<{ seconds: number; docsPerSecond: number; pulled: number; rawSeconds: number }> {
  const bundle = await build({
    entryPoints: ['bench/browser-pull.entry.ts'],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    write: false,
    define: { 'import.meta.env.DEV': 'false', 'import.meta.env': '{}' },
  });
  const js = bundle.outputFiles[0].text;
  const config = loadConfig({ NODE_ENV: 'test', PORT: '0', LOG_LEVEL: 'silent' });
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
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${portOf(server)}`;
  config.allowedOrigins.push(url);

  const userId = await seedUser(db, { plan: 'pro' });
  const workspace = await seedWorkspace(db, userId);
  const cookie = await accessCookie(deps, userId);
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
    const res = await f(`${url}/api/sync/products/push?workspace=${workspace}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(rows),
    });
    if (pushResponse.parse(await res.json()).rejected.length) throw new Error('seeding refused');
  }

  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
  try {
    const context = await browser.newContext();
    const [name, value] = cookie.split('=');
    await context.addCookies([{ name, value, url }]);
    const page = await context.newPage();
    await page.goto(`${url}/bench.html`);
    await page.waitForFunction(() => typeof window.runInitialPull === 'function');
    const raw = await page.evaluate((w) => window.runRawWrite(w), workspace);
    const result = await page.evaluate(([u, w]) => window.runInitialPull(u, w), [userId, workspace] as const);
    if (raw.count !== result.count) throw new Error(`the raw write stored ${raw.count} documents, the sync ${result.count}`);
    return {
      seconds: result.ms / 1000,
      docsPerSecond: Math.round((result.count / result.ms) * 1000),
      pulled: result.count,
      rawSeconds: raw.ms / 1000,
    };
  } finally {
    await browser.close();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

function portOf(server: Server): number {
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('server is not listening on a port');
  return address.port;
}
