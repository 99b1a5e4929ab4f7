import { TZDate } from '@date-fns/tz';
import { addDays, addMinutes } from 'date-fns';

/**
 * The slot engine (issue 20): which times a service can be booked, and why a given time cannot.
 * Pure, shared by the device and the server, so the page offers exactly what the server accepts.
 * Working hours are wall-clock times in the workspace's time zone (the truth); a day is that zone's
 * calendar day, so a slot on a day the clocks change still starts at the hour on the wall.
 */

/** Availability rules (as cal.com, Fresha and Calendly have them). Minutes unless named otherwise. */
export interface AvailabilityRules {
  buffer_before_minutes: number;
  buffer_after_minutes: number;
  min_notice_minutes: number;
  horizon_days: number;
  slot_step_minutes: number;
  /** Most appointments one staff member takes in a day; null: no limit. */
  daily_limit: number | null;
  cancel_cutoff_hours: number;
}

/** A stretch of a working day, wall-clock "HH:mm" in the workspace's zone. */
export interface WorkingSpan {
  start: string;
  end: string;
}

/** Working hours per weekday, 0 = Sunday … 6 = Saturday; a missing or empty day is not worked. */
export type WeeklyHours = Partial<Record<'0' | '1' | '2' | '3' | '4' | '5' | '6', WorkingSpan[]>>;

export interface StaffAvailability {
  id: string;
  hours: WeeklyHours;
  /** Recurring unavailable weekdays (0 = Sunday), whatever the hours say. */
  off_weekdays: readonly number[];
  /** Time off: instants, end exclusive. */
  time_off: ReadonlyArray<{ start: Date; end: Date }>;
}

/** An appointment already in the diary (not cancelled). */
export interface BusyTime {
  staff_id: string;
  start: Date;
  end: Date;
}

export interface SlotContext {
  zone: string;
  now: Date;
  duration_minutes: number;
  rules: AvailabilityRules;
  staff: readonly StaffAvailability[];
  busy: readonly BusyTime[];
}

export interface FreeSlot {
  start: Date;
  end: Date;
  /** Who is free for it, in the order staff were given. */
  staff_ids: string[];
}

export const slotProblems = [
  'min_notice',
  'beyond_horizon',
  'outside_hours',
  'not_working',
  'in_buffer',
  'not_free',
  'daily_limit',
] as const;
export type SlotProblem = (typeof slotProblems)[number];

const MINUTE_MS = 60_000;
const HHMM = /^([01]\d|2[0-3]):([0-5]\d)$|^24:00$/;

export function isWallTime(value: string): boolean {
  return HHMM.test(value);
}

/** Minutes since midnight of "HH:mm" ("24:00" is the day's end). */
export function minutesOf(value: string): number {
  const [h, m] = value.split(':').map(Number);
  return h * 60 + m;
}

/** The instant a wall-clock minute of a calendar day is in `zone`. */
function wallInstant(day: string, minutes: number, zone: string): Date {
  const [y, mo, d] = day.split('-').map(Number);
  return new Date(new TZDate(y, mo - 1, d, Math.floor(minutes / 60), minutes % 60, zone).getTime());
}

/** The calendar day (YYYY-MM-DD) an instant falls on in `zone`. */
export function localDay(at: Date, zone: string): string {
  // The zone's wall-clock date, read off the zoned date's own fields (date-fns' format would bring
  // its whole formatter to every device that checks a slot).
  const d = new TZDate(at.getTime(), zone);
  return `${String(d.getFullYear()).padStart(4, '0')}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

function weekdayOf(day: string): number {
  const [y, mo, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y, mo - 1, d)).getUTCDay();
}

/** Every calendar day from `from` to `to`, both included. */
export function daysBetween(from: string, to: string): string[] {
  const out: string[] = [];
  const [y, mo, d] = from.split('-').map(Number);
  for (let day = new Date(Date.UTC(y, mo - 1, d)); ; day = addDays(day, 1)) {
    const text = day.toISOString().slice(0, 10);
    if (text > to) break;
    out.push(text);
    if (out.length > 366) break;
  }
  return out;
}

/** A staff member's working windows on a day, as instants (none on a recurring day off). */
export function workingWindows(staff: StaffAvailability, day: string, zone: string): Array<{ start: Date; end: Date }> {
  const weekday = weekdayOf(day);
  if (staff.off_weekdays.includes(weekday)) return [];
  const key = String(weekday) as keyof WeeklyHours;
  return (staff.hours[key] ?? [])
    .filter((s) => minutesOf(s.end) > minutesOf(s.start))
    .map((s) => ({ start: wallInstant(day, minutesOf(s.start), zone), end: wallInstant(day, minutesOf(s.end), zone) }));
}

const overlaps = (a: { start: Date; end: Date }, b: { start: Date; end: Date }) => a.start < b.end && b.start < a.end;

/**
 * Why `staff` cannot take an appointment at `start`, or null when they can. Checked in the order a
 * customer can act on: too soon, too far ahead, outside hours, off, then the diary itself.
 * Buffers: the new appointment needs its buffer before and after clear of others, and must not sit
 * in theirs; overlapping one outright is "not free".
 */
export function slotProblem(ctx: SlotContext, staffId: string, start: Date, ignoreId?: (b: BusyTime) => boolean): SlotProblem | null {
  const staff = ctx.staff.find((s) => s.id === staffId);
  const end = addMinutes(start, ctx.duration_minutes);
  const r = ctx.rules;
  if (start.getTime() < ctx.now.getTime() + r.min_notice_minutes * MINUTE_MS) return 'min_notice';
  if (start.getTime() > ctx.now.getTime() + r.horizon_days * 86_400_000) return 'beyond_horizon';
  if (!staff) return 'outside_hours';
  const day = localDay(start, ctx.zone);
  const windows = workingWindows(staff, day, ctx.zone);
  if (!windows.some((w) => w.start <= start && end <= w.end))
    return staff.off_weekdays.includes(weekdayOf(day)) ? 'not_working' : 'outside_hours';
  if (staff.time_off.some((t) => overlaps(t, { start, end }))) return 'not_working';
  const theirs = ctx.busy.filter((b) => b.staff_id === staffId && !(ignoreId?.(b) ?? false));
  if (theirs.some((b) => overlaps(b, { start, end }))) return 'not_free';
  const padded = { start: addMinutes(start, -r.buffer_before_minutes), end: addMinutes(end, r.buffer_after_minutes) };
  const inBuffer = theirs.some(
    (b) =>
      overlaps(b, padded) ||
      overlaps({ start: addMinutes(b.start, -r.buffer_before_minutes), end: addMinutes(b.end, r.buffer_after_minutes) }, { start, end }),
  );
  if (inBuffer) return 'in_buffer';
  if (r.daily_limit !== null && theirs.filter((b) => localDay(b.start, ctx.zone) === day).length >= r.daily_limit) return 'daily_limit';
  return null;
}

/**
 * Free slots from day `from` to day `to` (the workspace's calendar days, both included): each
 * working window stepped by the slot step from its start, kept where at least one staff member
 * has no problem with it.
 */
export function freeSlots(ctx: SlotContext, from: string, to: string): FreeSlot[] {
  const step = Math.max(5, ctx.rules.slot_step_minutes);
  const byStart = new Map<number, FreeSlot>();
  for (const day of daysBetween(from, to)) {
    for (const staff of ctx.staff) {
      for (const w of workingWindows(staff, day, ctx.zone)) {
        for (let start = w.start; addMinutes(start, ctx.duration_minutes) <= w.end; start = addMinutes(start, step)) {
          if (slotProblem(ctx, staff.id, start) !== null) continue;
          const slot = byStart.get(start.getTime()) ?? { start, end: addMinutes(start, ctx.duration_minutes), staff_ids: [] };
          slot.staff_ids.push(staff.id);
          byStart.set(start.getTime(), slot);
        }
      }
    }
  }
  return [...byStart.values()].sort((a, b) => a.start.getTime() - b.start.getTime());
}

/** Whether a booking starting at `start` may still be cancelled by the customer at `now`. */
export function withinCancelCutoff(start: Date, now: Date, rules: Pick<AvailabilityRules, 'cancel_cutoff_hours'>): boolean {
  return now.getTime() <= start.getTime() - rules.cancel_cutoff_hours * 3_600_000;
}
