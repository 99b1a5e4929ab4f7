import type { Queryable } from '../../db/db.js';

/** A signed-in buyer's cart rows (spec §3 cart_items); always filtered by the buyer's own id. */
export interface CartRow {
  workspace_id: number;
  product_id: string;
  quantity: number;
  price_seen_cents: string | number;
}

export async function cartRows(q: Queryable, userId: number): Promise<CartRow[]> {
  return q.query<CartRow>(
    `SELECT workspace_id, product_id, quantity, price_seen_cents FROM cart_items WHERE user_id = $1 ORDER BY created_at, workspace_id, product_id`,
    [userId],
  );
}

/** Sets a line's quantity (adding the line when new) and the price the buyer now sees. */
export async function putLine(
  q: Queryable,
  userId: number,
  line: { workspaceId: number; productId: string; quantity: number; priceCents: number },
): Promise<void> {
  await q.query(
    `INSERT INTO cart_items (user_id, workspace_id, product_id, quantity, price_seen_cents) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (user_id, workspace_id, product_id)
     DO UPDATE SET quantity = EXCLUDED.quantity, price_seen_cents = EXCLUDED.price_seen_cents, updated_at = now()`,
    [userId, line.workspaceId, line.productId, line.quantity, line.priceCents],
  );
}

export async function removeLine(q: Queryable, userId: number, workspaceId: number, productId: string): Promise<boolean> {
  const rows = await q.query(`DELETE FROM cart_items WHERE user_id = $1 AND workspace_id = $2 AND product_id = $3 RETURNING 1`, [
    userId,
    workspaceId,
    productId,
  ]);
  return rows.length > 0;
}

/** Serialises one buyer's cart changes, so two tabs adding at once cannot pass the line limit together. */
export async function lockCart(q: Queryable, userId: number): Promise<void> {
  await q.query(`SELECT pg_advisory_xact_lock(7281030, $1)`, [userId]);
}
