import { openUserDatabase, type UserData } from './db.js';
import { clearLocalData, startSync, syncBeforeLogout, type SyncEngine } from './replication.js';
import { requestPersistentStorage } from './sync-status.js';

interface Session {
  userId: number;
  data: UserData;
  engine: SyncEngine;
  workspaces: number[];
}

let session: Promise<Session> | null = null;

/** Each switch of the session waits for the one before it (see startUserSync). */
let switching: Promise<unknown> = Promise.resolve();

/**
 * The page's one sync session: opens the user's database and replicates every workspace they belong
 * to (active or not). Calling it again for the same user and workspaces returns the same session, so
 * React StrictMode's double effects are harmless; different workspaces restart replication. Calls are
 * taken one at a time: two that overlapped would each stop the old engine and start a new one, and
 * the engine left behind would go on replicating the same collections beside its successor.
 */
export function startUserSync(userId: number, workspaces: number[]): Promise<Session> {
  const ids = [...new Set(workspaces)].sort((a, b) => a - b);
  const next = switching.then(() => switchSession(userId, ids));
  switching = next.catch(() => undefined);
  return next;
}

async function switchSession(userId: number, ids: number[]): Promise<Session> {
  if (session) {
    const current = await session.catch(() => null);
    if (current && current.userId === userId && current.workspaces.join() === ids.join()) return current;
    if (current) await current.engine.stop();
  }
  session = (async () => {
    void requestPersistentStorage();
    const data = await openUserDatabase(userId);
    const engine = startSync({ data, baseUrl: '', workspaces: ids });
    exposeForDiagnosis(data, engine, ids);
    return { userId, data, engine, workspaces: ids };
  })();
  session.catch(() => {
    session = null;
  });
  return session;
}

/**
 * Where each replication of the page's engine stands, for a person (or a browser test) looking into a
 * sync that does not move: `await __syncInspect()` in the console. Reads only.
 */
function exposeForDiagnosis(data: UserData, engine: SyncEngine, ids: number[]) {
  Reflect.set(globalThis, '__syncInspect', async () => ({
    leader: data.db.isLeader(),
    workspaces: ids,
    pending: engine.pendingKeys(),
    replications: await Promise.all(engine.states.map((s) => s.inspect())),
  }));
}

export function currentSession(): Promise<Session> | null {
  return session;
}

/**
 * Logout step 1: try to push what is waiting. Resolves to the number of changes still unsynced; when
 * it is not 0 the UI warns and offers "sync first" or an explicit "discard".
 */
export async function prepareLogout(): Promise<number> {
  if (!session) return 0;
  const { engine } = await session;
  await syncBeforeLogout(engine);
  return engine.pendingCount();
}

/** Logout step 2: clears this user's local data (refuses while changes wait, unless discarding). */
export async function finishLogout(opts: { discard?: boolean } = {}): Promise<void> {
  if (!session) return;
  const { engine, data } = await session;
  await clearLocalData(engine, data, opts);
  session = null;
}
