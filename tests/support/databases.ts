import { readFile } from 'node:fs/promises';
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

let pgliteTemplate: Promise<Blob> | undefined;

/** A migrated PGlite: a copy of the run's template (see database-templates.ts) when there is one. */
async function openFreshPglite(): Promise<Db> {
  const file = process.env.VUKA_PGLITE_TEMPLATE;
  if (file) pgliteTemplate ??= readFile(file).then((bytes) => new Blob([new Uint8Array(bytes)]));
  const db = await openPglite(undefined, pgliteTemplate && { loadDataDir: await pgliteTemplate });
  await migrate(db); // nothing left to apply on a current copy
  return db;
}

let counter = 0;

/**
 * A new Postgres database beside the one `adminUrl` names, and how to drop it again: empty, or a copy
 * of the run's migrated template when `migrated` (see database-templates.ts), which the caller then
 * still migrates (nothing to apply when the copy is current).
 */
export async function scratchDatabase(
  adminUrl: string,
  prefix = 'vuka_t',
  opts: { migrated?: boolean } = {},
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${process.pid}_${Date.now().toString(36)}_${counter++}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(sql);
    await client.end();
  };
  const template = opts.migrated ? process.env.VUKA_PG_TEMPLATE : undefined;
  await admin(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

async function openFreshPostgres(adminUrl: string): Promise<Db> {
  const scratch = await scratchDatabase(adminUrl, 'vuka_t', { migrated: true });
  const db = await openPg(scratch.url);
  await migrate(db);
  return {
    ...db,
    async close() {
      await db.close();
      await scratch.drop();
    },
  };
}
