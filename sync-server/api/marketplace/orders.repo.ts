import type { Queryable } from '../../db/db.js';
import { documentTitle } from '../../../schema/kit/vat.js';
import type { OrderDto, OrderStatus, PaymentStatus, ShippingAddress } from '../../../schema/marketplace/marketplace-orders.js';

/**
 * Marketplace checkouts and orders. Checkout and settling cross workspaces and run as the server;
 * a seller's reads and changes run in the workspace's scope (row-level security); a buyer's reads
 * are always filtered by the buyer's own id.
 */

export interface OrderRow {
  workspace_id: number;
  seller_vat_number: string | null;
  id: string;
  checkout_id: string;
  buyer_id: number | null;
  buyer_name: string;
  buyer_email: string;
  order_number: string;
  status: OrderStatus;
  payment_status: PaymentStatus;
  currency: string;
  subtotal_cents: number;
  shipping_cents: number;
  tax_cents: number;
  total_cents: number;
  refunded_cents: number;
  shipping_method: string | null;
  shipping_address: ShippingAddress | null;
  tracking_number: string | null;
  payment_reference: string;
  created_at: Date;
  paid_at: Date | null;
  seller_name: string;
  seller_slug: string;
}

export interface ItemRow {
  workspace_id: number;
  order_id: string;
  line: number;
  product_id: string;
  name: string;
  quantity: number;
  unit_price_cents: number;
  line_total_cents: number;
  fulfillment_status: string;
  restocked_quantity: number;
}

interface PaymentRow {
  workspace_id: number;
  order_id: string;
  kind: 'charge' | 'refund';
  amount_cents: number;
  reference: string;
  note: string | null;
  refund_status: RefundStatus | null;
  created_at: Date;
}

export type RefundStatus = 'pending' | 'processed' | 'failed';

const MONEY = ['subtotal_cents', 'shipping_cents', 'tax_cents', 'total_cents', 'refunded_cents'] as const;

function orderOf(r: OrderRow): OrderRow {
  const out = { ...r };
  for (const k of MONEY) out[k] = Number(r[k]);
  return out;
}

const ORDER_SELECT = `SELECT o.workspace_id, o.id, o.checkout_id, o.buyer_id, o.buyer_name, o.buyer_email, o.order_number, o.status,
    o.payment_status, o.currency, o.subtotal_cents, o.shipping_cents, o.tax_cents, o.total_cents, o.refunded_cents,
    o.shipping_method, o.shipping_address, o.tracking_number, o.payment_reference, o.created_at, o.paid_at, o.seller_vat_number,
    w.name AS seller_name, w.slug AS seller_slug
  FROM marketplace_orders o JOIN workspaces w ON w.id = o.workspace_id`;

export async function ordersOfCheckout(tx: Queryable, checkoutId: string, lock = false): Promise<OrderRow[]> {
  const rows = await tx.query<OrderRow>(
    `${ORDER_SELECT} WHERE o.checkout_id = $1 ORDER BY o.workspace_id${lock ? ' FOR UPDATE OF o' : ''}`,
    [checkoutId],
  );
  return rows.map(orderOf);
}

export async function ordersOfBuyer(q: Queryable, userId: number, limit: number): Promise<OrderRow[]> {
  const rows = await q.query<OrderRow>(
    `${ORDER_SELECT} JOIN marketplace_checkouts c ON c.id = o.checkout_id
      WHERE o.buyer_id = $1 AND c.user_id = $1 AND o.payment_status <> 'failed'
      ORDER BY o.created_at DESC, o.order_number LIMIT $2`,
    [userId, limit],
  );
  return rows.map(orderOf);
}

export async function ordersOfSeller(
  q: Queryable,
  workspaceId: number,
  status: OrderStatus | undefined,
  limit: number,
): Promise<OrderRow[]> {
  const rows = await q.query<OrderRow>(
    `${ORDER_SELECT} WHERE o.workspace_id = $1 AND ($2::text IS NULL OR o.status = $2) AND o.payment_status <> 'failed'
      ORDER BY o.created_at DESC, o.order_number LIMIT $3`,
    [workspaceId, status ?? null, limit],
  );
  return rows.map(orderOf);
}

export async function orderOfSeller(q: Queryable, workspaceId: number, orderId: string, lock = false): Promise<OrderRow | undefined> {
  const [row] = await q.query<OrderRow>(`${ORDER_SELECT} WHERE o.workspace_id = $1 AND o.id = $2${lock ? ' FOR UPDATE OF o' : ''}`, [
    workspaceId,
    orderId,
  ]);
  return row && orderOf(row);
}

/**
 * Which of these orders are the workspace's (a device's status change must name one of its own),
 * locked for the changes without waiting: the push already holds the workspace's lock, which a
 * refund takes while holding its order's, so a wait here (or in the changes' foreign key check)
 * could deadlock. An order held elsewhere fails the push (lock_not_available); the device sends it
 * again.
 */
export async function lockOrdersForChanges(q: Queryable, workspaceId: number, ids: readonly string[]): Promise<Set<string>> {
  const rows = await q.query<{ id: string }>(
    'SELECT id::text AS id FROM marketplace_orders WHERE workspace_id = $1 AND id = ANY($2::uuid[]) ORDER BY id FOR UPDATE NOWAIT',
    [workspaceId, [...ids]],
  );
  return new Set(rows.map((r) => r.id));
}

/** An order for a change a device pushed, its lock already held (`lockOrdersForChanges`). */
export async function orderForChange(q: Queryable, workspaceId: number, orderId: string): Promise<OrderRow | undefined> {
  const [row] = await q.query<OrderRow>(`${ORDER_SELECT} WHERE o.workspace_id = $1 AND o.id = $2`, [workspaceId, orderId]);
  return row && orderOf(row);
}

export async function itemsOf(q: Queryable, orders: readonly { workspace_id: number; id: string }[]): Promise<ItemRow[]> {
  if (orders.length === 0) return [];
  const rows = await q.query<ItemRow>(
    `SELECT workspace_id, order_id, line, product_id, name, quantity, unit_price_cents, line_total_cents, fulfillment_status, restocked_quantity
       FROM marketplace_order_items WHERE (workspace_id, order_id) IN (SELECT * FROM unnest($1::int[], $2::uuid[]))
      ORDER BY workspace_id, order_id, line`,
    [orders.map((o) => o.workspace_id), orders.map((o) => o.id)],
  );
  return rows.map((r) => ({ ...r, unit_price_cents: Number(r.unit_price_cents), line_total_cents: Number(r.line_total_cents) }));
}

async function paymentsOf(q: Queryable, orders: readonly { workspace_id: number; id: string }[]): Promise<PaymentRow[]> {
  if (orders.length === 0) return [];
  return q.query<PaymentRow>(
    `SELECT workspace_id, order_id, kind, amount_cents, reference, note, refund_status, created_at
       FROM order_payments WHERE (workspace_id, order_id) IN (SELECT * FROM unnest($1::int[], $2::uuid[]))
      ORDER BY created_at, id`,
    [orders.map((o) => o.workspace_id), orders.map((o) => o.id)],
  );
}

/** Orders as the API shows them, with their items and payments. */
/** The next marketplace order number: one series for every seller, so an order number names one order. */
export async function nextOrderNumber(q: Queryable): Promise<number> {
  const rows = await q.query<{ n: string }>(`SELECT nextval('marketplace_order_numbers') AS n`);
  return Number(rows[0].n);
}

export async function orderDtos(q: Queryable, orders: readonly OrderRow[]): Promise<OrderDto[]> {
  const [items, payments] = await Promise.all([itemsOf(q, orders), paymentsOf(q, orders)]);
  const mine = <T extends { workspace_id: number; order_id: string }>(list: T[], o: OrderRow) =>
    list.filter((x) => x.workspace_id === o.workspace_id && x.order_id === o.id);
  return orders.map((o) => ({
    id: o.id,
    order_number: o.order_number,
    status: o.status,
    payment_status: o.payment_status,
    currency: o.currency,
    subtotal_cents: o.subtotal_cents,
    shipping_cents: o.shipping_cents,
    tax_cents: o.tax_cents,
    // An order keeps its figures, not the seller's setting at the time: VAT that was not added on top was inside the prices.
    tax_included: o.tax_cents > 0 && o.total_cents === o.subtotal_cents + o.shipping_cents,
    seller_vat_number: o.seller_vat_number,
    document_title: documentTitle('invoice', o.seller_vat_number !== null),
    total_cents: o.total_cents,
    refunded_cents: o.refunded_cents,
    shipping_method: o.shipping_method,
    shipping_address: o.shipping_address,
    tracking_number: o.tracking_number,
    buyer: { name: o.buyer_name, email: o.buyer_email },
    seller: { name: o.seller_name, slug: o.seller_slug },
    items: mine(items, o).map(({ workspace_id: _w, order_id: _o, ...i }) => i),
    payments: mine(payments, o).map((p) => ({
      kind: p.kind,
      amount_cents: Number(p.amount_cents),
      reference: p.reference,
      note: p.note,
      refund_status: p.refund_status,
      created_at: new Date(p.created_at).toISOString(),
    })),
    created_at: new Date(o.created_at).toISOString(),
    paid_at: o.paid_at ? new Date(o.paid_at).toISOString() : null,
  }));
}

/**
 * A paid order is confirmed for the seller to send; one with nothing to send (no delivery address:
 * tickets, goods that are not posted) is delivered once paid, its lines fulfilled.
 */
export async function setOrderPaid(
  tx: Queryable,
  o: { workspace_id: number; id: string; shipping_address: ShippingAddress | null },
  at: Date,
): Promise<void> {
  const done = o.shipping_address === null;
  await tx.query(
    `UPDATE marketplace_orders SET status = $4, payment_status = 'paid', paid_at = $3, updated_at = $3
      WHERE workspace_id = $1 AND id = $2`,
    [o.workspace_id, o.id, at, done ? 'delivered' : 'confirmed'],
  );
  if (done) await setFulfillment(tx, o, 'fulfilled');
}

export async function setOrdersFailed(tx: Queryable, checkoutId: string, at: Date): Promise<void> {
  await tx.query(
    `UPDATE marketplace_orders SET status = 'cancelled', payment_status = 'failed', updated_at = $2
      WHERE checkout_id = $1 AND payment_status = 'pending'`,
    [checkoutId, at],
  );
}

export async function insertPayment(
  tx: Queryable,
  p: {
    workspaceId: number;
    id: string;
    orderId: string;
    kind: 'charge' | 'refund';
    amount: number;
    reference: string;
    note?: string | null;
    by?: number | null;
    at: Date;
    /** A refund: what the card partner has said of it so far. */
    refundStatus?: RefundStatus;
  },
): Promise<void> {
  await tx.query(
    `INSERT INTO order_payments (workspace_id, id, order_id, kind, amount_cents, reference, note, created_by, created_at, refund_status)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [
      p.workspaceId,
      p.id,
      p.orderId,
      p.kind,
      p.amount,
      p.reference,
      p.note ?? null,
      p.by ?? null,
      p.at,
      p.kind === 'refund' ? (p.refundStatus ?? 'pending') : null,
    ],
  );
}

/** Locks every order a card payment paid for, in one order (waits for a refund of one of them in progress). */
export async function lockOrdersOfPayment(tx: Queryable, reference: string): Promise<void> {
  await tx.query('SELECT id FROM marketplace_orders WHERE payment_reference = $1 ORDER BY workspace_id, id FOR UPDATE', [reference]);
}

/**
 * A seller's refund still waiting for the bank's answer, locked: by the card partner's refund id
 * when the answer names it, else the oldest of that amount on the payment.
 */
export async function waitingRefund(
  tx: Queryable,
  r: { transactionReference: string; amount: number; refundId: string | null },
): Promise<{ workspace_id: number; id: string; order_id: string; amount_cents: string | number } | undefined> {
  const [row] = await tx.query<{ workspace_id: number; id: string; order_id: string; amount_cents: string | number }>(
    `SELECT p.workspace_id, p.id, p.order_id, p.amount_cents FROM order_payments p
       JOIN marketplace_orders o ON o.workspace_id = p.workspace_id AND o.id = p.order_id
      WHERE p.refund_status = 'pending' AND o.payment_reference = $1
        AND CASE WHEN $3::text IS NULL THEN p.amount_cents = $2 ELSE p.reference = 'refund-' || $3 END
      ORDER BY p.created_at, p.id LIMIT 1 FOR UPDATE OF p`,
    [r.transactionReference, r.amount, r.refundId],
  );
  return row;
}

export async function setRefundStatus(tx: Queryable, p: { workspace_id: number; id: string }, status: RefundStatus): Promise<void> {
  await tx.query('UPDATE order_payments SET refund_status = $3 WHERE workspace_id = $1 AND id = $2', [p.workspace_id, p.id, status]);
}

/**
 * A refund the bank turned back no longer counts: the order's refunded amount falls by it, its
 * payment state follows, and an order marked refunded by it is confirmed again for the seller to settle
 * (delivered again when it had nothing to send).
 */
export async function undoRefund(tx: Queryable, p: { workspace_id: number; order_id: string; amount: number }, at: Date): Promise<void> {
  await tx.query(
    `UPDATE marketplace_orders SET refunded_cents = greatest(0, refunded_cents - $3), updated_at = $4,
            payment_status = CASE WHEN refunded_cents - $3 <= 0 THEN 'paid' ELSE 'partially_refunded' END,
            status = CASE WHEN status <> 'refunded' THEN status WHEN shipping_address IS NULL THEN 'delivered' ELSE 'confirmed' END
      WHERE workspace_id = $1 AND id = $2`,
    [p.workspace_id, p.order_id, p.amount, at],
  );
}

export async function updateOrder(
  tx: Queryable,
  o: { workspace_id: number; id: string },
  change: { status?: OrderStatus; paymentStatus?: PaymentStatus; tracking?: string | null; refunded?: number },
  at: Date,
): Promise<void> {
  await tx.query(
    `UPDATE marketplace_orders SET status = coalesce($3, status), payment_status = coalesce($4, payment_status),
       tracking_number = CASE WHEN $5::boolean THEN $6 ELSE tracking_number END,
       refunded_cents = coalesce($7, refunded_cents), updated_at = $8
     WHERE workspace_id = $1 AND id = $2`,
    [
      o.workspace_id,
      o.id,
      change.status ?? null,
      change.paymentStatus ?? null,
      change.tracking !== undefined,
      change.tracking ?? null,
      change.refunded ?? null,
      at,
    ],
  );
}

export async function setFulfillment(
  tx: Queryable,
  o: { workspace_id: number; id: string },
  status: 'fulfilled' | 'pending',
): Promise<void> {
  await tx.query(
    `UPDATE marketplace_order_items SET fulfillment_status = $3 WHERE workspace_id = $1 AND order_id = $2 AND fulfillment_status <> 'returned'`,
    [o.workspace_id, o.id, status],
  );
}

export async function markRestocked(tx: Queryable, o: { workspace_id: number; id: string }): Promise<void> {
  await tx.query(
    `UPDATE marketplace_order_items SET restocked_quantity = quantity, fulfillment_status = 'returned' WHERE workspace_id = $1 AND order_id = $2`,
    [o.workspace_id, o.id],
  );
}
