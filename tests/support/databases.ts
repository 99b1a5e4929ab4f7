import pg from 'pg';
import type { Db } from '../../sync-server/db/db.js';
import { migrate } from '../../sync-server/db/migrate.js';
import { openPg } from '../../sync-server/db/pg.js';
import { openPglite } from '../../sync-server/db/pglite.js';

export interface TestDatabase {
  name: 'pglite' | 'postgres';
  open(): Promise<Db>;
}

/**
 * The database suites run on PGlite always, and on real PostgreSQL too when DATABASE_URL is set
 * (CI sets it). Each open() gives a fresh, migrated, empty database.
 */
export function testDatabases(): TestDatabase[] {
  const list: TestDatabase[] = [{ name: 'pglite', open: openFreshPglite }];
  const url = process.env.DATABASE_URL;
  if (url) list.push({ name: 'postgres', open: () => openFreshPostgres(url) });
  return list;
}

async function openFreshPglite(): Promise<Db> {
  const db = await openPglite();
  await migrate(db);
  return db;
}

let counter = 0;

async function openFreshPostgres(adminUrl: string): Promise<Db> {
  const name = `vuka_t_${process.pid}_${Date.now().toString(36)}_${counter++}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const db = await openPg(url.toString());
  await migrate(db);
  return {
    ...db,
    async close() {
      await db.close();
      const drop = new pg.Client({ connectionString: adminUrl });
      await drop.connect();
      await drop.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await drop.end();
    },
  };
}
