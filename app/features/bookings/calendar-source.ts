import { combineLatest, from, map } from 'rxjs';
import type { Appointment, ServiceDto } from '../../../schema/bookings/bookings';
import type { CalendarEntry, CalendarSource } from '../../module';
import { holdsTime } from './diary-model';
import { loadQueryClient } from '../../data/query-client-slot';
import { isoDayIn, rulesQuery, servicesQuery, timeIn } from './use-bookings';

const APPOINTMENT_COLOR = '#7C3AED';

export function appointmentEntries(
  workspaceId: number,
  appointments: readonly Appointment[],
  services: readonly ServiceDto[],
  zone: string,
): CalendarEntry[] {
  return appointments.filter(holdsTime).map((a) => ({
    key: `appointments:${a.id}`,
    date: isoDayIn(new Date(a.start_at), zone),
    time: timeIn(a.start_at, zone),
    title: `${services.find((s) => s.id === a.service_id)?.title ?? 'Appointment'} · ${a.customer_name}`,
    kind: 'Appointment',
    color: APPOINTMENT_COLOR,
    link: `/workspace/${workspaceId}/services/diary`,
  }));
}

/**
 * Appointments on the planner's calendar, from the device's copy of the diary (offline too, and
 * live: a booking made on the phone shows at once), named by the services last read online and
 * placed on the days of the workspace's zone.
 */
export const appointmentTimes: CalendarSource = (data, workspaceId) => {
  // Never read online on this device yet: the entries still show, on the device's own days.
  const deviceZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const named = loadQueryClient()
    .then((client) => Promise.all([client.fetchQuery(servicesQuery(workspaceId)), client.fetchQuery(rulesQuery(workspaceId))]))
    .then(
      ([s, r]) => ({ services: s?.services ?? [], zone: r?.timezone ?? deviceZone }),
      () => ({ services: [], zone: deviceZone }),
    );
  return combineLatest([data.db.appointments.find({ selector: { workspace_id: workspaceId } }).$, from(named)]).pipe(
    map(([docs, { services, zone }]) =>
      appointmentEntries(
        workspaceId,
        docs.map((d) => d.toMutableJSON()),
        services,
        zone,
      ),
    ),
  );
};
