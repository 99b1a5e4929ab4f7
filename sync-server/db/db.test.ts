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

    it('statements issued together run in order, and commitNow commits what was sent before it', async () => {
      const [, , seen] = await db.transaction(async (tx) => {
        const sent = Promise.all([
          tx.query(`INSERT INTO server_secrets (name, value) VALUES ('pipeline-probe', 'one')`),
          tx.query(`UPDATE server_secrets SET value = value || '-two' WHERE name = 'pipeline-probe'`),
          tx.query<{ value: string }>(`SELECT value FROM server_secrets WHERE name = 'pipeline-probe'`),
        ]);
        tx.commitNow();
        // Anything after the commit would run outside the transaction: it is refused.
        await expect(tx.query('SELECT 1')).rejects.toThrow('already committed');
        return sent;
      });
      expect(seen).toEqual([{ value: 'one-two' }]);
      expect(await db.query(`SELECT value FROM server_secrets WHERE name = 'pipeline-probe'`)).toEqual([{ value: 'one-two' }]);
    });

    it('a statement failing before commitNow rolls the whole transaction back', async () => {
      await expect(
        db.transaction(async (tx) => {
          const sent = Promise.all([
            tx.query(`INSERT INTO server_secrets (name, value) VALUES ('early-commit-probe', 'x')`),
            tx.query(`INSERT INTO server_secrets (name, value) VALUES ('early-commit-probe', 'duplicate')`),
          ]);
          tx.commitNow();
          return sent;
        }),
      ).rejects.toThrow(/duplicate key/);
      expect(await db.query(`SELECT 1 FROM server_secrets WHERE name = 'early-commit-probe'`)).toEqual([]);
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
