import { describe, expect, it } from 'vitest';
import { invoices, type Invoice } from '../../schema/invoices';
import { posOrders, type PosOrder } from '../../schema/pos';
import { receivablesSummary, salesSummary } from './today-figures';

const at = '2026-11-22T08:00:00.000Z';
const item = { product_id: 'p1', name: 'Bread', unit_price_cents: 1850, quantity: 2, tax_rate_bp: 1500 };

function order(id: string, extra: Partial<PosOrder>): PosOrder {
  return posOrders.doc.parse({ id, workspace_id: 1, updated_at: at, status: 'completed', items: [item], payments: [], ...extra });
}

function invoice(id: string, extra: Partial<Invoice>): Invoice {
  return invoices.doc.parse({
    id,
    workspace_id: 1,
    updated_at: at,
    customer_name: 'Naledi',
    issue_date: '2026-11-01',
    currency: 'ZAR',
    items: [{ id: 'l1', description: 'Design', quantity: 1, unit_price_cents: 100_000, tax_rate_bp: 1500 }],
    ...extra,
  });
}

describe("the dashboard's today figures", () => {
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

  it('list sent invoices not yet paid per currency, with those past their due date', () => {
    const list = [
      invoice('1', { status: 'sent', due_date: '2026-12-01' }),
      invoice('2', { status: 'sent', due_date: '2026-11-10' }),
      invoice('3', { status: 'paid', due_date: '2026-11-10' }),
      invoice('4', { status: 'draft' }),
      invoice('5', { status: 'sent', due_date: '2026-12-01', currency: 'USD' }),
    ];
    expect(receivablesSummary(list, '2026-11-22')).toEqual({
      count: 3,
      overdue: 1,
      byCurrency: [
        { currency: 'ZAR', cents: 230_000 },
        { currency: 'USD', cents: 115_000 },
      ],
    });
  });
});
