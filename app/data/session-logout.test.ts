import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserDto } from '../../schema/accounts/accounts';
import { useToastStore } from '../ui/toast-store';
import { useAuthStore } from './auth-store';
import { logout, registerLogoutGuard, signIn, useLogoutWarning } from './session';

const user: UserDto = {
  id: 2,
  email: 'c@d.co',
  name: 'Cee',
  full_name: 'Cee Dee',
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

function memoryStorage() {
  const m = new Map<string, string>();
  return {
    getItem: (k: string) => m.get(k) ?? null,
    setItem: (k: string, v: string) => void m.set(k, v),
    removeItem: (k: string) => void m.delete(k),
  };
}

/** A sync session whose unsynced count the test controls. */
function fakeSync(unsynced: number[]) {
  const counts = [...unsynced];
  const finish = vi.fn(async (_opts: { discard: boolean }) => undefined);
  const prepare = vi.fn(async () => counts.shift() ?? 0);
  const unregister = registerLogoutGuard({ prepare, finish });
  return { prepare, finish, unregister };
}

let serverCalls = 0;
beforeEach(() => {
  vi.stubGlobal('localStorage', memoryStorage());
  serverCalls = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => {
      serverCalls++;
      return new Response(JSON.stringify({ message: 'Logged out' }), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
  signIn(user);
  useToastStore.getState().remove();
  useLogoutWarning.setState({ unsynced: null, busy: false });
});
afterEach(() => vi.unstubAllGlobals());

describe('logout with device data (DESIGN.md §5)', () => {
  it('with changes still unsynced it warns and keeps the person signed in, clearing nothing', async () => {
    const sync = fakeSync([2]);
    const goHome = vi.fn();
    await expect(logout(goHome)).resolves.toBe('unsynced');
    sync.unregister();
    expect(useLogoutWarning.getState().unsynced).toBe(2);
    expect(sync.finish).not.toHaveBeenCalled();
    expect(serverCalls).toBe(0);
    expect(goHome).not.toHaveBeenCalled();
    expect(useAuthStore.getState().status).toBe('authenticated');
  });

  it("'Sync and log out' proceeds once the retry leaves nothing unsynced, then clears device data", async () => {
    const sync = fakeSync([1, 0]);
    await logout(() => undefined);
    await expect(logout(() => undefined)).resolves.toBe('logged-out');
    sync.unregister();
    expect(sync.finish).toHaveBeenCalledWith({ discard: false });
    expect(useLogoutWarning.getState().unsynced).toBeNull();
    expect(serverCalls).toBe(1);
    expect(useAuthStore.getState().status).toBe('anonymous');
  });

  it('an explicit discard clears the waiting changes and logs out', async () => {
    const sync = fakeSync([3]);
    await expect(logout(() => undefined, { discard: true })).resolves.toBe('logged-out');
    sync.unregister();
    expect(sync.finish).toHaveBeenCalledWith({ discard: true });
    expect(useAuthStore.getState().status).toBe('anonymous');
  });

  it('a failure clearing the device keeps the person signed in and says so', async () => {
    const unregister = registerLogoutGuard({ prepare: async () => 0, finish: () => Promise.reject(new Error('IndexedDB blocked')) });
    await expect(logout(() => undefined)).resolves.toBe('unsynced');
    unregister();
    expect(useAuthStore.getState().status).toBe('authenticated');
    expect(useToastStore.getState().toasts[0]).toMatchObject({ title: 'Logout had issues', description: 'IndexedDB blocked' });
  });
});
