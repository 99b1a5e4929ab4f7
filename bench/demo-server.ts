import { createServer, type Server } from 'node:http';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { brand } from '../schema/brand.js';
import { createApp } from '../sync-server/app.js';
import { loadConfig } from '../sync-server/config.js';
import type { Db } from '../sync-server/db/db.js';
import { migrate } from '../sync-server/db/migrate.js';
import { openPglite } from '../sync-server/db/pglite.js';
import { createLogger } from '../sync-server/logger.js';
import { outboxMailer } from '../sync-server/mail/mailer.js';
import { demoAccount, seedDemo } from '../sync-server/seed/demo.js';
import { launchBrowser, listen, profiles, throttle, type Profile } from './browser.js';

export interface DemoServer {
  db: Db;
  url: string;
  workspaceId: number;
  close(): Promise<void>;
}

/**
 * The built app served by the real server (production mode) on an in-memory database with the demo
 * workspace, for the benchmarks that drive the app in Chromium.
 */
export async function startDemoServer(): Promise<DemoServer> {
  const db = await openPglite();
  await migrate(db);
  const config = loadConfig({ NODE_ENV: 'production', PORT: '0', LOG_LEVEL: 'silent', APP_ORIGIN: 'http://127.0.0.1', RATE_LIMITS: 'off' });
  const deps = { config, db, mailer: outboxMailer(db, config.MAIL_FROM), log: createLogger('silent'), now: () => new Date() };
  // The demo seed refuses a production server; it seeds through a test one, the built app is served by production.
  await seedDemo({ ...deps, config: loadConfig({ NODE_ENV: 'test', PORT: '0', LOG_LEVEL: 'silent' }) });
  const server: Server = createServer(createApp(deps));
  const url = await listen(server);
  config.allowedOrigins.push(url);
  const [{ id: workspaceId }] = await db.query<{ id: number }>('SELECT id FROM workspaces ORDER BY id LIMIT 1');
  return {
    db,
    url,
    workspaceId,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await db.close();
    },
  };
}

/**
 * Starts the demo server (`prepare` may change its data first) and one Chromium, runs `run` under each
 * profile in turn, and closes both, also after a failure.
 */
export async function eachProfile(
  run: (browser: Browser, profile: Profile, app: DemoServer) => Promise<void>,
  prepare?: (app: DemoServer) => Promise<void>,
): Promise<void> {
  const app = await startDemoServer();
  if (prepare) await prepare(app);
  const browser = await launchBrowser();
  try {
    for (const profile of profiles) await run(browser, profile, app);
  } finally {
    await browser.close();
    await app.close();
  }
}

/** A fresh phone-sized device under the profile, the cookie question answered, signed in as the demo account. */
export async function demoDevice(browser: Browser, profile: Profile, url: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, serviceWorkers: 'block' });
  await context.addInitScript((key) => {
    localStorage.setItem(
      key,
      JSON.stringify({ necessary: true, analytics: false, marketing: false, decidedAt: '2026-01-01T00:00:00.000Z' }),
    );
  }, `${brand.storagePrefix}-cookie-consent`);
  const page = await context.newPage();
  await throttle(context, page, profile);
  const login = await page.request.post(`${url}/api/auth/login`, {
    data: { email: demoAccount.email, password: demoAccount.password },
    headers: { origin: url },
  });
  if (!login.ok()) throw new Error(`login failed: ${login.status()} ${await login.text()}`);
  return { context, page };
}
