import { stockMovements, products } from './catalog.js';
import { contacts } from './crm.js';
import { posOrders, posShifts } from './pos.js';
import { invoices, quotes } from './invoices.js';
import type { ReplicatedEntity } from './replicated-entity.js';

export * from './replicated-entity.js';

/** DESIGN.md §5: RxDB's open-source build opens at most 13 collections per page; we replicate at most 12. */
export const MAX_REPLICATED_COLLECTIONS = 12;

/**
 * Every replicated collection, client and server. Adding one here creates its RxDB collection and
 * its pull/push endpoints; it also needs its table in a migration.
 */
export const replicatedCollections = [products, stockMovements, contacts, posOrders, posShifts, invoices, quotes] as const;

export type ReplicatedName = (typeof replicatedCollections)[number]['name'];

export const replicatedNames = replicatedCollections.map((c) => c.name);

export function replicatedByName(name: string): ReplicatedEntity | undefined {
  return replicatedCollections.find((c) => c.name === name);
}
