import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../tests/support/databases.js';
import type { Db } from './db.js';
import { withScope } from './db.js';
import { migrate, splitSql } from './migrate.js';

describe('splitSql', () => {
  it('keeps dollar-quoted bodies whole and drops comments', () => {
    const parts = splitSql(`-- c\nCREATE TABLE a (x int);\nDO $$\nBEGIN\n  PERFORM 1;\nEND\n$$;\nSELECT 1;`);
    expect(parts).toHaveLength(3);
    expect(parts[1]).toContain('PERFORM 1;');
  });
});

for (const target of testDatabases()) {
  describe(`database layer on ${target.name}`, () => {
    let db: Db;
    beforeAll(async () => {
      db = await target.open();
    });
    afterAll(async () => {
      await db.close();
    });

    it('migrations are recorded and a second run applies nothing', async () => {
      const rows = await db.query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name');
      expect(rows.map((r) => r.name)).toContain('0001_core.sql');
      expect(await migrate(db)).toEqual([]);
    });

    it('a transaction that throws leaves nothing behind', async () => {
      await expect(
        db.transaction(async (tx) => {
          await tx.query(`INSERT INTO server_secrets (name, value) VALUES ('rollback-probe', 'x')`);
          throw new Error('boom');
        }),
      ).rejects.toThrow('boom');
      expect(await db.query(`SELECT 1 FROM server_secrets WHERE name = 'rollback-probe'`)).toEqual([]);
    });

    it('scoped requests run as the non-owner vuka_app role', async () => {
      const who = await withScope(db, { userId: 1 }, (tx) => tx.query<{ u: string }>('SELECT current_user AS u'));
      expect(who[0].u).toBe('vuka_app');
    });

    it('NOTIFY reaches a listener', async () => {
      const got = new Promise<string>((resolve) => {
        void db.listen('vuka_probe', resolve);
      });
      await db.query(`SELECT pg_notify('vuka_probe', 'hello')`);
      expect(await got).toBe('hello');
    });
  });
}
