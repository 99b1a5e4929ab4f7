import type { Server } from 'node:http';
import type { AppDeps } from './deps.js';
import { routeUpgrades } from './http/upgrade.js';
import { startLive, type LiveHandle } from './live/live.js';

export interface Sockets {
  live: LiveHandle;
  close(): Promise<void>;
}

/**
 * Every WebSocket endpoint the server speaks, behind the HTTP server's one upgrade router: any other
 * upgrade is answered 404 and closed. A new endpoint (Yjs at `/api/yjs/:doc`) is one more entry in
 * the list given to `routeUpgrades`.
 */
export async function attachSockets(server: Server, deps: AppDeps, opts: { handshakeMs?: number } = {}): Promise<Sockets> {
  const live = await startLive(deps);
  const router = routeUpgrades(server, [live.endpoint], { log: deps.log, handshakeMs: opts.handshakeMs });
  return {
    live,
    async close() {
      router.close();
      await live.close();
    },
  };
}
