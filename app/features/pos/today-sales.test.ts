import { describe, expect, it } from 'vitest';
import { posOrders, type PosOrder } from '../../../schema/pos/pos';
import { salesSummary } from './today-sales';

const at = '2026-11-22T08:00:00.000Z';
const item = { product_id: 'p1', name: 'Bread', unit_price_cents: 1850, quantity: 2, tax_rate_bp: 1500 };

function order(id: string, extra: Partial<PosOrder>): PosOrder {
  return posOrders.doc.parse({ id, workspace_id: 1, updated_at: at, status: 'completed', items: [item], payments: [], ...extra });
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
    expect(salesSummary(orders)).toEqual({ count: 2, totalCents: 3700 + 3000 });
  });
});
