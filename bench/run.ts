/**
 * Sync benchmarks (DESIGN.md §11), printed as ratios against raw batched SQL on the same database in
 * the same run: push and pull throughput (goal ≥ 0.5) and change-to-other-device latency over
 * loopback (goal p95 ≤ 50 ms), between two Node devices and between two Chromium pages; and the first
 * sync of 10 000 products in Chromium against a raw IndexedDB write (goal ≤ 2 s unthrottled). The
 * browser figures are measured under both profiles (bench/browser.ts). Uses DATABASE_URL when set,
 * else an in-memory PGlite.
 * Push batches and pull pages are the sizes the app uses (`syncBatch`), for both sides.
 *   npm run bench   (BENCH_DOCS=10000 BENCH_ROUNDS=7 BENCH_SAMPLES=40 BENCH_BROWSER_DOCS=10000, BENCH_BROWSER=0 skips Chromium, BENCH_PROFILES=unthrottled|phone)
 */
import { randomUUID } from 'node:crypto';
import type { Db } from '../sync-server/db/db.js';
import { pullResponse, pushResponse } from '../schema/sync/contract.js';
import { Device } from '../tests/support/sync-clients.js';
import { budget, openBenchDb, percentile, profiles } from './browser.js';
import { BrowserBench, firstSyncLine, latencyLine } from './browser-pull.js';
import { jsonClient } from './json-client.js';
import { syncBatch } from '../app/data/replication.js';
import { accessCookie, seedUser, seedWorkspace, startSyncTestServer } from '../tests/support/sync-server.js';

const DOCS = Number(process.env.BENCH_DOCS ?? 10_000);
const PUSH_BATCH = syncBatch.push;
const PULL_PAGE = syncBatch.pull;
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 40);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
const BROWSER_DOCS = Number(process.env.BENCH_BROWSER_DOCS ?? 10_000);
const LATENCY_BUDGET_MS = 50;
const FIRST_SYNC_BUDGET_S = 2;

function product(workspace: number, i: number) {
  return {
    id: randomUUID(),
    workspace_id: workspace,
    updated_at: new Date().toISOString(),
    name: `Bench product ${i}`,
    sku: `SKU-${i}`,
    price_cents: 1000 + i,
    tags: ['bench', `t${i % 7}`],
    product_type: 'physical',
    status: 'active',
  };
}

async function time<T>(fn: () => Promise<T>): Promise<[T, number]> {
  const start = performance.now();
  const out = await fn();
  return [out, performance.now() - start];
}

const rate = (n: number, ms: number) => Math.round((n / ms) * 1000);

/**
 * The baseline's table: same columns, keys, indexes and constraints as the real one, so the baseline
 * does the same index and integrity work. LIKE … INCLUDING ALL copies everything but foreign keys;
 * the real table's one (every row names an existing workspace) is added by hand. Made once: like
 * `products`, it grows round by round (each round writes a fresh workspace into both).
 */
async function createRawTable(db: Db) {
  await db.query('DROP TABLE IF EXISTS bench_raw_products');
  await db.query('CREATE TABLE bench_raw_products (LIKE products INCLUDING ALL)');
  await db.query('ALTER TABLE bench_raw_products ADD FOREIGN KEY (workspace_id) REFERENCES workspaces (id) ON DELETE CASCADE');
}

async function rawInsert(db: Db, rows: ReturnType<typeof product>[]) {
  let seq = 0;
  for (let i = 0; i < rows.length; i += PUSH_BATCH) {
    const batch = rows.slice(i, i + PUSH_BATCH);
    const params: unknown[] = [];
    const values = batch.map((r) => {
      const base = params.length;
      params.push(r.workspace_id, r.id, r.updated_at, r.name, r.sku, r.price_cents, JSON.stringify(r.tags), ++seq);
      return `($${base + 1}, $${base + 2}, $${base + 3}, $${base + 4}, $${base + 5}, $${base + 6}, $${base + 7}::jsonb, $${base + 8})`;
    });
    await db.transaction((tx) =>
      tx.query(
        `INSERT INTO bench_raw_products (workspace_id, id, updated_at, name, sku, price_cents, tags, server_seq) VALUES ${values.join(', ')}`,
        params,
      ),
    );
  }
}

async function rawSelect(db: Db, workspace: number): Promise<number> {
  let seq = 0;
  let id = '';
  let total = 0;
  for (;;) {
    const rows = await db.query<{ server_seq: number; id: string }>(
      `SELECT * FROM bench_raw_products WHERE workspace_id = $1 AND (server_seq, id) > ($2::bigint, $3::text) ORDER BY server_seq, id LIMIT $4`,
      [workspace, seq, id, PULL_PAGE],
    );
    total += rows.length;
    if (rows.length < PULL_PAGE) return total;
    seq = Number(rows[rows.length - 1].server_seq);
    id = rows[rows.length - 1].id;
  }
}

async function main() {
  const { db, drop } = await openBenchDb();
  const server = await startSyncTestServer(db);
  // The client keeps one connection across rounds; a raw round on a busy machine can outlast Node's
  // 5 s keep-alive, and a connection the server drops just as it is reused resets the bench.
  server.server.keepAliveTimeout = 10 * 60_000;
  const userId = await seedUser(db, { plan: 'pro' });
  const cookie = await accessCookie(server.deps, userId);
  const client = jsonClient(server.url, cookie);
  console.log(`driver ${db.driver}, ${DOCS} products, pushed in batches of ${PUSH_BATCH}, pulled in pages of ${PULL_PAGE}`);

  await createRawTable(db);
  // Warm-up (JIT, prepared plans, connection pool) so neither side pays first-run costs.
  const warmWs = await seedWorkspace(db, userId);
  await client.post(
    `/api/sync/products/push?workspace=${warmWs}`,
    Array.from({ length: PUSH_BATCH }, (_, i) => ({ newDocumentState: product(warmWs, i) })),
  );
  await client.get(`/api/sync/products/pull?workspace=${warmWs}&limit=${PULL_PAGE}`);
  await rawInsert(
    db,
    Array.from({ length: PUSH_BATCH }, (_, i) => product(warmWs, i)),
  );
  await rawSelect(db, warmWs);

  // Rounds alternate raw SQL and the sync endpoints, each on fresh rows, and the median ratio is
  // reported: a machine busy with other work slows both sides of a round alike.
  const rounds: { push: number; pull: number; pushRate: number; pullRate: number; rawPushRate: number; rawPullRate: number }[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const rawWorkspace = await seedWorkspace(db, userId);
    const rawRows = Array.from({ length: DOCS }, (_, i) => product(rawWorkspace, i));
    const [, rawInsertMs] = await time(() => rawInsert(db, rawRows));
    const [rawCount, rawSelectMs] = await time(() => rawSelect(db, rawWorkspace));

    const workspace = await seedWorkspace(db, userId);
    const docs = Array.from({ length: DOCS }, (_, i) => product(workspace, i));
    const [, pushMs] = await time(async () => {
      for (let i = 0; i < docs.length; i += PUSH_BATCH) {
        const res = await client.post(
          `/api/sync/products/push?workspace=${workspace}`,
          docs.slice(i, i + PUSH_BATCH).map((d) => ({ newDocumentState: d })),
        );
        const body = pushResponse.parse(res);
        if (body.conflicts.length || body.rejected.length) throw new Error('bench push was refused');
      }
    });
    const [pulled, pullMs] = await time(async () => {
      let seq = 0;
      let id = '';
      let total = 0;
      for (;;) {
        const res = await client.get(
          `/api/sync/products/pull?workspace=${workspace}&seq=${seq}&id=${encodeURIComponent(id)}&limit=${PULL_PAGE}`,
        );
        const page = pullResponse.parse(res);
        total += page.documents.length;
        if (page.documents.length < PULL_PAGE) return total;
        ({ seq, id } = page.checkpoint);
      }
    });
    if (pulled !== DOCS || rawCount !== DOCS) throw new Error(`pulled ${pulled}, raw ${rawCount}, expected ${DOCS}`);
    rounds.push({
      push: rawInsertMs / pushMs,
      pull: rawSelectMs / pullMs,
      pushRate: rate(DOCS, pushMs),
      pullRate: rate(DOCS, pullMs),
      rawPushRate: rate(DOCS, rawInsertMs),
      rawPullRate: rate(DOCS, rawSelectMs),
    });
  }

  const median = (values: number[]) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)];
  for (const kind of ['push', 'pull'] as const) {
    const ratios = rounds.map((r) => r[kind]);
    const mid = rounds.find((r) => r[kind] === median(ratios)) ?? rounds[0];
    const [rateKey, rawKey] = kind === 'push' ? (['pushRate', 'rawPushRate'] as const) : (['pullRate', 'rawPullRate'] as const);
    console.log(
      `${kind.padEnd(6)} ${String(mid[rateKey]).padStart(7)} docs/s   raw SQL ${String(mid[rawKey]).padStart(7)} docs/s   ratio ${median(ratios).toFixed(2)}` +
        `   (median of ${ROUNDS} rounds; ${ratios.map((r) => r.toFixed(2)).join(', ')})`,
    );
  }

  // Latency: device A writes, device B sees it (push, NOTIFY, WebSocket notice, pull, local write).
  const latencyWs = await seedWorkspace(db, userId);
  const a = await new Device({ baseUrl: server.url, userId, cookie, workspaces: [latencyWs], label: 'bench-a' }).start();
  const b = await new Device({ baseUrl: server.url, userId, cookie, workspaces: [latencyWs], label: 'bench-b' }).start();
  await a.engine.awaitInSync();
  await b.engine.awaitInSync();
  while (server.live.clientCount() < 2) await new Promise((r) => setTimeout(r, 20));
  await new Promise((r) => setTimeout(r, 300));
  const samples: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    const id = randomUUID();
    const seen = new Promise<number>((resolve) => {
      const sub = b.db.contacts.findOne(id).$.subscribe((doc) => {
        if (doc) {
          sub.unsubscribe();
          resolve(performance.now());
        }
      });
    });
    const start = performance.now();
    await a.db.contacts.insert({
      id,
      workspace_id: latencyWs,
      updated_at: new Date().toISOString(),
      name: `Latency ${i}`,
      status: 'active',
    });
    samples.push((await seen) - start);
  }
  samples.sort((x, y) => x - y);
  const p95 = percentile(samples, 95);
  console.log(
    `change to other device over loopback (two Node devices): p50 ${percentile(samples, 50).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms (${SAMPLES} samples; ${budget(p95, LATENCY_BUDGET_MS, 'ms')})`,
  );
  if (process.env.BENCH_BROWSER !== '0') {
    const site = await BrowserBench.open(db);
    try {
      for (const profile of profiles) {
        const pull = await site.initialPull(BROWSER_DOCS, profile);
        const verdict = profile.name === 'unthrottled' ? `; ${budget(pull.seconds, FIRST_SYNC_BUDGET_S, 's')}` : '';
        console.log(firstSyncLine(profile, pull, verdict));
        const latency = await site.changeLatency(SAMPLES, profile);
        const lv = profile.name === 'unthrottled' ? `; ${budget(percentile(latency.sync, 95), LATENCY_BUDGET_MS, 'ms')}` : '';
        console.log(latencyLine(profile, latency, lv));
      }
    } finally {
      await site.close();
    }
  }

  client.close();
  await a.close();
  await b.close();
  await server.close();
  await drop();
}

await main();
