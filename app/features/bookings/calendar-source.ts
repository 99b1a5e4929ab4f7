import { catchError, defer, from, map, of } from 'rxjs';
import type { z } from 'zod';
import { appointmentList } from '../../../schema/bookings';
import { bookingsContract as c } from '../../../schema/contract/bookings';
import { call } from '../../data/api';
import { useAuthStore } from '../../data/auth-store';
import type { CalendarEntry, CalendarSource } from '../../module';
import { withOfflineCopy, type CacheSlot } from '../workspaces/offline-cache';
import { addIsoDays, isoDayIn, timeIn } from './use-bookings';

type AppointmentList = z.infer<typeof appointmentList>;
const APPOINTMENT_COLOR = '#7C3AED';

/** The diary as last read online, kept per user on the device (cleared at logout). */
const keptDiary = (workspaceId: number): CacheSlot<AppointmentList> => ({ slot: `booking-diary:${workspaceId}`, schema: appointmentList });

export function appointmentEntries(workspaceId: number, list: AppointmentList): CalendarEntry[] {
  return list.appointments
    .filter((a) => a.status !== 'cancelled')
    .map((a) => ({
      key: `appointments:${a.id}`,
      date: isoDayIn(new Date(a.start_at), list.timezone),
      time: timeIn(a.start_at, list.timezone),
      title: `${a.service_title} · ${a.customer_name}`,
      kind: 'Appointment',
      color: APPOINTMENT_COLOR,
      link: `/workspace/${workspaceId}/services/diary`,
    }));
}

/** Appointments on the planner's calendar: two months back to six ahead, read online and kept for offline. */
export const appointmentTimes: CalendarSource = (_data, workspaceId) => {
  const today = isoDayIn(new Date());
  const query = { from: addIsoDays(today, -60), to: addIsoDays(today, 180) };
  return defer(() =>
    from(
      withOfflineCopy(useAuthStore.getState().user?.id ?? null, keptDiary(workspaceId), () =>
        call(c.appointments, { params: { id: workspaceId }, query }),
      ),
    ),
  ).pipe(
    map((list) => appointmentEntries(workspaceId, list)),
    catchError(() => of([])),
  );
};
