import pg from 'pg';
import { createHash } from 'node:crypto';
import type { Db, NotifyListener, QueryOptions, Row, Transaction } from './db.js';

// int8 and numeric come back as strings by default; our ids and counters fit in a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

const statementNames = new Map<string, string>();

/** What `pg` needs to run a query: a name (by its text) makes it a prepared statement kept per connection. */
function queryConfig(text: string, params: readonly unknown[], options?: QueryOptions): pg.QueryConfig {
  if (!options?.prepare) return { text, values: [...params] };
  let name = statementNames.get(text);
  if (!name) {
    name = `vuka_${createHash('sha256').update(text).digest('hex').slice(0, 24)}`;
    statementNames.set(text, name);
  }
  return { name, text, values: [...params] };
}

/**
 * A real PostgreSQL through a `pg` pool. Its connections pipeline: a query is sent as soon as it is
 * called, without waiting for the one before to answer, so statements a caller issues together (a
 * transaction's BEGIN, its scope and its first read) cost one round trip instead of one each. They
 * still run in the order they were called.
 */
export async function openPg(connectionString: string): Promise<Db> {
  const pool = new pg.Pool({ connectionString, max: 10, pipeline: true });
  // An idle client whose connection drops (a Postgres restart, a dropped test database) emits
  // 'error' on the pool; unhandled, that would crash the process. The pool replaces the client.
  pool.on('error', () => undefined);
  const listeners = new Map<string, Set<NotifyListener>>();
  let listenClient: pg.PoolClient | undefined;

  async function listenConnection(): Promise<pg.PoolClient> {
    if (listenClient) return listenClient;
    const client = await pool.connect();
    client.on('error', () => {
      listenClient = undefined;
    });
    client.on('notification', (msg) => {
      for (const l of listeners.get(msg.channel) ?? []) l(msg.payload ?? '');
    });
    listenClient = client;
    return client;
  }

  return {
    driver: 'pg',
    connectionString,
    async exec(sql: string) {
      // No parameters: pg sends it as a simple query, several statements allowed, one result each.
      const res: pg.QueryResult | pg.QueryResult[] = await pool.query(sql);
      const last = Array.isArray(res) ? res[res.length - 1] : res;
      return last ? last.rows : [];
    },
    async query<R = Row>(sql: string, params: readonly unknown[] = [], options?: QueryOptions) {
      const res = await pool.query(queryConfig(sql, params, options));
      return res.rows;
    },
    async transaction(fn) {
      const client = await pool.connect();
      let commit: Promise<unknown> | undefined;
      const tx: Transaction = {
        async query<R = Row>(sql: string, params: readonly unknown[] = [], options?: QueryOptions) {
          if (commit) throw new Error('This transaction has already committed');
          const res = await client.query(queryConfig(sql, params, options));
          return res.rows;
        },
        commitNow() {
          commit ??= client.query('COMMIT');
          commit.catch(() => undefined);
        },
      };
      // BEGIN goes out with fn's first statements rather than a round trip ahead of them.
      const begin = client.query('BEGIN');
      begin.catch(() => undefined);
      try {
        const out = await fn(tx);
        await begin;
        await (commit ?? client.query('COMMIT'));
        return out;
      } catch (err) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw err;
      } finally {
        client.release();
      }
    },
    async listen(channel, listener) {
      const client = await listenConnection();
      let set = listeners.get(channel);
      if (!set) {
        set = new Set();
        listeners.set(channel, set);
        await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      }
      set.add(listener);
      return async () => {
        set.delete(listener);
      };
    },
    async close() {
      listenClient?.release();
      listenClient = undefined;
      await pool.end();
    },
  };
}
