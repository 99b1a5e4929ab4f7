import { z } from 'zod';
import { notificationList, type NotificationList } from '../../../schema/notifications/notifications';
import { isOffline, readCached, saveCached, type CacheSlot } from '../../kit/offline-cache';

/**
 * The bell's last list, kept per user with the workspace copies (offline-cache.ts, cleared at
 * logout), so an offline device still shows what was last seen, saying when that was.
 */
const keptList = z.object({ list: notificationList, fetched_at: z.string() });
type KeptList = z.infer<typeof keptList>;
const slot: CacheSlot<KeptList> = { slot: 'notifications', schema: keptList };

/** The list the bell shows: fresh from the server, or (`stale`) the copy from `fetchedAt`. */
export interface BellList extends NotificationList {
  stale: boolean;
  fetchedAt: string;
}

export function keepList(userId: number, list: NotificationList, fetchedAt: string): void {
  saveCached(userId, slot, { list, fetched_at: fetchedAt });
}

/**
 * Asks the server and keeps its answer; when the network is down, answers with the kept copy
 * marked stale. Any other failure (and a network failure with nothing kept) is thrown.
 */
export async function listWithOfflineCopy(
  userId: number,
  fetcher: () => Promise<NotificationList>,
  now = () => new Date(),
): Promise<BellList> {
  try {
    const list = await fetcher();
    const fetchedAt = now().toISOString();
    keepList(userId, list, fetchedAt);
    return { ...list, stale: false, fetchedAt };
  } catch (err) {
    const copy = isOffline(err) ? readCached(userId, slot) : undefined;
    if (!copy) throw err;
    return { ...copy.list, stale: true, fetchedAt: copy.fetched_at };
  }
}

/** The list after some (or all, when `ids` is 'all') are read at `at`; unread counts down with them. */
export function markedRead(list: BellList, ids: readonly string[] | 'all', at: string): BellList {
  let newlyRead = 0;
  const notifications = list.notifications.map((n) => {
    if (n.read_at !== null || (ids !== 'all' && !ids.includes(n.id))) return n;
    newlyRead++;
    return { ...n, read_at: at };
  });
  return { ...list, notifications, unread: ids === 'all' ? 0 : Math.max(0, list.unread - newlyRead) };
}
