import { defer, from, map, of, catchError, type Observable } from 'rxjs';
import type { z } from 'zod';
import { viewingList } from '../../../schema/classifieds/classifieds';
import { classifiedsContract as c } from '../../../schema/classifieds/contract';
import { call } from '../../data/api';
import { useAuthStore } from '../../data/auth-store';
import type { CalendarEntry, CalendarSource } from '../../module';
import { dateFormatter } from '../../kit/date-format';
import { withOfflineCopy, type CacheSlot } from '../../kit/offline-cache';

type ViewingList = z.infer<typeof viewingList>;

const VIEWING_COLOR = '#0E7490';
const DAY_MS = 86_400_000;
/** The device's own day and time (the seller's planner is on their own device). */
const local = dateFormatter({ date_format: 'YYYY-MM-DD', time_format: 'HH:mm', language: 'en' });

/** The workspace's viewings as last read online, kept per user on the device (cleared at logout). */
export const keptViewings = (workspaceId: number): CacheSlot<ViewingList> => ({
  slot: `classified-viewings:${workspaceId}`,
  schema: viewingList,
});

export function viewingEntries(workspaceId: number, list: ViewingList): CalendarEntry[] {
  return list.viewings.map((v) => ({
    key: `classified_viewings:${v.inquiry_id}`,
    date: local.today(new Date(v.viewing_at)),
    time: local.time(v.viewing_at),
    title: `${v.listing_title} · ${v.buyer}`,
    kind: 'Viewing',
    color: VIEWING_COLOR,
    link: `/workspace/${workspaceId}/classifieds/inquiries/${v.inquiry_id}`,
  }));
}

/** The window the calendar asks for: two months back to six ahead. */
export function viewingWindow(now: number): { from: string; to: string } {
  return { from: local.today(new Date(now - 60 * DAY_MS)), to: local.today(new Date(now + 180 * DAY_MS)) };
}

/**
 * Viewings buyers asked for on the workspace's ads (issue 21: a viewing request lands in the
 * planner). Read online and kept on the device, so offline the calendar shows those last read; with
 * nothing kept, or an answer that is not the network's failure, it shows none rather than an error.
 */
export function viewingSource(
  fetchViewings: (workspaceId: number, window: { from: string; to: string }) => Promise<ViewingList>,
  currentUser: () => number | null,
): (workspaceId: number) => Observable<CalendarEntry[]> {
  return (workspaceId) =>
    defer(() =>
      from(withOfflineCopy(currentUser(), keptViewings(workspaceId), () => fetchViewings(workspaceId, viewingWindow(Date.now())))),
    ).pipe(
      map((list) => viewingEntries(workspaceId, list)),
      catchError(() => of([])),
    );
}

const onlineOrKept = viewingSource(
  (workspaceId, query) => call(c.viewings, { params: { id: workspaceId }, query }),
  () => useAuthStore.getState().user?.id ?? null,
);
export const viewingTimes: CalendarSource = (_data, workspaceId) => onlineOrKept(workspaceId);
