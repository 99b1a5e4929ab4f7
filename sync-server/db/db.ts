/**
 * One small interface over both database drivers. PGlite (embedded, default) and `pg` (a pool, when
 * DATABASE_URL is set) both satisfy it, so services and repositories never know which one runs.
 */
export type Row = Record<string, unknown>;

export interface Queryable {
  query<R = Row>(sql: string, params?: readonly unknown[]): Promise<R[]>;
}

export type NotifyListener = (payload: string) => void;

export interface Db extends Queryable {
  readonly driver: 'pglite' | 'pg';
  /** Runs `fn` in one transaction; commits when it resolves, rolls back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
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
    await enterScope(tx, scope);
    return fn(tx);
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
  if (lock) await tx.query(`SELECT ${settings}, pg_advisory_xact_lock($3, $4)`, [...params, ...lock]);
  else await tx.query(`SELECT ${settings}`, params);
}
