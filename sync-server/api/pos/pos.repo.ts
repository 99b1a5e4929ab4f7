import { posOrders } from '../../../schema/pos/pos.js';
import type { Queryable, Row } from '../../db/db.js';
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

type ReceiptRow = Row & { business: string; vat_number: string | null; currency: string | null; timezone: string | null };

export interface StoredReceipt {
  order: Doc;
  business: string;
  vat_number: string | null;
  currency: string | null;
  timezone: string | null;
}

/** Completed orders matching `where` (over `o`, the order), with their seller's name and settings. */
async function receiptsWhere(q: Queryable, where: string, params: readonly unknown[]): Promise<StoredReceipt[]> {
  const rows = await q.query<ReceiptRow>(
    // The VAT number fixed on the sale ('' when the seller was not VAT registered); for a sale from
    // before, the seller's current one, and only a VAT-registered seller's (schema/kit/vat.ts).
    `SELECT o.*, w.name AS business, s.currency, s.timezone,
            CASE WHEN o.seller_vat_number IS NOT NULL THEN NULLIF(o.seller_vat_number, '')
                 WHEN COALESCE(s.vat_registered, COALESCE(btrim(s.vat_number), '') <> '') THEN s.vat_number END AS vat_number
       FROM pos_orders o
       JOIN workspaces w ON w.id = o.workspace_id
       LEFT JOIN workspace_settings s ON s.workspace_id = o.workspace_id AND s.id = 1
      WHERE ${where} AND NOT o.deleted AND o.status = 'completed'
      LIMIT 2`,
    params,
  );
  return rows.map((row) => ({
    order: rowToDoc(posOrders, row),
    business: row.business,
    vat_number: row.vat_number,
    currency: row.currency,
    timezone: row.timezone,
  }));
}

/**
 * The completed order a receipt link's token opens, with its seller's name and settings. Asked
 * without a workspace scope (the reader is nobody's member): the token is the only key. A token
 * found twice opens nothing.
 */
export async function receiptByToken(q: Queryable, token: string): Promise<StoredReceipt | undefined> {
  const found = await receiptsWhere(q, 'o.share_token = $1', [token]);
  return found.length === 1 ? found[0] : undefined;
}

/** A workspace's completed order by its id, for the receipt's e-mail (unscoped: the job area). */
export async function receiptById(q: Queryable, workspaceId: number, orderId: string): Promise<StoredReceipt | undefined> {
  const [found] = await receiptsWhere(q, 'o.workspace_id = $1 AND o.id = $2', [workspaceId, orderId]);
  return found;
}
