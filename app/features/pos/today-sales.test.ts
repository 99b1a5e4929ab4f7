import { describe, expect, it } from 'vitest';
import { posOrders, type PosItem, type PosOrder } from '../../../schema/pos/pos';
import { buildRefund, buildSale } from './sale';
import { salesSummary } from './today-sales';

const at = '2026-11-22T08:00:00.000Z';
const item = { product_id: 'p1', name: 'Bread', unit_price_cents: 1850, quantity: 2, tax_rate_bp: 1500 };

function order(id: string, extra: Partial<PosOrder>): PosOrder {
  return posOrders.doc.parse({ id, workspace_id: 1, updated_at: at, status: 'completed', items: [item], payments: [], ...extra });
}

const now = new Date(at);
const bread: PosItem = { product_id: 'bread', name: 'Bread', unit_price_cents: 2_000, quantity: 3, tax_rate_bp: 1500 };
const milk: PosItem = { product_id: 'milk', name: 'Milk', unit_price_cents: 6_000, quantity: 1, tax_rate_bp: 1500 };

function sale(id: string, items: PosItem[]): PosOrder {
  const built = buildSale({ id, workspaceId: 1, items, orderDiscountCents: 0, tender: { method: 'card' }, deviceId: 'till-1', now });
  if (!built.ok) throw new Error(built.message);
  return built.value.order;
}

function refund(original: PosOrder, lines: [string, number][]): PosOrder {
  const built = buildRefund(original, [], {
    id: `r-${original.id}`,
    lines: new Map(lines),
    reason: 'Stale',
    method: 'cash',
    deviceId: 'till-1',
    now,
  });
  if (!built.ok) throw new Error(built.message);
  return built.value.order;
}

describe("the dashboard's today: the till's takings", () => {
  it('count completed sales, leave out voided and unfinished ones, and add up from the lines', () => {
    const orders = [
      order('a', {}),
      order('b', { order_discount_cents: 700 }),
      order('c', { status: 'pending' }),
      order('d', {}),
      order('void-d', { kind: 'void', original_order_id: 'd' }),
    ];
    // Totals the server has not sent back yet (an offline sale) do not matter: the lines count.
    expect(salesSummary(orders)).toEqual({ count: 2, totalCents: 3700 + 3000, refundedCents: 0 });
  });

  it('a sale refunded whole takes nothing: what was taken is net of the refund', () => {
    const a = sale('a', [bread, milk]); // 60.00 + 60.00
    const b = sale('b', [milk]);
    expect(
      salesSummary([
        a,
        b,
        refund(a, [
          ['bread', 3],
          ['milk', 1],
        ]),
      ]),
    ).toEqual({ count: 2, totalCents: 6_000, refundedCents: 12_000 });
  });

  it('one line refunded takes off that line only', () => {
    // 770.00 sold, one line of 120.00 refunded: the till holds 650.00.
    const a = sale('a', [
      { ...bread, unit_price_cents: 12_000, quantity: 1 },
      { ...milk, unit_price_cents: 65_000 },
    ]);
    expect(salesSummary([a])).toEqual({ count: 1, totalCents: 77_000, refundedCents: 0 });
    expect(salesSummary([a, refund(a, [['bread', 1]])])).toEqual({ count: 1, totalCents: 65_000, refundedCents: 12_000 });
  });
});
