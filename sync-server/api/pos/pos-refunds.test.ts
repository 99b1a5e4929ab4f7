import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { buildRefund, buildSale, buildVoid, newShareToken } from '../../../app/features/pos/sale.js';
import { publicReceiptDto } from '../../../schema/pos/contract.js';
import type { PosItem, PosOrder } from '../../../schema/pos/pos.js';
import { refundMessages } from '../../../schema/pos/pos-refunds.js';
import { testDatabases } from '../../../tests/support/databases.js';
import { syncWorkspaceSuite } from '../../../tests/support/sync-server.js';

const now = () => new Date().toISOString();

for (const target of testDatabases()) {
  describe(`till refunds on ${target.name}`, () => {
    const suite = syncWorkspaceSuite(target);
    const { pullAll, push } = suite;

    const fresh = (docs: readonly object[]) => docs.map((d) => ({ newDocumentState: d }));
    async function onHand(productId: string) {
      return (await pullAll('products')).find((p) => p.id === productId)?.stock_on_hand;
    }
    async function newProduct(stock: number) {
      const id = randomUUID();
      await push('products', fresh([{ id, workspace_id: suite.ws, updated_at: now(), name: 'Cooldrink 2L', price_cents: 2_300 }]));
      await push(
        'stock_movements',
        fresh([{ id: randomUUID(), workspace_id: suite.ws, updated_at: now(), product_id: id, quantity: stock }]),
      );
      return id;
    }
    const line = (product_id: string, over: Partial<PosItem> = {}): PosItem => ({
      product_id,
      name: 'Cooldrink 2L',
      unit_price_cents: 2_300,
      quantity: 3,
      tax_rate_bp: 1500,
      tracks_stock: true,
      ...over,
    });
    async function sold(items: PosItem[], orderDiscountCents = 0) {
      const built = buildSale({
        id: randomUUID(),
        workspaceId: suite.ws,
        items,
        orderDiscountCents,
        tender: { method: 'card' },
        deviceId: 'till-a',
        receiptNumber: 7,
        now: new Date(),
      });
      if (!built.ok) throw new Error(built.message);
      expect(await push('pos_orders', fresh([built.value.order]))).toEqual({ conflicts: [], rejected: [] });
      await push('stock_movements', fresh(built.value.movements));
      return built.value.order;
    }
    function refund(sale: PosOrder, prior: PosOrder[], lines: [string, number][], device = 'till-a') {
      const built = buildRefund(sale, prior, {
        id: randomUUID(),
        lines: new Map(lines),
        reason: 'Damaged',
        method: 'cash',
        deviceId: device,
        now: new Date(),
      });
      if (!built.ok) throw new Error(built.message);
      return built.value;
    }

    it('a partial refund is a new record: the money back is its share, the stock returns, the sale is unchanged', async () => {
      const p = await newProduct(10);
      const sale = await sold([line(p)], 300);
      expect(await onHand(p)).toBe(7);
      const r = refund(sale, [], [[p, 1]]);
      // (3 × 23.00 − 3.00) = 66.00 for 3: one is 22.00.
      expect(r.order).toMatchObject({ kind: 'refund', original_order_id: sale.id, total_cents: 2_200 });
      expect(r.order.payments).toEqual([{ method: 'cash', amount_cents: 2_200 }]);
      expect(await push('pos_orders', fresh([r.order]))).toEqual({ conflicts: [], rejected: [] });
      await push('stock_movements', fresh(r.movements));
      expect(await onHand(p)).toBe(8);
      const orders = await pullAll('pos_orders');
      expect(orders.find((o) => o.id === r.order.id)).toMatchObject({ kind: 'refund', total_cents: 2_200, payment_status: 'paid' });
      expect(orders.find((o) => o.id === sale.id)).toMatchObject({ total_cents: 6_600, items: sale.items });
    });

    it('refunding a sale in parts gives back exactly what it took, never a cent more', async () => {
      const p = await newProduct(10);
      const sale = await sold([line(p)], 100); // 68.00 for 3 units: 22.67, 22.66, 22.67
      const first = refund(sale, [], [[p, 1]]);
      const second = refund(sale, [first.order], [[p, 1]]);
      const third = refund(sale, [first.order, second.order], [[p, 1]]);
      const back = [first, second, third].map((r) => r.order.total_cents ?? 0);
      expect(back.reduce((a, b) => a + b, 0)).toBe(6_800);
      expect(await push('pos_orders', fresh([first.order, second.order, third.order]))).toEqual({ conflicts: [], rejected: [] });
    });

    it('two tills refunding the same sale offline cannot give back more than it sold: the second is refused and its stock taken back', async () => {
      const p = await newProduct(10);
      const sale = await sold([line(p)]);
      const onA = refund(sale, [], [[p, 2]], 'till-a');
      const onB = refund(sale, [], [[p, 2]], 'till-b');
      expect(await push('pos_orders', fresh([onA.order]))).toEqual({ conflicts: [], rejected: [] });
      await push('stock_movements', fresh(onA.movements));
      // Till B's stock arrives before its refund; the refund is then refused.
      await push('stock_movements', fresh(onB.movements));
      expect(await onHand(p)).toBe(11);
      const res = await push('pos_orders', fresh([onB.order]));
      expect(res.rejected).toEqual([{ id: onB.order.id, code: 'invalid', message: refundMessages.tooMany }]);
      expect((await pullAll('pos_orders')).some((o) => o.id === onB.order.id)).toBe(false);
      expect(await onHand(p)).toBe(9);
      // The same refused refund pushed again takes nothing back twice.
      expect((await push('pos_orders', fresh([onB.order]))).rejected).toHaveLength(1);
      expect(await onHand(p)).toBe(9);
    });

    it('a refused refund whose stock arrives after the refusal still leaves the stock right', async () => {
      const p = await newProduct(5);
      const sale = await sold([line(p, { quantity: 1 })]);
      const too = refund(sale, [], [[p, 1]]);
      const again = refund(sale, [], [[p, 1]]);
      await push('pos_orders', fresh([too.order]));
      await push('stock_movements', fresh(too.movements));
      expect((await push('pos_orders', fresh([again.order]))).rejected[0]?.message).toBe(refundMessages.tooMany);
      expect(await onHand(p)).toBe(4);
      await push('stock_movements', fresh(again.movements));
      expect(await onHand(p)).toBe(5);
    });

    it('a refund in the same push as an earlier one is weighed against it', async () => {
      const p = await newProduct(10);
      const sale = await sold([line(p)]);
      const a = refund(sale, [], [[p, 2]]);
      const b = refund(sale, [], [[p, 2]]);
      const res = await push('pos_orders', fresh([a.order, b.order]));
      expect(res.rejected.map((r) => r.id)).toEqual([b.order.id]);
    });

    it('refuses a refund that is tampered with: more money than its lines, an item the sale never sold, a voided sale', async () => {
      const p = await newProduct(10);
      const sale = await sold([line(p)]);
      const r = refund(sale, [], [[p, 1]]);
      const greedy = { ...r.order, id: randomUUID(), payments: [{ method: 'cash', amount_cents: 99_999 }] };
      const stranger = { ...r.order, id: randomUUID(), items: [line('not-sold', { quantity: 1 })] };
      const res = await push('pos_orders', fresh([greedy, stranger]));
      expect(res.rejected).toEqual([
        { id: greedy.id, code: 'invalid', message: refundMessages.money },
        { id: stranger.id, code: 'invalid', message: refundMessages.notInSale },
      ]);
      const v = buildVoid(sale, { reason: 'Wrong till', deviceId: 'till-a', now: new Date() });
      if (!v.ok) throw new Error(v.message);
      expect(await push('pos_orders', fresh([v.value.order]))).toEqual({ conflicts: [], rejected: [] });
      expect((await push('pos_orders', fresh([r.order]))).rejected[0]?.message).toBe(refundMessages.voided);
    });

    it('a sale with a refund cannot then be voided: the void is refused and its stock taken back', async () => {
      const p = await newProduct(10);
      const sale = await sold([line(p)]);
      const r = refund(sale, [], [[p, 1]]);
      await push('pos_orders', fresh([r.order]));
      await push('stock_movements', fresh(r.movements));
      const v = buildVoid(sale, { reason: 'Oops', deviceId: 'till-b', now: new Date() });
      if (!v.ok) throw new Error(v.message);
      await push('stock_movements', fresh(v.value.movements));
      expect(await onHand(p)).toBe(11);
      expect((await push('pos_orders', fresh([v.value.order]))).rejected[0]?.message).toBe(refundMessages.hasRefunds);
      expect(await onHand(p)).toBe(8);
    });

    it('pushing an accepted refund again is harmless', async () => {
      const p = await newProduct(10);
      const sale = await sold([line(p)]);
      const r = refund(sale, [], [[p, 3]]);
      expect(await push('pos_orders', fresh([r.order]))).toEqual({ conflicts: [], rejected: [] });
      const res = await push('pos_orders', fresh([r.order]));
      expect(res.rejected).toEqual([]);
    });
  });
}

for (const target of testDatabases()) {
  describe(`a receipt's public page on ${target.name}`, () => {
    const suite = syncWorkspaceSuite(target);

    function sale(token: string) {
      const built = buildSale({
        id: randomUUID(),
        workspaceId: suite.ws,
        items: [{ product_id: 'p', name: 'Samp 1kg', unit_price_cents: 1_999, quantity: 2, tax_rate_bp: 1500 }],
        orderDiscountCents: 0,
        tender: { method: 'cash', tenderedCents: 5_000 },
        deviceId: 'till-a',
        receiptNumber: 12,
        shareToken: token,
        now: new Date(),
      });
      if (!built.ok) throw new Error(built.message);
      return built.value.order;
    }
    const open = (token: string) => fetch(`${suite.server.url}/api/receipts/${encodeURIComponent(token)}`);

    it('anyone with the link reads the receipt, without signing in; nothing private comes with it', async () => {
      const token = newShareToken();
      const order = sale(token);
      expect((await suite.api.push('pos_orders', suite.ws, [{ newDocumentState: order }])).status).toBe(200);
      const res = await open(token);
      expect(res.status).toBe(200);
      const body = publicReceiptDto.parse(await res.json());
      expect(body.order).toMatchObject({ receipt_number: 12, total_cents: 3_998, items: order.items });
      expect(body.business.length).toBeGreaterThan(0);
      expect(JSON.stringify(body)).not.toContain('till-a');
    });

    it('a wrong, malformed or missing token is a plain not-found, as is a token two receipts share', async () => {
      const token = newShareToken();
      await suite.api.push('pos_orders', suite.ws, [{ newDocumentState: sale(token) }]);
      for (const wrong of [newShareToken(), `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`, 'x', "' OR 1=1 --"]) {
        const res = await open(wrong);
        expect(res.status).toBe(404);
        expect(await res.json()).toMatchObject({ message: 'Receipt not found' });
      }
      expect((await fetch(`${suite.server.url}/api/receipts/`)).status).toBe(404);
      const shared = newShareToken();
      await suite.api.push('pos_orders', suite.ws, [{ newDocumentState: sale(shared) }, { newDocumentState: sale(shared) }]);
      expect((await open(shared)).status).toBe(404);
    });
  });
}
