import { posOrders } from '../../../schema/pos.js';
import type { Queryable } from '../../db/db.js';
import { rowToDoc, type Doc } from '../../sync/codec.js';

/**
 * The stored sales named by `saleIds` and every void or refund that names one of them (withdrawn
 * records left out), as documents. Read under the workspace lock, so nothing changes under it.
 */
export async function salesWithReturns(q: Queryable, workspaceId: number, saleIds: string[]): Promise<Doc[]> {
  if (saleIds.length === 0) return [];
  const rows = await q.query(
    `SELECT * FROM pos_orders
      WHERE workspace_id = $1 AND NOT deleted AND (id = ANY($2::text[]) OR original_order_id = ANY($2::text[]))`,
    [workspaceId, saleIds],
  );
  return rows.map((row) => rowToDoc(posOrders, row));
}

/** The share token's receipt: a completed order found by its token alone (the page's reader is nobody's member). */
export async function orderByShareToken(q: Queryable, token: string): Promise<Doc | undefined> {
  const [row] = await q.query(`SELECT * FROM pos_orders WHERE share_token = $1 AND NOT deleted AND status = 'completed'`, [token]);
  return row ? rowToDoc(posOrders, row) : undefined;
}
