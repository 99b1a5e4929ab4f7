import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { liveCloseCode, LIVE_MAX_WORKSPACES } from '../../schema/sync/contract.js';
import type { Db } from '../../sync-server/db/db.js';
import { testDatabases } from '../support/databases.js';
import { eventually } from '../support/sync-clients.js';
import { MAX_SOCKETS_PER_USER } from '../../sync-server/live/live.js';
import {
  accessCookie,
  openSyncDatabase,
  seedUser,
  seedWorkspace,
  startSyncTestServer,
  type SyncTestServer,
} from '../support/sync-server.js';

/** The flood the outside probe sent: 300 subscribes of 200 workspace ids each, from one socket. */
const FLOOD_MESSAGES = 300;

/** The same database, counting the statements that read memberships. */
function countingMembershipQueries(db: Db): { db: Db; count(): number } {
  let count = 0;
  return {
    db: {
      ...db,
      query: (sql, params, options) => {
        if (sql.includes('workspace_members')) count++;
        return db.query(sql, params, options);
      },
    },
    count: () => count,
  };
}

async function openLive(server: SyncTestServer, cookie: string) {
  const ws = new WebSocket(server.url.replace('http', 'ws') + '/api/live', { headers: { origin: server.url, cookie } });
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    ws.on('open', () => resolve());
    ws.on('error', reject);
  });
  return { ws, closed };
}

function flood(ws: WebSocket, workspace: number) {
  for (let m = 0; m < FLOOD_MESSAGES; m++) {
    const ids = [workspace, ...Array.from({ length: LIVE_MAX_WORKSPACES - 1 }, (_, i) => 1_000_000 + m * LIVE_MAX_WORKSPACES + i)];
    ws.send(JSON.stringify({ type: 'subscribe', workspaces: ids }));
  }
}

for (const target of testDatabases()) {
  describe(`a subscribe flood on one live socket, on ${target.name}`, () => {
    let db: Db;
    let counted: ReturnType<typeof countingMembershipQueries>;
    let server: SyncTestServer;
    let flooder: number;
    let workspace: number;
    let bystander: number;

    beforeAll(async () => {
      db = await openSyncDatabase(target);
      counted = countingMembershipQueries(db);
      server = await startSyncTestServer(counted.db);
      flooder = await seedUser(db, { plan: 'pro' });
      workspace = await seedWorkspace(db, flooder);
      bystander = await seedUser(db);
    });
    afterAll(async () => {
      await server.close();
      await db.close();
    });

    it("during a flood of 300 subscribes of 200 ids, another user's GET /api/health answers in under 1 s", async () => {
      const { ws, closed } = await openLive(server, await accessCookie(server.deps, flooder));
      const bystanderCookie = await accessCookie(server.deps, bystander);
      flood(ws, workspace);
      const started = performance.now();
      const res = await fetch(`${server.url}/api/health`, { headers: { cookie: bystanderCookie } });
      const elapsed = performance.now() - started;
      expect(res.status).toBe(200);
      expect(elapsed).toBeLessThan(1000);
      ws.terminate();
      await closed;
    }, 60_000);

    it('the flooding socket is closed as a policy violation, having cost at most one membership query per allowed message', async () => {
      const { ws, closed } = await openLive(server, await accessCookie(server.deps, flooder));
      const before = counted.count();
      flood(ws, workspace);
      expect(await closed).toBe(liveCloseCode.policyViolation);
      // The allowance is 10 messages at once; with one subscribe evaluated at a time and newer ones
      // replacing the queued one, the 300 messages cost no more than that many queries (usually 1).
      expect(counted.count() - before).toBeLessThanOrEqual(10);
    }, 30_000);

    it('subscribes within the allowance are still answered, for the newest set', async () => {
      const { ws, closed } = await openLive(server, await accessCookie(server.deps, flooder));
      const replies: unknown[] = [];
      ws.on('message', (data) => replies.push(JSON.parse(data.toString())));
      ws.send(JSON.stringify({ type: 'subscribe', workspaces: [1_000_001] }));
      ws.send(JSON.stringify({ type: 'subscribe', workspaces: [workspace, 1_000_002] }));
      await eventually(() => expect(replies.at(-1)).toEqual({ type: 'subscribed', workspaces: [workspace] }));
      ws.close();
      await closed;
    });

    it('one user holds at most MAX_SOCKETS_PER_USER sockets: the next is refused 429 until one closes', async () => {
      const cookie = await accessCookie(server.deps, flooder);
      const sockets = await Promise.all(Array.from({ length: MAX_SOCKETS_PER_USER }, () => openLive(server, cookie)));
      const refused = new WebSocket(server.url.replace('http', 'ws') + '/api/live', { headers: { origin: server.url, cookie } });
      const status = await new Promise<number>((resolve) => {
        refused.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
        refused.on('open', () => resolve(101));
        refused.on('error', () => undefined);
      });
      expect(status).toBe(429);
      // Another user is not affected by this one's sockets.
      const other = await openLive(server, await accessCookie(server.deps, bystander));
      other.ws.close();
      const first = sockets[0];
      if (!first) throw new Error('no socket opened');
      first.ws.close();
      await first.closed;
      const again = await openLive(server, cookie);
      again.ws.close();
      for (const s of sockets.slice(1)) s.ws.close();
      await Promise.all([again.closed, other.closed, ...sockets.slice(1).map((s) => s.closed)]);
    }, 30_000);
  });
}
