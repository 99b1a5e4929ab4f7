import { Subject } from 'rxjs';
import type { RxCollection, RxReplicationPullStreamItem, WithDeleted } from 'rxdb';
import { replicateRxCollection } from 'rxdb/plugins/replication';
import { deepEqual } from 'rxdb/plugins/utils';
import { PendingChanges, withoutMeta } from './replication-pending.js';
import type { SyncCheckpoint } from '../../schema/sync/contract.js';
import { CatchUp, type CatchUpProgress } from './catch-up.js';
import { SyncBatcher } from './sync-batch.js';
import type { RejectedChange } from './conflicts-store.js';
import { collectionOf, decode, removeUserDatabase, type CollectionName, type UserData } from './db.js';
import { openTabChannel } from './tab-channel.js';
import { notePulled } from './first-pull.js';
import { connectLive, type LiveConnection, type LiveSocket } from './live.js';
import { syncStatus as pageStatus, type SyncStatusStore } from './sync-status.js';

type SyncDoc = { id: string; workspace_id: number };

/**
 * Documents per request. A pull page is the server's largest (1 000 products, about 300 kB before
 * compression): on a first sync every page costs RxDB several IndexedDB transactions (the device's
 * copy, the replication's record of the server's copy, the checkpoint), so fewer, larger pages land
 * 10 000 products sooner (measured in Chromium by `npm run bench`); the till sells from the first page
 * while the rest arrives. A push stays at 200: it holds the workspace's lock while it is written.
 */
export const syncBatch = { pull: 1000, push: 200 } as const;

/** How long after a push was answered a live notice of its collection is taken as that push's echo. */
const ECHO_MS = 100;

/**
 * Whether a live notice about a collection is most likely the echo of this device's own push of it:
 * the push is still out, or was answered within ECHO_MS (times from Date.now(), 0 for never).
 */
export function isOwnEcho(push: { pushStarted: number; pushEnded: number }, now: number): boolean {
  if (push.pushStarted === 0) return false;
  return push.pushStarted > push.pushEnded || now - push.pushEnded < ECHO_MS;
}

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
  /** Documents per pull page and per push request (defaults: `syncBatch`). */
  batchSize?: number;
  /** Only the leader tab replicates (RxDB leader election). */
  waitForLeadership?: boolean;
  /** A sync request that has not answered in this long is given up and retried, ms. */
  requestTimeout?: number;
  /** How long the requests of several collections are gathered into one, ms (see SyncBatcher's default); 0 sends each alone. */
  batchWindowMs?: number;
}

/** What the engine needs from each RxDB replication, whatever its document type. */
export interface ReplicationHandle {
  awaitInSync(): Promise<unknown>;
  cancel(): Promise<unknown>;
  /** Pull from the last checkpoint now (a live notice, a reconnect); `urgent`: skip the batch window (a live notice). */
  resync(urgent?: boolean): void;
  /** Where this replication stands: its queues, requests and counters (to diagnose a stall). */
  inspect(): Promise<ReplicationInspection>;
}

export interface ReplicationInspection {
  key: string;
  heldBack: boolean;
  inFlight: string[];
  active: { up?: boolean; down?: boolean };
  firstSyncDone: { up?: boolean; down?: boolean };
  /** Whether each of RxDB's work queues settles within a moment (false: something in it waits). */
  queuesSettle: { up: boolean; down: boolean; checkpoint: boolean };
  /** How long ago this replication's last pull and push request began and ended, ms (null: never). */
  requests: { pullStarted: number | null; pullEnded: number | null; pushStarted: number | null; pushEnded: number | null };
  /** This replication's requests still open: what each waits for and for how long, ms. */
  open: { path: string; phase: string; ms: number; aborted: boolean }[];
  stats: unknown;
}

const settlesSoon = (p: Promise<unknown> | undefined) =>
  Promise.race([Promise.resolve(p).then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), 200))]);

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

/** A promise that rejects with the signal's reason once it aborts (never unhandled). */
function rejectOnAbort(signal: AbortSignal): Promise<never> {
  const promise = new Promise<never>((_, reject) => {
    if (signal.aborted) reject(signal.reason);
    else signal.addEventListener('abort', () => reject(signal.reason), { once: true });
  });
  promise.catch(() => undefined);
  return promise;
}

/** Bodies above this many characters are sent gzip-compressed (JSON of documents shrinks 3–10×). */
const COMPRESS_FROM = 256;

/** A JSON request body, gzip-compressed when it is large enough to gain and the runtime can. */
export async function jsonBody(value: unknown): Promise<{ headers: Record<string, string>; body: BodyInit }> {
  const json = JSON.stringify(value);
  if (json.length < COMPRESS_FROM || typeof CompressionStream === 'undefined')
    return { headers: { 'content-type': 'application/json' }, body: json };
  const gzipped = await new Response(new Blob([json]).stream().pipeThrough(new CompressionStream('gzip'))).arrayBuffer();
  return { headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' }, body: gzipped };
}

const browserFetch: typeof fetch = (input, init) => fetch(input, { ...init, credentials: 'include' });

/** Starts replicating every collection of every workspace, plus the live socket. */
export function startSync(opts: SyncEngineOptions): SyncEngine {
  const { data } = opts;
  const status = opts.status ?? pageStatus;
  const doFetch = opts.fetch ?? browserFetch;
  let online = typeof navigator === 'undefined' ? true : navigator.onLine !== false;
  status.setState({ online });

  const pending = new PendingChanges(
    (count) => status.setState({ pending: count }),
    (keys) => tabs.announcePending(keys),
  );
  const tabs = openTabChannel(data.name, {
    onPending: (tab, keys) => pending.setRemote(tab, keys),
    onAccepted: (entries) => entries.forEach((e) => pending.acceptedElsewhere(e.key, e.sent)),
    onDropped: (keys) => keys.forEach((k) => pending.drop(k)),
    onSynced: (at, error) => status.setState(at ? { lastSyncedAt: at, lastError: error } : { lastError: error }),
  });
  /** Records a completed request here and in the other tabs (only this one, the leader, talks to the server). */
  const synced = (error: string | null = null) => {
    const at = new Date().toISOString();
    status.setState({ lastSyncedAt: at, lastError: error });
    tabs.announceSynced(at, error);
  };
  const settle = () =>
    pending.settle(
      () => Promise.all(states.map((s) => s.awaitInSync())),
      () => online,
    );

  // Going offline aborts every request in flight: a request the network dropped may otherwise never
  // settle, and RxDB would wait on it instead of retrying once the device is back online.
  let inFlightRequests = new AbortController();
  const requestTimeout = opts.requestTimeout ?? 30_000;

  const openRequests = new Set<{ path: string; phase: string; started: number; signal: AbortSignal }>();

  async function call(path: string, init?: RequestInit): Promise<unknown> {
    if (!online) throw new OfflineError();
    // One controller per request, aborted by going offline or by the timeout. (Timers and listeners
    // hold it strongly; a combined AbortSignal.any can be collected before its timeout fires.)
    const request = new AbortController();
    const offline = inFlightRequests.signal;
    const onOffline = () => request.abort(new OfflineError());
    offline.addEventListener('abort', onOffline, { once: true });
    const timer = setTimeout(() => request.abort(new DOMException('The server did not answer in time', 'TimeoutError')), requestTimeout);
    const open = { path, phase: 'fetch', started: Date.now(), signal: request.signal };
    openRequests.add(open);
    // A fetch is meant to fail once its signal aborts, but a body already being read can stay pending
    // for good (seen in Node's fetch when the abort lands between the headers and the body): the
    // request is raced against the signal, so an aborted request always ends and is retried.
    const aborted = rejectOnAbort(request.signal);
    try {
      const res = await Promise.race([doFetch(opts.baseUrl + path, { ...init, signal: request.signal }), aborted]);
      if (!res.ok) throw new Error(`sync ${res.status} on ${path}`);
      open.phase = 'body';
      return await Promise.race([res.json() as Promise<unknown>, aborted]);
    } finally {
      openRequests.delete(open);
      clearTimeout(timer);
      offline.removeEventListener('abort', onOffline);
    }
  }

  // The requests several collections start together go as one (SyncBatcher): a reconnect with nothing
  // new costs one request instead of one per collection.
  const batcher = new SyncBatcher(call, jsonBody, opts.batchWindowMs);
  const catchUp = new CatchUp();

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
    // Ids pushed since this replication was last idle. The server adds server_seq/server_version to
    // what we push, and RxDB ignores a pulled document while its own push of it is unfinished; if the
    // pull moved past it then, nothing would ever bring the server's state back. So the pull stops
    // before such a document and resumes once the replication is idle.
    const inFlight = new Set<string>();
    let heldBack = false;
    // A live notice about this collection: its next pull goes at once rather than wait to be gathered.
    let urgent = false;
    const times = { pullStarted: 0, pullEnded: 0, pushStarted: 0, pushEnded: 0 };
    const ago = (t: number) => (t ? Date.now() - t : null);
    const state = replicateRxCollection<T, SyncCheckpoint>({
      collection,
      replicationIdentifier: `vuka-sync-${name}-w${workspace}-${opts.baseUrl || 'origin'}`,
      live: true,
      retryTime: opts.retryTime ?? 5000,
      waitForLeadership: opts.waitForLeadership ?? true,
      pull: {
        batchSize: opts.batchSize ?? syncBatch.pull,
        stream$: stream.asObservable(),
        handler: async (checkpoint, batchSize) => {
          const cp = checkpoint ?? { seq: 0, id: '' };
          times.pullStarted = Date.now();
          const now = urgent;
          urgent = false;
          const body = await batcher.pull(workspace, name, cp, batchSize, now).finally(() => (times.pullEnded = Date.now()));
          synced();
          const progress = catchUp.note(`${name}:${workspace}`, cp.seq, body.checkpoint.seq, body.head, body.documents.length >= batchSize);
          if (!sameProgress(progress, status.getState().catchUp)) status.setState({ catchUp: progress });
          const stop = body.documents.findIndex((d) => inFlight.has(String(d.id)));
          if (stop < 0) return { documents: body.documents.map(decode), checkpoint: body.checkpoint };
          heldBack = true;
          const documents = body.documents.slice(0, stop);
          const last = documents.at(-1);
          return {
            documents: documents.map(decode),
            checkpoint: last ? { seq: Number(last.server_seq), id: String(last.id) } : cp,
          };
        },
      },
      push: {
        batchSize: opts.batchSize ?? syncBatch.push,
        // One replication per workspace: each pushes only its own workspace's documents.
        modifier: (doc) => (doc.workspace_id === workspace ? doc : null),
        handler: async (rows) => {
          for (const r of rows) {
            pending.add(`${name}:${r.newDocumentState.id}`);
            inFlight.add(r.newDocumentState.id);
          }
          times.pushStarted = Date.now();
          const body = await batcher.push(workspace, name, rows).finally(() => (times.pushEnded = Date.now()));
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
              entries.push({
                key: `${name}:${r.id}`,
                collection: name,
                doc_id: r.id,
                workspace_id: workspace,
                code: r.code,
                message: r.message,
                document,
                at,
              });
              // A record the server never accepted is withdrawn locally; it stays in the rejected list.
              if (!masterIds.has(r.id)) masters.push({ ...row.newDocumentState, _deleted: true });
            }
            await data.local.addRejected(entries);
            void refreshLocalCounts();
          }
          // Accepted rows are no longer pending unless the user changed them again meanwhile.
          const ids = rows.map((r) => r.newDocumentState.id).filter((id) => !masterIds.has(id) || refused.has(id));
          const current = await collection.findByIds(ids).exec();
          const accepted: { key: string; sent: Record<string, unknown> }[] = [];
          const dropped: string[] = [];
          for (const r of rows) {
            const id = r.newDocumentState.id;
            if (!ids.includes(id)) continue;
            const key = `${name}:${id}`;
            if (refused.has(id)) {
              pending.drop(key);
              dropped.push(key);
              continue;
            }
            const sent = withoutMeta(r.newDocumentState, r.newDocumentState._deleted);
            const now = current.get(id);
            const unchanged = now ? deepEqual(withoutMeta(now.toMutableJSON(), false), sent) : r.newDocumentState._deleted;
            pending.accept(key, sent, unchanged);
            accepted.push({ key, sent });
          }
          // The change may have been made in another tab: tell them it is done.
          tabs.announceAccepted(accepted);
          tabs.announceDropped(dropped);
          synced();
          if (pending.size > 0) setTimeout(() => void settle(), 0);
          return masters;
        },
      },
    });
    state.active$.subscribe((active) => {
      if (active) return;
      inFlight.clear();
      if (heldBack) {
        heldBack = false;
        stream.next('RESYNC');
      }
    });
    state.error$.subscribe((err) => {
      const message = syncErrorMessage(err);
      status.setState({ lastError: message });
      tabs.announceSynced(status.getState().lastSyncedAt, message);
    });
    // Once the first sync of this collection is written (not merely answered), an empty list on this
    // device means there are none rather than "not here yet" (first-pull.ts).
    state.awaitInitialReplication().then(
      () => notePulled(data.name, `${name}:${workspace}`),
      () => undefined,
    );
    const handle: ReplicationHandle = {
      awaitInSync: () => state.awaitInSync(),
      cancel: async () => {
        await state.cancel();
        stream.complete();
        status.setState({ catchUp: catchUp.forget(`${name}:${workspace}`) });
      },
      resync: (now = false) => {
        // The echo of this device's own push waits to be gathered like any other pull: this device has
        // the change already, and another device's pull of it reaches the server first.
        urgent ||= now && !isOwnEcho(times, Date.now());
        stream.next('RESYNC');
      },
      async inspect() {
        const internal = state.internalReplicationState;
        const [up, down, checkpoint] = await Promise.all([
          settlesSoon(internal?.streamQueue.up),
          settlesSoon(internal?.streamQueue.down),
          settlesSoon(internal?.checkpointQueue),
        ]);
        return {
          key: `${name}:${workspace}`,
          heldBack,
          inFlight: [...inFlight],
          active: { up: internal?.events.active.up.getValue(), down: internal?.events.active.down.getValue() },
          firstSyncDone: { up: internal?.firstSyncDone.up.getValue(), down: internal?.firstSyncDone.down.getValue() },
          queuesSettle: { up, down, checkpoint },
          requests: {
            pullStarted: ago(times.pullStarted),
            pullEnded: ago(times.pullEnded),
            pushStarted: ago(times.pushStarted),
            pushEnded: ago(times.pushEnded),
          },
          open: [...openRequests]
            .filter((r) => r.path.includes(`/${name}/`))
            .map((r) => ({ path: r.path, phase: r.phase, ms: Date.now() - r.started, aborted: r.signal.aborted })),
          stats: internal?.stats,
        };
      },
    };
    byKey.set(`${name}:${workspace}`, handle);
    return handle;
  }

  const onLocalWrite = (collection: CollectionName, doc: object, deleted: boolean) => pending.noteLocalWrite(collection, doc, deleted);
  data.onLocalWrite.add(onLocalWrite);

  // Generic in the name, so each replication keeps its collection's document type end to end.
  const replicator = <N extends CollectionName>(name: N, workspace: number) =>
    replicate(collectionOf(data.db, name), name, (raw) => decode(name, raw), workspace);
  for (const workspace of opts.workspaces) {
    for (const name of data.collections) states.push(replicator(name, workspace));
  }

  const resyncAll = () => states.forEach((s) => s.resync());
  let live: LiveConnection | null = null;
  if (opts.live !== false) {
    live = connectLive({
      url: liveUrl(opts.baseUrl),
      workspaces: opts.workspaces,
      createSocket: opts.live?.createSocket,
      onConnected: resyncAll,
      onChange: (collection, workspace) => byKey.get(`${collection}:${workspace}`)?.resync(true),
      // The pulls of one commit's collections (open on this device) go as one request.
      onGroup: (workspace, collections) =>
        batcher.expect(
          workspace,
          collections.filter((c) => byKey.has(`${c}:${workspace}`)),
        ),
    });
    if (!online) live.suspend();
  }

  function setOnline(value: boolean) {
    if (value === online) return;
    online = value;
    status.setState({ online });
    if (!value) {
      inFlightRequests.abort(new OfflineError());
      inFlightRequests = new AbortController();
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
    pendingKeys: () => pending.list(),
    async stop() {
      if (typeof window !== 'undefined') {
        window.removeEventListener('online', onOnline);
        window.removeEventListener('offline', onOffline);
      }
      data.onConflictLogged.delete(onLogged);
      data.onLocalWrite.delete(onLocalWrite);
      tabs.close();
      live?.close();
      await Promise.all(states.map((s) => s.cancel()));
    },
  };
}

/**
 * What the sync page says about a failed request: RxDB wraps the request's own error, whose message
 * is the useful part. Being offline is not an error worth showing; the status already says offline.
 */
export function syncErrorMessage(err: Error): string | null {
  const inner: unknown[] = Reflect.get(Reflect.get(err, 'parameters') ?? {}, 'errors') ?? [];
  const first = inner.find((e): e is { name?: unknown; message?: unknown } => typeof e === 'object' && e !== null);
  const name = typeof first?.name === 'string' ? first.name : err.name;
  const message = typeof first?.message === 'string' ? first.message : err.message;
  if (message === 'offline' || name === 'OfflineError') return null;
  if (name === 'TimeoutError') return 'The server did not answer in time. Trying again.';
  if (name === 'AbortError') return null;
  return message.slice(0, 200);
}

function liveUrl(baseUrl: string): string {
  if (baseUrl) return baseUrl.replace(/^http/, 'ws') + '/api/live';
  const secure = typeof location !== 'undefined' && location.protocol === 'https:';
  return `${secure ? 'wss' : 'ws'}://${typeof location === 'undefined' ? 'localhost' : location.host}/api/live`;
}

function sameProgress(a: CatchUpProgress | null, b: CatchUpProgress | null): boolean {
  return a === b || (a !== null && b !== null && a.done === b.done && a.total === b.total);
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
