import type { Server } from 'node:http';
import { areaSockets } from './api/areas.js';
import type { AreaSocket } from './areas/area.js';
import type { AppDeps } from './deps.js';
import { routeUpgrades } from './http/upgrade.js';
import { startLive, type LiveHandle } from './live/live.js';

export interface Sockets {
  live: LiveHandle;
  /** The areas' endpoints (a project's documents at `/api/yjs/:doc`), in list order. */
  areas: readonly AreaSocket[];
  /** Resolves once every area socket stored what it received so far (tests and benches). */
  settled(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Every WebSocket endpoint the server speaks, behind the HTTP server's one upgrade router: any other
 * upgrade is answered 404 and closed: the live channel at `/api/live` (core) and each area's own
 * (`AreaDefinition.sockets`).
 */
export async function attachSockets(server: Server, deps: AppDeps, opts: { handshakeMs?: number } = {}): Promise<Sockets> {
  const live = await startLive(deps);
  const areas: AreaSocket[] = [];
  for (const start of areaSockets) areas.push(await start(deps));
  const endpoints = [live.endpoint, ...areas.map((a) => a.endpoint)];
  const router = routeUpgrades(server, endpoints, { log: deps.log, handshakeMs: opts.handshakeMs });
  return {
    live,
    areas,
    async settled() {
      for (const a of areas) await a.settled();
    },
    async close() {
      router.close();
      await live.close();
      for (const a of areas) await a.close();
    },
  };
}
