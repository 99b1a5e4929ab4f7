import { addRxPlugin, createRxDatabase, type RxCollection, type RxDatabase, type RxStorage, type WithDeleted } from 'rxdb';
import { RxDBLeaderElectionPlugin } from 'rxdb/plugins/leader-election';
import { RxDBMigrationSchemaPlugin } from 'rxdb/plugins/migration-schema';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import type { z } from 'zod';
import { replicated, replicatedNameList, rxJsonSchema, type ReplicatedEntity, type ReplicatedName } from '../../schema/replicated.js';
import { recordDataProblem, RECORDS } from '../../schema/sync/records.js';
import { createConflictHandler, RejectionMarks } from './conflicts.js';
import { localStoreFor, type LocalStore } from './conflicts-store.js';
import { sparseReads } from './dexie-reads.js';
import { forgetPulled } from './first-pull.js';

/** Each replicated collection's document type, from its zod schema (mapped over `schema/replicated.ts`). */
export type DocOf = { [N in ReplicatedName]: z.output<(typeof replicated)[N]['doc']> };

export type VukaCollections = { [N in ReplicatedName]: RxCollection<DocOf[N]> };
export type VukaDatabase = RxDatabase<VukaCollections>;
export type CollectionName = ReplicatedName;

/**
 * The registry seen through the mapped type: indexing it with a generic name gives that name's own
 * document type (TypeScript relates `entities[N]` to `DocOf[N]` only through a mapped type).
 */
export const entities: { [N in ReplicatedName]: ReplicatedEntity & { doc: z.ZodType<DocOf[N]> } } = replicated;
export const collectionNames: readonly CollectionName[] = replicatedNameList;

/** Turns a server document into the collection's type (and checks it on the way in). */
export function decode<N extends CollectionName>(name: N, raw: Record<string, unknown>): WithDeleted<DocOf[N]> {
  return { ...entities[name].doc.parse(raw), _deleted: raw._deleted === true };
}

/** The collection of that name, typed for its documents. */
export function collectionOf<N extends CollectionName>(db: VukaDatabase, name: N): RxCollection<DocOf[N]> {
  return db.collections[name];
}

/** One signed-in user's data on this device. */
export interface UserData {
  name: string;
  db: VukaDatabase;
  /** The collections opened on this database (all of them, except in tests that simulate devices). */
  collections: readonly CollectionName[];
  local: LocalStore;
  rejections: RejectionMarks;
  /** Called after every change to the conflict log or the refused list (the sync status recounts). */
  onConflictLogged: Set<() => void>;
  /**
   * Called for every write made through the app (RxDB hooks; replication writes bypass them), so
   * the sync engine knows what is waiting to be pushed. Hooks are registered once per database.
   */
  onLocalWrite: Set<(collection: CollectionName, doc: object, deleted: boolean) => void>;
}

export interface OpenOptions {
  /** Database name; defaults to one per user. Tests give each simulated device its own. */
  name?: string;
  multiInstance?: boolean;
  /** false turns dev-mode checks off; they only ever run in development (Vite dev, vitest). */
  devMode?: boolean;
  storage?: RxStorage<unknown, unknown>;
  /**
   * Open only these collections. RxDB's open-source build allows 13 open collections per JS realm;
   * a page opens one database, but a test simulating several devices in one process must choose.
   */
  collections?: readonly CollectionName[];
}

export function databaseNameFor(userId: number): string {
  return `vuka-u${userId}`;
}

/** The device's storage: RxDB on Dexie, reading many documents at once in few IndexedDB requests (dexie-reads.ts). */
export function deviceStorage(settings: Parameters<typeof getRxStorageDexie>[0] = {}) {
  return getRxStorageDexie({ ...settings, onCreate: (dexie) => void dexie.use(sparseReads) });
}

let pluginsAdded = false;
function addPlugins() {
  if (pluginsAdded) return;
  pluginsAdded = true;
  addRxPlugin(RxDBLeaderElectionPlugin);
  addRxPlugin(RxDBMigrationSchemaPlugin);
}

let devModeOn = false;

async function storageFor(opts: OpenOptions): Promise<RxStorage<unknown, unknown>> {
  const base = opts.storage ?? deviceStorage();
  // `import.meta.env.DEV` is replaced by `false` in a production build, so this branch and the
  // dev-mode modules it imports are dropped from the bundle entirely. (Undefined under plain Node.)
  // Once dev-mode is on in a realm it stays on (RxDB has no way to remove a plugin), and it refuses
  // a storage without a validator: a later database asking for no dev-mode checks gets them anyway.
  if (typeof import.meta.env !== 'undefined' && import.meta.env.DEV && (opts.devMode !== false || devModeOn)) {
    const [{ RxDBDevModePlugin, disableWarnings }, { wrappedValidateAjvStorage }] = await Promise.all([
      import('rxdb/plugins/dev-mode'),
      import('rxdb/plugins/validate-ajv'),
    ]);
    disableWarnings();
    addRxPlugin(RxDBDevModePlugin);
    devModeOn = true;
    return wrappedValidateAjvStorage({ storage: base });
  }
  return base;
}

const opened = new Map<string, Promise<UserData>>();

/**
 * Opens (once per page) the user's database with every replicated collection. The promise is shared,
 * so React StrictMode's double effects or two components asking at once get the same instance.
 */
export function openUserDatabase(userId: number, opts: OpenOptions = {}): Promise<UserData> {
  const name = opts.name ?? databaseNameFor(userId);
  let pending = opened.get(name);
  if (!pending) {
    pending = createUserData(name, opts);
    opened.set(name, pending);
    pending.catch(() => opened.delete(name));
  }
  return pending;
}

async function createUserData(name: string, opts: OpenOptions): Promise<UserData> {
  addPlugins();
  const storage = await storageFor(opts);
  const db = await createRxDatabase<VukaCollections>({
    name,
    storage,
    multiInstance: opts.multiInstance ?? true,
    eventReduce: true,
    closeDuplicates: true,
    localDocuments: true,
  });
  const onConflictLogged = new Set<() => void>();
  const notify = () => onConflictLogged.forEach((fn) => fn());
  const local = localStoreFor(db, notify);
  const rejections = new RejectionMarks();
  const common = { store: local, rejections };
  const creator = <N extends CollectionName>(name: N) => ({
    schema: rxJsonSchema(entities[name]),
    migrationStrategies: entities[name].migrationStrategies,
    conflictHandler: createConflictHandler<DocOf[N]>({ collection: name, serverOwned: entities[name].serverOwned, ...common }),
  });
  const chosen = opts.collections ?? collectionNames;
  await db.addCollections(Object.fromEntries(chosen.map((c) => [c, creator(c)])));
  const onLocalWrite: UserData['onLocalWrite'] = new Set();
  const emit = (collection: CollectionName, doc: object, deleted: boolean) => onLocalWrite.forEach((fn) => fn(collection, doc, deleted));
  if (chosen.includes(RECORDS)) checkRecordData(collectionOf(db, RECORDS));
  for (const collection of chosen) {
    const c = collectionOf(db, collection);
    c.postInsert((doc) => emit(collection, doc, false), false);
    c.postSave((doc) => emit(collection, doc, false), false);
    c.postRemove((doc) => emit(collection, doc, true), false);
  }
  return { name, db, collections: chosen, local, rejections, onConflictLogged, onLocalWrite };
}

/**
 * A record's `data` is checked by its kind's schema on every write made through the app (RxDB's own
 * schema knows only the envelope; replication writes bypass hooks, and a pulled record was checked by
 * the server). A write it refuses throws with the message the server would give.
 */
function checkRecordData(records: RxCollection<DocOf['records']>) {
  const check = (doc: DocOf['records']) => {
    const problem = recordDataProblem(doc.kind, doc.data);
    if (problem) throw new RecordDataError(problem);
  };
  records.preInsert(check, false);
  records.preSave(check, false);
}

/** A local write of a record whose kind or data its kind's schema refuses (the message says which field). */
export class RecordDataError extends Error {}

/** Closes the database (e.g. at sign-out or a simulated restart); the next open starts fresh. */
export async function closeUserDatabase(data: UserData): Promise<void> {
  opened.delete(data.name);
  await data.db.close();
}

/** Deletes everything this user keeps on the device. Call only after sync or an explicit discard. */
export async function removeUserDatabase(data: UserData): Promise<void> {
  opened.delete(data.name);
  forgetPulled(data.name);
  await data.db.remove();
}
