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

    it('a prepared statement answers as an unprepared one, with every parameter and column type', async () => {
      const sql = `SELECT $1::int AS n, $2::text AS t, $3::text[] AS arr, $4::jsonb AS j, $5::timestamptz AS at,
                          $6::boolean AS b, $7::bigint AS big, $8::text AS missing`;
      const params = [
        42,
        `it's "quoted"\n`,
        ['a', 'b,c', 'd"e'],
        { nested: [1, null, 'x'] },
        new Date('2026-03-04T05:06:07.089Z'),
        true,
        '9007199254740993',
        null,
      ];
      const plain = await db.transaction((tx) => tx.query(sql, params));
      // Twice: the first run prepares, the second reuses the prepared statement.
      for (let run = 0; run < 2; run++) {
        expect(await db.transaction((tx) => tx.query(sql, params, { prepare: true }))).toEqual(plain);
      }
      expect(plain[0]).toMatchObject({ n: 42, t: `it's "quoted"\n`, arr: ['a', 'b,c', 'd"e'], b: true, missing: null });
      expect((plain[0].at as Date).toISOString()).toBe('2026-03-04T05:06:07.089Z');
    });

    it('prepared and unprepared statements issued together run in order, in the transaction', async () => {
      const upsert = `INSERT INTO server_secrets (name, value) VALUES ($1, $2)
                      ON CONFLICT (name) DO UPDATE SET value = server_secrets.value || $2 RETURNING value`;
      const seen = await db.transaction((tx) =>
        Promise.all([
          tx.query(upsert, ['prepared-order-probe', 'a'], { prepare: true }),
          tx.query(`UPDATE server_secrets SET value = value || 'b' WHERE name = 'prepared-order-probe'`),
          tx.query(upsert, ['prepared-order-probe', 'c'], { prepare: true }),
          tx.query<{ value: string }>(`SELECT value FROM server_secrets WHERE name = 'prepared-order-probe'`, [], { prepare: true }),
        ]),
      );
      expect(seen[3]).toEqual([{ value: 'abc' }]);
    });

    it('a failing prepared statement rolls its transaction back, and the statement still works after', async () => {
      const insert = `INSERT INTO server_secrets (name, value) VALUES ($1, $2)`;
      await db.transaction((tx) => tx.query(insert, ['prepared-fail-probe', 'x'], { prepare: true }));
      await expect(
        db.transaction(async (tx) => {
          await tx.query(insert, ['prepared-fail-probe-2', 'y'], { prepare: true });
          await tx.query(insert, ['prepared-fail-probe', 'again'], { prepare: true });
        }),
      ).rejects.toThrow(/duplicate key/);
      expect(await db.query(`SELECT name FROM server_secrets WHERE name LIKE 'prepared-fail-probe%'`)).toEqual([
        { name: 'prepared-fail-probe' },
      ]);
      // A statement Postgres cannot parse is refused each time, and is never kept.
      for (let run = 0; run < 2; run++) {
        await expect(db.transaction((tx) => tx.query('SELEC 1', [], { prepare: true }))).rejects.toThrow(/syntax error/);
      }
      await db.transaction((tx) => tx.query(insert, ['prepared-fail-probe-3', 'z'], { prepare: true }));
      expect(await db.query(`SELECT count(*)::int AS n FROM server_secrets WHERE name LIKE 'prepared-fail-probe%'`)).toEqual([{ n: 2 }]);
    });

    it('scoped requests run as the non-owner vuka_app role', async () => {
      const who = await withScope(db, { userId: 1 }, (tx) => tx.query<{ u: string }>('SELECT current_user AS u'));
      expect(who[0].u).toBe('vuka_app');
    });

    it('NOTIFY reaches a listener', async () => {
      let heard: (payload: string) => void = () => undefined;
      const got = new Promise<string>((resolve) => (heard = resolve));
      // Listening first: a NOTIFY sent before the LISTEN is in place reaches nobody.
      await db.listen('vuka_probe', heard);
      await db.query(`SELECT pg_notify('vuka_probe', 'hello')`);
      expect(await got).toBe('hello');
    });
  });
}
