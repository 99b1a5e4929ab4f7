import type { Queryable } from '../../db/db.js';

/** Of the given products, those that live variants (other than `except`) name as their main product. */
export async function productsWithVariants(
  tx: Queryable,
  workspaceId: number,
  productIds: readonly string[],
  except: readonly string[] = [],
): Promise<Set<string>> {
  if (productIds.length === 0) return new Set();
  const rows = await tx.query<{ variant_of: string }>(
    `SELECT DISTINCT variant_of FROM products
      WHERE workspace_id = $1 AND variant_of = ANY($2::text[]) AND NOT deleted AND id <> ALL($3::text[])`,
    [workspaceId, productIds, except],
  );
  return new Set(rows.map((r) => r.variant_of));
}

/**
 * Products that count against the plan's limit: every live one that is not a variant, so a product
 * with its variants counts once.
 */
export async function countPlanProducts(q: Queryable, workspaceId: number): Promise<number> {
  const [row] = await q.query<{ n: number | string }>(
    'SELECT count(*) AS n FROM products WHERE workspace_id = $1 AND NOT deleted AND variant_of IS NULL',
    [workspaceId],
  );
  return Number(row?.n ?? 0);
}
