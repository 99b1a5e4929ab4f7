import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { numberBlocks } from '../../../app/data/number-blocks.js';
import { stockOnHand, recordMovement } from '../../../app/features/inventory/stock.js';
import { buildSale } from '../../../app/features/pos/sale.js';
import {
  closeShift,
  completeSale,
  deviceIdOf,
  drawReceiptNumber,
  openShift,
  keepReceiptNumbers,
  numberWaitingSales,
  restoreSaleStock,
  voidSale,
} from '../../../app/features/pos/till.js';
import { pullResponse } from '../../../schema/sync/contract.js';
import type { PosItem } from '../../../schema/pos/pos.js';
import type { Db } from '../../db/db.js';
import { testDatabases } from '../../../tests/support/databases.js';
import { Device, eventually } from '../../../tests/support/sync-clients.js';
import {
  accessCookie,
  cookieFetch,
  openSyncDatabase,
  seedUser,
  seedWorkspace,
  startSyncTestServer,
  syncApi,
  type SyncTestServer,
} from '../../../tests/support/sync-server.js';

/** The till's device code against the real server: offline sales, late receipt numbers, voids, stock. */
for (const target of testDatabases()) {
  describe(`point of sale on a device, ${target.name}`, () => {
    let db: Db;
    let server: SyncTestServer;
    let cookie: string;
    let userId: number;
    let ws: number;
    let device: Device;

    beforeAll(async () => {
      db = await openSyncDatabase(target);
      server = await startSyncTestServer(db);
      userId = await seedUser(db, { plan: 'pro' });
      ws = await seedWorkspace(db, userId);
      cookie = await accessCookie(server.deps, userId);
      device = await new Device({
        baseUrl: server.url,
        userId,
        cookie,
        workspaces: [ws],
        live: false,
        label: 'till',
        collections: ['products', 'stock_movements', 'pos_orders', 'pos_shifts'],
      }).start();
    });
    afterAll(async () => {
      await device.close();
      await server.close();
      await db.close();
    });

    async function serverDoc(collection: string, id: string) {
      const body = pullResponse.parse((await syncApi(server.url, cookie).pull(collection, ws, 0, '', 1000)).body);
      return body.documents.find((d) => d.id === id);
    }

    it('offline with no receipt numbers a sale still completes, lowers stock, and is numbered once back online', async () => {
      const productId = randomUUID();
      const at = new Date().toISOString();
      await device.db.products.insert({
        id: productId,
        workspace_id: ws,
        updated_at: at,
        name: 'Samp 2kg',
        price_cents: 3_499,
        product_type: 'physical',
        status: 'active',
      });
      await recordMovement(device.db, { workspace_id: ws, product_id: productId, quantity: 12, reason: 'purchase' });
      const deviceId = await deviceIdOf(device.data);
      expect(await deviceIdOf(device.data)).toBe(deviceId);

      device.setOnline(false);
      const items: PosItem[] = [
        { product_id: productId, name: 'Samp 2kg', unit_price_cents: 3_499, quantity: 2, tax_rate_bp: 0, tracks_stock: true },
      ];
      const sale = await completeSale(device.data, {
        id: randomUUID(),
        workspaceId: ws,
        items,
        orderDiscountCents: 0,
        tender: { method: 'cash', tenderedCents: 10_000 },
        deviceId,
        now: new Date(),
      });
      if (!sale.ok) throw new Error(sale.message);
      await sale.value.writeStock();
      expect(sale.value.order.receipt_number).toBeUndefined();
      expect(await stockOnHand(device.db, productId)).toBe(10);

      device.setOnline(true);
      await eventually(async () => expect(await serverDoc('pos_orders', sale.value.order.id)).toMatchObject({ total_cents: 6_998 }));
      const blocks = numberBlocks({ db: device.db, deviceId, baseUrl: server.url, fetch: cookieFetch(cookie) });
      expect(await numberWaitingSales(device.data, ws, deviceId, blocks)).toBe(1);
      expect((await device.db.pos_orders.findOne(sale.value.order.id).exec())?.receipt_number).toBe(1);
      await eventually(async () => expect(await serverDoc('pos_orders', sale.value.order.id)).toMatchObject({ receipt_number: 1 }), 15_000);
      await eventually(async () => expect(await serverDoc('products', productId)).toMatchObject({ stock_on_hand: 10 }), 15_000);
      expect(await numberWaitingSales(device.data, ws, deviceId, blocks)).toBe(0);

      const original = (await device.db.pos_orders.findOne(sale.value.order.id).exec())?.toMutableJSON();
      if (!original) throw new Error('sale missing');
      const voided = await voidSale(device.data, original, { reason: 'Wrong bag', deviceId });
      expect(voided.ok).toBe(true);
      expect(await voidSale(device.data, original, { reason: 'Again', deviceId })).toEqual({
        ok: false,
        message: 'This sale has already been voided',
      });
      expect(await stockOnHand(device.db, productId)).toBe(12);
      await eventually(async () => expect(await serverDoc('products', productId)).toMatchObject({ stock_on_hand: 12 }), 15_000);
      // The sale itself never changed on the server: the void is its own record.
      expect(await serverDoc('pos_orders', sale.value.order.id)).toMatchObject({ receipt_number: 1, server_version: 2 });
    });

    async function receiptBlocks(workspaceId: number) {
      return db.query<{ device_id: string; start: number; end: number }>(
        `SELECT device_id, start_number::int AS start, end_number::int AS "end" FROM number_blocks
         WHERE workspace_id = $1 AND series = 'receipt' ORDER BY start_number`,
        [workspaceId],
      );
    }

    /** One sale rung up as the till does: its number drawn at the sale, numbers kept in hand after it. */
    async function ringUp(on: Device, workspaceId: number, blocks: ReturnType<typeof numberBlocks>, online = true) {
      const deviceId = await deviceIdOf(on.data);
      const sale = await completeSale(
        on.data,
        {
          id: randomUUID(),
          workspaceId,
          items: [
            { product_id: randomUUID(), name: 'Vetkoek', unit_price_cents: 800, quantity: 1, tax_rate_bp: 1500, tracks_stock: false },
          ],
          orderDiscountCents: 0,
          tender: { method: 'card' },
          deviceId,
          now: new Date(),
        },
        drawReceiptNumber(on.data, deviceId, workspaceId, blocks),
      );
      if (!sale.ok) throw new Error(sale.message);
      if (online) await keepReceiptNumbers(on.data, workspaceId, blocks);
      return sale.value.order.receipt_number;
    }

    it('a device that opens the till but never sells holds no numbers; the first device that sells gets receipt 1', async () => {
      const other = await seedWorkspace(db, userId);
      const laptop = await new Device({
        baseUrl: server.url,
        userId,
        cookie,
        workspaces: [other],
        live: false,
        label: 'laptop',
        collections: ['pos_orders'],
      }).start();
      try {
        const laptopBlocks = numberBlocks({
          db: laptop.db,
          deviceId: await deviceIdOf(laptop.data),
          baseUrl: server.url,
          fetch: cookieFetch(cookie),
        });
        // The laptop opens the workspace and the till, twice over, and never sells.
        expect(
          await Promise.all([keepReceiptNumbers(laptop.data, other, laptopBlocks), keepReceiptNumbers(laptop.data, other, laptopBlocks)]),
        ).toEqual([0, 0]);
        expect(await laptopBlocks.remaining(other, 'receipt')).toBe(0);
        expect(await receiptBlocks(other)).toEqual([]);

        const tillId = await deviceIdOf(device.data);
        const till = numberBlocks({ db: device.db, deviceId: tillId, baseUrl: server.url, fetch: cookieFetch(cookie) });
        await keepReceiptNumbers(device.data, other, till);
        expect(await receiptBlocks(other)).toEqual([]);
        expect(await ringUp(device, other, till)).toBe(1);
        // A small first block, held by the device that sold; the laptop still holds nothing.
        expect(await receiptBlocks(other)).toEqual([{ device_id: tillId, start: 1, end: 5 }]);
        await keepReceiptNumbers(laptop.data, other, laptopBlocks);
        expect(await receiptBlocks(other)).toHaveLength(1);
      } finally {
        await laptop.close();
      }
    });

    it('blocks grow as the device sells, each twice the last, and the numbers run on without a gap', async () => {
      const other = await seedWorkspace(db, userId);
      const tillId = await deviceIdOf(device.data);
      const till = numberBlocks({ db: device.db, deviceId: tillId, baseUrl: server.url, fetch: cookieFetch(cookie) });
      const numbers: (number | undefined)[] = [];
      for (let i = 0; i < 12; i++) numbers.push(await ringUp(device, other, till));
      expect(numbers).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
      expect((await receiptBlocks(other)).map((b) => [b.start, b.end])).toEqual([
        [1, 5],
        [6, 15],
        [16, 35],
      ]);
    });

    it('a device that sold once keeps numbering its sales with no signal from the numbers it holds', async () => {
      const other = await seedWorkspace(db, userId);
      const tillId = await deviceIdOf(device.data);
      const online = numberBlocks({ db: device.db, deviceId: tillId, baseUrl: server.url, fetch: cookieFetch(cookie) });
      expect(await ringUp(device, other, online)).toBe(1);
      const offline = numberBlocks({
        db: device.db,
        deviceId: tillId,
        baseUrl: server.url,
        fetch: () => Promise.reject(new TypeError('Failed to fetch')),
      });
      const numbers: (number | undefined)[] = [];
      for (let i = 0; i < 5; i++) numbers.push(await ringUp(device, other, offline, false));
      // Four left from the first block, then the sale waits for its number until the device is online.
      expect(numbers).toEqual([2, 3, 4, 5, undefined]);
      expect(await keepReceiptNumbers(device.data, other, online)).toBe(1);
      expect(await ringUp(device, other, online)).toBe(7);
    });

    it('a reservation whose answer never reached the device is collected on the next call, so no numbers go missing', async () => {
      const other = await seedWorkspace(db, userId);
      const deviceId = await deviceIdOf(device.data);
      const realFetch = cookieFetch(cookie);
      // The server reserves and answers, but the page closes before the answer is stored.
      const lost = numberBlocks({
        db: device.db,
        deviceId,
        baseUrl: server.url,
        fetch: async (input, init) => {
          await realFetch(input, init);
          throw new TypeError('page closed');
        },
      });
      await expect(lost.topUp(other, 'receipt')).rejects.toThrow('page closed');
      expect(await lost.remaining(other, 'receipt')).toBe(0);

      const blocks = numberBlocks({ db: device.db, deviceId, baseUrl: server.url, fetch: realFetch });
      await blocks.topUp(other, 'receipt');
      expect(await blocks.remaining(other, 'receipt')).toBe(50);
      expect(await blocks.draw(other, 'receipt')).toBe(1);
      const reserved = await db.query(
        `SELECT start_number::int AS start, end_number::int AS "end" FROM number_blocks WHERE workspace_id = $1 AND series = 'receipt'`,
        [other],
      );
      expect(reserved).toEqual([{ start: 1, end: 50 }]);
    });

    it('a shift opened online and closed with no signal reaches the server closed, with the counted cash', async () => {
      const deviceId = await deviceIdOf(device.data);
      const opened = await openShift(device.data, { workspaceId: ws, deviceId, userId, floatCents: 50_000 });
      if (!opened.ok) throw new Error(opened.message);
      await eventually(async () => expect(await serverDoc('pos_shifts', opened.value.id)).toMatchObject({ status: 'open' }));

      device.setOnline(false);
      const closed = await closeShift(device.data, opened.value, { countedCents: 61_000, expectedCents: 60_000 });
      expect(closed.ok).toBe(true);
      device.setOnline(true);
      await eventually(
        async () =>
          expect(await serverDoc('pos_shifts', opened.value.id)).toMatchObject({
            status: 'closed',
            counted_cash_cents: 61_000,
            expected_cash_cents: 60_000,
          }),
        15_000,
      );
      expect((await device.db.pos_shifts.findOne(opened.value.id).exec())?.status).toBe('closed');
    });

    it('stock movements a closed page never wrote are restored once, never twice', async () => {
      const deviceId = await deviceIdOf(device.data);
      const productId = randomUUID();
      const built = buildSale({
        id: randomUUID(),
        workspaceId: ws,
        items: [{ product_id: productId, name: 'Candles', unit_price_cents: 1_000, quantity: 3, tax_rate_bp: 1500, tracks_stock: true }],
        orderDiscountCents: 0,
        tender: { method: 'card' },
        deviceId,
        now: new Date(),
      });
      if (!built.ok) throw new Error(built.message);
      await device.db.pos_orders.insert(built.value.order);
      const since = new Date(Date.now() - 60_000).toISOString();
      expect(await restoreSaleStock(device.data, ws, deviceId, since)).toBe(1);
      expect(await restoreSaleStock(device.data, ws, deviceId, since)).toBe(0);
      expect(await stockOnHand(device.db, productId)).toBe(-3);
    });
  });
}
