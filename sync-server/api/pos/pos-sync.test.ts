import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { buildSale, buildVoid } from '../../../app/features/pos/sale.js';
import { posMessages, type PosItem } from '../../../schema/pos/pos.js';
import { testDatabases } from '../../../tests/support/databases.js';
import { syncWorkspaceSuite } from '../../../tests/support/sync-server.js';

const now = () => new Date().toISOString();

for (const target of testDatabases()) {
  describe(`point of sale sync on ${target.name}`, () => {
    const suite = syncWorkspaceSuite(target);
    const { pullAll, push } = suite;

    async function stored(collection: string, id: string) {
      return (await pullAll(collection)).find((d) => d.id === id);
    }
    async function newProduct(stock: number) {
      const id = randomUUID();
      await push('products', [
        { newDocumentState: { id, workspace_id: suite.ws, updated_at: now(), name: 'Maize meal 5kg', price_cents: 8_999, tax_rate_bp: 0 } },
      ]);
      await push('stock_movements', [
        {
          newDocumentState: {
            id: randomUUID(),
            workspace_id: suite.ws,
            updated_at: now(),
            product_id: id,
            quantity: stock,
            reason: 'purchase',
          },
        },
      ]);
      return id;
    }
    function sale(items: PosItem[], tendered = 100_000, pricesIncludeVat = true) {
      const built = buildSale({
        id: randomUUID(),
        workspaceId: suite.ws,
        items,
        orderDiscountCents: 0,
        pricesIncludeVat,
        tender: { method: 'cash', tenderedCents: tendered },
        deviceId: 'till-device-test',
        receiptNumber: 1,
        now: new Date(),
      });
      if (!built.ok) throw new Error(built.message);
      return built.value;
    }
    const line = (product_id: string, over: Partial<PosItem> = {}): PosItem => ({
      product_id,
      name: 'Cooldrink 2L',
      unit_price_cents: 2_300,
      quantity: 2,
      tax_rate_bp: 1500,
      tracks_stock: true,
      ...over,
    });

    it('stores the totals the server computes from the items, not the ones the client sent', async () => {
      const { order } = sale([line('p-x'), line('p-y', { unit_price_cents: 1_000, quantity: 1, tax_rate_bp: 0 })]);
      const lying = { ...order, subtotal_cents: 1, tax_cents: 0, discount_cents: 999, total_cents: 1, payment_status: 'unpaid' };
      expect(await push('pos_orders', [{ newDocumentState: lying }])).toEqual({ conflicts: [], rejected: [] });
      expect(await stored('pos_orders', order.id)).toMatchObject({
        subtotal_cents: 5_600,
        discount_cents: 0,
        total_cents: 5_600,
        tax_cents: 600,
        payment_method: 'cash',
        payment_status: 'paid',
        status: 'completed',
        receipt_number: 1,
      });
    });

    it('a sale whose prices exclude VAT is stored with VAT on top; one pushed without the choice holds VAT inside', async () => {
      const { order } = sale([line('p-v', { unit_price_cents: 11_500, quantity: 1 })], 20_000, false);
      const lying = { ...order, tax_cents: 1_500, total_cents: 11_500 };
      expect(await push('pos_orders', [{ newDocumentState: lying }])).toEqual({ conflicts: [], rejected: [] });
      expect(await stored('pos_orders', order.id)).toMatchObject({ prices_include_vat: false, tax_cents: 1_725, total_cents: 13_225 });

      const older: Record<string, unknown> = { ...sale([line('p-w', { unit_price_cents: 11_500, quantity: 1 })]).order };
      delete older.prices_include_vat;
      expect(await push('pos_orders', [{ newDocumentState: older }])).toEqual({ conflicts: [], rejected: [] });
      expect(await stored('pos_orders', String(older.id))).toMatchObject({
        prices_include_vat: true,
        tax_cents: 1_500,
        total_cents: 11_500,
      });
    });

    it('a completed sale cannot be changed or deleted (immutable), and stays as it was', async () => {
      const { order } = sale([line('p-z')]);
      await push('pos_orders', [{ newDocumentState: order }]);
      const master = await stored('pos_orders', order.id);
      const edited = { ...master, items: [line('p-z', { quantity: 1 })], updated_at: now() };
      const res = await push('pos_orders', [{ newDocumentState: edited, assumedMasterState: master }]);
      expect(res.rejected).toEqual([{ id: order.id, code: 'immutable', message: posMessages.saleFrozen }]);
      const deleted = await push('pos_orders', [{ newDocumentState: { ...master, _deleted: true }, assumedMasterState: master }]);
      expect(deleted.rejected[0]).toMatchObject({ code: 'immutable' });
      expect(await stored('pos_orders', order.id)).toEqual(master);
    });

    it('a sale made without a receipt number takes its number later, and nothing else with it', async () => {
      const built = buildSale({
        id: randomUUID(),
        workspaceId: suite.ws,
        items: [line('p-n')],
        orderDiscountCents: 0,
        tender: { method: 'card' },
        deviceId: 'till-device-test',
        now: new Date(),
      });
      if (!built.ok) throw new Error(built.message);
      await push('pos_orders', [{ newDocumentState: built.value.order }]);
      const master = await stored('pos_orders', built.value.order.id);
      expect(master?.receipt_number).toBeUndefined();
      const sneaky = { ...master, receipt_number: 77, note: 'changed', updated_at: now() };
      expect((await push('pos_orders', [{ newDocumentState: sneaky, assumedMasterState: master }])).rejected[0]).toMatchObject({
        code: 'immutable',
      });
      const numbered = { ...master, receipt_number: 77, updated_at: now() };
      expect(await push('pos_orders', [{ newDocumentState: numbered, assumedMasterState: master }])).toEqual({
        conflicts: [],
        rejected: [],
      });
      const after = await stored('pos_orders', built.value.order.id);
      expect(after).toMatchObject({ receipt_number: 77, server_version: 2 });
      const renumber = { ...after, receipt_number: 78, updated_at: now() };
      expect((await push('pos_orders', [{ newDocumentState: renumber, assumedMasterState: after }])).rejected[0]).toMatchObject({
        code: 'immutable',
      });
    });

    it("a sale's stock movements lower on hand, its void is accepted as a new record and returns the stock", async () => {
      const productId = await newProduct(20);
      const { order, movements } = sale([line(productId, { quantity: 3 })]);
      await push('pos_orders', [{ newDocumentState: order }]);
      await push(
        'stock_movements',
        movements.map((m) => ({ newDocumentState: m })),
      );
      expect(await stored('products', productId)).toMatchObject({ stock_on_hand: 17 });

      const original = await stored('pos_orders', order.id);
      const v = buildVoid(order, { reason: 'Customer changed mind', deviceId: 'till-device-test', now: new Date() });
      if (!v.ok) throw new Error(v.message);
      expect(await push('pos_orders', [{ newDocumentState: v.value.order }])).toEqual({ conflicts: [], rejected: [] });
      await push(
        'stock_movements',
        v.value.movements.map((m) => ({ newDocumentState: m })),
      );
      expect(await stored('pos_orders', v.value.order.id)).toMatchObject({
        kind: 'void',
        original_order_id: order.id,
        total_cents: order.total_cents,
      });
      expect(await stored('pos_orders', order.id)).toEqual(original);
      expect(await stored('products', productId)).toMatchObject({ stock_on_hand: 20 });
    });

    it('a void must point at a completed sale here: one naming no sale is refused and nothing is stored', async () => {
      const { order } = sale([line('p-v')]);
      const v = buildVoid(order, { reason: 'Wrong item', deviceId: 'till-device-test', now: new Date() });
      if (!v.ok) throw new Error(v.message);
      const orphan = await push('pos_orders', [{ newDocumentState: v.value.order }]);
      expect(orphan.rejected).toEqual([{ id: v.value.order.id, code: 'invalid', message: posMessages.originalMissing }]);
      expect(await stored('pos_orders', v.value.order.id)).toBeUndefined();

      // Made offline on one till, the sale and its void arrive in one push: the void finds its sale there.
      expect(await push('pos_orders', [{ newDocumentState: order }, { newDocumentState: v.value.order }])).toEqual({
        conflicts: [],
        rejected: [],
      });
      expect(await stored('pos_orders', v.value.order.id)).toMatchObject({ kind: 'void', original_order_id: order.id });

      // A void of a void is no sale either.
      const voidOfVoid = { ...v.value.order, id: randomUUID(), original_order_id: v.value.order.id, updated_at: now() };
      expect((await push('pos_orders', [{ newDocumentState: voidOfVoid }])).rejected).toEqual([
        { id: voidOfVoid.id, code: 'invalid', message: posMessages.originalMissing },
      ]);
    });

    it('pushing the same sale and movements again is harmless: one record, stock counted once', async () => {
      const productId = await newProduct(10);
      const { order, movements } = sale([line(productId, { quantity: 4 })]);
      for (let i = 0; i < 2; i++) {
        expect((await push('pos_orders', [{ newDocumentState: order }])).rejected).toEqual([]);
        expect(
          (
            await push(
              'stock_movements',
              movements.map((m) => ({ newDocumentState: m })),
            )
          ).rejected,
        ).toEqual([]);
      }
      expect((await pullAll('pos_orders')).filter((d) => d.id === order.id)).toEqual([expect.objectContaining({ server_version: 1 })]);
      expect(await stored('products', productId)).toMatchObject({ stock_on_hand: 6 });
    });

    it('a second device voiding the same sale offline cannot return the stock twice', async () => {
      const productId = await newProduct(5);
      const { order, movements } = sale([line(productId, { quantity: 1 })]);
      await push('pos_orders', [{ newDocumentState: order }]);
      await push(
        'stock_movements',
        movements.map((m) => ({ newDocumentState: m })),
      );
      for (const device of ['till-a-000001', 'till-b-000002']) {
        const v = buildVoid(order, { reason: `from ${device}`, deviceId: device, now: new Date() });
        if (!v.ok) throw new Error(v.message);
        await push('pos_orders', [{ newDocumentState: v.value.order }]);
        await push(
          'stock_movements',
          v.value.movements.map((m) => ({ newDocumentState: m })),
        );
      }
      expect(await stored('products', productId)).toMatchObject({ stock_on_hand: 5 });
      expect((await pullAll('pos_orders')).filter((d) => d.original_order_id === order.id)).toHaveLength(1);
    });

    it('a shift opens, closes with its count, and is final once closed', async () => {
      const id = randomUUID();
      const open = {
        id,
        workspace_id: suite.ws,
        updated_at: now(),
        status: 'open',
        device_id: 'till-device-test',
        opened_at: now(),
        opening_float_cents: 20_000,
      };
      await push('pos_shifts', [{ newDocumentState: open }]);
      const master = await stored('pos_shifts', id);
      const closed = {
        ...master,
        status: 'closed',
        closed_at: now(),
        counted_cash_cents: 25_000,
        expected_cash_cents: 25_500,
        updated_at: now(),
      };
      expect(await push('pos_shifts', [{ newDocumentState: closed, assumedMasterState: master }])).toEqual({ conflicts: [], rejected: [] });
      const after = await stored('pos_shifts', id);
      const reopened = { ...after, status: 'open', updated_at: now() };
      expect((await push('pos_shifts', [{ newDocumentState: reopened, assumedMasterState: after }])).rejected).toEqual([
        { id, code: 'immutable', message: posMessages.shiftFrozen },
      ]);
    });
  });
}
