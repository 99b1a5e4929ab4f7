import { MAX_INT } from '../../schema/input.js';
import type { Transaction } from '../db/db.js';
import type { Doc } from './codec.js';
import { ledgerBefore } from './sync.repo.js';

/**
 * The pushed movements that would take a product's stock on hand (the sum of its movements, kept in
 * an `integer` column) past ±2 147 483 647. Taken in push order, so the movements before the one that
 * crosses the bound are kept; a refused one counts for nothing, so later, smaller ones (stock-in after
 * a sale) still go through. Runs under the workspace lock, so the sums read are the ones written to.
 */
export async function movementsPastStockRange(tx: Transaction, workspaceId: number, movements: Doc[]): Promise<Set<string>> {
  const refused = new Set<string>();
  if (movements.length === 0) return refused;
  const productIds = [...new Set(movements.map((m) => String(m.product_id)))];
  const { sums, stored } = await ledgerBefore(tx, workspaceId, productIds, movements.map((m) => String(m.id)));
  const onHand = new Map(sums.map((s) => [s.product_id, Number(s.total)]));
  const already = new Set(stored.map((s) => s.id));
  for (const m of movements) {
    const id = String(m.id);
    if (already.has(id) || typeof m.quantity !== 'number') continue;
    const product = String(m.product_id);
    const next = (onHand.get(product) ?? 0) + m.quantity;
    if (Math.abs(next) > MAX_INT) refused.add(id);
    else onHand.set(product, next);
  }
  return refused;
}
