import { addRxPlugin, createRxDatabase, type RxCollection, type RxDatabase, type RxStorage, type WithDeleted } from 'rxdb';
import { RxDBLeaderElectionPlugin } from 'rxdb/plugins/leader-election';
import { RxDBMigrationSchemaPlugin } from 'rxdb/plugins/migration-schema';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import { products, stockMovements, type Product, type StockMovement } from '../../schema/catalog.js';
import { contacts, type Contact } from '../../schema/crm.js';
import { posOrders, posShifts, type PosOrder, type PosShift } from '../../schema/pos.js';
import { invoices, quotes, type Invoice, type Quote } from '../../schema/invoices.js';
import { rxJsonSchema } from '../../schema/replicated.js';
import { createConflictHandler, RejectionMarks } from './conflicts.js';
import { localStoreFor, type LocalStore } from './conflicts-store.js';

export type VukaCollections = {
  products: RxCollection<Product>;
  stock_movements: RxCollection<StockMovement>;
  contacts: RxCollection<Contact>;
  pos_orders: RxCollection<PosOrder>;
  pos_shifts: RxCollection<PosShift>;
  invoices: RxCollection<Invoice>;
  quotes: RxCollection<Quote>;
};
export type VukaDatabase = RxDatabase<VukaCollections>;
export type CollectionName = keyof VukaCollections;

/** Turns a server document into the collection's type (and checks it on the way in). */
export const decoders = {
  products: (raw: Record<string, unknown>): WithDeleted<Product> => ({ ...products.doc.parse(raw), _deleted: raw._deleted === true }),
  stock_movements: (raw: Record<string, unknown>): WithDeleted<StockMovement> => ({
    ...stockMovements.doc.parse(raw),
    _deleted: raw._deleted === true,
  }),
  contacts: (raw: Record<string, unknown>): WithDeleted<Contact> => ({ ...contacts.doc.parse(raw), _deleted: raw._deleted === true }),
  pos_orders: (raw: Record<string, unknown>): WithDeleted<PosOrder> => ({ ...posOrders.doc.parse(raw), _deleted: raw._deleted === true }),
  pos_shifts: (raw: Record<string, unknown>): WithDeleted<PosShift> => ({ ...posShifts.doc.parse(raw), _deleted: raw._deleted === true }),
  invoices: (raw: Record<string, unknown>): WithDeleted<Invoice> => ({ ...invoices.doc.parse(raw), _deleted: raw._deleted === true }),
  quotes: (raw: Record<string, unknown>): WithDeleted<Quote> => ({ ...quotes.doc.parse(raw), _deleted: raw._deleted === true }),
};

export const entities = { products, stock_movements: stockMovements, contacts, pos_orders: posOrders, pos_shifts: posShifts, invoices, quotes };
export const collectionNames: CollectionName[] = ['products', 'stock_movements', 'contacts', 'pos_orders', 'pos_shifts', 'invoices', 'quotes'];

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

let pluginsAdded = false;
function addPlugins() {
  if (pluginsAdded) return;
  pluginsAdded = true;
  addRxPlugin(RxDBLeaderElectionPlugin);
  addRxPlugin(RxDBMigrationSchemaPlugin);
}

async function storageFor(opts: OpenOptions): Promise<RxStorage<unknown, unknown>> {
  const base = opts.storage ?? getRxStorageDexie();
  // `import.meta.env.DEV` is replaced by `false` in a production build, so this branch and the
  // dev-mode modules it imports are dropped from the bundle entirely. (Undefined under plain Node.)
  if (typeof import.meta.env !== 'undefined' && import.meta.env.DEV && opts.devMode !== false) {
    const [{ RxDBDevModePlugin, disableWarnings }, { wrappedValidateAjvStorage }] = await Promise.all([
      import('rxdb/plugins/dev-mode'),
      import('rxdb/plugins/validate-ajv'),
    ]);
    disableWarnings();
    addRxPlugin(RxDBDevModePlugin);
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
  const creators = {
    products: {
      schema: rxJsonSchema(products),
      migrationStrategies: products.migrationStrategies,
      conflictHandler: createConflictHandler<Product>({ collection: 'products', serverOwned: products.serverOwned, ...common }),
    },
    stock_movements: {
      schema: rxJsonSchema(stockMovements),
      migrationStrategies: stockMovements.migrationStrategies,
      conflictHandler: createConflictHandler<StockMovement>({
        collection: 'stock_movements',
        serverOwned: stockMovements.serverOwned,
        ...common,
      }),
    },
    contacts: {
      schema: rxJsonSchema(contacts),
      migrationStrategies: contacts.migrationStrategies,
      conflictHandler: createConflictHandler<Contact>({ collection: 'contacts', serverOwned: contacts.serverOwned, ...common }),
    },
    pos_orders: {
      schema: rxJsonSchema(posOrders),
      migrationStrategies: posOrders.migrationStrategies,
      conflictHandler: createConflictHandler<PosOrder>({ collection: 'pos_orders', serverOwned: posOrders.serverOwned, ...common }),
    },
    pos_shifts: {
      schema: rxJsonSchema(posShifts),
      migrationStrategies: posShifts.migrationStrategies,
      conflictHandler: createConflictHandler<PosShift>({ collection: 'pos_shifts', serverOwned: posShifts.serverOwned, ...common }),
    },
    invoices: {
      schema: rxJsonSchema(invoices),
      migrationStrategies: invoices.migrationStrategies,
      conflictHandler: createConflictHandler<Invoice>({ collection: 'invoices', serverOwned: invoices.serverOwned, ...common }),
    },
    quotes: {
      schema: rxJsonSchema(quotes),
      migrationStrategies: quotes.migrationStrategies,
      conflictHandler: createConflictHandler<Quote>({ collection: 'quotes', serverOwned: quotes.serverOwned, ...common }),
    },
  } satisfies Record<CollectionName, unknown>;
  const chosen = opts.collections ?? collectionNames;
  await db.addCollections(Object.fromEntries(chosen.map((c) => [c, creators[c]])));
  const onLocalWrite: UserData['onLocalWrite'] = new Set();
  const emit = (collection: CollectionName, doc: object, deleted: boolean) => onLocalWrite.forEach((fn) => fn(collection, doc, deleted));
  for (const collection of chosen) {
    const c = db[collection];
    c.postInsert((doc) => emit(collection, doc, false), false);
    c.postSave((doc) => emit(collection, doc, false), false);
    c.postRemove((doc) => emit(collection, doc, true), false);
  }
  return { name, db, collections: chosen, local, rejections, onConflictLogged, onLocalWrite };
}

/** Closes the database (e.g. at sign-out or a simulated restart); the next open starts fresh. */
export async function closeUserDatabase(data: UserData): Promise<void> {
  opened.delete(data.name);
  await data.db.close();
}

/** Deletes everything this user keeps on the device. Call only after sync or an explicit discard. */
export async function removeUserDatabase(data: UserData): Promise<void> {
  opened.delete(data.name);
  await data.db.remove();
}
