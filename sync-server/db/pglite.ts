import { mkdirSync } from 'node:fs';
import { PGlite, parse, protocol } from '@electric-sql/pglite';
import { fuzzystrmatch } from '@electric-sql/pglite/contrib/fuzzystrmatch';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { Db, NotifyListener, QueryOptions, Queryable, Row, Transaction } from './db.js';

/** An embedded database, which can also be copied whole: its data directory as a tarball, to open again. */
export interface PgliteDb extends Db {
  dumpDataDir(): Promise<Blob>;
}

/**
 * Embedded PostgreSQL. PGlite has a single connection, so transactions are serialised through a
 * queue; queries outside a transaction wait for the running one to finish.
 */
export async function openPglite(dataDir?: string, from?: { loadDataDir: Blob }): Promise<PgliteDb> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const pg = new PGlite({ dataDir, extensions: { pg_trgm, fuzzystrmatch }, loadDataDir: from?.loadDataDir });
  await pg.waitReady;
  let tail: Promise<unknown> = Promise.resolve();
  const prepared = preparedStatements(pg);

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
    exec: (sql) =>
      exclusive(async () => {
        const results = await pg.exec(sql);
        return results.length ? results[results.length - 1].rows : [];
      }),
    transaction: (fn) =>
      exclusive(() =>
        pg.transaction(async (tx) => {
          // PGlite commits when this function returns; after commitNow nothing more may run in it.
          let committed = false;
          const scoped: Transaction = {
            async query<R = Row>(sql: string, params: readonly unknown[] = [], options?: QueryOptions) {
              if (committed) throw new Error('This transaction has already committed');
              if (options?.prepare) return prepared.run<R>(sql, params);
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
    dumpDataDir: () => exclusive(() => pg.dumpDataDir('none')),
  };
}

interface Statement {
  name: string;
  /** Parameter type OIDs, as Postgres inferred them when it parsed the statement. */
  types: number[];
}

/**
 * Named prepared statements on PGlite's one connection, for `{ prepare: true }` inside a
 * transaction. `PGlite#query` sends Parse, Describe, Bind, Describe, Execute and Sync as six calls
 * into the engine and parses and plans the text every time (about 0.3 ms before any work, and as
 * much again to plan a join). A prepared statement is parsed once (kept by text, as the pg driver's
 * named statements are), and each run is Bind, Describe, Execute and Sync in a single call. Runs
 * take PGlite's query lock, so they stay in order with the transaction's other statements. Only
 * inside a transaction: there PGlite itself leaves syncing to the file system to COMMIT.
 */
function preparedStatements(pg: PGlite) {
  const serialize = protocol.serialize;
  const statements = new Map<string, Statement>();

  async function prepare(sql: string): Promise<Statement> {
    const name = `vuka_${statements.size + 1}`;
    const res = await pg.execProtocol(
      concat([serialize.parse({ name, text: sql }), serialize.describe({ type: 'S', name }), serialize.sync()]),
      {
        syncToFs: false,
      },
    );
    const description = res.messages.find((m) => m.name === 'parameterDescription');
    const types = description && 'dataTypeIDs' in description ? (description.dataTypeIDs as number[]) : [];
    const statement = { name, types };
    statements.set(sql, statement);
    return statement;
  }

  return {
    run<R>(sql: string, params: readonly unknown[]): Promise<R[]> {
      // Taken synchronously, so statements keep the order they were issued in.
      return pg.runExclusive(async () => {
        const statement = statements.get(sql) ?? (await prepare(sql));
        if (params.length !== statement.types.length) {
          throw new Error(`The statement takes ${statement.types.length} parameters, ${params.length} were given`);
        }
        const values = params.map((value, i) => {
          if (value === null || value === undefined) return null;
          const serializer = pg.serializers[statement.types[i]];
          return serializer ? serializer(value) : String(value);
        });
        const res = await pg.execProtocol(
          concat([
            serialize.bind({ statement: statement.name, values }),
            serialize.describe({ type: 'P' }),
            serialize.execute({}),
            serialize.sync(),
          ]),
          { syncToFs: false },
        );
        return parse.parseResults(res.messages, pg.parsers)[0].rows as R[];
      });
    },
  };
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
