import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useCallback, useEffect } from 'react';
import { create } from 'zustand';
import type { UserDto } from '../../schema/accounts/accounts';
import { authContract } from '../../schema/auth/contract';
import { toast } from '../ui/toast-store';
import { ApiError, call, queryEndpoint } from './api';
import { useAuthStore } from './auth-store';
import { queryClient } from './query-client';
import { isNetworkFailure, rememberedUser, rememberUser } from './session-cache';

/** spec §7 query helper: the GET goes to the first element of the query key. */
export const currentUserKey = [authContract.currentUser.path] as const;

const MINUTE = 60_000;

/** The current user (spec §9): fresh 15 min, kept 30 min, one retry unless 401, refetched on reconnect only. */
export function currentUserQueryOptions() {
  return {
    queryKey: currentUserKey,
    queryFn: loadCurrentUser,
    staleTime: 15 * MINUTE,
    gcTime: 30 * MINUTE,
    retry: (failureCount: number, error: Error) => failureCount < 1 && !(error instanceof ApiError && error.status === 401),
    refetchOnReconnect: true,
    refetchOnWindowFocus: false,
  };
}

/** How long a first load waits for the server before opening with the user last seen on this device. */
export const CURRENT_USER_PATIENCE_MS = 4_000;

/**
 * The current user from the server; offline, the user last seen on this device. On one bar of signal
 * a request can hang for minutes rather than fail: after CURRENT_USER_PATIENCE_MS the device's copy
 * opens the app, and the server's answer, when it comes, replaces it (a 401 then signs out).
 */
export async function loadCurrentUser(): Promise<UserDto | null> {
  const fromServer = askServerForUser();
  const cached = rememberedUser();
  if (!cached) return fromServer;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const slow = new Promise<'slow'>((resolve) => {
    timer = setTimeout(() => resolve('slow'), CURRENT_USER_PATIENCE_MS);
  });
  const first = await Promise.race([fromServer, slow]).finally(() => clearTimeout(timer));
  if (first !== 'slow') return first;
  fromServer.then(
    (user) => queryClient.setQueryData(currentUserKey, user),
    () => undefined,
  );
  return cached;
}

async function askServerForUser(): Promise<UserDto | null> {
  try {
    const user = await queryEndpoint(authContract.currentUser, {}, 'returnNull');
    rememberUser(user);
    return user;
  } catch (err) {
    const cached = isNetworkFailure(err) ? rememberedUser() : null;
    if (cached) return cached;
    throw err;
  }
}

/**
 * Keeps the auth store in step with the current-user query. Mounted once, in the root layout.
 * A 401 (null) makes the user anonymous; so does a first load that fails after its retry, because
 * a page cannot wait for the server forever. A failed background refetch keeps the known user:
 * a flaky connection is not a logout.
 */
export function useCurrentUserSync() {
  const { data, isError } = useQuery(currentUserQueryOptions());
  const setUser = useAuthStore((s) => s.setUser);
  useEffect(() => {
    if (data !== undefined) setUser(data);
    else if (isError) setUser(null);
  }, [data, isError, setUser]);
}

/** Refetches the signed-in user (after email verification, profile changes …). */
export function refetchUser(): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: currentUserKey });
}

/** Login, registration or social verification succeeded: the user is signed in. */
export function signIn(user: UserDto) {
  queryClient.setQueryData(currentUserKey, user);
  rememberUser(user);
  useAuthStore.getState().setUser(user);
  // DESIGN.md §5: ask the browser to keep this device's offline data under storage pressure.
  if (typeof navigator !== 'undefined' && navigator.storage?.persist) {
    navigator.storage.persist().catch(() => undefined);
  }
}

/** Clears the signed-in user everywhere on this device, without a server call. */
export function clearUser() {
  queryClient.setQueryData(currentUserKey, null);
  rememberUser(null);
  useAuthStore.getState().setUser(null);
}

type LogoutHook = () => void | Promise<void>;
const logoutHooks = new Set<LogoutHook>();

/**
 * Lets other modules (the local database) clear what they hold when the person logs out.
 * Returns a function that unregisters the hook.
 */
export function registerLogoutHook(hook: LogoutHook): () => void {
  logoutHooks.add(hook);
  return () => logoutHooks.delete(hook);
}

/**
 * The device's sync session as logout sees it (DESIGN.md §5). Registered by the sync feature so this
 * module never loads the device database itself.
 */
export interface LogoutGuard {
  /** Tries to push what is waiting; resolves to the number of changes still unsynced. */
  prepare(): Promise<number>;
  /** Clears this user's device data; refuses while changes wait unless `discard`. */
  finish(opts: { discard: boolean }): Promise<void>;
}

let logoutGuard: LogoutGuard | null = null;

/** Returns a function that unregisters the guard. */
export function registerLogoutGuard(guard: LogoutGuard): () => void {
  logoutGuard = guard;
  return () => {
    if (logoutGuard === guard) logoutGuard = null;
  };
}

interface LogoutWarningState {
  /** Changes still unsynced when logout was asked for; null when no warning is showing. */
  unsynced: number | null;
  busy: boolean;
}

/** Drives the "changes that haven't synced yet" dialog (shown by the account menu). */
export const useLogoutWarning = create<LogoutWarningState>(() => ({ unsynced: null, busy: false }));

export type LogoutOutcome = 'logged-out' | 'unsynced';

/**
 * Logout (spec §4 Auth state): with a sync session, first pushes what is waiting; while changes are
 * still unsynced it stops and shows the warning instead (device data is never cleared silently) unless
 * the person explicitly chose to discard them. Then calls the server, and even if that fails clears the
 * user and all cached data, tells the person, then goes to `/`.
 */
export async function logout(goHome: () => Promise<void> | void, opts: { discard?: boolean } = {}): Promise<LogoutOutcome> {
  const guard = logoutGuard;
  if (guard) {
    const discard = opts.discard === true;
    useLogoutWarning.setState({ busy: true });
    try {
      const unsynced = await guard.prepare();
      if (unsynced > 0 && !discard) {
        useLogoutWarning.setState({ unsynced, busy: false });
        return 'unsynced';
      }
      await guard.finish({ discard });
    } catch (err) {
      // A failure to sync or clear must not turn into a silent wipe: keep the person signed in.
      useLogoutWarning.setState({ busy: false });
      toast({ title: 'Logout had issues', description: err instanceof Error ? err.message : String(err), variant: 'destructive' });
      return 'unsynced';
    }
    useLogoutWarning.setState({ unsynced: null, busy: false });
  }
  let serverError: string | null = null;
  try {
    await call(authContract.logout, {});
  } catch (err) {
    serverError = err instanceof ApiError ? err.serverMessage : err instanceof Error ? err.message : 'Unknown error';
  }
  // Leave protected pages first so their guard does not bounce to /auth meanwhile.
  await goHome();
  queryClient.clear();
  clearUser();
  for (const hook of logoutHooks) {
    try {
      await hook();
    } catch (err) {
      console.error('logout hook failed', err);
    }
  }
  if (serverError === null) toast({ title: 'Logged out' });
  else
    toast({
      title: 'Logout had issues',
      description: `You've been logged out locally, but there was a server error: ${serverError}`,
      variant: 'destructive',
    });
  return 'logged-out';
}

/** `logout` bound to the router, for menus and buttons. */
export function useLogout(): (opts?: { discard?: boolean }) => Promise<LogoutOutcome> {
  const navigate = useNavigate();
  return useCallback((opts?: { discard?: boolean }) => logout(() => navigate({ to: '/' }), opts), [navigate]);
}
