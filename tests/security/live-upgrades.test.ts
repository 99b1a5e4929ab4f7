import { randomBytes } from 'node:crypto';
import type { Server } from 'node:http';
import { connect, type Socket } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import type { Db } from '../../sync-server/db/db.js';
import { testDatabases } from '../support/databases.js';
import { eventually } from '../support/sync-clients.js';
import { openSyncDatabase, startSyncTestServer, type SyncTestServer } from '../support/sync-server.js';

/** Raw sockets a test opened, destroyed after it so a failing probe leaks nothing into the next. */
const opened = new Set<Socket>();

/**
 * A WebSocket upgrade over raw TCP whose client never closes its end, as the outside probe sent
 * them: resolves with everything the server wrote once the server closes the connection.
 */
function abandonedUpgrade(server: SyncTestServer, path: string, headers: string[] = []): Promise<string> {
  const port = new URL(server.url).port;
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1');
    opened.add(socket);
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString('latin1')));
    socket.on('error', reject);
    socket.on('close', () => resolve(answer));
    socket.write(
      [
        `GET ${path} HTTP/1.1`,
        `Host: 127.0.0.1:${port}`,
        'Upgrade: websocket',
        'Connection: Upgrade',
        `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}`,
        'Sec-WebSocket-Version: 13',
        ...headers,
        '',
        '',
      ].join('\r\n'),
    );
  });
}

function openConnections(server: Server): Promise<number> {
  return new Promise((resolve, reject) => server.getConnections((err, count) => (err ? reject(err) : resolve(count))));
}

/** The status a live socket's handshake is answered with ('open' when it is accepted). */
function liveHandshake(server: SyncTestServer, cookie: string): Promise<number | 'open'> {
  const ws = new WebSocket(server.url.replace('http', 'ws') + '/api/live', { headers: { origin: server.url, cookie } });
  return new Promise((resolve) => {
    ws.on('open', () => {
      ws.close();
      resolve('open');
    });
    ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
    ws.on('error', () => undefined);
  });
}

/** The same database with every query failing, or never answering. */
function brokenDb(db: Db, how: 'throws' | 'hangs'): Db {
  return {
    ...db,
    query: () => (how === 'throws' ? Promise.reject(new Error('database unavailable')) : new Promise(() => undefined)),
  };
}

afterEach(() => {
  for (const socket of opened) socket.destroy();
  opened.clear();
});

for (const target of testDatabases()) {
  describe(`WebSocket upgrades on ${target.name}`, () => {
    let db: Db;
    let server: SyncTestServer;

    beforeAll(async () => {
      db = await openSyncDatabase(target);
      server = await startSyncTestServer(db);
    });
    afterAll(async () => {
      await server.close();
      await db.close();
    });

    it('200 abandoned upgrades leave no descriptor open: each unknown path is answered 404 and closed', async () => {
      const baseline = await openConnections(server.server);
      const paths = Array.from({ length: 200 }, (_, i) =>
        i % 4 === 0 ? `/api/live/${i}` : i % 4 === 1 ? `/api/yjs` : `/${randomBytes(6).toString('hex')}?n=${i}`,
      );
      const answers = await Promise.all(paths.map((path) => abandonedUpgrade(server, path)));
      for (const answer of answers) expect(answer).toMatch(/^HTTP\/1\.1 404 /);
      await eventually(async () => expect(await openConnections(server.server)).toBeLessThanOrEqual(baseline));
    }, 20_000);

    it('a malformed percent-encoded access cookie is treated as absent: 401, not 500', async () => {
      expect(await liveHandshake(server, 'vuka_at=%E0%A4%A')).toBe(401);
      expect(await liveHandshake(server, 'other=%zz; vuka_at=%')).toBe(401);
    });

    it('an upgrade to /api/live whose authentication throws is answered 500 and closed', async () => {
      const failing = await startSyncTestServer(brokenDb(db, 'throws'));
      try {
        const answer = await abandonedUpgrade(failing, '/api/live', [`Origin: ${failing.url}`, 'Cookie: vuka_at=a.b']);
        expect(answer).toMatch(/^HTTP\/1\.1 500 /);
      } finally {
        await failing.close();
      }
    });

    it('an upgrade whose authentication never answers is refused 503 and closed at the handshake deadline', async () => {
      const stuck = await startSyncTestServer(brokenDb(db, 'hangs'), { handshakeMs: 200 });
      try {
        const baseline = await openConnections(stuck.server);
        const answer = await abandonedUpgrade(stuck, '/api/live', [`Origin: ${stuck.url}`, 'Cookie: vuka_at=a.b']);
        expect(answer).toMatch(/^HTTP\/1\.1 503 /);
        await eventually(async () => expect(await openConnections(stuck.server)).toBeLessThan(baseline + 1));
      } finally {
        await stuck.close();
      }
    }, 20_000);
  });
}
