import { vatAdded, vatIncluded } from '../kit/vat.js';

/**
 * Till arithmetic shared by the app (the receipt shown offline) and the server (which stores its own
 * result, DESIGN.md §5). Every amount is integer cents.
 *
 * Each sale records whether its prices include VAT (the workspace's setting when it was rung up;
 * South African shelf prices do):
 * - a line's amount is unit price × quantity − its line discount;
 * - the order discount is shared across lines in proportion to those amounts (largest remainder, so
 *   the shares add up to the discount exactly), because lines may carry different VAT rates;
 * - prices include VAT: each line's VAT is the portion already inside its amount,
 *   amount × rate / (10 000 + rate) (rate in hundredths of a percent), and the total is the lines;
 * - prices exclude VAT: each line's VAT is amount × rate / 10 000, added on top of the lines;
 * - either way VAT is rounded half up to the cent on each line and the order's VAT is the sum of the
 *   lines' VAT, so a receipt's VAT always equals what its lines show.
 */

export interface TotalsItem {
  unit_price_cents: number;
  quantity: number;
  tax_rate_bp?: number;
  discount_cents?: number;
}

export interface OrderTotals {
  /** Σ unit price × quantity, VAT included, before any discount. */
  subtotal_cents: number;
  /** Line discounts plus the (capped) order discount. */
  discount_cents: number;
  /** What the customer pays: subtotal − discount, plus VAT when prices exclude it. */
  total_cents: number;
  /** VAT in the total: inside the lines' amounts, or added on top of them. */
  tax_cents: number;
  /** Each line's amount after both discounts, as priced (VAT added on top when prices exclude it). */
  line_totals: number[];
  /** Each line's VAT, in item order. */
  line_tax: number[];
}

/** VAT inside a VAT-inclusive amount, rounded half up to the cent (the one rule's arithmetic, schema/kit/vat.ts). */
export const includedTax = vatIncluded;

/** VAT on top of a VAT-exclusive amount, rounded half up to the cent. */
export const addedTax = vatAdded;

/** Splits `amount` across `weights` in proportion, the shares summing to `amount` exactly. */
export function allocate(amount: number, weights: readonly number[]): number[] {
  const total = weights.reduce((a, b) => a + b, 0);
  if (amount === 0 || total <= 0) return weights.map(() => 0);
  const big = BigInt(amount);
  const bigTotal = BigInt(total);
  const shares = weights.map((w) => (big * BigInt(w)) / bigTotal);
  const remainders = weights.map((w, i) => ({ i, r: (big * BigInt(w)) % bigTotal }));
  let left = Number(big - shares.reduce((a, b) => a + b, 0n));
  remainders.sort((a, b) => (a.r === b.r ? a.i - b.i : a.r > b.r ? -1 : 1));
  const out = shares.map(Number);
  for (const { i } of remainders) {
    if (left <= 0) break;
    out[i] += 1;
    left -= 1;
  }
  return out;
}

/**
 * The order's totals. A line discount above its line, or an order discount above what remains, is
 * capped there, so a total is never negative (the forms refuse such input before it gets here).
 */
export function computeTotals(items: readonly TotalsItem[], orderDiscountCents = 0, pricesIncludeVat = true): OrderTotals {
  const gross = items.map((it) => it.unit_price_cents * it.quantity);
  const lineDiscounts = items.map((it, i) => Math.min(Math.max(it.discount_cents ?? 0, 0), gross[i]));
  const afterLine = gross.map((g, i) => g - lineDiscounts[i]);
  const remaining = afterLine.reduce((a, b) => a + b, 0);
  const orderDiscount = Math.min(Math.max(orderDiscountCents, 0), remaining);
  const shares = allocate(orderDiscount, afterLine);
  const lineTotals = afterLine.map((a, i) => a - shares[i]);
  const taxOf = pricesIncludeVat ? includedTax : addedTax;
  const lineTax = lineTotals.map((amount, i) => taxOf(amount, items[i].tax_rate_bp ?? 0));
  const subtotal = gross.reduce((a, b) => a + b, 0);
  const discount = lineDiscounts.reduce((a, b) => a + b, 0) + orderDiscount;
  const tax = lineTax.reduce((a, b) => a + b, 0);
  return {
    subtotal_cents: subtotal,
    discount_cents: discount,
    total_cents: subtotal - discount + (pricesIncludeVat ? 0 : tax),
    tax_cents: tax,
    line_totals: lineTotals,
    line_tax: lineTax,
  };
}

export type CashResult = { ok: true; change_cents: number } | { ok: false; message: string };

/** Cash handed over against what is due: the change, or why it cannot be accepted. */
export function cashChange(totalCents: number, tenderedCents: number): CashResult {
  if (!Number.isInteger(tenderedCents) || tenderedCents < 0) return { ok: false, message: 'Enter the cash received' };
  if (tenderedCents < totalCents) return { ok: false, message: 'Cash received is less than the total due' };
  return { ok: true, change_cents: tenderedCents - totalCents };
}

/**
 * Quick cash amounts for a total: the exact amount, then the next round figures a customer is likely
 * to hand over (R10, R20, R50, R100, R200 notes), without repeats.
 */
export function quickCashAmounts(totalCents: number): number[] {
  const steps = [1_000, 2_000, 5_000, 10_000, 20_000];
  const out = [totalCents];
  for (const step of steps) {
    const rounded = Math.ceil(totalCents / step) * step;
    if (rounded > 0 && !out.includes(rounded)) out.push(rounded);
    if (out.length >= 4) break;
  }
  return out;
}

export interface PaymentLike {
  method: 'cash' | 'card' | 'eft' | 'other';
  amount_cents: number;
  tendered_cents?: number;
  change_cents?: number;
}

/** The order's payment method (one method, or `split`) and whether payments cover the total. */
export function paymentSummary(payments: readonly PaymentLike[], totalCents: number) {
  const methods = [...new Set(payments.map((p) => p.method))];
  const paid = payments.reduce((a, p) => a + p.amount_cents, 0);
  const method = methods.length === 0 ? undefined : methods.length === 1 ? methods[0] : ('split' as const);
  const status = paid <= 0 && totalCents > 0 ? ('unpaid' as const) : paid < totalCents ? ('partial' as const) : ('paid' as const);
  return { payment_method: method, payment_status: status, paid_cents: paid };
}
