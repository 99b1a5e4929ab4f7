import { useEffect, useState } from 'react';
import { combineLatest, map, of } from 'rxjs';
import type { UserData } from '../../data/db';
import { useLiveQuery } from '../../data/use-live-query';
import type { CalendarEntry, CalendarSource } from '../../module';
import { installedModules } from '../../kit/installed-modules';

/**
 * What the other modules put on the calendar (invoice due dates, quote expiry dates, …), from the
 * module list: each module's source is loaded when the calendar first needs it, then kept live.
 * `except` leaves a module out (the planner shows its own items itself, editable).
 */
export function useModuleCalendar(data: UserData, workspaceId: number, except?: string) {
  const [sources, setSources] = useState<CalendarSource[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    const loaders = installedModules()
      .filter((m) => m.id !== except)
      .flatMap((m) => (m.calendar ? [m.calendar()] : []));
    Promise.all(loaders).then(
      (loaded) => current && setSources(loaded),
      (err: unknown) => current && setLoadError(err instanceof Error ? err.message : String(err)),
    );
    return () => {
      current = false;
    };
  }, [except]);
  const live = useLiveQuery(() => {
    if (!sources) return null;
    if (sources.length === 0) return of<CalendarEntry[]>([]);
    return combineLatest(sources.map((source) => source(data, workspaceId))).pipe(map((lists) => lists.flat()));
  }, [sources, data, workspaceId]);
  return loadError ? { status: 'error' as const, data: null, error: loadError } : live;
}
