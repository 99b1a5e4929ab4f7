import { Subject } from 'rxjs';
import type { RxCollection, RxReplicationPullStreamItem, WithDeleted } from 'rxdb';
import { replicateRxCollection } from 'rxdb/plugins/replication';
import { deepEqual } from 'rxdb/plugins/utils';
import { pullResponse, pushResponse, type SyncCheckpoint } from '../../schema/contract/sync.js';
import type { RejectedChange } from './conflicts-store.js';
import { decoders, removeUserDatabase, type CollectionName, type UserData } from './db.js';
import { connectLive, type LiveConnection, type LiveSocket } from './live.js';
import { syncStatus as pageStatus, type SyncStatusStore } from './sync-status.js';

type SyncDoc = { id: string; workspace_id: number };

export interface SyncEngineOptions {
  data: UserData;
  /** '' in the browser (same origin); a full origin in Node tests and benches. */
  baseUrl: string;
  /** Every workspace the user belongs to: non-active ones with local changes must still push. */
  workspaces: number[];
  /** Defaults to the browser's fetch with cookies. */
  fetch?: typeof fetch;
  /** false: no live socket (pull only on reconnect/resync). */
  live?: false | { createSocket?: (url: string) => LiveSocket };
  status?: SyncStatusStore;
  /** How soon a failed request is retried, ms. */
  retryTime?: number;
  batchSize?: number;
  /** Only the leader tab replicates (RxDB leader election). */
  waitForLeadership?: boolean;
}

/** What the engine needs from each RxDB replication, whatever its document type. */
export interface ReplicationHandle {
  awaitInSync(): Promise<unknown>;
  cancel(): Promise<unknown>;
  /** Pull from the last checkpoint now (a live notice, a reconnect). */
  resync(): void;
}

export interface SyncEngine {
  readonly states: ReplicationHandle[];
  setOnline(online: boolean): void;
  isOnline(): boolean;
  /** Resolves when every replication has nothing left to push or pull. */
  awaitInSync(): Promise<void>;
  hasUnsyncedChanges(): boolean;
  pendingCount(): number;
  /** `collection:id` of every local change not yet accepted. */
  pendingKeys(): string[];
  stop(): Promise<void>;
}

export class OfflineError extends Error {
  constructor() {
    super('offline');
  }
}

const browserFetch: typeof fetch = (input, init) => fetch(input, { ...init, credentials: 'include' });

/** Starts replicating every collection of every workspace, plus the live socket. */
export function startSync(opts: SyncEngineOptions): SyncEngine {
  const { data } = opts;
  const status = opts.status ?? pageStatus;
  const doFetch = opts.fetch ?? browserFetch;
  let online = typeof navigator === 'undefined' ? true : navigator.onLine !== false;
  status.setState({ online });

  // Local changes not yet accepted by the server (`collection:id`), and the last state the server
  // accepted for each, so a write hook running late for an already-pushed state isn't counted.
  const pending = new Set<string>();
  const accepted = new Map<string, Record<string, unknown>>();
  const publish = () => status.setState({ pending: pending.size });
  const noteLocalWrite = (name: string, doc: object, deleted: boolean) => {
    const id: unknown = Reflect.get(doc, 'id');
    const key = `${name}:${String(id)}`;
    const state = withoutMeta(doc, deleted);
    const known = accepted.get(key);
    if (known && deepEqual(known, state)) return;
    pending.add(key);
    epoch++;
    publish();
  };
  // Per-row bookkeeping can miss a case (a tab closed mid-push, a conflict resolved twice), so once
  // RxDB reports every replication idle and in sync with no write since, nothing is pending.
  let epoch = 0;
  let settling = false;
  let settleAgain = false;
  async function settle(): Promise<void> {
    if (pending.size === 0 || !online) return;
    if (settling) {
      settleAgain = true;
      return;
    }
    settling = true;
    try {
      do {
        settleAgain = false;
        const start = epoch;
        await Promise.all(states.map((s) => s.awaitInSync()));
        if (online && epoch === start) {
          pending.clear();
          publish();
        } else if (online) {
          settleAgain = true;
        }
      } while (settleAgain && pending.size > 0 && online);
    } catch {
      // Cancelled (stop or restart): nothing to settle.
    } finally {
      settling = false;
    }
  }

  async function call(path: string, init?: RequestInit): Promise<unknown> {
    if (!online) throw new OfflineError();
    const res = await doFetch(opts.baseUrl + path, init);
    if (!res.ok) throw new Error(`sync ${res.status} on ${path}`);
    return res.json();
  }

  async function refreshLocalCounts() {
    const [rejected, conflicts] = await Promise.all([data.local.rejected(), data.local.conflicts()]);
    status.setState({ rejected, conflicts: conflicts.filter((c) => c.status === 'open').length });
  }
  const onLogged = () => void refreshLocalCounts();
  data.onConflictLogged.add(onLogged);
  void refreshLocalCounts();

  const byKey = new Map<string, ReplicationHandle>();
  const states: ReplicationHandle[] = [];

  function replicate<T extends SyncDoc>(
    collection: RxCollection<T>,
    name: CollectionName,
    decode: (raw: Record<string, unknown>) => WithDeleted<T>,
    workspace: number,
  ): ReplicationHandle {
    const stream = new Subject<RxReplicationPullStreamItem<T, SyncCheckpoint>>();
    const state = replicateRxCollection<T, SyncCheckpoint>({
      collection,
      replicationIdentifier: `vuka-sync-${name}-w${workspace}-${opts.baseUrl || 'origin'}`,
      live: true,
      retryTime: opts.retryTime ?? 5000,
      waitForLeadership: opts.waitForLeadership ?? true,
      pull: {
        batchSize: opts.batchSize ?? 200,
        stream$: stream.asObservable(),
        handler: async (checkpoint, batchSize) => {
          const cp = checkpoint ?? { seq: 0, id: '' };
          const q = `workspace=${workspace}&seq=${cp.seq}&id=${encodeURIComponent(cp.id)}&limit=${batchSize}`;
          const body = pullResponse.parse(await call(`/api/sync/${name}/pull?${q}`));
          status.setState({ lastSyncedAt: new Date().toISOString(), lastError: null });
          return { documents: body.documents.map(decode), checkpoint: body.checkpoint };
        },
      },
      push: {
        batchSize: opts.batchSize ?? 200,
        // One replication per workspace: each pushes only its own workspace's documents.
        modifier: (doc) => (doc.workspace_id === workspace ? doc : null),
        handler: async (rows) => {
          for (const r of rows) pending.add(`${name}:${r.newDocumentState.id}`);
          epoch++;
          publish();
          const body = pushResponse.parse(
            await call(`/api/sync/${name}/push?workspace=${workspace}`, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify(rows),
            }),
          );
          const masters = body.conflicts.map(decode);
          const masterIds = new Set(masters.map((m) => m.id));
          const refused = new Set(body.rejected.map((r) => r.id));
          if (body.rejected.length > 0) {
            const at = new Date().toISOString();
            const entries: RejectedChange[] = [];
            for (const r of body.rejected) {
              const row = rows.find((x) => x.newDocumentState.id === r.id);
              if (!row) continue;
              data.rejections.mark(name, r.id);
              const document = Object.fromEntries(Object.entries(row.newDocumentState));
              entries.push({ key: `${name}:${r.id}`, collection: name, doc_id: r.id, workspace_id: workspace, code: r.code, message: r.message, document, at });
              // A record the server never accepted is withdrawn locally; it stays in the rejected list.
              if (!masterIds.has(r.id)) masters.push({ ...row.newDocumentState, _deleted: true });
            }
            await data.local.addRejected(entries);
            void refreshLocalCounts();
          }
          // Accepted rows are no longer pending unless the user changed them again meanwhile.
          const ids = rows.map((r) => r.newDocumentState.id).filter((id) => !masterIds.has(id) || refused.has(id));
          const current = await collection.findByIds(ids).exec();
          for (const r of rows) {
            const id = r.newDocumentState.id;
            if (!ids.includes(id)) continue;
            const key = `${name}:${id}`;
            const sent = withoutMeta(r.newDocumentState, r.newDocumentState._deleted);
            accepted.set(key, sent);
            const now = current.get(id);
            const unchanged = now ? deepEqual(withoutMeta(now.toMutableJSON(), false), sent) : r.newDocumentState._deleted;
            if (unchanged || refused.has(id)) pending.delete(key);
          }
          status.setState({ pending: pending.size, lastSyncedAt: new Date().toISOString(), lastError: null });
          if (pending.size > 0) setTimeout(() => void settle(), 0);
          return masters;
        },
      },
    });
    state.error$.subscribe((err) => {
      status.setState({ lastError: err.message.includes('offline') ? null : err.message.slice(0, 200) });
    });
    const handle: ReplicationHandle = {
      awaitInSync: () => state.awaitInSync(),
      cancel: async () => {
        await state.cancel();
        stream.complete();
      },
      resync: () => stream.next('RESYNC'),
    };
    byKey.set(`${name}:${workspace}`, handle);
    return handle;
  }

  // The hooks see only writes made through the app (replication writes bypass them): those are
  // exactly the local changes waiting to be pushed.
  function trackLocalWrites<T extends SyncDoc>(collection: RxCollection<T>, name: CollectionName) {
    collection.postInsert((doc) => noteLocalWrite(name, doc, false), false);
    collection.postSave((doc) => noteLocalWrite(name, doc, false), false);
    collection.postRemove((doc) => noteLocalWrite(name, doc, true), false);
  }
  trackLocalWrites(data.db.products, 'products');
  trackLocalWrites(data.db.stock_movements, 'stock_movements');
  trackLocalWrites(data.db.contacts, 'contacts');

  for (const workspace of opts.workspaces) {
    // Spelled out per collection so each keeps its document type end to end.
    states.push(
      replicate(data.db.products, 'products', decoders.products, workspace),
      replicate(data.db.stock_movements, 'stock_movements', decoders.stock_movements, workspace),
      replicate(data.db.contacts, 'contacts', decoders.contacts, workspace),
    );
  }

  const resyncAll = () => states.forEach((s) => s.resync());
  let live: LiveConnection | null = null;
  if (opts.live !== false) {
    live = connectLive({
      url: liveUrl(opts.baseUrl),
      workspaces: opts.workspaces,
      createSocket: opts.live?.createSocket,
      onConnected: resyncAll,
      onChange: (collection, workspace) => byKey.get(`${collection}:${workspace}`)?.resync(),
    });
    if (!online) live.suspend();
  }

  function setOnline(value: boolean) {
    if (value === online) return;
    online = value;
    status.setState({ online });
    if (!value) {
      live?.suspend();
      return;
    }
    if (live) live.resume();
    else resyncAll();
  }
  const onOnline = () => setOnline(true);
  const onOffline = () => setOnline(false);
  if (typeof window !== 'undefined') {
    window.addEventListener('online', onOnline);
    window.addEventListener('offline', onOffline);
  }

  return {
    states,
    setOnline,
    isOnline: () => online,
    async awaitInSync() {
      await Promise.all(states.map((s) => s.awaitInSync()));
    },
    hasUnsyncedChanges: () => pending.size > 0,
    pendingCount: () => pending.size,
    pendingKeys: () => [...pending.keys()],
    async stop() {
      if (typeof window !== 'undefined') {
        window.removeEventListener('online', onOnline);
        window.removeEventListener('offline', onOffline);
      }
      data.onConflictLogged.delete(onLogged);
      live?.close();
      await Promise.all(states.map((s) => s.cancel()));
    },
  };
}

/** A document's replicated state: without RxDB's bookkeeping (`_meta`, `_rev`, `_attachments`). */
function withoutMeta(doc: object, deleted: boolean): Record<string, unknown> {
  return { ...Object.fromEntries(Object.entries(doc).filter(([k]) => !k.startsWith('_'))), _deleted: deleted };
}

function liveUrl(baseUrl: string): string {
  if (baseUrl) return baseUrl.replace(/^http/, 'ws') + '/api/live';
  const secure = typeof location !== 'undefined' && location.protocol === 'https:';
  return `${secure ? 'wss' : 'ws'}://${typeof location === 'undefined' ? 'localhost' : location.host}/api/live`;
}

export class UnsyncedChangesError extends Error {
  constructor(readonly count: number) {
    super(`${count} local changes have not been synced yet`);
  }
}

/**
 * Logout: local data is cleared only when everything is synced, or when the user explicitly chose
 * to discard. Otherwise throws UnsyncedChangesError so the UI can warn and offer to sync first.
 */
export async function clearLocalData(engine: SyncEngine | null, data: UserData, opts: { discard?: boolean } = {}) {
  if (engine && engine.hasUnsyncedChanges() && !opts.discard) throw new UnsyncedChangesError(engine.pendingCount());
  await engine?.stop();
  await removeUserDatabase(data);
}

/** Tries to push everything before logout; resolves to whether changes are still waiting. */
export async function syncBeforeLogout(engine: SyncEngine, timeoutMs = 10_000): Promise<boolean> {
  if (!engine.isOnline()) return engine.hasUnsyncedChanges();
  await Promise.race([engine.awaitInSync(), new Promise((resolve) => setTimeout(resolve, timeoutMs))]);
  return engine.hasUnsyncedChanges();
}
