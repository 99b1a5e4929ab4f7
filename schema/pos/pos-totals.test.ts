import { describe, expect, it } from 'vitest';
import { addedTax, allocate, cashChange, computeTotals, includedTax, paymentSummary, quickCashAmounts } from './pos-totals.js';
import { orderFigures, posOrders } from './pos.js';

describe('VAT-inclusive totals', () => {
  it('VAT is the part already inside the price: R115.00 at 15 % holds R15.00', () => {
    const t = computeTotals([{ unit_price_cents: 11_500, quantity: 1, tax_rate_bp: 1500 }]);
    expect(t).toMatchObject({ subtotal_cents: 11_500, discount_cents: 0, total_cents: 11_500, tax_cents: 1_500 });
  });

  it('rounds each line half up to the cent and sums the lines', () => {
    // 1000 × 15/115 = 130.434… → 130; 1 × 15/115 = 0.13… → 0; 23 × 15/115 = 3.0 → 3
    expect(includedTax(1000, 1500)).toBe(130);
    expect(includedTax(1, 1500)).toBe(0);
    expect(includedTax(23, 1500)).toBe(3);
    // 4 × 15/115 = 0.52 → 1; an exact half (1 × 100 %/200 % = 0.5) rounds up
    expect(includedTax(4, 1500)).toBe(1);
    expect(includedTax(1, 10_000)).toBe(1);
    expect(includedTax(-1000, 1500)).toBe(-130);
    const t = computeTotals([
      { unit_price_cents: 1000, quantity: 1, tax_rate_bp: 1500 },
      { unit_price_cents: 1, quantity: 1, tax_rate_bp: 1500 },
    ]);
    expect(t.line_tax).toEqual([130, 0]);
    expect(t.tax_cents).toBe(130);
  });

  it('zero-rated and exempt lines carry no VAT; mixed rates are taxed per line', () => {
    const t = computeTotals([
      { unit_price_cents: 2_999, quantity: 2, tax_rate_bp: 0 },
      { unit_price_cents: 2_300, quantity: 3, tax_rate_bp: 1500 },
    ]);
    expect(t.total_cents).toBe(5_998 + 6_900);
    expect(t.tax_cents).toBe(900);
  });

  it('line discounts and the order discount lower the total and the VAT inside it', () => {
    const t = computeTotals(
      [
        { unit_price_cents: 5_000, quantity: 2, tax_rate_bp: 1500, discount_cents: 1_000 },
        { unit_price_cents: 3_000, quantity: 1, tax_rate_bp: 0 },
      ],
      1_200,
    );
    expect(t.subtotal_cents).toBe(13_000);
    expect(t.discount_cents).toBe(2_200);
    expect(t.total_cents).toBe(10_800);
    // Order discount shared 9000:3000 → 900 and 300.
    expect(t.line_totals).toEqual([8_100, 2_700]);
    expect(t.tax_cents).toBe(includedTax(8_100, 1500));
    expect(t.line_totals.reduce((a, b) => a + b, 0)).toBe(t.total_cents);
  });

  it('a discount bigger than the sale is capped, never a negative total', () => {
    const t = computeTotals([{ unit_price_cents: 500, quantity: 1, tax_rate_bp: 1500 }], 9_999);
    expect(t.total_cents).toBe(0);
    expect(t.tax_cents).toBe(0);
    expect(t.discount_cents).toBe(500);
  });

  it('an empty cart totals zero', () => {
    expect(computeTotals([])).toMatchObject({ subtotal_cents: 0, tax_cents: 0, total_cents: 0 });
  });

  it('allocation shares add up exactly, remainders to the largest fractions', () => {
    expect(allocate(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(allocate(10, [0, 5, 0])).toEqual([0, 10, 0]);
    expect(allocate(7, [0, 0])).toEqual([0, 0]);
    const big = allocate(99_999_999_999, [99_999_999_999, 1]);
    expect(big.reduce((a, b) => a + b, 0)).toBe(99_999_999_999);
  });
});

describe('VAT-exclusive totals (prices without VAT)', () => {
  it('adds VAT on top: R115.00 at 15 % becomes R132.25 with R17.25 of VAT', () => {
    const t = computeTotals([{ unit_price_cents: 11_500, quantity: 1, tax_rate_bp: 1500 }], 0, false);
    expect(t).toMatchObject({ subtotal_cents: 11_500, discount_cents: 0, tax_cents: 1_725, total_cents: 13_225 });
    expect(t.line_totals).toEqual([11_500]);
  });

  it('rounds each line half up to the cent, and the VAT is the sum of what the lines show', () => {
    // 5 × 10 % = 0.5 → 1; 4 × 10 % = 0.4 → 0; 333 × 15 % = 49.95 → 50; below zero half goes away from zero
    expect(addedTax(5, 1000)).toBe(1);
    expect(addedTax(4, 1000)).toBe(0);
    expect(addedTax(333, 1500)).toBe(50);
    expect(addedTax(-5, 1000)).toBe(-1);
    expect(addedTax(1000, 0)).toBe(0);
    // Three lines of 10 cents at 15 %: 1.5 → 2 each, 6 in all (the whole 30 cents would give 4.5 → 5).
    const lines = [1, 2, 3].map((n) => ({ product_id: `p${n}`, unit_price_cents: 10, quantity: 1, tax_rate_bp: 1500 }));
    const t = computeTotals(lines, 0, false);
    expect(t.line_tax).toEqual([2, 2, 2]);
    expect(t.tax_cents).toBe(6);
    expect(t.total_cents).toBe(36);
  });

  it('discounts come off before VAT is added, the order discount shared across the lines', () => {
    const items = [
      { unit_price_cents: 5_000, quantity: 2, tax_rate_bp: 1500, discount_cents: 1_000 },
      { unit_price_cents: 3_000, quantity: 1, tax_rate_bp: 0 },
    ];
    const t = computeTotals(items, 1_200, false);
    expect(t.line_totals).toEqual([8_100, 2_700]);
    expect(t.tax_cents).toBe(1_215);
    expect(t.total_cents).toBe(10_800 + 1_215);
    // The same cart with prices that hold VAT: same lines, VAT taken from inside them.
    const inside = computeTotals(items, 1_200, true);
    expect(inside.line_totals).toEqual(t.line_totals);
    expect(inside.total_cents).toBe(10_800);
    expect(inside.tax_cents).toBe(includedTax(8_100, 1500));
  });

  it('a sale follows its own flag; one written before the flag existed keeps VAT inside its prices', () => {
    const items = [{ product_id: 'p1', name: 'Bread', unit_price_cents: 11_500, quantity: 1, tax_rate_bp: 1500 }];
    expect(orderFigures({ items, prices_include_vat: false })).toMatchObject({ tax_cents: 1_725, total_cents: 13_225 });
    expect(orderFigures({ items, prices_include_vat: true })).toMatchObject({ tax_cents: 1_500, total_cents: 11_500 });
    expect(orderFigures({ items })).toMatchObject({ total_cents: 11_500 });
    const base = { id: 'o1', workspace_id: 1, updated_at: '2026-01-01T00:00:00.000Z', items };
    expect(posOrders.fields.parse(base).prices_include_vat).toBe(true);
    expect(posOrders.version).toBeGreaterThanOrEqual(3);
    expect(posOrders.migrationStrategies[3]?.(base)).toMatchObject({ prices_include_vat: true });
    expect(posOrders.migrationStrategies[3]?.({ ...base, prices_include_vat: false })).toMatchObject({ prices_include_vat: false });
  });
});

describe('cash', () => {
  it('gives change on cash above the total', () => {
    expect(cashChange(8_750, 10_000)).toEqual({ ok: true, change_cents: 1_250 });
    expect(cashChange(8_750, 8_750)).toEqual({ ok: true, change_cents: 0 });
  });

  it('refuses cash below the total with a clear message', () => {
    expect(cashChange(8_750, 5_000)).toEqual({ ok: false, message: 'Cash received is less than the total due' });
    expect(cashChange(8_750, -1)).toMatchObject({ ok: false });
  });

  it('quick amounts start at the exact total and go up in note sizes', () => {
    expect(quickCashAmounts(8_750)).toEqual([8_750, 9_000, 10_000, 20_000]);
    expect(quickCashAmounts(1_000)).toEqual([1_000, 2_000, 5_000, 10_000]);
  });

  it('payment summary names the method and whether the total is covered', () => {
    expect(paymentSummary([{ method: 'cash', amount_cents: 500 }], 500)).toMatchObject({ payment_method: 'cash', payment_status: 'paid' });
    expect(
      paymentSummary(
        [
          { method: 'cash', amount_cents: 200 },
          { method: 'card', amount_cents: 100 },
        ],
        500,
      ),
    ).toMatchObject({
      payment_method: 'split',
      payment_status: 'partial',
    });
    expect(paymentSummary([], 500)).toMatchObject({ payment_method: undefined, payment_status: 'unpaid' });
  });
});
