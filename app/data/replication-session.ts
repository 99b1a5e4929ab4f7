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

/**
 * The page's one sync session: opens the user's database and replicates every workspace they belong
 * to (active or not). Calling it again for the same user and workspaces returns the same session, so
 * React StrictMode's double effects are harmless; different workspaces restart replication.
 */
export async function startUserSync(userId: number, workspaces: number[]): Promise<Session> {
  const ids = [...new Set(workspaces)].sort((a, b) => a - b);
  if (session) {
    const current = await session;
    if (current.userId === userId && current.workspaces.join() === ids.join()) return current;
    await current.engine.stop();
    if (current.userId !== userId) session = null;
  }
  session = (async () => {
    void requestPersistentStorage();
    const data = await openUserDatabase(userId);
    return { userId, data, engine: startSync({ data, baseUrl: '', workspaces: ids }), workspaces: ids };
  })();
  session.catch(() => {
    session = null;
  });
  return session;
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
