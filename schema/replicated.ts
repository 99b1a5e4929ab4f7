import { stockMovements, products } from './catalog.js';
import { contacts } from './crm.js';
import { posOrders, posShifts } from './pos.js';
import { invoices, quotes } from './invoices.js';
import { plannerItems } from './planner.js';
import { checkIns } from './events.js';
import { appointments } from './appointments.js';
import { orderChanges } from './order-changes.js';
import { recordKindList, records, RECORDS } from './records.js';
import type { ReplicatedEntity } from './replicated-entity.js';

export * from './replicated-entity.js';

/** DESIGN.md §5: RxDB's open-source build opens at most 13 collections per page; we replicate at most 12. */
export const MAX_REPLICATED_COLLECTIONS = 12;

/**
 * Every replicated collection, client and server, keyed by its name (= its RxDB collection and SQL
 * table). One line here gives a module its RxDB collection, its pull/push endpoints and its place in
 * every per-collection map of the app (they are mapped types over these keys); the table comes from
 * the module's migration and its server rules from its area's definition (`sync-server/api/<area>/area.ts`).
 * Every further offline entity is a kind of `records` (`schema/records.ts`), not a collection here.
 */
export const replicated = {
  products,
  stock_movements: stockMovements,
  contacts,
  pos_orders: posOrders,
  pos_shifts: posShifts,
  invoices,
  quotes,
  planner_items: plannerItems,
  check_ins: checkIns,
  appointments,
  order_changes: orderChanges,
  records,
} as const;

export type ReplicatedName = keyof typeof replicated;

/** Every replicated name, typed (in the order above). */
export const replicatedNameList: readonly ReplicatedName[] = Object.keys(replicated).filter(isReplicatedName);

/** The same names as plain strings, for checking a name that came from outside. */
export const replicatedNames: readonly string[] = replicatedNameList;

export const replicatedCollections: readonly ReplicatedEntity[] = replicatedNameList.map((name) => replicated[name]);

export function isReplicatedName(name: string): name is ReplicatedName {
  return Object.hasOwn(replicated, name);
}

export function replicatedByName(name: string): ReplicatedEntity | undefined {
  return isReplicatedName(name) ? replicated[name] : undefined;
}

/**
 * Every table a replicated document lives in: each collection's own, except `records`, whose
 * documents live in their kinds' tables (one per kind).
 */
export const replicatedTables: readonly ReplicatedEntity[] = [
  ...replicatedCollections.filter((entity) => entity.name !== RECORDS),
  ...recordKindList.map((kind) => kind.entity),
];
