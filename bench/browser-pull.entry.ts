// Runs inside headless Chromium (bundled by bench/browser-pull.ts): the real client database and
// replication, pulling a workspace from the server that served this page.
import { openUserDatabase } from '../app/data/db.js';
import { startSync } from '../app/data/replication.js';
import { createSyncStatusStore } from '../app/data/sync-status.js';

declare global {
  interface Window {
    runInitialPull(userId: number, workspace: number): Promise<{ ms: number; count: number }>;
  }
}

window.runInitialPull = async (userId, workspace) => {
  const start = performance.now();
  const data = await openUserDatabase(userId, { name: `bench-${Date.now()}`, multiInstance: false, devMode: false });
  const engine = startSync({
    data,
    baseUrl: '',
    workspaces: [workspace],
    live: false,
    status: createSyncStatusStore(),
    waitForLeadership: false,
  });
  await engine.awaitInSync();
  const ms = performance.now() - start;
  const count = await data.db.products.count().exec();
  await engine.stop();
  return { ms, count };
};
