import type { Queryable } from '../../db/db.js';
import type { OrderDto, OrderStatus, PaymentStatus, ShippingAddress } from '../../../schema/marketplace-orders.js';

/**
 * Marketplace checkouts and orders. Checkout and settling cross workspaces and run as the server;
 * a seller's reads and changes run in the workspace's scope (row-level security); a buyer's reads
 * are always filtered by the buyer's own id.
 */

/** Wakes the job area that queues order confirmation e-mails. */
export const ORDER_MAIL_CHANNEL = 'vuka_order_mail';

export interface CheckoutRow {
  id: string;
  user_id: number;
  reference: string;
  email: string;
  amount_cents: number;
  currency: string;
  status: 'pending' | 'paid' | 'failed';
}

export interface OrderRow {
  workspace_id: number;
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
  shipping_address: ShippingAddress;
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

/** Locks the cart's products in one order (workspace, id), so checkouts of the same item queue up. */
export async function lockProducts(tx: Queryable, keys: readonly { workspaceId: number; productId: string }[]): Promise<void> {
  await tx.query(
    `SELECT 1 FROM products WHERE (workspace_id, id) IN (SELECT * FROM unnest($1::int[], $2::text[]))
      ORDER BY workspace_id, id FOR UPDATE`,
    [keys.map((k) => k.workspaceId), keys.map((k) => k.productId)],
  );
}

/** Units of each product held by checkouts started since `since` and not yet paid or failed. */
export async function heldUnits(
  tx: Queryable,
  keys: readonly { workspaceId: number; productId: string }[],
  since: Date,
): Promise<Map<string, number>> {
  const rows = await tx.query<{ workspace_id: number; product_id: string; held: string }>(
    `SELECT i.workspace_id, i.product_id, sum(i.quantity)::text AS held
       FROM marketplace_order_items i
       JOIN marketplace_orders o ON o.workspace_id = i.workspace_id AND o.id = i.order_id
      WHERE o.payment_status = 'pending' AND o.status = 'pending' AND o.created_at > $3
        AND (i.workspace_id, i.product_id) IN (SELECT * FROM unnest($1::int[], $2::text[]))
      GROUP BY i.workspace_id, i.product_id`,
    [keys.map((k) => k.workspaceId), keys.map((k) => k.productId), since],
  );
  return new Map(rows.map((r) => [`${r.workspace_id}-${r.product_id}`, Number(r.held)]));
}

export async function buyer(q: Queryable, userId: number): Promise<{ email: string; full_name: string | null } | undefined> {
  const [row] = await q.query<{ email: string; full_name: string | null }>('SELECT email, full_name FROM users WHERE id = $1', [userId]);
  return row;
}

/** Seller's checkout settings beyond the storefront's own: their payout account. */
export async function payoutAccount(q: Queryable, workspaceId: number): Promise<string | null> {
  const [row] = await q.query<{ paystack_subaccount: string | null }>(
    'SELECT paystack_subaccount FROM storefront_settings WHERE workspace_id = $1',
    [workspaceId],
  );
  return row?.paystack_subaccount ?? null;
}

export async function setPayoutAccount(q: Queryable, workspaceId: number, code: string): Promise<void> {
  await q.query(
    `INSERT INTO storefront_settings (workspace_id, paystack_subaccount) VALUES ($1, $2)
     ON CONFLICT (workspace_id) DO UPDATE SET paystack_subaccount = EXCLUDED.paystack_subaccount, updated_at = now()`,
    [workspaceId, code],
  );
}

export async function insertCheckout(
  tx: Queryable,
  c: { id: string; userId: number; reference: string; email: string; amount: number; currency: string; address: ShippingAddress; at: Date },
): Promise<void> {
  await tx.query(
    `INSERT INTO marketplace_checkouts (id, user_id, reference, email, amount_cents, currency, shipping_address, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8)`,
    [c.id, c.userId, c.reference, c.email, c.amount, c.currency, JSON.stringify(c.address), c.at],
  );
}

export interface NewOrder {
  workspaceId: number;
  id: string;
  checkoutId: string;
  buyerId: number;
  buyerName: string;
  buyerEmail: string;
  number: string;
  currency: string;
  subtotal: number;
  shipping: number;
  tax: number;
  total: number;
  shippingMethod: string | null;
  address: ShippingAddress;
  reference: string;
  at: Date;
  items: { productId: string; name: string; quantity: number; unitPrice: number; snapshot: unknown }[];
}

export async function insertOrder(tx: Queryable, o: NewOrder): Promise<void> {
  await tx.query(
    `INSERT INTO marketplace_orders (workspace_id, id, checkout_id, buyer_id, buyer_name, buyer_email, order_number, currency,
       subtotal_cents, shipping_cents, tax_cents, total_cents, shipping_method, shipping_address, billing_address,
       payment_reference, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14::jsonb, $14::jsonb, $15, $16, $16)`,
    [
      o.workspaceId,
      o.id,
      o.checkoutId,
      o.buyerId,
      o.buyerName,
      o.buyerEmail,
      o.number,
      o.currency,
      o.subtotal,
      o.shipping,
      o.tax,
      o.total,
      o.shippingMethod,
      JSON.stringify(o.address),
      o.reference,
      o.at,
    ],
  );
  await tx.query(
    `INSERT INTO marketplace_order_items (workspace_id, order_id, line, product_id, name, quantity, unit_price_cents, line_total_cents, product_snapshot)
     SELECT $1, $2, x.line, x.product_id, x.name, x.quantity, x.unit_price, x.quantity * x.unit_price, x.snapshot
       FROM jsonb_to_recordset($3::jsonb) AS x(line int, product_id text, name text, quantity int, unit_price bigint, snapshot jsonb)`,
    [
      o.workspaceId,
      o.id,
      JSON.stringify(
        o.items.map((i, n) => ({
          line: n + 1,
          product_id: i.productId,
          name: i.name,
          quantity: i.quantity,
          unit_price: i.unitPrice,
          snapshot: i.snapshot,
        })),
      ),
    ],
  );
}

/** A checkout by its reference, locked for settling (unscoped: the webhook). */
const CHECKOUT_COLUMNS = 'id, user_id, reference, email, amount_cents, currency, status';
const checkoutOf = (row: CheckoutRow): CheckoutRow => ({ ...row, amount_cents: Number(row.amount_cents) });

export async function checkoutForUpdate(tx: Queryable, reference: string): Promise<CheckoutRow | undefined> {
  const [row] = await tx.query<CheckoutRow>(`SELECT ${CHECKOUT_COLUMNS} FROM marketplace_checkouts WHERE reference = $1 FOR UPDATE`, [
    reference,
  ]);
  return row && checkoutOf(row);
}

export async function checkoutByReference(q: Queryable, userId: number, reference: string): Promise<CheckoutRow | undefined> {
  const [row] = await q.query<CheckoutRow>(`SELECT ${CHECKOUT_COLUMNS} FROM marketplace_checkouts WHERE reference = $1 AND user_id = $2`, [
    reference,
    userId,
  ]);
  return row && checkoutOf(row);
}

export async function setCheckoutStatus(tx: Queryable, id: string, status: 'paid' | 'failed', at: Date | null): Promise<void> {
  await tx.query('UPDATE marketplace_checkouts SET status = $2, paid_at = $3 WHERE id = $1', [id, status, at]);
}

const ORDER_SELECT = `SELECT o.workspace_id, o.id, o.checkout_id, o.buyer_id, o.buyer_name, o.buyer_email, o.order_number, o.status,
    o.payment_status, o.currency, o.subtotal_cents, o.shipping_cents, o.tax_cents, o.total_cents, o.refunded_cents,
    o.shipping_method, o.shipping_address, o.tracking_number, o.payment_reference, o.created_at, o.paid_at,
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

export async function setOrderPaid(tx: Queryable, o: { workspace_id: number; id: string }, at: Date): Promise<void> {
  await tx.query(
    `UPDATE marketplace_orders SET status = 'confirmed', payment_status = 'paid', paid_at = $3, updated_at = $3
      WHERE workspace_id = $1 AND id = $2`,
    [o.workspace_id, o.id, at],
  );
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
 * payment state follows, and an order marked refunded by it is confirmed again for the seller to settle.
 */
export async function undoRefund(tx: Queryable, p: { workspace_id: number; order_id: string; amount: number }, at: Date): Promise<void> {
  await tx.query(
    `UPDATE marketplace_orders SET refunded_cents = greatest(0, refunded_cents - $3), updated_at = $4,
            payment_status = CASE WHEN refunded_cents - $3 <= 0 THEN 'paid' ELSE 'partially_refunded' END,
            status = CASE WHEN status = 'refunded' THEN 'confirmed' ELSE status END
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

/** The bought lines leave the buyer's cart once paid. */
export async function removeBoughtFromCart(tx: Queryable, userId: number, items: readonly ItemRow[]): Promise<void> {
  if (items.length === 0) return;
  await tx.query(
    `DELETE FROM cart_items WHERE user_id = $1 AND (workspace_id, product_id) IN (SELECT * FROM unnest($2::int[], $3::text[]))`,
    [userId, items.map((i) => i.workspace_id), items.map((i) => i.product_id)],
  );
}

export async function wakeOrderMail(tx: Queryable): Promise<void> {
  await tx.query(`SELECT pg_notify('${ORDER_MAIL_CHANNEL}', '')`);
}

/** Paid orders whose confirmation is not queued yet (unscoped: the job area). */
export async function unqueuedConfirmations(q: Queryable, limit: number): Promise<{ workspace_id: number; id: string }[]> {
  return q.query(
    `SELECT workspace_id, id FROM marketplace_orders WHERE confirmation_job IS NULL AND payment_status = 'paid' ORDER BY paid_at LIMIT $1`,
    [limit],
  );
}

export async function markConfirmationQueued(q: Queryable, o: { workspace_id: number; id: string }, jobId: string): Promise<void> {
  await q.query('UPDATE marketplace_orders SET confirmation_job = $3 WHERE workspace_id = $1 AND id = $2', [o.workspace_id, o.id, jobId]);
}

/** Claims the sending of one order's confirmation: true once, false ever after. */
export async function claimConfirmation(q: Queryable, workspaceId: number, orderId: string, at: Date): Promise<boolean> {
  const rows = await q.query(
    `UPDATE marketplace_orders SET confirmation_sent_at = $3 WHERE workspace_id = $1 AND id = $2 AND confirmation_sent_at IS NULL RETURNING 1`,
    [workspaceId, orderId, at],
  );
  return rows.length > 0;
}

export async function releaseConfirmation(q: Queryable, workspaceId: number, orderId: string): Promise<void> {
  await q.query('UPDATE marketplace_orders SET confirmation_sent_at = NULL WHERE workspace_id = $1 AND id = $2', [workspaceId, orderId]);
}

/**
 * Closes every checkout started before `before` and never paid (unscoped: the job area): its orders
 * are cancelled and their held stock is free. A payment that still arrives for one settles it as usual.
 */
export async function expireUnpaidCheckouts(q: Queryable, before: Date, at: Date): Promise<number> {
  const rows = await q.query<{ id: string }>(
    `WITH closed AS (
       UPDATE marketplace_checkouts SET status = 'failed' WHERE status = 'pending' AND created_at < $1 RETURNING id)
     UPDATE marketplace_orders o SET status = 'cancelled', payment_status = 'failed', updated_at = $2
       FROM closed WHERE o.checkout_id = closed.id AND o.payment_status = 'pending'
     RETURNING closed.id`,
    [before, at],
  );
  return new Set(rows.map((r) => r.id)).size;
}
