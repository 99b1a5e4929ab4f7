import { MAX_INT } from '../../../schema/kit/input.js';
import type { Queryable } from '../../db/db.js';
import { ledgerBefore } from './stock-ledger.repo.js';

/**
 * The pushed movements that would take a product's stock on hand (the sum of its movements, kept in
 * an `integer` column) past ±2 147 483 647. Taken in push order, so the movements before the one that
 * crosses the bound are kept; a refused one counts for nothing, so later, smaller ones (stock-in after
 * a sale) still go through. Runs under the workspace lock, so the sums read are the ones written to.
 */
export async function movementsPastStockRange(
  tx: Queryable,
  workspaceId: number,
  movements: readonly { id: string; product_id: string; quantity: number }[],
): Promise<Set<string>> {
  const refused = new Set<string>();
  if (movements.length === 0) return refused;
  const productIds = [...new Set(movements.map((m) => m.product_id))];
  const { sums, stored } = await ledgerBefore(
    tx,
    workspaceId,
    productIds,
    movements.map((m) => m.id),
  );
  const onHand = new Map(sums.map((s) => [s.product_id, Number(s.total)]));
  const already = new Set(stored.map((s) => s.id));
  for (const m of movements) {
    if (already.has(m.id)) continue;
    const next = (onHand.get(m.product_id) ?? 0) + m.quantity;
    if (Math.abs(next) > MAX_INT) refused.add(m.id);
    else onHand.set(m.product_id, next);
  }
  return refused;
}
