// Runs inside headless Chromium (bundled by bench/browser-pull.ts): the real client database and
// replication, pulling a workspace from the server that served this page, or kept live as one of two
// devices of the same workspace.
import { openUserDatabase, type UserData } from '../app/data/db.js';
import { startSync, syncBatch, type SyncEngine } from '../app/data/replication.js';
import { createSyncStatusStore } from '../app/data/sync-status.js';

const PAGE = syncBatch.pull;

declare global {
  interface Window {
    runInitialPull(userId: number, workspace: number): Promise<{ ms: number; count: number }>;
    runRawWrite(workspace: number): Promise<{ ms: number; count: number }>;
    startDevice(userId: number, workspace: number): Promise<void>;
    /** Writes a contact; resolves with the clock (performance.timeOrigin + now) just before the write. */
    writeContact(workspace: number, id: string): Promise<number>;
    /** Resolves with the clock when the contact is on this device. */
    seeContact(id: string): Promise<number>;
    /** Baseline: a bare WebSocket relay between two pages. */
    relayOpen(url: string): Promise<void>;
    relaySend(id: string): number;
    relaySee(id: string): Promise<number>;
  }
}

const clock = () => performance.timeOrigin + performance.now();

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
    const res = await fetch(`/api/sync/products/pull?workspace=${workspace}&seq=${seq}&id=${encodeURIComponent(id)}&limit=${PAGE}`);
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

let device: { data: UserData; engine: SyncEngine } | null = null;

window.startDevice = async (userId, workspace) => {
  const data = await openUserDatabase(userId, { name: `device-${Date.now()}-${Math.random()}`, multiInstance: false, devMode: false });
  const engine = startSync({ data, baseUrl: '', workspaces: [workspace], status: createSyncStatusStore(), waitForLeadership: false });
  await engine.awaitInSync();
  device = { data, engine };
};

window.writeContact = async (workspace, id) => {
  if (!device) throw new Error('no device');
  const at = clock();
  await device.data.db.contacts.insert({
    id,
    workspace_id: workspace,
    updated_at: new Date().toISOString(),
    name: `Latency ${id}`,
    status: 'active',
  });
  return at;
};

window.seeContact = (id) =>
  new Promise((resolve, reject) => {
    if (!device) return reject(new Error('no device'));
    const sub = device.data.db.contacts.findOne(id).$.subscribe((doc) => {
      if (!doc) return;
      const at = clock();
      queueMicrotask(() => sub.unsubscribe());
      resolve(at);
    });
  });

let relay: WebSocket | null = null;
const relayWaiting = new Map<string, (at: number) => void>();

window.relayOpen = (url) =>
  new Promise((resolve, reject) => {
    relay = new WebSocket(url);
    relay.onopen = () => resolve();
    relay.onerror = () => reject(new Error('relay failed'));
    relay.onmessage = (e) => {
      const at = clock();
      const id = String(e.data);
      relayWaiting.get(id)?.(at);
      relayWaiting.delete(id);
    };
  });

window.relaySend = (id) => {
  const at = clock();
  relay?.send(id);
  return at;
};

window.relaySee = (id) => new Promise((resolve) => relayWaiting.set(id, resolve));
