import { createContext, useContext } from 'react';
import { type DateFormatter, publicDates } from '../../schema/dates';

export { dateFormatter, type DateFormatter, type DateSettings, NO_DATE, publicDates, publicDateSettings } from '../../schema/dates';

/** The open workspace's formatter; set by the workspace layout, en-US (publicDates) outside one. */
export const WorkspaceDatesContext = createContext<DateFormatter>(publicDates);

/** `{ date, time, dateTime }` for the workspace on screen, following its settings. */
export function useWorkspaceDates(): DateFormatter {
  return useContext(WorkspaceDatesContext);
}
