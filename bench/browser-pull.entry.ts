// Runs inside headless Chromium (bundled by bench/browser-pull.ts): the real client database and
// replication, pulling a workspace from the server that served this page.
import { openUserDatabase } from '../app/data/db.js';
import { startSync } from '../app/data/replication.js';
import { createSyncStatusStore } from '../app/data/sync-status.js';

declare global {
  interface Window {
    runInitialPull(userId: number, workspace: number): Promise<{ ms: number; count: number }>;
    runRawWrite(workspace: number): Promise<{ ms: number; count: number }>;
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

/**
 * The floor: the same documents fetched in the same pages and written with plain IndexedDB, one
 * transaction per page, no RxDB. What a first sync costs before any bookkeeping.
 */
window.runRawWrite = async (workspace) => {
  const start = performance.now();
  const idb = await new Promise<IDBDatabase>((resolve, reject) => {
    const open = indexedDB.open(`raw-${Date.now()}`, 1);
    open.onupgradeneeded = () => open.result.createObjectStore('products', { keyPath: 'id' });
    open.onsuccess = () => resolve(open.result);
    open.onerror = () => reject(open.error);
  });
  let seq = 0;
  let id = '';
  let count = 0;
  for (;;) {
    const res = await fetch(`/api/sync/products/pull?workspace=${workspace}&seq=${seq}&id=${encodeURIComponent(id)}&limit=500`);
    const page = (await res.json()) as { documents: Record<string, unknown>[]; checkpoint: { seq: number; id: string } };
    if (page.documents.length === 0) break;
    await new Promise<void>((resolve, reject) => {
      const tx = idb.transaction('products', 'readwrite');
      const store = tx.objectStore('products');
      for (const doc of page.documents) store.put(doc);
      tx.oncomplete = () => resolve();
      tx.onerror = () => reject(tx.error);
    });
    count += page.documents.length;
    ({ seq, id } = page.checkpoint);
  }
  const ms = performance.now() - start;
  idb.close();
  return { ms, count };
};
