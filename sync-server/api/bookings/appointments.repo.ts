import { workspaceLock } from '../../sync/sync.repo.js';
import type { Queryable } from '../../db/db.js';
import type { BusyTime } from '../../../schema/bookings/booking-slots.js';
import type { AppointmentDto, AppointmentStatus } from '../../../schema/bookings/bookings.js';
import type { SaleVat } from '../../../schema/kit/vat.js';
import { iso } from './bookings.repo.js';

/** The diary: appointments, its lock, the slot engine's busy times, and deposit holds that lapsed. */

export interface AppointmentRow {
  id: string;
  service_id: string;
  service_title: string;
  consultant_id: string;
  staff_name: string;
  start_at: Date | string;
  end_at: Date | string;
  duration_minutes: number;
  price_cents: string | number;
  currency: string;
  status: AppointmentStatus;
  payment_status: 'unpaid' | 'paid' | 'refunded';
  deposit_cents: string | number;
  paid_cents: string | number;
  source: 'online' | 'owner';
  customer_name: string;
  customer_email: string;
  customer_phone: string;
  cancel_reason: string | null;
}

export const appointmentColumns = `a.id, a.service_id, s.title AS service_title, a.consultant_id, c.name AS staff_name, a.start_at, a.end_at,
  a.duration_minutes, a.price_cents, a.currency, a.status, a.payment_status, a.deposit_cents, a.paid_cents, a.source, a.customer_name, a.customer_email, a.customer_phone,
  a.cancel_reason`;
export const appointmentFrom = `appointments a
  JOIN services s ON s.workspace_id = a.workspace_id AND s.id = a.service_id
  JOIN consultants c ON c.workspace_id = a.workspace_id AND c.id = a.consultant_id`;

export function appointmentDtoOf(r: AppointmentRow): AppointmentDto {
  return {
    id: r.id,
    service_id: r.service_id,
    service_title: r.service_title,
    staff_id: r.consultant_id,
    staff_name: r.staff_name,
    start_at: iso(r.start_at),
    end_at: iso(r.end_at),
    duration_minutes: r.duration_minutes,
    price_cents: Number(r.price_cents),
    currency: r.currency,
    status: r.status,
    payment_status: r.payment_status,
    deposit_cents: Number(r.deposit_cents),
    paid_cents: Number(r.paid_cents),
    source: r.source,
    customer_name: r.customer_name,
    customer_email: r.customer_email,
    customer_phone: r.customer_phone,
    cancel_reason: r.cancel_reason,
  };
}

export async function appointmentsBetween(q: Queryable, ws: number, from: Date, to: Date, staffId?: string): Promise<AppointmentDto[]> {
  const rows = await q.query<AppointmentRow>(
    `SELECT ${appointmentColumns} FROM ${appointmentFrom}
      WHERE a.workspace_id = $1 AND a.start_at < $3 AND a.end_at > $2 AND ($4::uuid IS NULL OR a.consultant_id = $4)
      ORDER BY a.start_at, a.id`,
    [ws, from, to, staffId ?? null],
  );
  return rows.map(appointmentDtoOf);
}

export async function findAppointment(q: Queryable, ws: number, id: string): Promise<AppointmentDto | undefined> {
  const [row] = await q.query<AppointmentRow>(
    `SELECT ${appointmentColumns} FROM ${appointmentFrom} WHERE a.workspace_id = $1 AND a.id = $2`,
    [ws, id],
  );
  return row ? appointmentDtoOf(row) : undefined;
}

/** A hold still waiting for its deposit, made before `since`, has lapsed: SQL over `appointments a`. */
const lapsedHold = `(a.status = 'pending' AND a.payment_status = 'unpaid' AND a.payment_reference IS NOT NULL AND a.created_at < $HOLD)`;

/**
 * The diary's live appointments of some staff around a stretch of time (the slot engine's busy
 * times). A hold whose deposit did not come in time (made before `holdsSince`) no longer counts.
 */
export async function busyTimes(
  q: Queryable,
  ws: number,
  staffIds: readonly string[],
  from: Date,
  to: Date,
  holdsSince: Date,
): Promise<Array<BusyTime & { id: string }>> {
  const rows = await q.query<{ id: string; consultant_id: string; start_at: Date | string; end_at: Date | string }>(
    `SELECT id, consultant_id, start_at, end_at FROM appointments a
      WHERE workspace_id = $1 AND consultant_id = ANY($2::uuid[]) AND status <> 'cancelled' AND start_at < $4 AND end_at > $3
        AND NOT ${lapsedHold.replace('$HOLD', '$5')}`,
    [ws, [...staffIds], from, to, holdsSince],
  );
  return rows.map((r) => ({ id: r.id, staff_id: r.consultant_id, start: new Date(r.start_at), end: new Date(r.end_at) }));
}

/**
 * Every transaction that writes appointments takes this first, before it reads or locks any of
 * them: the table replicates to the owner's devices, and each write takes the next number of the
 * workspace's change feed under this lock (the table's trigger numbers what a push did not), so a
 * pull never passes a change that commits later. Taking it first keeps the order of locks the one a
 * push has, so the two never wait on each other in a circle.
 */
export async function lockDiary(q: Queryable, ws: number): Promise<void> {
  await q.query('SELECT pg_advisory_xact_lock($1, $2)', [...workspaceLock(ws)]);
}

/** Appointments whose time the diary moved (a device's push): reminders count from now, calendars see a new revision. */
export async function markMoved(q: Queryable, ws: number, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await q.query(`UPDATE appointments SET scheduled_at = now(), sequence = sequence + 1 WHERE workspace_id = $1 AND id = ANY($2::text[])`, [
    ws,
    [...ids],
  ]);
}

/** Which of these services and staff members are the workspace's (a pushed appointment must name its own). */
export async function knownServicesAndStaff(
  q: Queryable,
  ws: number,
  serviceIds: readonly string[],
  staffIds: readonly string[],
): Promise<{ services: Set<string>; staff: Set<string> }> {
  const [services, staff] = await Promise.all([
    q.query<{ id: string }>('SELECT id::text AS id FROM services WHERE workspace_id = $1 AND id = ANY($2::uuid[])', [ws, [...serviceIds]]),
    q.query<{ id: string }>('SELECT id::text AS id FROM consultants WHERE workspace_id = $1 AND id = ANY($2::uuid[])', [ws, [...staffIds]]),
  ]);
  return { services: new Set(services.map((r) => r.id)), staff: new Set(staff.map((r) => r.id)) };
}

/**
 * Serialises bookings of one staff member: whoever holds it sees every appointment committed before
 * it, so the slot check and the insert act as one. (PGlite runs one transaction at a time anyway.)
 */
export async function lockStaff(q: Queryable, staffId: string): Promise<void> {
  await q.query(`SELECT pg_advisory_xact_lock(hashtext('booking-staff'), hashtext($1))`, [staffId]);
}

export interface NewAppointment {
  ws: number;
  id: string;
  serviceId: string;
  staffId: string;
  start: Date;
  end: Date;
  duration: number;
  priceCents: number;
  currency: string;
  status: AppointmentStatus;
  source: 'online' | 'owner';
  name: string;
  email: string;
  phone: string;
  /** A deposit to be paid by card under this reference before the booking is confirmed. */
  deposit?: { cents: number; reference: string };
  /** The VAT fixed on it now, by the business's settings at this moment. */
  vat: SaleVat;
}

export async function insertAppointment(q: Queryable, a: NewAppointment): Promise<void> {
  await q.query(
    `INSERT INTO appointments (workspace_id, id, service_id, consultant_id, start_at, end_at, duration_minutes, price_cents, currency,
       status, source, customer_name, customer_email, customer_phone, deposit_cents, payment_reference, tax_rate_bp, tax_cents, tax_included)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19)`,
    [
      a.ws,
      a.id,
      a.serviceId,
      a.staffId,
      a.start,
      a.end,
      a.duration,
      a.priceCents,
      a.currency,
      a.status,
      a.source,
      a.name,
      a.email,
      a.phone,
      a.deposit?.cents ?? 0,
      a.deposit?.reference ?? null,
      a.vat.tax_rate_bp,
      a.vat.tax_cents,
      a.vat.tax_included,
    ],
  );
}

/**
 * Lets a staff member's lapsed deposit holds go (call under their lock, before taking a slot): they
 * become cancelled with `reason`, so the time is free again for the unique start and the diary.
 */
export async function lapseHolds(q: Queryable, ws: number, staffId: string, since: Date, reason: string, now: Date): Promise<void> {
  await q.query(
    `UPDATE appointments a SET status = 'cancelled', cancel_reason = $4, updated_at = $5
      WHERE a.workspace_id = $1 AND a.consultant_id = $2 AND ${lapsedHold.replace('$HOLD', '$3')}`,
    [ws, staffId, since, reason, now],
  );
}

/** The workspaces that have lapsed deposit holds (the hourly sweep lets them go one workspace at a time). */
export async function workspacesWithLapsedHolds(q: Queryable, since: Date): Promise<number[]> {
  const rows = await q.query<{ workspace_id: number }>(
    `SELECT DISTINCT workspace_id FROM appointments a WHERE ${lapsedHold.replace('$HOLD', '$1')} ORDER BY workspace_id`,
    [since],
  );
  return rows.map((r) => Number(r.workspace_id));
}

/** Every lapsed deposit hold of one workspace (call under its diary lock); how many were let go. */
export async function lapseWorkspaceHolds(q: Queryable, ws: number, since: Date, reason: string, now: Date): Promise<number> {
  const rows = await q.query<{ id: string }>(
    `UPDATE appointments a SET status = 'cancelled', cancel_reason = $3, updated_at = $4
      WHERE a.workspace_id = $1 AND ${lapsedHold.replace('$HOLD', '$2')} RETURNING a.id`,
    [ws, since, reason, now],
  );
  return rows.length;
}

export async function updateAppointment(
  q: Queryable,
  ws: number,
  id: string,
  f: { start?: Date; end?: Date; staffId?: string; status?: AppointmentStatus; cancelReason?: string },
  now: Date,
): Promise<void> {
  // A new start is a move: its time was set now, and its calendar entry gets a new revision.
  await q.query(
    `UPDATE appointments a SET start_at = COALESCE($3, a.start_at), end_at = COALESCE($4, a.end_at),
            consultant_id = COALESCE($5, a.consultant_id), status = COALESCE($6, a.status), cancel_reason = COALESCE($7, a.cancel_reason),
            updated_at = $8, scheduled_at = CASE WHEN old.moved THEN $8 ELSE a.scheduled_at END, sequence = a.sequence + old.moved::int
       FROM (SELECT id, COALESCE($3::timestamptz <> start_at, false) AS moved FROM appointments WHERE workspace_id = $1 AND id = $2) old
      WHERE a.workspace_id = $1 AND a.id = old.id`,
    [ws, id, f.start ?? null, f.end ?? null, f.staffId ?? null, f.status ?? null, f.cancelReason ?? null, now],
  );
}
