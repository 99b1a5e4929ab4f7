/**
 * One small interface over both database drivers. PGlite (embedded, default) and `pg` (a pool, when
 * DATABASE_URL is set) both satisfy it, so services and repositories never know which one runs.
 */
export type Row = Record<string, unknown>;

/**
 * Statements run in the order `query` is called. On one transaction a caller may call `query` several
 * times before awaiting any (a pipeline): the pg driver then sends them together, one round trip.
 */
export interface Queryable {
  query<R = Row>(sql: string, params?: readonly unknown[], options?: QueryOptions): Promise<R[]>;
}

export interface QueryOptions {
  /**
   * Keep the statement parsed and planned on the connection (a named prepared statement), for hot
   * statements whose text is fixed (built once from the registry). Not for statements whose best
   * plan depends on their parameters: after a few runs Postgres may settle on one generic plan.
   */
  prepare?: boolean;
}

export type NotifyListener = (payload: string) => void;

/** The connection of an open transaction. */
export interface Transaction extends Queryable {
  /**
   * Commits right behind the statements already sent instead of after the transaction's function
   * returns, so the last statement and COMMIT share a round trip. The transaction ends there: a
   * statement issued after it is refused (it would run outside the transaction and its scope). If a
   * statement before it failed, Postgres rolls back instead and that statement's promise rejects.
   */
  commitNow(): void;
}

export interface Db extends Queryable {
  readonly driver: 'pglite' | 'pg';
  /** The pg driver's connection string, for a library that keeps its own pool (the job queue). */
  readonly connectionString?: string;
  /**
   * Runs a script of one or more statements without parameters (the simple query protocol) and
   * returns the last statement's rows. For a library's own SQL (the job queue's schema and locks).
   */
  exec(sql: string): Promise<Row[]>;
  /** Runs `fn` in one transaction; commits when it resolves (or at `commitNow`), rolls back when it throws. */
  transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T>;
  /** LISTEN on a channel; returns a function that stops listening. */
  listen(channel: string, listener: NotifyListener): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/** Who is asking: set per transaction so row-level security can see it. */
export interface Scope {
  userId: number;
  workspaceId?: number;
}

/**
 * Runs `fn` as the non-owner `vuka_app` role with `app.user_id` / `app.workspace_id` set for this
 * transaction only. Every workspace table's row-level security policy reads those settings, so a
 * query in here can never see or touch another workspace's rows, whatever its SQL says.
 */
export function withScope<T>(db: Db, scope: Scope, fn: (tx: Queryable) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    // fn's statements are queued behind the scope's, so they pipeline with it and still run scoped.
    const [, out] = await Promise.all([enterScope(tx, scope), fn(tx)]);
    return out;
  });
}

/**
 * Puts an open transaction in the request's scope (see `withScope`). With `lock`, it also takes that
 * transaction-level advisory lock in the same round trip: a sync push does both on every request.
 */
export async function enterScope(tx: Queryable, scope: Scope, lock?: readonly [number, number]): Promise<void> {
  // set_config('role', …, true) is SET LOCAL ROLE.
  const settings = `set_config('role', 'vuka_app', true), set_config('app.user_id', $1, true), set_config('app.workspace_id', $2, true)`;
  const params = [String(scope.userId), scope.workspaceId === undefined ? '' : String(scope.workspaceId)];
  if (lock) await tx.query(`SELECT ${settings}, pg_advisory_xact_lock($3, $4)`, [...params, ...lock], { prepare: true });
  else await tx.query(`SELECT ${settings}`, params, { prepare: true });
}
