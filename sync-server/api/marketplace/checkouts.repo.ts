import type { Queryable } from '../../db/db.js';
import type { ShippingAddress } from '../../../schema/marketplace/marketplace-orders.js';
import type { ItemRow } from './orders.repo.js';

/** A checkout: the cart's products and held units, the buyer, the sellers' orders it places, and its lapse. */

export interface CheckoutRow {
  id: string;
  user_id: number;
  reference: string;
  email: string;
  amount_cents: number;
  currency: string;
  status: 'pending' | 'paid' | 'failed';
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
  c: {
    id: string;
    userId: number;
    reference: string;
    email: string;
    amount: number;
    currency: string;
    address: ShippingAddress | null;
    at: Date;
  },
): Promise<void> {
  await tx.query(
    `INSERT INTO marketplace_checkouts (id, user_id, reference, email, amount_cents, currency, shipping_address, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8)`,
    [c.id, c.userId, c.reference, c.email, c.amount, c.currency, c.address === null ? null : JSON.stringify(c.address), c.at],
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
  /** The seller's VAT number as it stood when the order was placed: null when not VAT registered (an "Invoice"). */
  sellerVatNumber: string | null;
  total: number;
  shippingMethod: string | null;
  /** Null when nothing of the order is posted (tickets, digital goods, services). */
  address: ShippingAddress | null;
  reference: string;
  at: Date;
  items: { productId: string; name: string; quantity: number; unitPrice: number; snapshot: unknown }[];
}

export async function insertOrder(tx: Queryable, o: NewOrder): Promise<void> {
  await tx.query(
    `INSERT INTO marketplace_orders (workspace_id, id, checkout_id, buyer_id, buyer_name, buyer_email, order_number, currency,
       subtotal_cents, shipping_cents, tax_cents, total_cents, shipping_method, shipping_address, billing_address,
       payment_reference, created_at, updated_at, seller_vat_number)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14::jsonb, $14::jsonb, $15, $16, $16, $17)`,
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
      o.address === null ? null : JSON.stringify(o.address),
      o.reference,
      o.at,
      o.sellerVatNumber,
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

/** The bought lines leave the buyer's cart once paid. */
export async function removeBoughtFromCart(tx: Queryable, userId: number, items: readonly ItemRow[]): Promise<void> {
  if (items.length === 0) return;
  await tx.query(
    `DELETE FROM cart_items WHERE user_id = $1 AND (workspace_id, product_id) IN (SELECT * FROM unnest($2::int[], $3::text[]))`,
    [userId, items.map((i) => i.workspace_id), items.map((i) => i.product_id)],
  );
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
