import { createContext, useContext } from 'react';
import { type DateFormatter, publicDates } from '../../schema/kit/dates';

export { dateFormatter, type DateFormatter, type DateSettings, NO_DATE, publicDates, publicDateSettings } from '../../schema/kit/dates';

/** The open workspace's formatter; set by the workspace layout, en-US (publicDates) outside one. */
export const WorkspaceDatesContext = createContext<DateFormatter>(publicDates);

/** `{ date, time, dateTime }` for the workspace on screen, following its settings. */
export function useWorkspaceDates(): DateFormatter {
  return useContext(WorkspaceDatesContext);
}

/** A YYYY-MM-DD date moved by whole days (calendar arithmetic in UTC, so no DST surprises). */
export function addDays(iso: string, days: number): string {
  const t = Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000;
  return new Date(t).toISOString().slice(0, 10);
}
