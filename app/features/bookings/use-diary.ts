import { map } from 'rxjs';
import type { Appointment, AppointmentStatus } from '../../../schema/bookings/bookings';
import type { UserData } from '../../data/db';
import { useLiveQuery } from '../../data/use-live-query';

/** The workspace's appointments from the device database, live (offline too), earliest first. */
export function useAppointments(data: UserData, workspaceId: number) {
  return useLiveQuery(
    () =>
      data.db.appointments
        .find({ selector: { workspace_id: workspaceId } })
        .$.pipe(map((docs) => docs.map((d) => d.toMutableJSON()).sort((a, b) => a.start_at.localeCompare(b.start_at)))),
    [data, workspaceId],
  );
}

/** What the diary writes for a phone or walk-in customer; the server owns the rest. */
export type NewAppointment = Pick<
  Appointment,
  | 'workspace_id'
  | 'service_id'
  | 'consultant_id'
  | 'start_at'
  | 'end_at'
  | 'duration_minutes'
  | 'price_cents'
  | 'currency'
  | 'customer_name'
  | 'customer_email'
  | 'customer_phone'
>;

/** Books a customer in on this device; it syncs when the network allows. */
export async function bookIn(data: UserData, a: NewAppointment): Promise<string> {
  const now = new Date().toISOString();
  const id = crypto.randomUUID();
  await data.db.appointments.insert({
    ...a,
    id,
    updated_at: now,
    status: 'confirmed',
    // The server's fields, as the server will set them for a booking the business made.
    source: 'owner',
    payment_status: 'unpaid',
    deposit_cents: 0,
    paid_cents: 0,
    created_at: now,
    sequence: 0,
  });
  return id;
}

/** A new status, or a new time (its length kept), written over the appointment as stored now. */
export async function changeAppointment(
  data: UserData,
  id: string,
  change: { status: AppointmentStatus; cancel_reason?: string } | { start_at: string },
): Promise<boolean> {
  const stored = await data.db.appointments.findOne(id).exec();
  if (!stored) return false;
  await stored.incrementalModify((current) => {
    if ('status' in change) {
      current.status = change.status;
      if (change.cancel_reason) current.cancel_reason = change.cancel_reason;
    } else {
      const length = Date.parse(current.end_at) - Date.parse(current.start_at);
      current.start_at = change.start_at;
      current.end_at = new Date(Date.parse(change.start_at) + length).toISOString();
    }
    current.updated_at = new Date().toISOString();
    return current;
  });
  return true;
}
