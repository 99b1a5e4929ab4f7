import { addRxPlugin, createRxDatabase, type RxCollection, type RxDatabase, type RxStorage, type WithDeleted } from 'rxdb';
import { RxDBLeaderElectionPlugin } from 'rxdb/plugins/leader-election';
import { RxDBMigrationSchemaPlugin } from 'rxdb/plugins/migration-schema';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import { products, stockMovements, type Product, type StockMovement } from '../../schema/catalog.js';
import { contacts, type Contact } from '../../schema/crm.js';
import { rxJsonSchema } from '../../schema/replicated.js';
import { createConflictHandler, RejectionMarks } from './conflicts.js';
import { localStoreFor, type LocalStore } from './conflicts-store.js';

export type VukaCollections = {
  products: RxCollection<Product>;
  stock_movements: RxCollection<StockMovement>;
  contacts: RxCollection<Contact>;
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
};

export const entities = { products, stock_movements: stockMovements, contacts };
export const collectionNames: CollectionName[] = ['products', 'stock_movements', 'contacts'];

/** One signed-in user's data on this device. */
export interface UserData {
  name: string;
  db: VukaDatabase;
  local: LocalStore;
  rejections: RejectionMarks;
  /** Called whenever a conflict is written to the log (the sync status recounts). */
  onConflictLogged: Set<() => void>;
}

export interface OpenOptions {
  /** Database name; defaults to one per user. Tests give each simulated device its own. */
  name?: string;
  multiInstance?: boolean;
  /** Dev-mode checks; on by default only in Vite's dev server, never in a production build. */
  devMode?: boolean;
  storage?: RxStorage<unknown, unknown>;
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
  const dev = opts.devMode ?? import.meta.env?.DEV === true;
  if (!dev) return base;
  // Only reachable in development: Vite replaces import.meta.env.DEV with false in a production
  // build, so these modules are never bundled there.
  const [{ RxDBDevModePlugin, disableWarnings }, { wrappedValidateAjvStorage }] = await Promise.all([
    import('rxdb/plugins/dev-mode'),
    import('rxdb/plugins/validate-ajv'),
  ]);
  disableWarnings();
  addRxPlugin(RxDBDevModePlugin);
  return wrappedValidateAjvStorage({ storage: base });
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
  const local = localStoreFor(db);
  const rejections = new RejectionMarks();
  const onConflictLogged = new Set<() => void>();
  const notify = () => onConflictLogged.forEach((fn) => fn());
  const common = { store: local, rejections, onLogged: notify };
  await db.addCollections({
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
  });
  return { name, db, local, rejections, onConflictLogged };
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
