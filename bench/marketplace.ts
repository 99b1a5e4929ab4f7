/**
 * The marketplace (DESIGN.md §11): search over 10 000 public products, p95 of the server's answer to
 * `GET /api/marketplace?q=` (typos included) on loopback, against a raw SQL read of one page of the
 * same products on the same database in the same run (budget ≤ 50 ms p95); then `/marketplace`'s
 * Largest Contentful Paint in headless Chromium under each profile, against a static page with the
 * same headline and no JavaScript (the phone profile's figure is held to the landing page's 2.5 s).
 *   tsx bench/marketplace.ts   (needs a build in dist/; BENCH_MARKET_PRODUCTS=10000 BENCH_SEARCHES=200 BENCH_LCP_RUNS=5)
 */
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { pushResponse } from '../schema/sync/contract.js';
import { createApp } from '../sync-server/app.js';
import { loadConfig } from '../sync-server/config.js';
import type { AppDeps } from '../sync-server/deps.js';
import type { Db } from '../sync-server/db/db.js';
import { createLogger } from '../sync-server/logger.js';
import { outboxMailer } from '../sync-server/mail/mailer.js';
import { refreshPlannerStatistics } from '../sync-server/jobs/db-upkeep.jobs.js';
import { accessCookie, cookieFetch, seedUser, seedWorkspace } from '../tests/support/sync-server.js';
import { budget, launchBrowser, lcpOf, listen, median, openBenchDb, percentile, profiles } from './browser.js';

const PRODUCTS = Number(process.env.BENCH_MARKET_PRODUCTS ?? 10_000);
const SELLERS = 20;
const SEARCHES = Math.max(50, Number(process.env.BENCH_SEARCHES ?? 200));
const LCP_RUNS = Number(process.env.BENCH_LCP_RUNS ?? 5);
const SEARCH_BUDGET_MS = 50;
const PHONE_LCP_BUDGET_MS = 2500;

const goods = ['Rooibos tea', 'Dark chocolate', 'Maize meal', 'Wool scarf', 'Beaded necklace', 'Biltong', 'Chakalaka', 'Leather sandals'];
const kinds = ['classic', 'organic', 'handmade', 'family pack', 'gift box', 'small', 'large', 'spicy'];
const sizes = ['250 g', '500 g', '1 kg', '2 kg', 'S', 'M', 'L', 'XL', 'each', 'pair', 'bundle'];
const categories = ['Food', 'Drinks', 'Clothing', 'Crafts', 'Home'];
/** What buyers type: whole words, a prefix, two words, and typos. */
const queries = ['rooibos', 'choclate', 'maize meal', 'scarf', 'necklace beaded', 'biltng', 'sandals', 'gift', 'chakalka', 'organic tea'];

const baselineHtml = `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>baseline</title>
<style>body{font-family:system-ui,sans-serif;margin:0;padding:48px 56px}h1{font-size:clamp(1.5rem,5vw,2.5rem);margin:0}</style>
</head><body><h1>Marketplace</h1><p>Shop from local businesses.</p></body></html>`;

/**
 * SELLERS shops with storefronts in rand, PRODUCTS public products between them, pushed through sync
 * to a test-mode server on the same database (the production one is what the figures measure).
 */
async function seedShops(db: Db): Promise<number[]> {
  const config = loadConfig({ NODE_ENV: 'test', PORT: '0', LOG_LEVEL: 'silent', RATE_LIMITS: 'off' });
  const deps: AppDeps = { config, db, mailer: outboxMailer(db, config.MAIL_FROM), log: createLogger('silent'), now: () => new Date() };
  const seeder = createServer(createApp(deps));
  const url = await listen(seeder);
  config.allowedOrigins.push(url);
  const shops: number[] = [];
  const perShop = Math.ceil(PRODUCTS / SELLERS);
  for (let s = 0; s < SELLERS; s++) {
    const user = await seedUser(db, { plan: 'pro' });
    const ws = await seedWorkspace(db, user);
    await db.query(`UPDATE workspaces SET name = $2, slug = $3, storefront_enabled = true WHERE id = $1`, [
      ws,
      `Shop ${s}`,
      `shop-${s}-${ws}`,
    ]);
    await db.query(`INSERT INTO workspace_settings (workspace_id, currency, country) VALUES ($1, 'ZAR', 'ZA')`, [ws]);
    const f = cookieFetch(await accessCookie(deps, user));
    for (let i = 0; i < perShop; i += 500) {
      const rows = Array.from({ length: Math.min(500, perShop - i) }, (_, k) => {
        const n = s * perShop + i + k;
        return {
          newDocumentState: {
            id: randomUUID(),
            workspace_id: ws,
            updated_at: new Date().toISOString(),
            name: `${goods[n % goods.length]} ${kinds[Math.floor(n / goods.length) % kinds.length]} ${sizes[n % sizes.length]}`,
            sku: `SKU-${n}`,
            category: categories[n % categories.length],
            price_cents: 1000 + (n % 500) * 10,
            product_type: 'physical',
            status: 'active',
            track_inventory: false,
            is_public: true,
            published_in_marketplace: true,
          },
        };
      });
      const res = await f(`${url}/api/sync/products/push?workspace=${ws}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: url },
        body: JSON.stringify(rows),
      });
      if (!res.ok) throw new Error(`seeding failed: ${res.status} ${await res.text()}`);
      if (pushResponse.parse(await res.json()).rejected.length) throw new Error('seeding refused');
    }
    shops.push(ws);
  }
  seeder.closeAllConnections();
  seeder.close();
  return shops;
}

async function timeSearches(url: string): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < SEARCHES + 10; i++) {
    const q = queries[i % queries.length];
    const started = performance.now();
    const res = await fetch(`${url}/api/marketplace?q=${encodeURIComponent(q)}`);
    const body = (await res.json()) as { results?: unknown[] };
    const ms = performance.now() - started;
    if (!res.ok || !Array.isArray(body.results)) throw new Error(`search for ${q} failed: ${res.status}`);
    if (i === 0 && body.results.length === 0) throw new Error(`search for ${q} found nothing`);
    if (i >= 10) times.push(ms); // the first ten warm the path
  }
  return times;
}

/** The floor: one page of 24 of the same products read straight from the table, per search. */
async function timeRawReads(db: Db, shops: number[]): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < SEARCHES; i++) {
    const started = performance.now();
    await db.query(`SELECT id, name, price_cents FROM products WHERE workspace_id = $1 ORDER BY id LIMIT 24`, [shops[i % shops.length]]);
    times.push(performance.now() - started);
  }
  return times;
}

async function main() {
  const { db, drop } = await openBenchDb();
  const config = loadConfig({ NODE_ENV: 'production', PORT: '0', LOG_LEVEL: 'silent', APP_ORIGIN: 'http://127.0.0.1', RATE_LIMITS: 'off' });
  const deps: AppDeps = { config, db, mailer: outboxMailer(db, config.MAIL_FROM), log: createLogger('silent'), now: () => new Date() };
  const app = createServer(createApp(deps));
  const baseline = createServer((_req, res) => {
    res.setHeader('content-type', 'text/html; charset=utf-8');
    res.end(baselineHtml);
  });
  const [url, baseUrl] = await Promise.all([listen(app), listen(baseline)]);
  config.allowedOrigins.push(url);
  const browser = await launchBrowser();
  try {
    const shops = await seedShops(db);
    // As the hourly upkeep leaves the embedded database (Postgres' autovacuum does the same by itself).
    if (!(await refreshPlannerStatistics({ db }))) await db.exec('ANALYZE');
    const search = await timeSearches(url);
    const raw = await timeRawReads(db, shops);
    const p95 = percentile(search, 95);
    console.log(
      `marketplace search over ${PRODUCTS} products (${SEARCHES} searches, typos included, HTTP on loopback, ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}): ` +
        `p50 ${percentile(search, 50).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms (raw SQL page read p95 ${percentile(raw, 95).toFixed(1)} ms; ` +
        `${budget(p95, SEARCH_BUDGET_MS, 'ms')})`,
    );
    for (const profile of profiles) {
      const viewport = profile.name === 'phone' ? { width: 360, height: 740 } : { width: 1280, height: 800 };
      const appRuns: number[] = [];
      const baseRuns: number[] = [];
      for (let i = 0; i < LCP_RUNS; i++) {
        baseRuns.push(await lcpOf(browser, `${baseUrl}/`, viewport, profile));
        appRuns.push(await lcpOf(browser, `${url}/marketplace`, viewport, profile));
      }
      const a = median(appRuns);
      const b = median(baseRuns);
      const verdict = profile.name === 'phone' ? `; ${budget(a, PHONE_LCP_BUDGET_MS, 'ms')}` : '';
      console.log(
        `/marketplace LCP [${profile.name}] ${viewport.width}×${viewport.height}: ${a.toFixed(0)} ms median of ${LCP_RUNS} ` +
          `(static no-JS baseline ${b.toFixed(0)} ms, ratio ${(a / b).toFixed(2)}${verdict})`,
      );
    }
  } finally {
    await browser.close();
    app.closeAllConnections();
    app.close();
    baseline.close();
    await drop();
  }
}

await main();
