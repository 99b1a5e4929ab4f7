/**
 * Bytes on the wire (DESIGN.md §11): a day of trading synced from a till, and a reconnect with nothing
 * new, counted at the server's TCP sockets (every request and answer, headers included, and the live
 * socket), against the budgets: a day ≤ 1 MB both directions together, an idle reconnect ≤ 2 kB.
 * The till is the app's own sync engine (RxDB on fake-indexeddb) against the real server on PGlite.
 * The baseline in the same run is the day's documents as plain JSON, once, uncompressed.
 *   tsx bench/wire.ts
 */
import { randomUUID } from 'node:crypto';
import type { Socket } from 'node:net';
import { buildSale } from '../app/features/pos/sale.js';
import { recordMovement } from '../app/features/inventory/stock.js';
import type { PosItem } from '../schema/pos/pos.js';
import { testDatabases } from '../tests/support/databases.js';
import { Device, eventually } from '../tests/support/sync-clients.js';
import { accessCookie, openSyncDatabase, seedUser, seedWorkspace, startSyncTestServer } from '../tests/support/sync-server.js';

const SALES = 200;
const LINES = 3;
const ADJUSTMENTS = 20;
const CONTACTS = 10;
const CATALOGUE = 60;
const BUDGET_DAY = 1_000_000;
const BUDGET_IDLE = 2_000;

const [pglite] = testDatabases();
const db = await openSyncDatabase(pglite);
const server = await startSyncTestServer(db);

// Every byte in and out of the server, whether its connection is still open or already closed.
const open = new Set<Socket>();
let closedBytes = 0;
server.server.on('connection', (socket: Socket) => {
  open.add(socket);
  socket.on('close', () => {
    open.delete(socket);
    closedBytes += socket.bytesRead + socket.bytesWritten;
  });
});
// WebSocket upgrades arrive on connections counted above.
const bytes = () => closedBytes + [...open].reduce((sum, s) => sum + s.bytesRead + s.bytesWritten, 0);

const userId = await seedUser(db, { plan: 'pro' });
const ws = await seedWorkspace(db, userId);
const cookie = await accessCookie(server.deps, userId);
const till = await new Device({
  baseUrl: server.url,
  userId,
  cookie,
  workspaces: [ws],
  label: 'till',
  collections: ['products', 'stock_movements', 'contacts', 'pos_orders', 'pos_shifts'],
}).start();

// The catalogue is there before the day starts (its first download is the first-sync bench's business).
const products = Array.from({ length: CATALOGUE }, (_, i) => ({
  id: randomUUID(),
  workspace_id: ws,
  updated_at: new Date().toISOString(),
  name: `Product ${i + 1} — everyday item`,
  sku: `SKU-${1000 + i}`,
  price_cents: 1_000 + 137 * i,
  tax_rate_bp: 1500,
  status: 'active' as const,
  product_type: 'physical' as const,
  track_inventory: true,
  pos_enabled: true,
}));
await till.db.products.bulkInsert(products);
await till.engine.awaitInSync();
await new Promise((r) => setTimeout(r, 500));

const documents: unknown[] = [];
const before = bytes();
for (let s = 0; s < SALES; s++) {
  const items: PosItem[] = Array.from({ length: LINES }, (_, l) => {
    const p = products[(s * LINES + l) % products.length];
    return {
      product_id: p.id,
      name: p.name,
      sku: p.sku,
      unit_price_cents: p.price_cents,
      quantity: 1 + (l % 2),
      tax_rate_bp: 1500,
      tracks_stock: true,
    };
  });
  const sale = buildSale({
    id: randomUUID(),
    workspaceId: ws,
    items,
    orderDiscountCents: 0,
    tender: { method: 'card' },
    deviceId: 'till-1',
    now: new Date(),
  });
  if (!sale.ok) throw new Error(sale.message);
  await till.db.pos_orders.insert(sale.value.order);
  await till.db.stock_movements.bulkInsert(sale.value.movements);
  documents.push(sale.value.order, ...sale.value.movements);
  // A sale every few minutes: each one is synced on its own before the next, the costly way.
  await till.engine.awaitInSync();
}
for (let a = 0; a < ADJUSTMENTS; a++) {
  documents.push(
    await recordMovement(till.db, { workspace_id: ws, product_id: products[a].id, quantity: 12, reason: 'purchase', note: 'Delivery' }),
  );
  await till.engine.awaitInSync();
}
for (let c = 0; c < CONTACTS; c++) {
  const doc = {
    id: randomUUID(),
    workspace_id: ws,
    updated_at: new Date().toISOString(),
    name: `Customer ${c + 1}`,
    phone: `+27 82 555 01${String(c).padStart(2, '0')}`,
    status: 'active',
  };
  await till.db.contacts.insert(doc);
  documents.push(doc);
  await till.engine.awaitInSync();
}
await eventually(async () => {
  const rows = await db.query<{ n: string }>('SELECT count(*) AS n FROM pos_orders WHERE workspace_id = $1', [ws]);
  if (Number(rows[0].n) !== SALES) throw new Error(`server has ${rows[0].n} sales`);
}, 30_000);
await new Promise((r) => setTimeout(r, 500));
const day = bytes() - before;
const plain = Buffer.byteLength(JSON.stringify(documents));

// Reconnect with nothing new: the till goes offline, then online again, and catches up.
till.setOnline(false);
await new Promise((r) => setTimeout(r, 300));
const idleBefore = bytes();
till.setOnline(true);
await till.engine.awaitInSync();
await new Promise((r) => setTimeout(r, 1_000));
const idle = bytes() - idleBefore;

const kb = (n: number) => `${(n / 1000).toFixed(1)} kB`;
const line = (label: string, value: number, budget: number, extra = '') =>
  console.log(
    `${label.padEnd(44)} ${kb(value).padStart(10)}   budget ${kb(budget).padStart(9)}   ${value <= budget ? 'ok' : 'OVER'}${extra}`,
  );
console.log(
  `a day of trading: ${SALES} sales × ${LINES} lines, ${ADJUSTMENTS} stock adjustments, ${CONTACTS} new contacts, each synced as it happens`,
);
line(
  'day of trading, both directions',
  day,
  BUDGET_DAY,
  `   (the same documents as plain JSON: ${kb(plain)}; ratio ${(day / plain).toFixed(2)})`,
);
line('reconnect with nothing new, both directions', idle, BUDGET_IDLE);
if (day > BUDGET_DAY || idle > BUDGET_IDLE) process.exitCode = 1;

await till.close();
await server.close();
await db.close();
