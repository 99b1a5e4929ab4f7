import { describe, expect, it, vi } from 'vitest';

/** Engines started and stopped, as the session switches between workspace lists. */
const engines: { workspaces: number[]; stopped: boolean }[] = [];

vi.mock('./db.js', () => ({
  // Opening a database takes a moment, as IndexedDB does.
  openUserDatabase: vi.fn(async (userId: number) => {
    await new Promise((r) => setTimeout(r, 5));
    return { name: `u${userId}`, db: { isLeader: () => true } };
  }),
}));
vi.mock('./sync-status.js', () => ({ requestPersistentStorage: vi.fn(async () => false) }));
vi.mock('./replication.js', () => ({
  startSync: vi.fn((opts: { workspaces: number[] }) => {
    const engine = { workspaces: opts.workspaces, stopped: false };
    engines.push(engine);
    return {
      states: [],
      pendingKeys: () => [],
      // Stopping cancels every replication: it takes a moment too.
      stop: async () => {
        await new Promise((r) => setTimeout(r, 5));
        engine.stopped = true;
      },
    };
  }),
  clearLocalData: vi.fn(),
  syncBeforeLogout: vi.fn(),
}));

const { startUserSync } = await import('./replication-session');

describe('the page’s sync session', () => {
  it('switches once when the workspace list changes twice in a row, leaving one engine running', async () => {
    // The list before the new workspace, then two screens asking for the list with it, all at once.
    const [first, second, third] = await Promise.all([startUserSync(7, []), startUserSync(7, [5]), startUserSync(7, [5])]);
    expect(first.workspaces).toEqual([]);
    expect(second).toBe(third);
    expect(engines.filter((e) => !e.stopped).map((e) => e.workspaces)).toEqual([[5]]);
    expect(engines).toHaveLength(2);
  });

  it('returns the running session for the same workspaces in any order', async () => {
    const before = engines.length;
    const again = await startUserSync(7, [5, 5]);
    expect(again.workspaces).toEqual([5]);
    expect(engines).toHaveLength(before);
  });
});
