import { useEffect } from 'react';
import { create } from 'zustand';
import type { UserData } from '../data/db';
import { registerLogoutGuard } from '../data/session';

interface UserDataState {
  /** The signed-in user's device database, once open. */
  data: UserData | null;
  error: string | null;
  set(data: UserData | null, error?: string | null): void;
}

export const useUserDataStore = create<UserDataState>((set) => ({
  data: null,
  error: null,
  set: (data, error = null) => set({ data, error }),
}));

/** The device database for screens that work offline (null while it opens). */
export function useUserData(): UserData | null {
  return useUserDataStore((s) => s.data);
}

/**
 * Keeps the page's sync session running for the signed-in user across every workspace they belong
 * to (DESIGN.md §5: non-active workspaces with local changes still push). Safe under StrictMode:
 * startUserSync returns the same session for the same user and workspaces.
 */
export function useUserSync(userId: number | null, workspaceIds: readonly number[] | undefined) {
  const key = workspaceIds ? [...workspaceIds].sort((a, b) => a - b).join(',') : null;
  useEffect(() => {
    if (userId === null || key === null) return;
    let cancelled = false;
    const ids = key === '' ? [] : key.split(',').map(Number);
    // RxDB loads only for signed-in people, never as part of the public pages' bundle.
    let unregister: (() => void) | null = null;
    import('../data/replication-session')
      .then(async (sync) => {
        const session = await sync.startUserSync(userId, ids);
        if (!cancelled) {
          // Logout now has device data to protect (DESIGN.md §5): sync first, clear only after.
          unregister = registerLogoutGuard({
            prepare: sync.prepareLogout,
            finish: async ({ discard }) => {
              await sync.finishLogout({ discard });
              useUserDataStore.getState().set(null);
            },
          });
        }
        return session;
      })
      .then(
        (session) => {
          if (!cancelled) useUserDataStore.getState().set(session.data);
        },
        (err: unknown) => {
          if (!cancelled) useUserDataStore.getState().set(null, err instanceof Error ? err.message : String(err));
        },
      );
    return () => {
      cancelled = true;
      unregister?.();
    };
  }, [userId, key]);
}
