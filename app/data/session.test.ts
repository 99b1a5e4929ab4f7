import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserDto } from '../../schema/accounts/accounts';
import { useToastStore } from '../ui/toast-store';
import { useAuthStore } from './auth-store';
import { queryClient } from './query-client';
import { CURRENT_USER_PATIENCE_MS, currentUserKey, loadCurrentUser, logout, registerLogoutHook, signIn } from './session';
import { rememberedUser } from './session-cache';

const user: UserDto = {
  id: 1,
  email: 'a@b.co',
  name: 'Ann',
  full_name: 'Ann Bee',
  first_name: null,
  last_name: null,
  username: null,
  title: null,
  bio: null,
  phone: null,
  profileImage: null,
  isAdmin: false,
  verified: true,
  credits: 100,
  plan: 'free',
  trialEndsAt: null,
  hasPassword: true,
  created_at: '2026-01-01T00:00:00.000Z',
};

function stubLogout(reply: { status: number; body: unknown } | 'network') {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => {
      if (reply === 'network') throw new TypeError('Failed to fetch');
      return new Response(JSON.stringify(reply.body), { status: reply.status, headers: { 'content-type': 'application/json' } });
    }),
  );
}

/** A minimal localStorage for the node test environment. */
function memoryStorage() {
  const m = new Map<string, string>();
  return {
    getItem: (k: string) => m.get(k) ?? null,
    setItem: (k: string, v: string) => void m.set(k, v),
    removeItem: (k: string) => void m.delete(k),
  };
}

beforeEach(() => {
  vi.stubGlobal('localStorage', memoryStorage());
  signIn(user);
  queryClient.setQueryData(['/api/workspaces'], [{ id: 9 }]);
  useToastStore.getState().remove();
});
afterEach(() => vi.unstubAllGlobals());

describe('logout (spec §4 Auth state)', () => {
  it("clears the user and every cached query, runs the logout hooks, says 'Logged out' and goes to /", async () => {
    stubLogout({ status: 200, body: { message: 'Logged out' } });
    const hook = vi.fn();
    const unregister = registerLogoutHook(hook);
    const goHome = vi.fn();
    await logout(goHome);
    unregister();
    expect(useAuthStore.getState()).toMatchObject({ status: 'anonymous', user: null });
    expect(queryClient.getQueryData(['/api/workspaces'])).toBeUndefined();
    expect(queryClient.getQueryData(currentUserKey)).toBeNull();
    expect(hook).toHaveBeenCalledTimes(1);
    expect(goHome).toHaveBeenCalledTimes(1);
    expect(useToastStore.getState().toasts[0]).toMatchObject({ title: 'Logged out' });
  });

  it('even when the server call fails it logs out locally and says so', async () => {
    stubLogout({ status: 500, body: { message: 'Database unavailable' } });
    await logout(() => undefined);
    expect(useAuthStore.getState()).toMatchObject({ status: 'anonymous', user: null });
    expect(queryClient.getQueryData(['/api/workspaces'])).toBeUndefined();
    expect(useToastStore.getState().toasts[0]).toMatchObject({
      title: 'Logout had issues',
      description: "You've been logged out locally, but there was a server error: Database unavailable",
      variant: 'destructive',
    });
  });

  it('a failing logout hook does not stop the logout', async () => {
    stubLogout('network');
    const unregister = registerLogoutHook(() => Promise.reject(new Error('disk full')));
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await logout(() => undefined);
    unregister();
    spy.mockRestore();
    expect(useAuthStore.getState().status).toBe('anonymous');
    expect(useToastStore.getState().toasts[0].title).toBe('Logout had issues');
  });
});

describe('sign-in (spec §4 Auth state)', () => {
  it('login or registration success sets the user', () => {
    useAuthStore.getState().setUser(null);
    signIn(user);
    expect(useAuthStore.getState()).toMatchObject({ status: 'authenticated', user: { email: 'a@b.co' } });
    expect(queryClient.getQueryData(currentUserKey)).toMatchObject({ id: 1 });
  });
});

describe('current user offline (DESIGN.md offline first)', () => {
  it('without a network the user last seen on this device stays signed in', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(loadCurrentUser()).resolves.toMatchObject({ id: 1 });
  });

  it('a server answer of 401 wins over the device copy', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}', { status: 401, headers: { 'content-type': 'application/json' } })),
    );
    await expect(loadCurrentUser()).resolves.toBeNull();
    expect(rememberedUser()).toBeNull();
  });

  it('a server that does not answer (one bar of signal) opens the app with the device copy; its late 401 still signs out', async () => {
    vi.useFakeTimers();
    try {
      let answer: (res: Response) => void = () => undefined;
      const unauthorized = () => new Response('{}', { status: 401, headers: { 'content-type': 'application/json' } });
      let calls = 0;
      vi.stubGlobal(
        'fetch',
        vi.fn(() => (calls++ === 0 ? new Promise<Response>((resolve) => (answer = resolve)) : Promise.resolve(unauthorized()))),
      );
      let loaded: UserDto | null | undefined;
      void loadCurrentUser().then((u) => (loaded = u));
      await vi.advanceTimersByTimeAsync(CURRENT_USER_PATIENCE_MS - 1);
      expect(loaded).toBeUndefined();
      await vi.advanceTimersByTimeAsync(1);
      expect(loaded).toMatchObject({ id: 1 });
      // The refresh after the 401 fails too: the server has signed this person out.
      answer(unauthorized());
      for (let i = 0; i < 50 && queryClient.getQueryData(currentUserKey) !== null; i++) await vi.advanceTimersByTimeAsync(1_000);
      expect(queryClient.getQueryData(currentUserKey)).toBeNull();
      expect(rememberedUser()).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('logout forgets the device copy', async () => {
    stubLogout({ status: 200, body: { message: 'Logged out' } });
    await logout(() => undefined);
    expect(rememberedUser()).toBeNull();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(loadCurrentUser()).rejects.toBeInstanceOf(TypeError);
  });
});
