import { replicated } from './registry.js';
import { recordKindList, RECORDS } from './sync/records.js';
import type { ReplicatedEntity } from './sync/replicated-entity.js';

export * from './sync/replicated-entity.js';

/** DESIGN.md §5: RxDB's open-source build opens at most 13 collections per page, and we use all 13. */
export const MAX_REPLICATED_COLLECTIONS = 13;

/** Every replicated collection, keyed by its name: the schema registry's (`schema/registry.ts`). */
export { replicated };

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
