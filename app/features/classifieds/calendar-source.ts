import { defer, from, map, of, catchError } from 'rxjs';
import { classifiedsContract as c } from '../../../schema/contract/classifieds';
import { queryEndpoint } from '../../data/api';
import type { CalendarEntry, CalendarSource } from '../../module';
import { dateFormatter } from '../workspaces/date-format';

const VIEWING_COLOR = '#0E7490';
const DAY_MS = 86_400_000;
/** The device's own day and time (the seller's planner is on their own device). */
const local = dateFormatter({ date_format: 'YYYY-MM-DD', time_format: 'HH:mm', language: 'en' });

/**
 * Viewings buyers asked for on the workspace's ads (issue 21: a viewing request lands in the
 * planner), from two months back to six ahead. Classifieds are online only: offline the calendar
 * shows none rather than an error.
 */
export const viewingTimes: CalendarSource = (_data, workspaceId) =>
  defer(() => {
    const now = Date.now();
    const query = { from: local.today(new Date(now - 60 * DAY_MS)), to: local.today(new Date(now + 180 * DAY_MS)) };
    return from(queryEndpoint(c.viewings, { params: { id: workspaceId }, query }));
  }).pipe(
    map((res): CalendarEntry[] =>
      (res?.viewings ?? []).map((v) => ({
        key: `classified_viewings:${v.inquiry_id}`,
        date: local.today(new Date(v.viewing_at)),
        time: local.time(v.viewing_at),
        title: `${v.listing_title} · ${v.buyer}`,
        kind: 'Viewing',
        color: VIEWING_COLOR,
        link: `/workspace/${workspaceId}/classifieds/inquiries/${v.inquiry_id}`,
      })),
    ),
    catchError(() => of([])),
  );
