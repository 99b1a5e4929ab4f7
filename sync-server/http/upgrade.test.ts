import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocketServer } from 'ws';
import { createLogger } from '../logger.js';
import { routeUpgrades, type SocketEndpoint } from './upgrade.js';

const servers: Server[] = [];

async function serve(endpoints: SocketEndpoint[]): Promise<number> {
  const server = createServer((_req, res) => res.end());
  servers.push(server);
  routeUpgrades(server, endpoints, { log: createLogger('silent'), handshakeMs: 2000 });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('not listening');
  return address.port;
}

/** Everything the server writes to an upgrade request, up to the first blank line or its close. */
function upgrade(port: number, path: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    socket.on('data', (chunk) => {
      answer += chunk.toString('latin1');
      if (answer.includes('\r\n\r\n')) {
        socket.destroy();
        resolve(answer);
      }
    });
    socket.on('error', reject);
    socket.on('close', () => resolve(answer));
    socket.write(
      `GET ${path} HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
        `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}\r\nSec-WebSocket-Version: 13\r\n\r\n`,
    );
  });
}

afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

describe('routeUpgrades', () => {
  it('routes a path with a :name segment to its endpoint with the segment decoded', async () => {
    const wss = new WebSocketServer({ noServer: true });
    const seen: string[] = [];
    const port = await serve([
      { path: '/api/live', upgrade: (u) => u.refuse(401) },
      {
        path: '/api/yjs/:doc',
        upgrade: (u) => {
          seen.push(u.params.doc);
          u.accept(wss, (ws) => ws.close());
        },
      },
    ]);
    expect(await upgrade(port, '/api/yjs/project%201')).toMatch(/^HTTP\/1\.1 101 /);
    expect(seen).toEqual(['project 1']);
    expect(await upgrade(port, '/api/live')).toMatch(/^HTTP\/1\.1 401 /);
    expect(await upgrade(port, '/api/yjs')).toMatch(/^HTTP\/1\.1 404 /);
    expect(await upgrade(port, '/api/yjs/a/b')).toMatch(/^HTTP\/1\.1 404 /);
    wss.close();
  });

  it('an endpoint that neither accepts nor refuses, or throws, still has its upgrade answered 500 and closed', async () => {
    const port = await serve([
      { path: '/forgets', upgrade: () => undefined },
      {
        path: '/throws',
        upgrade: () => {
          throw new Error('boom');
        },
      },
    ]);
    expect(await upgrade(port, '/forgets')).toMatch(/^HTTP\/1\.1 500 /);
    expect(await upgrade(port, '/throws')).toMatch(/^HTTP\/1\.1 500 /);
  });
});
