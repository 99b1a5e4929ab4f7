import type { Server } from 'node:http';
import type { AppDeps } from './deps.js';
import { routeUpgrades } from './http/upgrade.js';
import { startLive, type LiveHandle } from './live/live.js';
import { startYjs, type YjsHandle } from './yjs/yjs.js';

export interface Sockets {
  live: LiveHandle;
  yjs: YjsHandle;
  close(): Promise<void>;
}

/**
 * Every WebSocket endpoint the server speaks, behind the HTTP server's one upgrade router: any other
 * upgrade is answered 404 and closed: the live channel at `/api/live` and collaborative documents at
 * `/api/yjs/:doc`.
 */
export async function attachSockets(server: Server, deps: AppDeps, opts: { handshakeMs?: number } = {}): Promise<Sockets> {
  const live = await startLive(deps);
  const yjs = await startYjs(deps);
  const router = routeUpgrades(server, [live.endpoint, yjs.endpoint], { log: deps.log, handshakeMs: opts.handshakeMs });
  return {
    live,
    yjs,
    async close() {
      router.close();
      await live.close();
      await yjs.close();
    },
  };
}
