import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import type { Db, NotifyListener, Queryable, Row, Transaction } from './db.js';

/**
 * Embedded PostgreSQL. PGlite has a single connection, so transactions are serialised through a
 * queue; queries outside a transaction wait for the running one to finish.
 */
export async function openPglite(dataDir?: string): Promise<Db> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const pg = new PGlite(dataDir);
  await pg.waitReady;
  let tail: Promise<unknown> = Promise.resolve();

  function exclusive<T>(work: () => Promise<T>): Promise<T> {
    const run = tail.then(work, work);
    tail = run.catch(() => undefined);
    return run;
  }

  const direct: Queryable = {
    async query<R = Row>(sql: string, params: readonly unknown[] = []) {
      const res = await pg.query<R>(sql, [...params]);
      return res.rows;
    },
  };

  return {
    driver: 'pglite',
    query: (sql, params) => exclusive(() => direct.query(sql, params)),
    transaction: (fn) =>
      exclusive(() =>
        pg.transaction(async (tx) => {
          // PGlite commits when this function returns; after commitNow nothing more may run in it.
          let committed = false;
          const scoped: Transaction = {
            async query<R = Row>(sql: string, params: readonly unknown[] = []) {
              if (committed) throw new Error('This transaction has already committed');
              const res = await tx.query<R>(sql, [...params]);
              return res.rows;
            },
            commitNow() {
              committed = true;
            },
          };
          return fn(scoped);
        }),
      ),
    async listen(channel: string, listener: NotifyListener) {
      const unlisten = await pg.listen(channel, listener);
      return async () => {
        await unlisten();
      };
    },
    async close() {
      await tail;
      await pg.close();
    },
  };
}
