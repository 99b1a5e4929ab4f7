import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/db.js';
import { refreshPlannerStatistics } from './db-upkeep.jobs.js';
import { testDatabases } from '../../tests/support/databases.js';
import { openSyncDatabase, seedUser, seedWorkspace } from '../../tests/support/sync-server.js';

for (const target of testDatabases()) {
  describe(`database upkeep on ${target.name}`, () => {
    let db: Db;
    beforeAll(async () => {
      db = await openSyncDatabase(target);
    });
    afterAll(async () => {
      await db.close();
    });

    it('the embedded database gets planner statistics from the upkeep; Postgres is left to its autovacuum', async () => {
      const ws = await seedWorkspace(db, await seedUser(db));
      await db.query(
        `INSERT INTO products (workspace_id, id, name, updated_at, server_seq)
         SELECT $1, 'p-' || n, 'Product ' || n, now(), n FROM generate_series(1, 300) AS n`,
        [ws],
      );
      const estimate = async () =>
        Number((await db.query<{ n: number }>(`SELECT reltuples AS n FROM pg_class WHERE relname = 'products'`))[0].n);
      const refreshed = await refreshPlannerStatistics({ db });
      expect(refreshed).toBe(target.name === 'pglite');
      if (refreshed) expect(await estimate()).toBe(300);
    });
  });
}
