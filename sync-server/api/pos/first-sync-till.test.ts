import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stockOnHand } from '../../../app/features/inventory/stock.js';
import { sellable, tillPrice } from '../../../app/features/pos/cart.js';
import { completeSale, deviceIdOf } from '../../../app/features/pos/till.js';
import { pullResponse } from '../../../schema/sync/contract.js';
import type { Db } from '../../db/db.js';
import { testDatabases } from '../../../tests/support/databases.js';
import { Device, eventually } from '../../../tests/support/sync-clients.js';
import {
  accessCookie,
  openSyncDatabase,
  seedUser,
  seedWorkspace,
  startSyncTestServer,
  syncApi,
  type SyncTestServer,
} from '../../../tests/support/sync-server.js';

/** A pull page, and a catalogue of one full page and half of another: the first sync needs two. */
const PAGE = 40;
const CATALOGUE = PAGE + PAGE / 2;

/**
 * A new phone's first sync: the till sells from the first page of the catalogue while the rest is
 * still on its way (here: held back by the network), and everything lands once it arrives.
 */
/**
 * A pull of products past the first page: on the products' own endpoint, or inside a batch of pulls
 * the client sends when several collections pull together (an uncompressed JSON body: a batch is small).
 */
function laterProductsPull(url: string, init: RequestInit | undefined): boolean {
  if (/\/api\/sync\/products\/pull\?/.test(url)) return !/[?&]seq=0&/.test(url);
  if (!/\/api\/sync\/pull\?/.test(url) || typeof init?.body !== 'string') return false;
  const asked: unknown = JSON.parse(init.body);
  return (
    Array.isArray(asked) && asked.some((a) => Reflect.get(Object(a), 'collection') === 'products' && Reflect.get(Object(a), 'seq') !== 0)
  );
}

for (const target of testDatabases()) {
  describe(`the till during a first sync, ${target.name}`, () => {
    let db: Db;
    let server: SyncTestServer;
    let cookie: string;
    let userId: number;
    let ws: number;

    beforeAll(async () => {
      db = await openSyncDatabase(target);
      server = await startSyncTestServer(db);
      userId = await seedUser(db, { plan: 'pro' });
      ws = await seedWorkspace(db, userId);
      cookie = await accessCookie(server.deps, userId);
      const api = syncApi(server.url, cookie);
      for (let i = 0; i < CATALOGUE; i += 500) {
        const rows = Array.from({ length: Math.min(500, CATALOGUE - i) }, (_, k) => ({
          newDocumentState: {
            id: randomUUID(),
            workspace_id: ws,
            updated_at: new Date().toISOString(),
            name: `Product ${i + k}`,
            price_cents: 1_000 + k,
            product_type: 'physical',
            status: 'active',
          },
        }));
        const res = await api.push('products', ws, rows);
        expect(res.status).toBe(200);
      }
    });
    afterAll(async () => {
      await server.close();
      await db.close();
    });

    it('sells from the first page while the rest of the catalogue is still coming, then catches up and pushes the sale', async () => {
      // The network answers the first products page and holds every later one until released.
      let release: () => void = () => undefined;
      const released = new Promise<void>((resolve) => (release = resolve));
      const held: string[] = [];
      const device = await new Device({
        baseUrl: server.url,
        userId,
        cookie,
        workspaces: [ws],
        live: false,
        label: 'new-phone',
        batchSize: PAGE,
        collections: ['products', 'stock_movements', 'pos_orders', 'pos_shifts'],
        wrapFetch: (inner) => async (input, init) => {
          const url = String(input);
          if (laterProductsPull(url, init)) {
            held.push(url);
            await released;
          }
          return inner(input, init);
        },
      }).start();
      try {
        await eventually(async () => expect(await device.db.products.count().exec()).toBe(PAGE));
        await eventually(() => expect(held.length).toBeGreaterThan(0));
        // The progress bar has something to show: the catalogue is not all here.
        const progress = device.status.getState().catchUp;
        expect(progress).not.toBeNull();
        expect(progress!.done).toBeLessThan(progress!.total);

        // The till's list: what the device holds so far, every product ready to ring up.
        const onDevice = (await device.db.products.find({ selector: { workspace_id: ws } }).exec()).map((d) => d.toMutableJSON());
        const forSale = sellable(onDevice);
        expect(forSale).toHaveLength(PAGE);
        const product = forSale[0];
        const deviceId = await deviceIdOf(device.data);
        const sale = await completeSale(device.data, {
          id: randomUUID(),
          workspaceId: ws,
          items: [
            {
              product_id: product.id,
              name: product.name ?? '',
              unit_price_cents: tillPrice(product)!,
              quantity: 2,
              tax_rate_bp: 0,
              tracks_stock: true,
            },
          ],
          orderDiscountCents: 0,
          tender: { method: 'cash', tenderedCents: 10_000 },
          deviceId,
          now: new Date(),
        });
        if (!sale.ok) throw new Error(sale.message);
        await sale.value.writeStock();
        expect(await stockOnHand(device.db, product.id)).toBe(-2);
        expect(await device.db.products.count().exec()).toBe(PAGE);

        release();
        await device.engine.awaitInSync();
        await eventually(async () => expect(await device.db.products.count().exec()).toBe(CATALOGUE));
        await eventually(async () => {
          const body = pullResponse.parse((await syncApi(server.url, cookie).pull('pos_orders', ws, 0, '', 100)).body);
          expect(body.documents.map((d) => d.id)).toContain(sale.value.order.id);
        });
        expect(device.status.getState().catchUp).toBeNull();
      } finally {
        release();
        await device.close();
      }
    });
  });
}
