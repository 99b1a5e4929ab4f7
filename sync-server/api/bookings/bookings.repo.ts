import { workspaceLock } from '../../sync/sync.repo.js';
import type { BookingRef } from './booking-token.js';
import type { Queryable } from '../../db/db.js';
import type { AvailabilityRules, BusyTime } from '../../../schema/booking-slots.js';
import {
  availabilityRules,
  defaultRules,
  ruleOverrides,
  weeklyHours,
  type AppointmentDto,
  type AppointmentStatus,
  type RuleOverrides,
  type ServiceDto,
  type StaffDto,
} from '../../../schema/bookings.js';
import { noCountryDefaults } from '../../../schema/countries.js';

/**
 * The bookings' SQL. The owner's functions run inside the workspace's scope (row-level security);
 * the public ones run as owner with the service's workspace named in every statement, because a
 * customer is not a member of the workspace.
 */

const iso = (v: Date | string) => new Date(v).toISOString();

export async function workspaceZone(q: Queryable, ws: number): Promise<string> {
  const [row] = await q.query<{ timezone: string | null }>(
    'SELECT s.timezone FROM workspaces w LEFT JOIN workspace_settings s ON s.workspace_id = w.id AND s.id = 1 WHERE w.id = $1',
    [ws],
  );
  return row?.timezone ?? noCountryDefaults.timezone;
}

export async function workspaceRules(q: Queryable, ws: number): Promise<AvailabilityRules> {
  const [row] = await q.query<{ rules: unknown }>('SELECT rules FROM booking_settings WHERE workspace_id = $1', [ws]);
  const stored = ruleOverrides.safeParse(row?.rules ?? {});
  return availabilityRules.parse({ ...defaultRules, ...(stored.success ? stored.data : {}) });
}

export async function putRules(q: Queryable, ws: number, rules: AvailabilityRules, now: Date): Promise<void> {
  await q.query(
    `INSERT INTO booking_settings (workspace_id, rules, updated_at) VALUES ($1, $2, $3)
     ON CONFLICT (workspace_id) DO UPDATE SET rules = EXCLUDED.rules, updated_at = EXCLUDED.updated_at`,
    [ws, JSON.stringify(rules), now],
  );
}

// ---- Staff ----

interface StaffRow {
  id: string;
  name: string;
  email: string | null;
  working_hours: unknown;
  active: boolean;
}
interface OffRow {
  id: string;
  consultant_id: string;
  weekday: number | null;
  starts_at: Date | string | null;
  ends_at: Date | string | null;
  reason: string;
}

export async function listStaff(q: Queryable, ws: number, ids?: readonly string[]): Promise<StaffDto[]> {
  const staff = await q.query<StaffRow>(
    `SELECT id, name, email, working_hours, active FROM consultants WHERE workspace_id = $1 AND ($2::uuid[] IS NULL OR id = ANY($2))
      ORDER BY name, id`,
    [ws, ids ?? null],
  );
  const off = await q.query<OffRow>(
    `SELECT id, consultant_id, weekday, starts_at, ends_at, reason FROM consultant_unavailability
      WHERE workspace_id = $1 AND ($2::uuid[] IS NULL OR consultant_id = ANY($2)) ORDER BY starts_at NULLS FIRST, weekday`,
    [ws, ids ?? null],
  );
  return staff.map((s) => {
    const mine = off.filter((o) => o.consultant_id === s.id);
    const hours = weeklyHours.safeParse(s.working_hours);
    return {
      id: s.id,
      name: s.name,
      email: s.email,
      hours: hours.success ? hours.data : {},
      active: s.active,
      off_weekdays: mine.flatMap((o) => (o.weekday === null ? [] : [o.weekday])),
      time_off: mine.flatMap((o) =>
        o.starts_at === null || o.ends_at === null
          ? []
          : [{ id: o.id, start_at: iso(o.starts_at), end_at: iso(o.ends_at), reason: o.reason }],
      ),
    };
  });
}

/** The slot engine's view of staff. */
export interface StaffFields {
  name?: string;
  email?: string | null;
  hours?: object;
  active?: boolean;
}

export async function insertStaff(q: Queryable, ws: number, id: string, f: Required<StaffFields>): Promise<void> {
  await q.query('INSERT INTO consultants (workspace_id, id, name, email, working_hours, active) VALUES ($1, $2, $3, $4, $5, $6)', [
    ws,
    id,
    f.name,
    f.email,
    JSON.stringify(f.hours),
    f.active,
  ]);
}

export async function updateStaff(q: Queryable, ws: number, id: string, f: StaffFields, now: Date): Promise<boolean> {
  const rows = await q.query(
    `UPDATE consultants SET name = COALESCE($3, name), email = CASE WHEN $4::boolean THEN $5 ELSE email END,
            working_hours = COALESCE($6::jsonb, working_hours), active = COALESCE($7, active), updated_at = $8
      WHERE workspace_id = $1 AND id = $2 RETURNING 1`,
    [ws, id, f.name ?? null, f.email !== undefined, f.email ?? null, f.hours ? JSON.stringify(f.hours) : null, f.active ?? null, now],
  );
  return rows.length > 0;
}

export async function setOffWeekdays(
  q: Queryable,
  ws: number,
  staffId: string,
  weekdays: readonly number[],
  newId: () => string,
): Promise<void> {
  await q.query('DELETE FROM consultant_unavailability WHERE workspace_id = $1 AND consultant_id = $2 AND weekday IS NOT NULL', [
    ws,
    staffId,
  ]);
  for (const day of new Set(weekdays)) {
    await q.query('INSERT INTO consultant_unavailability (workspace_id, id, consultant_id, weekday) VALUES ($1, $2, $3, $4)', [
      ws,
      newId(),
      staffId,
      day,
    ]);
  }
}

export async function insertTimeOff(
  q: Queryable,
  ws: number,
  t: { id: string; staffId: string; start: string; end: string; reason: string },
): Promise<void> {
  await q.query(
    'INSERT INTO consultant_unavailability (workspace_id, id, consultant_id, starts_at, ends_at, reason) VALUES ($1, $2, $3, $4, $5, $6)',
    [ws, t.id, t.staffId, t.start, t.end, t.reason],
  );
}

/** Removes one stretch of time off (not a recurring day off); whether there was one. */
export async function deleteTimeOff(q: Queryable, ws: number, staffId: string, id: string): Promise<boolean> {
  const rows = await q.query<{ id: string }>(
    'DELETE FROM consultant_unavailability WHERE workspace_id = $1 AND consultant_id = $2 AND id = $3 AND weekday IS NULL RETURNING id',
    [ws, staffId, id],
  );
  return rows.length > 0;
}

// ---- Services ----

interface ServiceRow {
  workspace_id: number;
  id: string;
  title: string;
  description: string;
  price_cents: string | number;
  currency: string;
  duration_minutes: number;
  category: string;
  featured: boolean;
  is_public: boolean;
  status: 'active' | 'inactive';
  availability: unknown;
  staff_ids: string[] | null;
  deposit_cents: string | number;
}

const serviceColumns = `s.workspace_id, s.id, s.title, s.description, s.price_cents, s.currency, s.duration_minutes, s.category, s.featured,
  s.is_public, s.status, s.availability, s.deposit_cents,
  ARRAY(SELECT st.consultant_id FROM service_staff st WHERE st.workspace_id = s.workspace_id AND st.service_id = s.id ORDER BY st.consultant_id) AS staff_ids`;

export function serviceDtoOf(r: ServiceRow): ServiceDto {
  const rules = ruleOverrides.safeParse(r.availability ?? {});
  return {
    id: r.id,
    title: r.title,
    description: r.description,
    price_cents: Number(r.price_cents),
    currency: r.currency,
    duration_minutes: r.duration_minutes,
    category: r.category,
    featured: r.featured,
    is_public: r.is_public,
    status: r.status,
    staff_ids: r.staff_ids ?? [],
    availability: rules.success ? rules.data : {},
    deposit_cents: Number(r.deposit_cents),
  };
}

export async function listServices(q: Queryable, ws: number): Promise<ServiceDto[]> {
  const rows = await q.query<ServiceRow>(`SELECT ${serviceColumns} FROM services s WHERE s.workspace_id = $1 ORDER BY s.title, s.id`, [ws]);
  return rows.map(serviceDtoOf);
}

export async function findService(q: Queryable, ws: number, id: string): Promise<ServiceDto | undefined> {
  const [row] = await q.query<ServiceRow>(`SELECT ${serviceColumns} FROM services s WHERE s.workspace_id = $1 AND s.id = $2`, [ws, id]);
  return row ? serviceDtoOf(row) : undefined;
}

export interface ServiceFields {
  title: string;
  description: string;
  price_cents: number;
  duration_minutes: number;
  category: string;
  featured: boolean;
  is_public: boolean;
  status: 'active' | 'inactive';
  availability: RuleOverrides;
  deposit_cents: number;
}

export async function insertService(q: Queryable, ws: number, id: string, f: ServiceFields, currency: string): Promise<void> {
  await q.query(
    `INSERT INTO services (workspace_id, id, title, description, price_cents, currency, duration_minutes, category, featured, is_public, status,
       availability, deposit_cents)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
    [
      ws,
      id,
      f.title,
      f.description,
      f.price_cents,
      currency,
      f.duration_minutes,
      f.category,
      f.featured,
      f.is_public,
      f.status,
      JSON.stringify(f.availability),
      f.deposit_cents,
    ],
  );
}

export async function updateService(q: Queryable, ws: number, id: string, f: ServiceFields, now: Date): Promise<void> {
  await q.query(
    `UPDATE services SET title = $3, description = $4, price_cents = $5, duration_minutes = $6, category = $7, featured = $8, is_public = $9,
            status = $10, availability = $11, updated_at = $12, deposit_cents = $13
      WHERE workspace_id = $1 AND id = $2`,
    [
      ws,
      id,
      f.title,
      f.description,
      f.price_cents,
      f.duration_minutes,
      f.category,
      f.featured,
      f.is_public,
      f.status,
      JSON.stringify(f.availability),
      now,
      f.deposit_cents,
    ],
  );
}

export async function setServiceStaff(q: Queryable, ws: number, serviceId: string, staffIds: readonly string[]): Promise<void> {
  await q.query('DELETE FROM service_staff WHERE workspace_id = $1 AND service_id = $2', [ws, serviceId]);
  await q.query(
    'INSERT INTO service_staff (workspace_id, service_id, consultant_id) SELECT $1, $2, unnest($3::uuid[]) ON CONFLICT DO NOTHING',
    [ws, serviceId, [...staffIds]],
  );
}

export async function existingStaff(q: Queryable, ws: number, ids: readonly string[]): Promise<Set<string>> {
  const rows = await q.query<{ id: string }>('SELECT id FROM consultants WHERE workspace_id = $1 AND id = ANY($2::uuid[])', [ws, [...ids]]);
  return new Set(rows.map((r) => r.id));
}

// ---- Appointments ----

interface AppointmentRow {
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

const appointmentColumns = `a.id, a.service_id, s.title AS service_title, a.consultant_id, c.name AS staff_name, a.start_at, a.end_at,
  a.duration_minutes, a.price_cents, a.currency, a.status, a.payment_status, a.deposit_cents, a.paid_cents, a.source, a.customer_name, a.customer_email, a.customer_phone,
  a.cancel_reason`;
const appointmentFrom = `appointments a
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
}

export async function insertAppointment(q: Queryable, a: NewAppointment): Promise<void> {
  await q.query(
    `INSERT INTO appointments (workspace_id, id, service_id, consultant_id, start_at, end_at, duration_minutes, price_cents, currency,
       status, source, customer_name, customer_email, customer_phone, deposit_cents, payment_reference)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)`,
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

export interface DepositHold {
  workspace_id: number;
  id: string;
  status: AppointmentStatus;
  payment_status: 'unpaid' | 'paid' | 'refunded';
  deposit_cents: string | number;
  currency: string;
  customer_email: string;
}

/** The workspace of the booking a deposit reference belongs to (read before its diary is locked). */
export async function workspaceOfReference(q: Queryable, reference: string): Promise<number | undefined> {
  const [row] = await q.query<{ workspace_id: number }>('SELECT workspace_id FROM appointments WHERE payment_reference = $1', [reference]);
  return row ? Number(row.workspace_id) : undefined;
}

/** The booking a deposit reference belongs to, locked for settling (call under its diary's lock). */
export async function holdByReference(q: Queryable, reference: string): Promise<DepositHold | undefined> {
  const [row] = await q.query<DepositHold>(
    `SELECT workspace_id, id, status, payment_status, deposit_cents, currency, customer_email
       FROM appointments WHERE payment_reference = $1 FOR UPDATE`,
    [reference],
  );
  return row;
}

/** A deposit paid: the amount is recorded; a hold still waiting is confirmed. */
export async function setDepositPaid(q: Queryable, ws: number, id: string, paidCents: number, now: Date): Promise<void> {
  await q.query(
    `UPDATE appointments SET payment_status = 'paid', paid_cents = $3, updated_at = $4,
            status = CASE WHEN status = 'pending' THEN 'confirmed' ELSE status END
      WHERE workspace_id = $1 AND id = $2`,
    [ws, id, paidCents, now],
  );
}

/** The card reference of an appointment's deposit, if it had one. */
export async function paymentReferenceOf(q: Queryable, ws: number, id: string): Promise<string | null> {
  const [row] = await q.query<{ payment_reference: string | null }>(
    'SELECT payment_reference FROM appointments WHERE workspace_id = $1 AND id = $2',
    [ws, id],
  );
  return row?.payment_reference ?? null;
}

/** A paid deposit given back (the booking lapsed before the payment, or was cancelled in time). */
export async function setDepositRefunded(q: Queryable, ws: number, id: string, now: Date): Promise<void> {
  await q.query(`UPDATE appointments SET payment_status = 'refunded', updated_at = $3 WHERE workspace_id = $1 AND id = $2`, [ws, id, now]);
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

// ---- Public ----

export interface PublicServiceRow extends ServiceRow {
  business: string;
  timezone: string | null;
}

const publicFrom = `services s JOIN workspaces w ON w.id = s.workspace_id
  LEFT JOIN workspace_settings ws ON ws.workspace_id = w.id AND ws.id = 1`;

export async function publicServices(
  q: Queryable,
  storefront: string | undefined,
  search: string | undefined,
): Promise<PublicServiceRow[]> {
  return q.query<PublicServiceRow>(
    `SELECT ${serviceColumns}, w.name AS business, ws.timezone FROM ${publicFrom}
      WHERE s.is_public AND s.status = 'active' AND ($1::text IS NULL OR w.slug = $1)
        AND ($2::text IS NULL OR s.title ILIKE '%' || $2 || '%' OR s.category ILIKE '%' || $2 || '%')
        AND EXISTS (SELECT 1 FROM service_staff st JOIN consultants c ON c.workspace_id = st.workspace_id AND c.id = st.consultant_id
                     WHERE st.workspace_id = s.workspace_id AND st.service_id = s.id AND c.active)
      ORDER BY s.featured DESC, s.created_at DESC, s.id LIMIT 200`,
    [storefront ?? null, search ?? null],
  );
}

export async function publicService(q: Queryable, id: string): Promise<PublicServiceRow | undefined> {
  const [row] = await q.query<PublicServiceRow>(
    `SELECT ${serviceColumns}, w.name AS business, ws.timezone FROM ${publicFrom} WHERE s.id = $1 AND s.is_public AND s.status = 'active'`,
    [id],
  );
  return row;
}

export interface TokenAppointment extends AppointmentRow {
  workspace_id: number;
  payment_reference: string | null;
  business: string;
  timezone: string | null;
  availability: unknown;
}

/**
 * The appointment a customer's link names. A link from before links named their workspace finds
 * it by its id alone, and only while that id is one workspace's.
 */
export async function publicAppointment(q: Queryable, ref: BookingRef): Promise<TokenAppointment | undefined> {
  const rows = await q.query<TokenAppointment>(
    `SELECT ${appointmentColumns}, a.workspace_id, a.payment_reference, w.name AS business, wset.timezone, s.availability FROM ${appointmentFrom}
       JOIN workspaces w ON w.id = a.workspace_id LEFT JOIN workspace_settings wset ON wset.workspace_id = w.id AND wset.id = 1
      WHERE a.id = $1 AND ($2::int IS NULL OR a.workspace_id = $2) LIMIT 2`,
    [ref.id, ref.ws],
  );
  return rows.length === 1 ? rows[0] : undefined;
}
