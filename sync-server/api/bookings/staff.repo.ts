import type { Queryable } from '../../db/db.js';
import { weeklyHours, type StaffDto } from '../../../schema/bookings/bookings.js';
import { iso } from './bookings.repo.js';

/** Staff members, their weekdays off and time off: whom a service can be booked with, and when not. */

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
