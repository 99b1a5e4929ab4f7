import type { StockMovement } from '../../../schema/inventory/catalog';
import { orderFigures, posOrders, type PaymentMethod, type PosItem, type PosOrder, type PosPayment } from '../../../schema/pos/pos';
import { cashChange, computeTotals } from '../../../schema/pos/pos-totals';
import {
  refundable,
  refundCents,
  refundMessages,
  refundProblem,
  returnedStock,
  saleMovementId,
  voidMovementId,
} from '../../../schema/pos/pos-refunds';

/**
 * What the person chose at "Charge": one method, or a split across card, EFT and cash where the card
 * and EFT amounts are taken as typed and cash covers the rest (change comes only from cash).
 */
export type Tender =
  | { method: 'cash'; tenderedCents: number }
  | { method: Exclude<PaymentMethod, 'cash'> }
  | { method: 'split'; cardCents: number; eftCents: number; tenderedCents: number };

/** The payments a tender makes for a total, or why it cannot pay it. Exact in cents. */
export function paymentsFor(totalCents: number, tender: Tender): Built<PosPayment[]> {
  if (tender.method === 'cash') {
    const cash = cashChange(totalCents, tender.tenderedCents);
    if (!cash.ok) return cash;
    return {
      ok: true,
      value: [{ method: 'cash', amount_cents: totalCents, tendered_cents: tender.tenderedCents, change_cents: cash.change_cents }],
    };
  }
  if (tender.method !== 'split') return { ok: true, value: [{ method: tender.method, amount_cents: totalCents }] };
  const { cardCents, eftCents, tenderedCents } = tender;
  if (![cardCents, eftCents, tenderedCents].every((c) => Number.isInteger(c) && c >= 0)) {
    return { ok: false, message: splitMessages.amounts };
  }
  if (cardCents + eftCents > totalCents) return { ok: false, message: splitMessages.overTotal };
  const cashDue = totalCents - cardCents - eftCents;
  const payments: PosPayment[] = [];
  if (cardCents > 0) payments.push({ method: 'card', amount_cents: cardCents });
  if (eftCents > 0) payments.push({ method: 'eft', amount_cents: eftCents });
  if (cashDue > 0) {
    const cash = cashChange(cashDue, tenderedCents);
    if (!cash.ok) return { ok: false, message: cash.message === 'Enter the cash received' ? cash.message : splitMessages.cashShort };
    payments.push({ method: 'cash', amount_cents: cashDue, tendered_cents: tenderedCents, change_cents: cash.change_cents });
  } else if (tenderedCents > 0) {
    return { ok: false, message: splitMessages.noCashDue };
  }
  if (payments.length === 0) payments.push({ method: 'cash', amount_cents: 0, tendered_cents: 0, change_cents: 0 });
  return { ok: true, value: payments };
}

export const splitMessages = {
  amounts: 'Enter each amount like 12.50',
  overTotal: 'Card and EFT together cannot be more than the total due',
  cashShort: 'Cash received is less than the cash due',
  noCashDue: 'Card and EFT already cover the total: no cash is due',
} as const;

export interface SaleInput {
  id: string;
  workspaceId: number;
  items: readonly PosItem[];
  orderDiscountCents: number;
  /** The workspace's setting now; the sale keeps it (schema/pos/pos-totals.ts). Absent: prices include VAT. */
  pricesIncludeVat?: boolean;
  /** The seller's VAT number now (null when not VAT registered); the sale keeps it for its receipt. */
  sellerVatNumber?: string | null;
  tender: Tender;
  deviceId: string;
  shiftId?: string;
  /** Absent when the device has no reserved receipt numbers left (it gets one later). */
  receiptNumber?: number;
  /** The receipt link's random token (`newShareToken`). */
  shareToken?: string;
  contactId?: string;
  now: Date;
}

/** A receipt link's token: 128 random bits, base64url (22 characters). */
export function newShareToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/** Drops keys whose value is undefined, so stored documents hold only what was set. */
export function defined<T extends object>(obj: T): T {
  const out = { ...obj };
  for (const key of Object.keys(out)) if (Reflect.get(out, key) === undefined) Reflect.deleteProperty(out, key);
  return out;
}

export type Built<T> = { ok: true; value: T } | { ok: false; message: string };

/** A short reference printed on every receipt, there even before the receipt number is. */
export function orderReference(id: string): string {
  return id.replace(/-/g, '').slice(0, 8).toUpperCase();
}

export { saleMovementId, voidMovementId } from '../../../schema/pos/pos-refunds';
/** One void per sale: two devices voiding the same sale offline make the same record. */
export const voidOrderId = (orderId: string) => `void-${orderId}`;

/**
 * A completed sale and the stock it takes, or why it cannot be completed. The totals here are what
 * the receipt shows offline; the server recomputes them with the same function.
 */
export function buildSale(input: SaleInput): Built<{ order: PosOrder; movements: StockMovement[] }> {
  if (input.items.length === 0) return { ok: false, message: 'Add at least one item to the sale' };
  const totals = computeTotals(input.items, input.orderDiscountCents, input.pricesIncludeVat ?? true);
  const payments = paymentsFor(totals.total_cents, input.tender);
  if (!payments.ok) return payments;
  const at = input.now.toISOString();
  const fields = posOrders.fields.safeParse({
    id: input.id,
    workspace_id: input.workspaceId,
    updated_at: at,
    kind: 'sale',
    order_number: orderReference(input.id),
    receipt_number: input.receiptNumber,
    status: 'completed',
    items: input.items,
    order_discount_cents: input.orderDiscountCents,
    prices_include_vat: input.pricesIncludeVat ?? true,
    ...(input.sellerVatNumber === undefined ? {} : { seller_vat_number: input.sellerVatNumber ?? '' }),
    payments: payments.value,
    shift_id: input.shiftId,
    device_id: input.deviceId,
    contact_id: input.contactId,
    share_token: input.shareToken,
    completed_at: at,
  });
  if (!fields.success) return { ok: false, message: fields.error.issues[0]?.message ?? 'The sale is not valid' };
  const order: PosOrder = defined({ ...fields.data, ...orderFigures(fields.data) });
  const movements: StockMovement[] = [];
  order.items.forEach((item, line) => {
    if (item.tracks_stock === false) return;
    movements.push({
      id: saleMovementId(order.id, line),
      workspace_id: order.workspace_id,
      updated_at: at,
      product_id: item.product_id,
      quantity: -item.quantity,
      reason: 'sale',
      reference: order.id,
      note: 'Till sale',
      created_at: at,
    });
  });
  return { ok: true, value: { order, movements } };
}

/**
 * Voiding a completed sale: a new `void` record that references it (the sale itself never changes),
 * the same money back by the same method, and the sold stock returned.
 */
export function buildVoid(
  original: PosOrder,
  opts: { reason: string; deviceId: string; shiftId?: string; now: Date },
): Built<{ order: PosOrder; movements: StockMovement[] }> {
  if (original.kind !== 'sale' || original.status !== 'completed') return { ok: false, message: 'Only a completed sale can be voided' };
  const reason = opts.reason.trim();
  if (reason === '') return { ok: false, message: 'Give a reason for the void' };
  const at = opts.now.toISOString();
  const id = voidOrderId(original.id);
  const fields = posOrders.fields.safeParse({
    id,
    workspace_id: original.workspace_id,
    updated_at: at,
    kind: 'void',
    original_order_id: original.id,
    order_number: orderReference(original.id),
    status: 'completed',
    items: original.items,
    order_discount_cents: original.order_discount_cents,
    prices_include_vat: original.prices_include_vat,
    seller_vat_number: original.seller_vat_number,
    // Money goes back as it came; cash back is the cash the sale kept, not what was tendered.
    payments: original.payments.map((p) => ({ method: p.method, amount_cents: p.amount_cents })),
    shift_id: opts.shiftId,
    device_id: opts.deviceId,
    reason,
    completed_at: at,
    voided_at: at,
  });
  if (!fields.success) return { ok: false, message: fields.error.issues[0]?.message ?? 'The void is not valid' };
  const order: PosOrder = defined({ ...fields.data, ...orderFigures(fields.data) });
  const movements: StockMovement[] = [];
  original.items.forEach((item, line) => {
    if (item.tracks_stock === false) return;
    movements.push({
      id: voidMovementId(original.id, line),
      workspace_id: original.workspace_id,
      updated_at: at,
      product_id: item.product_id,
      quantity: item.quantity,
      reason: 'void',
      reference: original.id,
      note: `Void: ${reason}`.slice(0, 500),
      created_at: at,
    });
  });
  return { ok: true, value: { order, movements } };
}

export interface CashUp {
  float_cents: number;
  /** Cash handed over by customers. */
  tendered_cents: number;
  change_cents: number;
  /** Cash given back for voids and refunds. */
  refunds_cents: number;
  expected_cents: number;
}

/** What should be in the drawer: float + cash taken − change given − cash refunded. */
export function expectedCash(floatCents: number, orders: readonly Pick<PosOrder, 'kind' | 'payments'>[]): CashUp {
  let tendered = 0;
  let change = 0;
  let refunds = 0;
  for (const o of orders) {
    for (const p of o.payments) {
      if (p.method !== 'cash') continue;
      if (o.kind === 'sale') {
        tendered += p.tendered_cents ?? p.amount_cents;
        change += p.change_cents ?? 0;
      } else {
        refunds += p.amount_cents;
      }
    }
  }
  return {
    float_cents: floatCents,
    tendered_cents: tendered,
    change_cents: change,
    refunds_cents: refunds,
    expected_cents: floatCents + tendered - change - refunds,
  };
}

/** Totals for a cart, for the running total on screen. */
export function cartTotals(items: readonly PosItem[], orderDiscountCents: number, pricesIncludeVat = true) {
  return computeTotals(items, orderDiscountCents, pricesIncludeVat);
}

export type RefundMethod = 'cash' | 'card' | 'eft';

/**
 * A refund of some or all of a completed sale's lines: a new `refund` record naming the sale, the
 * money back by one method, and the refunded stock returned. Each line gives back its share of what
 * it sold for (discounts included), so a sale refunded in parts never gives back more than it took.
 */
export function buildRefund(
  original: PosOrder,
  prior: readonly PosOrder[],
  opts: {
    id: string;
    lines: ReadonlyMap<string, number>;
    reason: string;
    method: RefundMethod;
    deviceId: string;
    shiftId?: string;
    now: Date;
  },
): Built<{ order: PosOrder; movements: StockMovement[] }> {
  const reason = opts.reason.trim();
  if (reason === '') return { ok: false, message: refundMessages.reason };
  const voided = prior.some((o) => o.kind === 'void');
  const refunds = prior.filter((o) => o.kind === 'refund');
  const items: PosItem[] = [];
  for (const entry of refundable(original, refunds)) {
    const quantity = opts.lines.get(entry.product_id) ?? 0;
    if (quantity <= 0) continue;
    const back = refundCents(entry, quantity);
    const { line } = entry;
    items.push(
      defined({
        product_id: line.product_id,
        name: line.name,
        sku: line.sku,
        unit_price_cents: line.unit_price_cents,
        quantity,
        tax_rate_bp: line.tax_rate_bp,
        discount_cents: Math.max(0, line.unit_price_cents * quantity - back),
        tracks_stock: line.tracks_stock,
      }),
    );
  }
  const total = computeTotals(items, 0, original.prices_include_vat).total_cents;
  const at = opts.now.toISOString();
  const fields = posOrders.fields.safeParse({
    id: opts.id,
    workspace_id: original.workspace_id,
    updated_at: at,
    kind: 'refund',
    original_order_id: original.id,
    order_number: orderReference(opts.id),
    status: 'completed',
    items,
    order_discount_cents: 0,
    prices_include_vat: original.prices_include_vat,
    seller_vat_number: original.seller_vat_number,
    payments: [{ method: opts.method, amount_cents: total }],
    shift_id: opts.shiftId,
    device_id: opts.deviceId,
    contact_id: original.contact_id,
    reason,
    completed_at: at,
  });
  if (!fields.success) return { ok: false, message: fields.error.issues[0]?.message ?? 'The refund is not valid' };
  const order: PosOrder = defined({ ...fields.data, ...orderFigures(fields.data) });
  const problem = refundProblem(original, refunds, order, { voided });
  if (problem) return { ok: false, message: problem };
  return { ok: true, value: { order, movements: refundStock(order) } };
}

/** The stock a refund returns: one movement per refunded line that counts stock, ids from the refund. */
export function refundStock(order: PosOrder): StockMovement[] {
  const at = order.completed_at ?? order.updated_at;
  return returnedStock(order).map((m) => ({
    ...m,
    workspace_id: order.workspace_id,
    updated_at: at,
    reason: 'return' as const,
    reference: order.original_order_id ?? order.id,
    note: `Refund: ${order.reason ?? ''}`.slice(0, 500),
    created_at: at,
  }));
}
