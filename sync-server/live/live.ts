import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { liveClientMessage, type LiveServerMessage } from '../../schema/contract/sync.js';
import type { AppDeps } from '../app.js';
import { requireMembership } from '../api/workspaces/membership.js';
import { cookieNames, verifyAccessToken } from '../http/access-token.js';
import { signingKey } from '../http/auth-context.js';
import { SYNC_CHANNEL, parseChangeNotice } from './notice.js';

export const LIVE_PATH = '/api/live';

export interface LiveHandle {
  /** Sockets currently open on this instance. */
  clientCount(): number;
  close(): Promise<void>;
}

interface Client {
  socket: WebSocket;
  userId: number;
  workspaces: Set<number>;
}

/**
 * The live channel: one WebSocket per tab at /api/live, authenticated by the access cookie. Each
 * instance LISTENs on Postgres and relays every committed push to the subscribers of that workspace,
 * so any number of instances behind a load balancer fan out the same changes.
 */
export async function attachLive(server: Server, deps: AppDeps): Promise<LiveHandle> {
  const wss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 });
  const clients = new Set<Client>();

  const unlisten = await deps.db.listen(SYNC_CHANNEL, (payload) => {
    const notice = parseChangeNotice(payload);
    if (!notice) return;
    const message: LiveServerMessage = { type: 'change', ...notice };
    const text = JSON.stringify(message);
    for (const client of clients) {
      if (client.workspaces.has(notice.workspace) && client.socket.readyState === client.socket.OPEN) client.socket.send(text);
    }
  });

  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname !== LIVE_PATH) return;
    authenticate(deps, req).then(
      (claims) => {
        if (!claims) return refuse(socket, 401, 'Unauthorized');
        wss.handleUpgrade(req, socket, head, (ws) => welcome(ws, claims.sub, claims.exp));
      },
      () => refuse(socket, 500, 'Internal Server Error'),
    );
  };

  function welcome(socket: WebSocket, userId: number, exp: number) {
    const client: Client = { socket, userId, workspaces: new Set() };
    clients.add(client);
    // The access cookie lives 15 minutes; the tab reconnects with a refreshed one.
    const expiry = setTimeout(() => socket.close(4001, 'session expired'), Math.max(0, exp * 1000 - deps.now().getTime()));
    socket.on('close', () => {
      clearTimeout(expiry);
      clients.delete(client);
    });
    socket.on('message', (data) => {
      void subscribe(client, data.toString()).catch((err: unknown) => deps.log.warn({ err }, 'live subscribe failed'));
    });
  }

  async function subscribe(client: Client, text: string) {
    let raw: unknown;
    try {
      raw = JSON.parse(text);
    } catch {
      return;
    }
    const parsed = liveClientMessage.safeParse(raw);
    if (!parsed.success) return;
    const allowed: number[] = [];
    for (const workspaceId of parsed.data.workspaces) {
      const ok = await requireMembership(deps.db, workspaceId, client.userId).then(
        () => true,
        () => false,
      );
      if (ok) allowed.push(workspaceId);
    }
    client.workspaces = new Set(allowed);
    const reply: LiveServerMessage = { type: 'subscribed', workspaces: allowed };
    client.socket.send(JSON.stringify(reply));
  }

  server.on('upgrade', onUpgrade);
  return {
    clientCount: () => clients.size,
    async close() {
      server.off('upgrade', onUpgrade);
      for (const c of clients) c.socket.terminate();
      clients.clear();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      await unlisten();
    },
  };
}

function refuse(socket: Duplex, status: number, text: string) {
  socket.write(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
  socket.destroy();
}

/**
 * Same checks as an API request: the Origin must be ours (a WebSocket is not bound by CORS), and the
 * access cookie must verify. `sessionOf` needs an Express request, which an upgrade is not, so the
 * cookie is read here and verified with the same key and clock.
 */
async function authenticate(deps: AppDeps, req: IncomingMessage) {
  const origin = req.headers.origin;
  if (origin && !deps.config.allowedOrigins.includes(origin) && !sameHost(origin, req.headers.host)) return null;
  const token = readCookieHeader(req.headers.cookie, cookieNames(deps.config.isProduction).access);
  if (!token) return null;
  return verifyAccessToken(await signingKey(deps), token, Math.floor(deps.now().getTime() / 1000));
}

function sameHost(origin: string, host: string | undefined): boolean {
  try {
    return host !== undefined && new URL(origin).host === host;
  } catch {
    return false;
  }
}

function readCookieHeader(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return decodeURIComponent(part.slice(eq + 1).trim());
  }
  return undefined;
}
