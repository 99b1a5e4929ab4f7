import type { Db } from './db.js';
import { migrate } from './migrate.js';
import { openPg } from './pg.js';
import { openPglite } from './pglite.js';

/** Opens the configured database and brings its schema up to date. */
export async function openDatabase(opts: { databaseUrl?: string; dataDir?: string }): Promise<Db> {
  const db = opts.databaseUrl ? await openPg(opts.databaseUrl) : await openPglite(opts.dataDir);
  await migrate(db);
  return db;
}
