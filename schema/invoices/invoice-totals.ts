/**
 * Invoice and quote totals, shared by the app (live totals, offline) and the server (the stored,
 * authoritative ones). Pure integer arithmetic on cents:
 *
 * - Each document records whether its prices include VAT (the workspace's setting when it was
 *   written, changeable while it is a draft). Exclusive (the business-to-business norm): VAT is
 *   added on top. Inclusive (shelf prices): VAT is the portion already inside each line.
 * - Quantities may have up to 3 decimals (1.5 hours, 0.25 kg); they are handled as whole
 *   thousandths, so no float ever touches a money amount.
 * - Per line: gross = quantity × unit price, discount = gross × discount %, net = gross − discount;
 *   tax = net × rate (exclusive) or net × rate / (100 % + rate) (inclusive). Each is rounded to the
 *   cent, half away from zero, on its own line, so the totals always equal the sum of what the
 *   lines show.
 * - Document: subtotal = Σ gross, discount = Σ discounts, tax = Σ taxes,
 *   total = subtotal − discount (+ tax when prices exclude VAT).
 */

import { MAX_DOCUMENT_CENTS } from '../kit/input.js';

/** What the arithmetic needs from a line. Rates are in hundredths of a percent (1500 = 15.00 %). */
export interface TotalsLine {
  quantity: number;
  unit_price_cents: number;
  tax_rate_bp: number;
  discount_bp?: number;
}

export interface LineTotals {
  gross_cents: number;
  discount_cents: number;
  net_cents: number;
  tax_cents: number;
  total_cents: number;
}

export interface DocumentTotals {
  subtotal_cents: number;
  discount_cents: number;
  tax_cents: number;
  total_cents: number;
}

/** Quantities carry at most this many decimals. */
export const QUANTITY_DECIMALS = 3;
const QUANTITY_SCALE = 10n ** BigInt(QUANTITY_DECIMALS);

/** A quantity as whole thousandths (1.5 → 1500). Exact for the 3 decimals the schema allows. */
export function quantityThousandths(quantity: number): bigint {
  return BigInt(Math.round(quantity * Number(QUANTITY_SCALE)));
}

/** numerator / denominator rounded half away from zero, for non-negative or negative numerators. */
function divideRounded(numerator: bigint, denominator: bigint): bigint {
  const negative = numerator < 0n;
  const abs = negative ? -numerator : numerator;
  const q = (abs * 2n + denominator) / (denominator * 2n);
  return negative ? -q : q;
}

function lineFigures(line: TotalsLine, pricesIncludeVat: boolean) {
  const gross = divideRounded(quantityThousandths(line.quantity) * BigInt(line.unit_price_cents), QUANTITY_SCALE);
  const discount = divideRounded(gross * BigInt(line.discount_bp ?? 0), 10_000n);
  const net = gross - discount;
  const rate = BigInt(line.tax_rate_bp);
  const tax = divideRounded(net * rate, pricesIncludeVat ? 10_000n + rate : 10_000n);
  return { gross, discount, net, tax, total: pricesIncludeVat ? net : net + tax };
}

/**
 * One line's figures. `net_cents` is the line's amount after its discount as priced (VAT inside it
 * when prices include VAT); `total_cents` is what the line adds to the document's total.
 */
export function lineTotals(line: TotalsLine, pricesIncludeVat = false): LineTotals {
  const f = lineFigures(line, pricesIncludeVat);
  return {
    gross_cents: Number(f.gross),
    discount_cents: Number(f.discount),
    net_cents: Number(f.net),
    tax_cents: Number(f.tax),
    total_cents: Number(f.total),
  };
}

function sumLines(lines: readonly TotalsLine[], pricesIncludeVat: boolean) {
  let subtotal = 0n;
  let discount = 0n;
  let tax = 0n;
  let total = 0n;
  for (const line of lines) {
    const f = lineFigures(line, pricesIncludeVat);
    subtotal += f.gross;
    discount += f.discount;
    tax += f.tax;
    total += f.total;
  }
  return { subtotal, discount, tax, total };
}

/** Summed in BigInt, so the totals are exact for any lines; `documentTotalsFit` keeps them within a JS number. */
export function documentTotals(lines: readonly TotalsLine[], pricesIncludeVat = false): DocumentTotals {
  const t = sumLines(lines, pricesIncludeVat);
  return {
    subtotal_cents: Number(t.subtotal),
    discount_cents: Number(t.discount),
    tax_cents: Number(t.tax),
    total_cents: Number(t.total),
  };
}

const isWhole = (v: unknown) => typeof v === 'number' && Number.isSafeInteger(v);

/**
 * Whether the document's subtotal and total are at most MAX_DOCUMENT_CENTS, so every figure (each at
 * most subtotal + tax) is an exact JS number and fits its `bigint` column. Lines that are not numbers
 * yet are left to their own field checks.
 */
export function documentTotalsFit(lines: readonly TotalsLine[]): boolean {
  const numeric = lines.filter(
    (l) =>
      typeof l.quantity === 'number' &&
      Number.isFinite(l.quantity) &&
      isWhole(l.unit_price_cents) &&
      isWhole(l.tax_rate_bp) &&
      (l.discount_bp === undefined || isWhole(l.discount_bp)),
  );
  // Prices without VAT give the larger total, so the bound holds in either mode.
  const t = sumLines(numeric, false);
  const max = BigInt(MAX_DOCUMENT_CENTS);
  return t.subtotal <= max && t.total <= max;
}

/** What an invoice's payments came to. */
export function paidCents(payments: readonly { amount_cents: number }[] | undefined): number {
  return (payments ?? []).reduce((sum, p) => sum + p.amount_cents, 0);
}

/** What the invoice's credit notes took off it. */
export function creditedCents(credits: readonly { amount_cents: number }[] | undefined): number {
  return (credits ?? []).reduce((sum, c) => sum + c.amount_cents, 0);
}

/**
 * The status an issued invoice's payments and credit notes give it: paid once the payments cover
 * what the credit notes left; an unpaid invoice credited in full is cancelled (nothing is owed).
 */
export function statusFromPayments(totalCents: number, paid: number, credited = 0): 'sent' | 'partially_paid' | 'paid' | 'cancelled' {
  if (paid <= 0) return credited > 0 && credited >= totalCents ? 'cancelled' : 'sent';
  return paid >= totalCents - credited ? 'paid' : 'partially_paid';
}
