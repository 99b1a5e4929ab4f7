import { stockMovements, type StockMovement } from '../../../schema/inventory/catalog.js';
import type { Queryable } from '../../db/db.js';
import { notifyChange, takeSeq, writeDocs } from '../../sync/sync.repo.js';
import { setStock, stockTotals } from './stock-ledger.repo.js';

/**
 * Recounts products' on hand from the ledger (DESIGN.md §5), in the caller's transaction: a product
 * whose count changed gets a new place in the feed, and devices are told products changed.
 */
export async function recountStock(tx: Queryable, workspaceId: number, productIds: readonly string[]): Promise<void> {
  const changed = (await stockTotals(tx, workspaceId, [...new Set(productIds)])).filter((t) => t.total !== Number(t.stored));
  if (changed.length === 0) return;
  const start = await takeSeq(tx, workspaceId, changed.length);
  await setStock(
    tx,
    workspaceId,
    changed.map((t, i) => ({ id: t.id, total: t.total, seq: start + i })),
  );
  await notifyChange(tx, { collection: 'products', workspace: workspaceId, seq: start + changed.length - 1 });
}

/**
 * The ledger's one writer for movements the server makes itself (a marketplace sale, a till's
 * correcting movement): a movement already written (by id) is skipped, so a retry moves nothing
 * twice, and the products of the ones written are recounted.
 */
export async function writeStockMovements(tx: Queryable, workspaceId: number, movements: readonly StockMovement[]): Promise<void> {
  if (movements.length === 0) return;
  const docs = movements.map((m) => ({ ...m, deleted: false }));
  const inserted = new Set(await writeDocs(tx, stockMovements, workspaceId, docs, { skipExisting: true }));
  await recountStock(
    tx,
    workspaceId,
    movements.filter((m) => inserted.has(m.id)).map((m) => m.product_id),
  );
}
