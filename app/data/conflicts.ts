import type { RxConflictHandler, WithDeleted } from 'rxdb';
import { deepEqual } from 'rxdb/plugins/utils';
import { replicatedByName, type ConflictMerge, type MergeResult } from '../../schema/replicated.js';
import type { ConflictEntry, LocalStore } from './conflicts-store.js';

/** Fields the merge never reports as a user conflict. */
const IDENTITY = new Set(['id', 'workspace_id']);

export type { MergeResult };

/**
 * Three-way merge per field with the state both sides started from as the base: a field changed
 * only here keeps our value, a field changed only on the server keeps theirs, and a field changed
 * on both keeps the server's value while ours is returned in `lost` (for the conflict log).
 * Server-owned fields always come from the server.
 */
export function mergeThreeWay<T extends object>(
  base: T | undefined,
  server: T,
  local: T,
  serverOwned: ReadonlySet<string>,
): MergeResult<T> {
  const merged: T = { ...server };
  const lost: MergeResult<T>['lost'] = [];
  const keys = new Set([...Object.keys(server), ...Object.keys(local), ...(base ? Object.keys(base) : [])]);
  for (const key of keys) {
    if (IDENTITY.has(key) || serverOwned.has(key) || key === 'updated_at') continue;
    const l: unknown = Reflect.get(local, key);
    const s: unknown = Reflect.get(server, key);
    const b: unknown = base ? Reflect.get(base, key) : undefined;
    const localChanged = !deepEqual(l, b);
    const serverChanged = !deepEqual(s, b);
    if (localChanged && !serverChanged) {
      if (l === undefined) Reflect.deleteProperty(merged, key);
      else Reflect.set(merged, key, l);
    } else if (localChanged && serverChanged && !deepEqual(l, s) && key !== '_deleted') {
      lost.push({ field: key, local: l, server: s });
    }
  }
  // A deletion on either side wins over edits: nothing typed is lost, the edits are in the log.
  const deleted = Reflect.get(local, '_deleted') === true || Reflect.get(server, '_deleted') === true;
  Reflect.set(merged, '_deleted', deleted);
  const lu: unknown = Reflect.get(local, 'updated_at');
  const su: unknown = Reflect.get(server, 'updated_at');
  if (typeof lu === 'string' && typeof su === 'string') Reflect.set(merged, 'updated_at', lu > su ? lu : su);
  return { merged, lost };
}

/**
 * A record's `data` merges per field, as a document's fields do (three-way, with the same base): two
 * devices editing different fields of one pipeline both keep their edit. A field of `data` changed
 * on both sides keeps the server's value and logs ours as `data.<field>`.
 */
function mergeRecordData<T extends object>(server: T, local: T, result: MergeResult<T>, base: T | undefined): MergeResult<T> {
  if (!result.lost.some((l) => l.field === 'data')) return result;
  const dataOf = (doc: T | undefined): Record<string, unknown> | undefined => {
    const data: unknown = doc ? Reflect.get(doc, 'data') : undefined;
    return typeof data === 'object' && data !== null ? { ...data } : undefined;
  };
  const serverData = dataOf(server) ?? {};
  const inner = mergeThreeWay(dataOf(base), serverData, dataOf(local) ?? {}, new Set());
  const { _deleted: _gone, ...data } = inner.merged;
  const merged = { ...result.merged };
  Reflect.set(merged, 'data', data);
  const lost = [...result.lost.filter((l) => l.field !== 'data'), ...inner.lost.map((l) => ({ ...l, field: `data.${l.field}` }))];
  return { merged, lost };
}

/**
 * The collection's own merge rule: its entity's (the module that owns it says, as invoices do for
 * their payments), or the records' per-field merge of `data`, which is the core's.
 */
function collectionMerge(collection: string): ConflictMerge | undefined {
  return collection === 'records' ? mergeRecordData : replicatedByName(collection)?.merge;
}

/** `mergeThreeWay`, with the collection's own rule (an invoice's payments are a union) on top. */
export function mergeDocument<T extends object>(
  collection: string,
  base: T | undefined,
  server: T,
  local: T,
  serverOwned: ReadonlySet<string>,
): MergeResult<T> {
  // No base: this device created the document and never heard that the server stored it (the answer
  // was lost). If no one has changed it since (its first version), the stored copy is the device's
  // own first state, and the base for what the device changed after.
  const known = base ?? (Reflect.get(server, 'server_version') === 1 ? server : undefined);
  const result = mergeThreeWay(known, server, local, serverOwned);
  const rule = collectionMerge(collection);
  return rule ? rule(server, local, result, known) : result;
}

/**
 * Documents the server refused in the last push. Their "conflict" is resolved by taking the server's
 * state (or withdrawing a record the server never accepted); the refused version is kept in the
 * local store's rejected list with the reason, where the user can see and re-apply it.
 */
export class RejectionMarks {
  private marks = new Set<string>();
  mark(collection: string, id: string) {
    this.marks.add(`${collection}:${id}`);
  }
  take(collection: string, id: string): boolean {
    return this.marks.delete(`${collection}:${id}`);
  }
}

export function createConflictHandler<T extends { id: string; workspace_id: number }>(opts: {
  collection: string;
  serverOwned: readonly string[];
  store: LocalStore;
  rejections: RejectionMarks;
  onLogged?: () => void;
}): RxConflictHandler<T> {
  const owned = new Set(opts.serverOwned);
  return {
    isEqual: (a, b) => deepEqual(a, b),
    async resolve(input): Promise<WithDeleted<T>> {
      const master = input.realMasterState;
      if (opts.rejections.take(opts.collection, master.id)) return master;
      const { merged, lost } = mergeDocument(opts.collection, input.assumedMasterState, master, input.newDocumentState, owned);
      if (lost.length > 0) {
        const at = new Date().toISOString();
        const entries: ConflictEntry[] = lost.map((l) => ({
          key: `${opts.collection}:${master.id}:${l.field}:${JSON.stringify(l.local)}`,
          collection: opts.collection,
          doc_id: master.id,
          workspace_id: master.workspace_id,
          field: l.field,
          local_value: l.local,
          server_value: l.server,
          at,
          status: 'open',
        }));
        await opts.store.addConflicts(entries);
        opts.onLogged?.();
      }
      return merged;
    },
  };
}
