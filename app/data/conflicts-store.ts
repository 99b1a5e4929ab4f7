import type { RejectionCode } from '../../schema/sync/contract.js';

/** A field both this device and the server changed; the server's value was kept. */
export interface ConflictEntry {
  key: string;
  collection: string;
  doc_id: string;
  workspace_id: number;
  field: string;
  local_value: unknown;
  server_value: unknown;
  at: string;
  status: 'open' | 'reapplied' | 'dismissed';
}

/** A local change the server refused, with its reason, kept so the user can see and re-apply it. */
export interface RejectedChange {
  key: string;
  collection: string;
  doc_id: string;
  workspace_id: number;
  code: RejectionCode;
  message: string;
  document: Record<string, unknown>;
  at: string;
}

/**
 * Device-only data that never replicates: the conflict log and refused changes. Kept as RxDB local
 * documents of the user's database, so they cost no collection (DESIGN.md §5 caps those) and are
 * removed with the database at sign-out.
 */
export interface LocalStore {
  addConflicts(entries: ConflictEntry[]): Promise<void>;
  conflicts(): Promise<ConflictEntry[]>;
  setConflictStatus(key: string, status: ConflictEntry['status']): Promise<void>;
  addRejected(entries: RejectedChange[]): Promise<void>;
  rejected(): Promise<RejectedChange[]>;
  removeRejected(key: string): Promise<void>;
}

/**
 * The database's local documents are all this store needs; taking only them (not db.ts's
 * VukaDatabase) keeps db.ts ↔ conflicts-store.ts from importing each other.
 */
export interface LocalDocuments {
  getLocal<D>(id: string): Promise<LocalDocument<D> | null>;
  insertLocal<D>(id: string, data: D): Promise<LocalDocument<D>>;
}

interface LocalDocument<D> {
  toMutableJSON(): { data: D };
  incrementalModify(fn: (data: D) => D): Promise<unknown>;
}

interface ListDoc<T> {
  items: T[];
}

function keyedList<T extends { key: string }>(db: LocalDocuments, id: string, onChange: () => void) {
  async function doc() {
    const found = await db.getLocal<ListDoc<T>>(id);
    if (found) return found;
    try {
      return await db.insertLocal<ListDoc<T>>(id, { items: [] });
    } catch {
      // Another write created it first.
      const again = await db.getLocal<ListDoc<T>>(id);
      if (!again) throw new Error(`local document ${id} missing`);
      return again;
    }
  }
  return {
    async all(): Promise<T[]> {
      const found = await db.getLocal<ListDoc<T>>(id);
      return found ? found.toMutableJSON().data.items : [];
    },
    async modify(fn: (items: T[]) => T[]) {
      await (await doc()).incrementalModify((data) => ({ items: fn(data.items ?? []) }));
      onChange();
    },
  };
}

/** Upserts by key: the same conflict resolved twice (a retried push) is logged once. */
function upsert<T extends { key: string }>(items: T[], add: T[]): T[] {
  const keys = new Set(add.map((a) => a.key));
  return [...items.filter((i) => !keys.has(i.key)), ...add];
}

/** `onChange` runs after every write, so the sync status can recount. */
export function localStoreFor(db: LocalDocuments, onChange: () => void): LocalStore {
  const conflicts = keyedList<ConflictEntry>(db, 'sync-conflicts', onChange);
  const rejected = keyedList<RejectedChange>(db, 'sync-rejected', onChange);
  return {
    addConflicts: (entries) => conflicts.modify((items) => upsert(items, entries)),
    conflicts: () => conflicts.all(),
    setConflictStatus: (key, status) => conflicts.modify((items) => items.map((i) => (i.key === key ? { ...i, status } : i))),
    addRejected: (entries) => rejected.modify((items) => upsert(items, entries)),
    rejected: () => rejected.all(),
    removeRejected: (key) => rejected.modify((items) => items.filter((i) => i.key !== key)),
  };
}
