import { addDays } from '../../kit/date-format';

/**
 * Calendar arithmetic on YYYY-MM-DD strings, in UTC so a day is always a day (no DST surprises).
 * Weeks start on Monday, as South African calendars do.
 */
export { addDays };

function utc(iso: string): Date {
  return new Date(`${iso}T00:00:00Z`);
}

/** 0 = Monday … 6 = Sunday. */
export function weekdayIndex(iso: string): number {
  return (utc(iso).getUTCDay() + 6) % 7;
}

export function startOfWeek(iso: string): string {
  return addDays(iso, -weekdayIndex(iso));
}

export function startOfMonth(iso: string): string {
  return `${iso.slice(0, 7)}-01`;
}

/** The same day of the month `n` months on (clamped to the month's last day). */
export function addMonths(iso: string, n: number): string {
  const d = utc(iso);
  const first = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + n, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(d.getUTCDate(), last));
  return first.toISOString().slice(0, 10);
}

/** The days a month view shows: whole weeks from the Monday on or before the 1st to the end of the month. */
export function monthGrid(iso: string): string[][] {
  const first = startOfMonth(iso);
  const month = first.slice(0, 7);
  const weeks: string[][] = [];
  let day = startOfWeek(first);
  while (weeks.length === 0 || day.slice(0, 7) === month) {
    const week = Array.from({ length: 7 }, (_, i) => addDays(day, i));
    weeks.push(week);
    day = addDays(day, 7);
  }
  return weeks;
}

export function weekDays(iso: string): string[] {
  const monday = startOfWeek(iso);
  return Array.from({ length: 7 }, (_, i) => addDays(monday, i));
}

const formats = {
  month: new Intl.DateTimeFormat('en-ZA', { month: 'long', year: 'numeric', timeZone: 'UTC' }),
  day: new Intl.DateTimeFormat('en-ZA', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' }),
  dayShort: new Intl.DateTimeFormat('en-ZA', { weekday: 'short', day: 'numeric', timeZone: 'UTC' }),
  dayMonth: new Intl.DateTimeFormat('en-ZA', { day: 'numeric', month: 'short', timeZone: 'UTC' }),
  weekday: new Intl.DateTimeFormat('en-ZA', { weekday: 'short', timeZone: 'UTC' }),
};

export function formatDate(iso: string, style: keyof typeof formats): string {
  return formats[style].format(utc(iso));
}

/** Whether day `iso` falls within [start, end] (end defaults to start). */
export function coversDay(start: string, end: string | undefined, iso: string): boolean {
  return start <= iso && iso <= (end && end > start ? end : start);
}
