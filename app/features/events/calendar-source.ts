import { of } from 'rxjs';
import { z } from 'zod';
import { useAuthStore } from '../../data/auth-store';
import type { CalendarSource } from '../../module';
import { knownEventsKey } from './use-events';

const EVENT_COLOR = '#DB2777';
const known = z.array(
  z.object({ id: z.uuid(), title: z.string(), start_date: z.string(), start_time: z.string().nullable(), end_date: z.string().nullable() }),
);

/** Event dates on the planner's calendar, from the events this device last listed (offline too). */
export const eventDates: CalendarSource = (_data, workspaceId) => {
  const userId = useAuthStore.getState().user?.id;
  if (userId === undefined) return of([]);
  let events: z.infer<typeof known> = [];
  try {
    events = known.parse(JSON.parse(localStorage.getItem(knownEventsKey(userId, workspaceId)) ?? '[]'));
  } catch {
    events = [];
  }
  return of(
    events.map((e) => ({
      key: `events:${e.id}`,
      date: e.start_date,
      ...(e.end_date && e.end_date !== e.start_date ? { endDate: e.end_date } : {}),
      ...(e.start_time ? { time: e.start_time } : {}),
      title: e.title,
      kind: 'Event',
      color: EVENT_COLOR,
      link: `/workspace/${workspaceId}/events/${e.id}`,
    })),
  );
};
