import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { NotificationDto, NotificationList } from '../../../schema/notifications/notifications';
import { ApiError } from '../../data/api';
import { clearWorkspaceCaches } from '../../kit/offline-cache';
import { listWithOfflineCopy, markedRead } from './notification-cache';
import { MemoryStorage } from '../../../tests/support/memory-storage';

const note = (id: string, read: boolean): NotificationDto => ({
  id,
  workspace_id: 7,
  workspace_name: 'Spaza',
  kind: 'invoice_viewed',
  title: 'INV-000001 was viewed',
  body: 'Thandi opened the invoice.',
  link: '/workspace/7/invoices/1',
  created_at: '2026-12-07T10:00:00.000Z',
  read_at: read ? '2026-12-07T11:00:00.000Z' : null,
});
const ids = ['0b5c1f7e-3a53-4c7e-9a4f-0e6f4d1c2a11', '1c6d2a8f-4b64-4d8f-8b5a-1f7a5e2d3b22', '2d7e3b9a-5c75-4e9a-9c6b-2a8b6f3e4c33'];
const list: NotificationList = { notifications: [note(ids[0], false), note(ids[1], false), note(ids[2], true)], unread: 5 };
const fixed = () => new Date('2026-12-07T12:00:00.000Z');
const offline = () => Promise.reject(new TypeError('Failed to fetch'));

describe('the bell keeps its last list for offline use', () => {
  beforeEach(() => {
    Object.defineProperty(globalThis, 'localStorage', { value: new MemoryStorage(), configurable: true });
  });
  afterEach(() => {
    Reflect.deleteProperty(globalThis, 'localStorage');
  });

  it('a fresh answer is not stale; offline, the kept copy answers, marked stale with when it was fetched', async () => {
    expect(await listWithOfflineCopy(1, async () => list, fixed)).toEqual({ ...list, stale: false, fetchedAt: fixed().toISOString() });
    expect(await listWithOfflineCopy(1, offline)).toEqual({ ...list, stale: true, fetchedAt: fixed().toISOString() });
    // apiRequest's wrapped network failure (status 0) is offline too.
    const wrapped = await listWithOfflineCopy(1, () => Promise.reject(new ApiError(0, 'Failed to fetch')));
    expect(wrapped.stale).toBe(true);
  });

  it('offline with nothing kept, the network error stands', async () => {
    await expect(listWithOfflineCopy(1, offline)).rejects.toThrow('Failed to fetch');
  });

  it("another person on the same device never sees the first one's list", async () => {
    await listWithOfflineCopy(1, async () => list, fixed);
    await expect(listWithOfflineCopy(2, offline)).rejects.toThrow('Failed to fetch');
  });

  it('a server refusal is not hidden behind the copy', async () => {
    await listWithOfflineCopy(1, async () => list, fixed);
    await expect(listWithOfflineCopy(1, () => Promise.reject(new ApiError(500, 'Server error')))).rejects.toThrow('Server error');
  });

  it('logout clears the kept list', async () => {
    await listWithOfflineCopy(1, async () => list, fixed);
    clearWorkspaceCaches();
    await expect(listWithOfflineCopy(1, offline)).rejects.toThrow('Failed to fetch');
  });
});

describe('marking read', () => {
  const bell = { ...list, stale: false, fetchedAt: fixed().toISOString() };
  const at = '2026-12-07T12:30:00.000Z';

  it('one unread counts the total down by one; the rest stay as they were', () => {
    const after = markedRead(bell, [ids[0]], at);
    expect(after.unread).toBe(4);
    expect(after.notifications.map((n) => n.read_at)).toEqual([at, null, '2026-12-07T11:00:00.000Z']);
  });

  it('one already read changes nothing', () => {
    expect(markedRead(bell, [ids[2]], at)).toEqual(bell);
  });

  it('all brings the count to 0, even for those not listed', () => {
    const after = markedRead(bell, 'all', at);
    expect(after.unread).toBe(0);
    expect(after.notifications.every((n) => n.read_at !== null)).toBe(true);
  });
});
