import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { WebSocket, WebSocketServer } from 'ws';
import type { Logger } from '../logger.js';

/**
 * One handshake in progress, handed to the endpoint its path matched. The endpoint ends it exactly
 * once, with `accept` or `refuse`; whatever it does not end the dispatcher ends for it, so no
 * upgrade request can leave its connection open.
 */
export interface Upgrade {
  readonly req: IncomingMessage;
  /** The path's `:name` segments, decoded. */
  readonly params: Readonly<Record<string, string>>;
  /** Completes the WebSocket handshake on `wss` (a `noServer` server). Ignored once the handshake has ended. */
  accept(wss: WebSocketServer, onSocket: (ws: WebSocket) => void): void;
  /** Answers `status` and closes the connection. Ignored once the handshake has ended. */
  refuse(status: RefusalStatus): void;
}

export interface SocketEndpoint {
  /** The path it serves: `/api/live`, or with `:name` segments, `/api/yjs/:doc`. */
  path: string;
  upgrade(upgrade: Upgrade): Promise<void> | void;
}

const reasons = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
} as const;
export type RefusalStatus = keyof typeof reasons;

/**
 * An endpoint's handshake (its authentication: a signing key and a session lookup) must end within
 * this: a database that stops answering must not pile up half-open sockets. Requests whose headers
 * never finish are Node's own `headersTimeout` (60 s), before any upgrade is seen.
 */
export const HANDSHAKE_MS = 10_000;

export interface UpgradeRouter {
  /** Stops routing: upgrades that arrive while the server shuts down are refused 503. */
  close(): void;
}

/**
 * The HTTP server's one `upgrade` listener. It routes each upgrade request by path to its socket
 * endpoint and answers every other one 404 and closes it: Node hands an upgrade's raw socket to the
 * listener and neither answers nor times it out, so an upgrade nobody ends holds a descriptor for
 * ever (a signed-out client could exhaust the process).
 */
export function routeUpgrades(
  server: Server,
  endpoints: readonly SocketEndpoint[],
  opts: { log: Logger; handshakeMs?: number },
): UpgradeRouter {
  const routes = endpoints.map((e) => ({ endpoint: e, match: pathMatcher(e.path) }));
  const handshakeMs = opts.handshakeMs ?? HANDSHAKE_MS;
  let routing = true;

  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    // Node removes its own error listener before this event: a reset during the handshake would
    // otherwise be an unhandled 'error' and end the process.
    const onError = () => socket.destroy();
    socket.on('error', onError);
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    let found: { endpoint: SocketEndpoint; params: Record<string, string> } | undefined;
    for (const route of routing ? routes : []) {
      const params = route.match(path);
      if (params) {
        found = { endpoint: route.endpoint, params };
        break;
      }
    }
    if (!found) return refuse(socket, routing ? 404 : 503);
    const { endpoint, params } = found;

    let ended = false;
    const end = () => {
      ended = true;
      clearTimeout(deadline);
    };
    const upgrade: Upgrade = {
      req,
      params,
      accept(wss, onSocket) {
        if (ended) return;
        end();
        socket.off('error', onError);
        wss.handleUpgrade(req, socket, head, onSocket);
      },
      refuse(status) {
        if (ended) return;
        end();
        refuse(socket, status);
      },
    };
    const deadline = setTimeout(() => upgrade.refuse(503), handshakeMs);
    // A client that gives up mid-handshake needs no answer, only its timer cleared.
    socket.once('close', end);
    Promise.resolve()
      .then(() => endpoint.upgrade(upgrade))
      .then(
        () => {
          if (ended) return;
          opts.log.error({ path: endpoint.path }, 'socket endpoint neither accepted nor refused an upgrade');
          upgrade.refuse(500);
        },
        (err: unknown) => {
          opts.log.error({ err, path: endpoint.path }, 'socket endpoint failed');
          upgrade.refuse(500);
        },
      );
  };

  server.on('upgrade', onUpgrade);
  return {
    close() {
      routing = false;
    },
  };
}

function refuse(socket: Duplex, status: RefusalStatus) {
  if (socket.destroyed) return;
  // end() flushes the answer before the socket closes; the timer lets go of the descriptor
  // whatever the peer does.
  const timer = setTimeout(() => socket.destroy(), 1000).unref();
  socket.once('close', () => clearTimeout(timer));
  socket.once('finish', () => socket.destroy());
  socket.end(`HTTP/1.1 ${status} ${reasons[status]}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}

/** `/api/yjs/:doc` → a function giving `{ doc }` for a path of that shape, else null. */
function pathMatcher(pattern: string): (path: string) => Record<string, string> | null {
  const parts = pattern.split('/');
  return (path) => {
    const given = path.split('/');
    if (given.length !== parts.length) return null;
    const params: Record<string, string> = {};
    for (let i = 0; i < parts.length; i++) {
      if (parts[i].startsWith(':')) {
        if (given[i] === '') return null;
        try {
          params[parts[i].slice(1)] = decodeURIComponent(given[i]);
        } catch {
          return null;
        }
      } else if (parts[i] !== given[i]) return null;
    }
    return params;
  };
}
