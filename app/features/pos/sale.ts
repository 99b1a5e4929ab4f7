import type { StockMovement } from '../../../schema/catalog';
import { orderFigures, posOrders, type PaymentMethod, type PosItem, type PosOrder, type PosPayment } from '../../../schema/pos';
import { cashChange, computeTotals } from '../../../schema/pos-totals';

/** What the person chose at "Charge". */
export type Tender = { method: 'cash'; tenderedCents: number } | { method: Exclude<PaymentMethod, 'cash'> };

export interface SaleInput {
  id: string;
  workspaceId: number;
  items: readonly PosItem[];
  orderDiscountCents: number;
  tender: Tender;
  deviceId: string;
  shiftId?: string;
  /** Absent when the device has no reserved receipt numbers left (it gets one later). */
  receiptNumber?: number;
  now: Date;
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

/** Stock movement ids follow from the order, so writing them twice can never count twice. */
export const saleMovementId = (orderId: string, line: number) => `sale-${orderId}-${line}`;
export const voidMovementId = (orderId: string, line: number) => `void-${orderId}-${line}`;
/** One void per sale: two devices voiding the same sale offline make the same record. */
export const voidOrderId = (orderId: string) => `void-${orderId}`;

/**
 * A completed sale and the stock it takes, or why it cannot be completed. The totals here are what
 * the receipt shows offline; the server recomputes them with the same function.
 */
export function buildSale(input: SaleInput): Built<{ order: PosOrder; movements: StockMovement[] }> {
  if (input.items.length === 0) return { ok: false, message: 'Add at least one item to the sale' };
  const totals = computeTotals(input.items, input.orderDiscountCents);
  let payment: PosPayment;
  if (input.tender.method === 'cash') {
    const cash = cashChange(totals.total_cents, input.tender.tenderedCents);
    if (!cash.ok) return cash;
    payment = {
      method: 'cash',
      amount_cents: totals.total_cents,
      tendered_cents: input.tender.tenderedCents,
      change_cents: cash.change_cents,
    };
  } else {
    payment = { method: input.tender.method, amount_cents: totals.total_cents };
  }
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
    payments: [payment],
    shift_id: input.shiftId,
    device_id: input.deviceId,
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
export function cartTotals(items: readonly PosItem[], orderDiscountCents: number) {
  return computeTotals(items, orderDiscountCents);
}
