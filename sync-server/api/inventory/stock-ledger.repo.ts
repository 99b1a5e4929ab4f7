import type { Queryable } from '../../db/db.js';

/** A product's on hand from its ledger, as an SQL expression over a products record `x` (or row). */
export const ledgerSumSql = (product: string) =>
  `coalesce((SELECT sum(m.quantity) FROM stock_movements m
              WHERE m.workspace_id = ${product}.workspace_id AND m.product_id = ${product}.id AND NOT m.deleted), 0)`;

/**
 * What the ledger already holds for a push of movements: each product's on-hand sum (as text: a
 * `bigint` sum), and which of the pushed ids are stored already (a retry adds nothing to the sum).
 */
export async function ledgerBefore(
  tx: Queryable,
  workspaceId: number,
  productIds: string[],
  movementIds: string[],
): Promise<{ sums: { product_id: string; total: string }[]; stored: { id: string }[] }> {
  const [sums, stored] = await Promise.all([
    tx.query<{ product_id: string; total: string }>(
      `SELECT product_id, sum(quantity)::text AS total FROM stock_movements
        WHERE workspace_id = $1 AND product_id = ANY($2::text[]) AND NOT deleted GROUP BY product_id`,
      [workspaceId, productIds],
    ),
    tx.query<{ id: string }>(`SELECT id FROM stock_movements WHERE workspace_id = $1 AND id = ANY($2::text[])`, [workspaceId, movementIds]),
  ]);
  return { sums, stored };
}

/** On-hand totals from the ledger for the given products, with the currently stored value. */
export function stockTotals(
  tx: Queryable,
  workspaceId: number,
  productIds: string[],
): Promise<{ id: string; stored: number; total: number }[]> {
  return tx.query(
    `SELECT p.id, p.stock_on_hand AS stored, ${ledgerSumSql('p')}::int AS total
       FROM products p WHERE p.workspace_id = $1 AND p.id = ANY($2::text[])`,
    [workspaceId, productIds],
  );
}

/** Stores computed on-hand values; each changed product gets its own place in the feed. */
export async function setStock(tx: Queryable, workspaceId: number, updates: { id: string; total: number; seq: number }[]): Promise<void> {
  if (updates.length === 0) return;
  await tx.query(
    `UPDATE products p SET stock_on_hand = x.total, server_seq = x.seq
       FROM jsonb_to_recordset($2::jsonb) AS x(id text, total integer, seq bigint)
      WHERE p.workspace_id = $1 AND p.id = x.id`,
    [workspaceId, JSON.stringify(updates)],
  );
}
