import { describe, expect, it } from 'vitest';
import type { PosItem } from '../../../schema/pos/pos';
import { buildRefund, buildSale, buildVoid } from './sale';
import { zReport } from './z-report';

const item = (over: Partial<PosItem> = {}): PosItem => ({
  product_id: 'p1',
  name: 'Bread loaf',
  unit_price_cents: 1_850,
  quantity: 2,
  tax_rate_bp: 1500,
  tracks_stock: true,
  ...over,
});
const at = new Date('2026-03-01T10:00:00Z');
const base = { workspaceId: 7, orderDiscountCents: 0, deviceId: 'till-1', shiftId: 's', now: at };

function sale(id: string, tender: Parameters<typeof buildSale>[0]['tender'], items = [item()]) {
  const built = buildSale({ ...base, id, items, tender });
  if (!built.ok) throw new Error(built.message);
  return built.value.order;
}

describe('the Z-report', () => {
  it('sums sales, refunds and voids by payment method, and the drawer against the count', () => {
    const cash = sale('a', { method: 'cash', tenderedCents: 5_000 }); // 37.00, change 13.00
    const card = sale('b', { method: 'card' });
    const split = sale('c', { method: 'split', cardCents: 1_000, eftCents: 700, tenderedCents: 2_000 }); // cash 20.00 due
    const voided = sale('d', { method: 'eft' });
    const v = buildVoid(voided, { reason: 'Wrong', deviceId: 'till-1', shiftId: 's', now: at });
    const r = buildRefund(card, [], { id: 'r', lines: new Map([['p1', 1]]), reason: 'Stale', method: 'cash', deviceId: 'till-1', now: at });
    if (!v.ok || !r.ok) throw new Error('not built');
    const report = zReport({ opening_float_cents: 10_000, counted_cash_cents: 13_850 }, [
      cash,
      card,
      split,
      voided,
      v.value.order,
      r.value.order,
    ]);
    expect(report.sales).toEqual({ count: 4, total_cents: 14_800, tax_cents: 4 * 483 });
    expect(report.refunds).toEqual({ count: 1, total_cents: 1_850, tax_cents: 241 });
    expect(report.voids).toEqual({ count: 1, total_cents: 3_700, tax_cents: 483 });
    // VAT in sales: the VAT of what the shift kept, as net as its takings.
    expect(report.net_tax_cents).toBe(4 * 483 - 241 - 483);
    expect(report.methods).toEqual([
      { method: 'cash', sales_cents: 5_700, refunds_cents: 1_850, voids_cents: 0, net_cents: 3_850 },
      { method: 'card', sales_cents: 4_700, refunds_cents: 0, voids_cents: 0, net_cents: 4_700 },
      { method: 'eft', sales_cents: 4_400, refunds_cents: 0, voids_cents: 3_700, net_cents: 700 },
    ]);
    expect(report.net_cents).toBe(report.methods.reduce((a, m) => a + m.net_cents, 0));
    // Float 100.00 + cash kept 57.00 − cash refund 18.50.
    expect(report.cash.expected_cents).toBe(13_850);
    expect(report.difference_cents).toBe(0);
  });

  it('a sale refunded whole leaves no VAT in sales and no takings, and the net matches the till', () => {
    const a = sale('a', { method: 'card' }, [item(), item({ product_id: 'p2', name: 'Milk', unit_price_cents: 2_399, quantity: 1 })]);
    const b = sale('b', { method: 'cash', tenderedCents: 3_700 });
    const r = buildRefund(a, [], {
      id: 'r',
      lines: new Map([
        ['p1', 2],
        ['p2', 1],
      ]),
      reason: 'Stale',
      method: 'card',
      deviceId: 'till-1',
      now: at,
    });
    if (!r.ok) throw new Error(r.message);
    const report = zReport({ opening_float_cents: 0 }, [a, b, r.value.order]);
    expect(report.net_tax_cents).toBe(483);
    expect(report.net_cents).toBe(3_700);
    expect(report.methods.find((m) => m.method === 'card')?.net_cents).toBe(0);
  });

  it('one line refunded takes its VAT off the VAT in sales', () => {
    const a = sale('a', { method: 'card' }, [
      item(),
      item({ product_id: 'p2', name: 'Airtime', unit_price_cents: 1_000, quantity: 1, tax_rate_bp: 0 }),
    ]);
    const r = buildRefund(a, [], { id: 'r', lines: new Map([['p1', 1]]), reason: 'Stale', method: 'cash', deviceId: 'till-1', now: at });
    if (!r.ok) throw new Error(r.message);
    const report = zReport({ opening_float_cents: 5_000 }, [a, r.value.order]);
    // 2 × 18.50 with 4.83 VAT inside; one loaf back (18.50, 2.41 VAT): 2.42 stays. The airtime carries none.
    expect(report.sales.tax_cents).toBe(483);
    expect(report.net_tax_cents).toBe(242);
    expect(report.net_cents).toBe(4_700 - 1_850);
    expect(report.cash.expected_cents).toBe(5_000 - 1_850);
  });
});
