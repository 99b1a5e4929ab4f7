import { useQuery } from '@tanstack/react-query';
import { eventPicturePath, eventsContract as c } from '../../../schema/events/contract';
import { pictureWidthFor } from '../../../schema/pictures/pictures';
import type { EventDto } from '../../../schema/events/events';
import { call, queryEndpoint } from '../../data/api';

export const eventKeys = {
  all: (ws: number) => ['events', ws] as const,
  one: (ws: number, id: string) => ['events', ws, id] as const,
  attendees: (ws: number, id: string) => ['events', ws, id, 'attendees'] as const,
  report: (ws: number, id: string) => ['events', ws, id, 'report'] as const,
  approvals: (ws: number, id: string) => ['events', ws, id, 'approvals'] as const,
};

/** The events a user last saw in a workspace, kept on the device for the planner's calendar offline. */
export function knownEventsKey(userId: number, ws: number): string {
  return `vuka-events-${userId}-${ws}`;
}

export function rememberEvents(userId: number, ws: number, events: readonly EventDto[]) {
  try {
    const kept = events.map((e) => ({
      id: e.id,
      title: e.title,
      start_date: e.start_date,
      start_time: e.start_time,
      end_date: e.end_date,
    }));
    localStorage.setItem(knownEventsKey(userId, ws), JSON.stringify(kept));
  } catch {
    // Storage full or refused: the calendar shows fewer events offline, nothing else.
  }
}

export function useEvents(ws: number) {
  return useQuery({ queryKey: eventKeys.all(ws), queryFn: () => queryEndpoint(c.list, { params: { id: ws } }) });
}

export function useEvent(ws: number, id: string) {
  return useQuery({
    queryKey: eventKeys.one(ws, id),
    queryFn: () => call(c.get, { params: { id: ws, eventId: id } }),
    retry: false,
  });
}

/** "2030-05-01 · 18:00" as the workspace reads it, with the end when there is one. */
export function eventWhen(e: { start_date: string; start_time: string | null; end_date: string | null; end_time?: string | null }): string {
  const start = e.start_time ? `${e.start_date} ${e.start_time}` : e.start_date;
  if (!e.end_date) return start;
  const end = e.end_date === e.start_date ? (e.end_time ?? '') : `${e.end_date}${e.end_time ? ` ${e.end_time}` : ''}`;
  return end ? `${start} – ${end}` : start;
}

/** The public address of an event's cover or gallery picture, about `cssWidth` CSS pixels wide on this screen. */
export function eventPictureUrl(slug: string, fileId: string, cssWidth: number): string {
  const dpr = typeof window === 'undefined' ? 1 : window.devicePixelRatio;
  return eventPicturePath(slug, fileId, pictureWidthFor(cssWidth, dpr));
}
