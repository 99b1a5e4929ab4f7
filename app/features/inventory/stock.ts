import { map, type Observable } from 'rxjs';
import type { StockMovement, StockMovementInput } from '../../../schema/inventory/catalog.js';
import type { VukaDatabase } from '../../data/db.js';

/** On hand = the sum of the product's movements in the local ledger, synced or not. */
export function sumMovements(movements: readonly Pick<StockMovement, 'quantity'>[]): number {
  return movements.reduce((total, m) => total + m.quantity, 0);
}

export async function stockOnHand(db: VukaDatabase, productId: string): Promise<number> {
  const docs = await db.stock_movements.find({ selector: { product_id: productId } }).exec();
  return sumMovements(docs.map((d) => d.toJSON()));
}

/** Live on-hand for a product, updating as movements arrive from this or other devices. */
export function stockOnHand$(db: VukaDatabase, productId: string): Observable<number> {
  return db.stock_movements.find({ selector: { product_id: productId } }).$.pipe(map((docs) => sumMovements(docs.map((d) => d.toJSON()))));
}

/**
 * Records a change in stock (negative for a sale). Movements are append-only: a mistake is
 * corrected by another movement, never by editing, so offline devices can't overwrite each other.
 */
export async function recordMovement(
  db: VukaDatabase,
  input: Omit<StockMovementInput, 'id' | 'updated_at' | 'reason'> & Partial<Pick<StockMovementInput, 'id' | 'reason'>>,
): Promise<StockMovement> {
  const at = new Date().toISOString();
  const doc = await db.stock_movements.insert({
    ...input,
    id: input.id ?? crypto.randomUUID(),
    reason: input.reason ?? 'adjustment',
    created_at: input.created_at ?? at,
    updated_at: at,
  });
  return doc.toJSON();
}
