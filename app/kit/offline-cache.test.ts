import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { WorkspaceDto } from '../../schema/workspaces/workspaces';
import { ApiError } from '../data/api';
import { cached, cacheKeyFor, clearWorkspaceCaches, readCached, withOfflineCopy } from './offline-cache';
import { MemoryStorage } from '../../tests/support/memory-storage';

const shop: WorkspaceDto = {
  id: 7,
  name: 'Spaza',
  slug: 'spaza',
  description: null,
  logo: null,
  industry: null,
  type: 'retail',
  owner_id: 1,
  storefront_enabled: false,
  role: 'owner',
  plan: 'free',
  created_at: '2026-11-21T10:00:00.000Z',
};
const offline = () => Promise.reject(new TypeError('Failed to fetch'));

describe('workspace data kept for opening offline (issue 4)', () => {
  let storage: MemoryStorage;
  beforeEach(() => {
    storage = new MemoryStorage();
    Object.defineProperty(globalThis, 'localStorage', { value: storage, configurable: true });
  });
  afterEach(() => {
    Reflect.deleteProperty(globalThis, 'localStorage');
  });

  it('a network failure answers with the last list this user fetched', async () => {
    expect(await withOfflineCopy(1, cached.list, async () => [shop])).toEqual([shop]);
    expect(await withOfflineCopy(1, cached.list, offline)).toEqual([shop]);
    // apiRequest's wrapped network error (status 0) counts as offline too.
    expect(await withOfflineCopy(1, cached.list, () => Promise.reject(new ApiError(0, 'Failed to fetch')))).toEqual([shop]);
  });

  it("another user on the same device never gets the first user's copy", async () => {
    await withOfflineCopy(1, cached.workspace(7), async () => shop);
    await expect(withOfflineCopy(2, cached.workspace(7), offline)).rejects.toThrow('Failed to fetch');
  });

  it('server answers like 403 are not hidden by the copy', async () => {
    await withOfflineCopy(1, cached.workspace(7), async () => shop);
    await expect(withOfflineCopy(1, cached.workspace(7), () => Promise.reject(new ApiError(403, 'No access')))).rejects.toThrow(
      'No access',
    );
  });

  it('a copy of the wrong shape is ignored, and logout clears every copy', async () => {
    storage.setItem(cacheKeyFor(1), JSON.stringify({ 'workspace:7': { id: 'x' } }));
    expect(readCached(1, cached.workspace(7))).toBeUndefined();
    await withOfflineCopy(1, cached.workspace(7), async () => shop);
    storage.setItem('vuka-session-user', 'kept');
    clearWorkspaceCaches();
    expect(storage.getItem(cacheKeyFor(1))).toBeNull();
    expect(storage.getItem('vuka-session-user')).toBe('kept');
  });
});
