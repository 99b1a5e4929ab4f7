/**
 * Refunds and voids against a completed sale, shared by the till (offline) and the server (on push):
 * what is still refundable, the amount a partial refund gives back, and the stock a refund or void
 * returns. A refund is its own pos_orders record (kind `refund`) naming the sale; the sale never
 * changes, and the stock ledger only ever gains rows.
 */
import { addedTax, computeTotals } from './pos-totals.js';

export interface RefundLineLike {
  product_id: string;
  name: string;
  sku?: string;
  unit_price_cents: number;
  quantity: number;
  tax_rate_bp: number;
  discount_cents?: number;
  tracks_stock?: boolean;
}

export interface OrderLike {
  id: string;
  kind?: string;
  status?: string;
  original_order_id?: string;
  items: readonly RefundLineLike[];
  order_discount_cents?: number;
  prices_include_vat?: boolean;
  payments: readonly { method: string; amount_cents: number }[];
}

export const refundMessages = {
  notSale: 'Only a completed sale can be refunded',
  voided: 'This sale has been voided; there is nothing left to refund.',
  noLines: 'Choose at least one item to refund',
  notInSale: 'A refunded item must be one the sale sold',
  tooMany: 'A refund cannot be more than was sold less what has already been refunded.',
  money: 'The money given back must equal the refund total',
  reason: 'Give a reason for the refund',
  hasRefunds: 'This sale has refunds. Refund what is left instead of voiding it.',
} as const;

/** What one product of a sale sold and what refunds have given back so far. */
export interface RefundableLine {
  product_id: string;
  line: RefundLineLike;
  sold_quantity: number;
  /** The product's share of the sale total, after line and order discounts. */
  sold_cents: number;
  refunded_quantity: number;
  refunded_cents: number;
}

/** A sale's lines grouped by product, with what the given refunds took back from each. */
export function refundable(sale: OrderLike, refunds: readonly OrderLike[]): RefundableLine[] {
  const totals = computeTotals(sale.items, sale.order_discount_cents ?? 0);
  const byProduct = new Map<string, RefundableLine>();
  sale.items.forEach((line, i) => {
    const entry = byProduct.get(line.product_id) ?? {
      product_id: line.product_id,
      line,
      sold_quantity: 0,
      sold_cents: 0,
      refunded_quantity: 0,
      refunded_cents: 0,
    };
    entry.sold_quantity += line.quantity;
    entry.sold_cents += totals.line_totals[i] ?? 0;
    byProduct.set(line.product_id, entry);
  });
  for (const refund of refunds) {
    const rt = computeTotals(refund.items, refund.order_discount_cents ?? 0);
    refund.items.forEach((line, i) => {
      const entry = byProduct.get(line.product_id);
      if (!entry) return;
      entry.refunded_quantity += line.quantity;
      entry.refunded_cents += rt.line_totals[i] ?? 0;
    });
  }
  return [...byProduct.values()];
}

/** A line total's share for `count` of `of` units, rounded half up (exact: all values stay below 2^53). */
function share(total: number, count: number, of: number): number {
  return Math.floor((2 * total * count + of) / (2 * of));
}

/**
 * The money `quantity` more units of a line give back after `before` were refunded: the difference of
 * cumulative shares, so refunding a line in parts gives back exactly what it sold for, never a cent
 * more. Never more than what the line has left.
 */
export function refundCents(entry: RefundableLine, quantity: number): number {
  const after = Math.min(entry.refunded_quantity + quantity, entry.sold_quantity);
  const amount =
    share(entry.sold_cents, after, entry.sold_quantity) - share(entry.sold_cents, entry.refunded_quantity, entry.sold_quantity);
  return Math.max(0, Math.min(amount, entry.sold_cents - entry.refunded_cents));
}

/**
 * The money `quantity` more units of a line give back, VAT included: their share of the line, and
 * the VAT on that share when the sale's prices excluded VAT (a refund keeps its sale's choice).
 */
export function refundWithVat(entry: RefundableLine, quantity: number, pricesIncludeVat: boolean): number {
  const share = refundCents(entry, quantity);
  return pricesIncludeVat ? share : share + addedTax(share, entry.line.tax_rate_bp);
}

/**
 * Why `refund` cannot be given against `sale` after the `prior` refunds (and a `voided` sale), or null.
 * The server runs this on every pushed refund, so two tills refunding one sale offline can never
 * give back more between them than it sold.
 */
export function refundProblem(
  sale: OrderLike | undefined,
  prior: readonly OrderLike[],
  refund: OrderLike,
  opts: { voided: boolean },
): string | null {
  if (!sale || sale.kind !== 'sale' || sale.status !== 'completed') return refundMessages.notSale;
  if (opts.voided) return refundMessages.voided;
  if (refund.items.length === 0) return refundMessages.noLines;
  const lines = new Map(refundable(sale, prior).map((l) => [l.product_id, l]));
  const totals = computeTotals(refund.items, refund.order_discount_cents ?? 0, refund.prices_include_vat !== false);
  const asked = new Map<string, { quantity: number; cents: number }>();
  refund.items.forEach((line, i) => {
    const a = asked.get(line.product_id) ?? { quantity: 0, cents: 0 };
    a.quantity += line.quantity;
    a.cents += totals.line_totals[i] ?? 0;
    asked.set(line.product_id, a);
  });
  for (const [productId, a] of asked) {
    const left = lines.get(productId);
    if (!left) return refundMessages.notInSale;
    if (left.refunded_quantity + a.quantity > left.sold_quantity) return refundMessages.tooMany;
    if (left.refunded_cents + a.cents > left.sold_cents) return refundMessages.tooMany;
  }
  const back = refund.payments.reduce((sum, p) => sum + p.amount_cents, 0);
  if (back !== totals.total_cents) return refundMessages.money;
  return null;
}

/** Stock movement ids follow from the record, so writing them twice can never count twice. */
export const saleMovementId = (orderId: string, line: number) => `sale-${orderId}-${line}`;
export const voidMovementId = (orderId: string, line: number) => `void-${orderId}-${line}`;
export const refundMovementId = (refundId: string, line: number) => `refund-${refundId}-${line}`;
/** The movement that takes back a refused refund's or void's returned stock. */
export const undoMovementId = (movementId: string) => `undo-${movementId}`.slice(0, 64);

/**
 * The stock a void or refund puts back, one movement per line that counted stock: ids and
 * quantities only, the rest is the caller's.
 */
export function returnedStock(order: OrderLike): { id: string; product_id: string; quantity: number }[] {
  const out: { id: string; product_id: string; quantity: number }[] = [];
  order.items.forEach((item, line) => {
    if (item.tracks_stock === false) return;
    const id =
      order.kind === 'void' && order.original_order_id ? voidMovementId(order.original_order_id, line) : refundMovementId(order.id, line);
    out.push({ id, product_id: item.product_id, quantity: item.quantity });
  });
  return out;
}
