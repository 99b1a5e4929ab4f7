import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, expect } from 'vitest';
import { pullResponse, pushResponse, type PushResponse } from '../../schema/sync/contract.js';
import { createApp } from '../../sync-server/app.js';
import type { AppDeps } from '../../sync-server/deps.js';
import { loadConfig } from '../../sync-server/config.js';
import type { Db } from '../../sync-server/db/db.js';
import { signAccessToken } from '../../sync-server/http/access-token.js';
import { signingKey } from '../../sync-server/http/auth-context.js';
import type { LiveHandle } from '../../sync-server/live/live.js';
import { createLogger } from '../../sync-server/logger.js';
import { outboxMailer } from '../../sync-server/mail/mailer.js';
import { attachSockets } from '../../sync-server/sockets.js';
import { liveSessionFamily } from './session-family.js';

export interface SyncTestServer {
  url: string;
  /** The HTTP server, for probes that count its open connections. */
  server: Server;
  deps: AppDeps;
  live: LiveHandle;
  /** Resolves once every area socket (a project's documents) stored and materialised what it received. */
  settled(): Promise<void>;
  close(): Promise<void>;
}

/** The real app plus its WebSocket endpoints on a free port, wired as main.ts wires them. */
export async function startSyncTestServer(db: Db, opts: { handshakeMs?: number } = {}): Promise<SyncTestServer> {
  const config = loadConfig({ NODE_ENV: 'test', PORT: '0', LOG_LEVEL: 'silent' });
  const deps: AppDeps = {
    config,
    db,
    mailer: outboxMailer(db, config.MAIL_FROM),
    log: createLogger('silent'),
    now: () => new Date(),
  };
  const server: Server = createServer(createApp(deps));
  const sockets = await attachSockets(server, deps, opts);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${portOf(server)}`;
  config.allowedOrigins.push(url);
  return {
    url,
    server,
    deps,
    live: sockets.live,
    settled: () => sockets.settled(),
    async close() {
      await sockets.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

let seq = 0;

/** A user made directly in SQL (the auth API is someone else's). */
export async function seedUser(db: Db, opts: { plan?: 'free' | 'pro' } = {}): Promise<number> {
  const n = `${process.pid}-${Date.now().toString(36)}-${seq++}`;
  const rows = await db.query<{ id: number }>(
    `INSERT INTO users (email, full_name, verified, plan) VALUES ($1, $2, true, $3) RETURNING id`,
    [`sync-${n}@example.test`, `Sync Tester ${n}`, opts.plan ?? 'free'],
  );
  return rows[0].id;
}

/** A workspace owned by `ownerId` with the given extra members. */
export async function seedWorkspace(db: Db, ownerId: number, members: number[] = []): Promise<number> {
  const n = `${process.pid}-${Date.now().toString(36)}-${seq++}`;
  const rows = await db.query<{ id: number }>(`INSERT INTO workspaces (name, slug, owner_id) VALUES ($1, $2, $3) RETURNING id`, [
    `Sync ${n}`,
    `sync-${n}`,
    ownerId,
  ]);
  const id = rows[0].id;
  await db.query(`INSERT INTO workspace_members (workspace_id, user_id, role, joined_at) VALUES ($1, $2, 'owner', now())`, [id, ownerId]);
  for (const m of members) {
    await db.query(`INSERT INTO workspace_members (workspace_id, user_id, role, joined_at) VALUES ($1, $2, 'member', now())`, [id, m]);
  }
  return id;
}

/** `Cookie` header value carrying a valid access token for the user. */
export async function accessCookie(deps: AppDeps, userId: number): Promise<string> {
  const token = signAccessToken(await signingKey(deps), {
    sub: userId,
    fam: await liveSessionFamily(deps.db, userId),
    // By the server's clock, which a test may have moved on.
    exp: Math.floor(deps.now().getTime() / 1000) + 3600,
  });
  return `vuka_at=${token}`;
}

/** A fetch that sends the user's cookie, like a browser with credentials: 'include'. */
export function cookieFetch(cookie: string): typeof fetch {
  return (input, init) => {
    const headers = new Headers(init?.headers);
    headers.set('cookie', cookie);
    return fetch(input, { ...init, headers });
  };
}

/** Small JSON helpers for protocol tests. */
export function syncApi(base: string, cookie: string) {
  const f = cookieFetch(cookie);
  return {
    async pull(collection: string, workspace: number, seq = 0, id = '', limit = 100) {
      const res = await f(
        `${base}/api/sync/${collection}/pull?workspace=${workspace}&seq=${seq}&id=${encodeURIComponent(id)}&limit=${limit}`,
      );
      return { status: res.status, body: await res.json() };
    },
    async push(collection: string, workspace: number, rows: unknown) {
      const res = await f(`${base}/api/sync/${collection}/push?workspace=${workspace}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(rows),
      });
      return { status: res.status, body: await res.json() };
    },
    async get(path: string) {
      const res = await f(base + path);
      return { status: res.status, body: await res.json() };
    },
    async post(path: string, body: unknown) {
      const res = await f(base + path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      return { status: res.status, body: await res.json() };
    },
  };
}

/**
 * A fresh database for one suite. On Postgres the teardown waits for the pool's connections to
 * finish closing before the forced DROP: `pool.end()` resolves while sockets are still closing, and
 * terminating those makes the idle clients emit an error nobody listens for.
 */
export async function openSyncDatabase(target: { name: string; open(): Promise<Db> }): Promise<Db> {
  const handles = await twoHandles(target);
  if (handles.second !== handles.first) await handles.second.close();
  return { ...handles.first, close: () => handles.close() };
}

/**
 * Two independent handles on one database, as two server instances would have: two `pg` pools on a
 * fresh Postgres database, or (PGlite being in-process) the same PGlite handle twice.
 */
export async function twoHandles(target: {
  name: string;
  open(): Promise<Db>;
}): Promise<{ first: Db; second: Db; close(): Promise<void> }> {
  const adminUrl = process.env.DATABASE_URL;
  if (target.name !== 'postgres' || !adminUrl) {
    const db = await target.open();
    return { first: db, second: db, close: () => db.close() };
  }
  const { openPg } = await import('../../sync-server/db/pg.js');
  const { migrate } = await import('../../sync-server/db/migrate.js');
  const { scratchDatabase } = await import('./databases.js');
  const scratch = await scratchDatabase(adminUrl, 'vuka_sync', { migrated: true });
  const first = await openPg(scratch.url);
  await migrate(first);
  const second = await openPg(scratch.url);
  let closed = false;
  return {
    first,
    second,
    async close() {
      if (closed) return;
      closed = true;
      await first.close();
      await second.close().catch(() => undefined);
      await new Promise((resolve) => setTimeout(resolve, 300));
      await scratch.drop();
    },
  };
}

function portOf(server: Server): number {
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('server is not listening on a port');
  return address.port;
}

/** What `syncWorkspaceSuite` sets up: read its fields inside tests (they are filled before the first). */
export interface SyncWorkspace {
  db: Db;
  server: SyncTestServer;
  api: ReturnType<typeof syncApi>;
  /** The owner's workspace. */
  ws: number;
  owner: number;
  /** The owner's access cookie. */
  cookie: string;
  /** Every live document of a collection in the workspace, pulled from the start. */
  pullAll(collection: string): Promise<Record<string, unknown>[]>;
  /** A push the server must answer 200, parsed. */
  push(collection: string, rows: unknown[]): Promise<PushResponse>;
}

/**
 * One database, one server and one owner's workspace for the enclosing describe block, with its
 * teardown: the set-up most sync suites share.
 */
export function syncWorkspaceSuite(target: { name: string; open(): Promise<Db> }, opts: { plan?: 'free' | 'pro' } = {}): SyncWorkspace {
  const suite = {
    async pullAll(collection: string) {
      return pullResponse.parse((await suite.api.pull(collection, suite.ws, 0, '', 1000)).body).documents;
    },
    async push(collection: string, rows: unknown[]) {
      const res = await suite.api.push(collection, suite.ws, rows);
      expect(res.status).toBe(200);
      return pushResponse.parse(res.body);
    },
  } as SyncWorkspace;
  beforeAll(async () => {
    suite.db = await openSyncDatabase(target);
    suite.server = await startSyncTestServer(suite.db);
    suite.owner = await seedUser(suite.db, { plan: opts.plan ?? 'pro' });
    suite.ws = await seedWorkspace(suite.db, suite.owner);
    suite.cookie = await accessCookie(suite.server.deps, suite.owner);
    suite.api = syncApi(suite.server.url, suite.cookie);
  });
  afterAll(async () => {
    await suite.server?.close();
    await suite.db?.close();
  });
  return suite;
}
