import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { migrate } from '../../sync-server/db/migrate.js';
import { openPg } from '../../sync-server/db/pg.js';
import { openPglite } from '../../sync-server/db/pglite.js';

/**
 * Vitest's global set-up: migrates one database of each kind once per run, and every suite's fresh
 * database is a copy of it. A PGlite copy loads a dumped data directory (about 0.6 s) instead of
 * starting an empty cluster and applying every migration (about 4 s); a Postgres copy is
 * `CREATE DATABASE … TEMPLATE`. The suites find the templates through two environment variables,
 * which the test workers inherit; without them (a suite run outside this set-up) they migrate.
 */
let cleanup: (() => Promise<void>) | undefined;

export async function teardown(): Promise<void> {
  await cleanup?.();
}

export async function setup(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'vuka-db-'));
  const lite = await openPglite();
  await migrate(lite);
  const dump = await lite.dumpDataDir();
  await lite.close();
  const file = join(dir, 'pglite.tar');
  writeFileSync(file, new Uint8Array(await dump.arrayBuffer()));
  process.env.VUKA_PGLITE_TEMPLATE = file;

  const adminUrl = process.env.DATABASE_URL;
  let template: string | undefined;
  if (adminUrl) {
    template = `vuka_template_${process.pid}`;
    await admin(adminUrl, `DROP DATABASE IF EXISTS ${template}`);
    await admin(adminUrl, `CREATE DATABASE ${template}`);
    const url = new URL(adminUrl);
    url.pathname = `/${template}`;
    const db = await openPg(url.toString());
    await migrate(db);
    await db.close();
    process.env.VUKA_PG_TEMPLATE = template;
  }

  cleanup = async () => {
    rmSync(dir, { recursive: true, force: true });
    if (adminUrl && template) await admin(adminUrl, `DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
  };
}

/** Runs one statement on the server `adminUrl` names, on a connection of its own (CREATE/DROP DATABASE need one). */
export async function admin(adminUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
