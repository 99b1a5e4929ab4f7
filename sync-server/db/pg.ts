import pg from 'pg';
import type { Db, NotifyListener, Queryable, Row } from './db.js';

// int8 and numeric come back as strings by default; our ids and counters fit in a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

/** A real PostgreSQL through a `pg` pool. */
export async function openPg(connectionString: string): Promise<Db> {
  const pool = new pg.Pool({ connectionString, max: 10 });
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
    async query<R = Row>(sql: string, params: readonly unknown[] = []) {
      const res = await pool.query(sql, [...params]);
      return res.rows;
    },
    async transaction(fn) {
      const client = await pool.connect();
      const tx: Queryable = {
        async query<R = Row>(sql: string, params: readonly unknown[] = []) {
          const res = await client.query(sql, [...params]);
          return res.rows;
        },
      };
      try {
        await client.query('BEGIN');
        const out = await fn(tx);
        await client.query('COMMIT');
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
