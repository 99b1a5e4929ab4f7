import { TZDate } from '@date-fns/tz';
import { endOfMonth, startOfMonth, startOfWeek, subMonths } from 'date-fns';
import { calendarDayIn } from '../../../schema/kit/dates';
import { addDays } from '../../kit/date-format';

/** The ranges a person picks from; `custom` takes two dates. */
export const presets = ['today', 'week', 'month', 'last_month', 'custom'] as const;
export type Preset = (typeof presets)[number];
export const presetLabels: Record<Preset, string> = {
  today: 'Today',
  week: 'This week',
  month: 'This month',
  last_month: 'Last month',
  custom: 'Custom',
};

/** How the sales are grouped over time. */
export const grains = ['day', 'week', 'month'] as const;
export type Grain = (typeof grains)[number];

/** Calendar days in the workspace's zone, both ends included (YYYY-MM-DD). */
export interface DayRange {
  from: string;
  to: string;
}

/** The longest custom range: a year and a day, so a leap year's whole year fits. */
export const MAX_RANGE_DAYS = 366;

export const rangeMessages = {
  fromMissing: 'Enter the first day',
  toMissing: 'Enter the last day',
  order: 'The last day cannot be before the first day',
  tooLong: `Pick at most ${MAX_RANGE_DAYS} days`,
} as const;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function isDay(value: string): boolean {
  if (!DAY.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

/** A zone the platform knows, else UTC (as the date formatter does), so a range is always worked out. */
function knownZone(zone: string | undefined): string {
  if (!zone) return 'UTC';
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return zone;
  } catch {
    return 'UTC';
  }
}

/** A zoned date's own calendar day (its fields are the zone's wall clock). */
function dayOfZoned(d: Date): string {
  return `${String(d.getFullYear()).padStart(4, '0')}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/**
 * A preset's days in the workspace's zone at `now`: today; this week from Monday to today; this
 * month to today; last month whole.
 */
export function presetRange(preset: Exclude<Preset, 'custom'>, now: Date, zone: string | undefined): DayRange {
  const here = new TZDate(now.getTime(), knownZone(zone));
  const today = dayOfZoned(here);
  switch (preset) {
    case 'today':
      return { from: today, to: today };
    case 'week':
      return { from: dayOfZoned(startOfWeek(here, { weekStartsOn: 1 })), to: today };
    case 'month':
      return { from: dayOfZoned(startOfMonth(here)), to: today };
    case 'last_month': {
      const last = subMonths(here, 1);
      return { from: dayOfZoned(startOfMonth(last)), to: dayOfZoned(endOfMonth(last)) };
    }
  }
}

/** Why two typed dates are not a range, by field, or null. */
export function customRangeProblem(from: string, to: string): { field: 'from' | 'to'; message: string } | null {
  if (!isDay(from)) return { field: 'from', message: rangeMessages.fromMissing };
  if (!isDay(to)) return { field: 'to', message: rangeMessages.toMissing };
  if (to < from) return { field: 'to', message: rangeMessages.order };
  if (addDays(from, MAX_RANGE_DAYS - 1) < to) return { field: 'to', message: rangeMessages.tooLong };
  return null;
}

/** The calendar day an instant falls on in the workspace's zone. */
export function dayOf(instant: string, zone: string | undefined): string {
  return calendarDayIn(new Date(instant), zone);
}

/** The Monday of a day's week (weeks start on Monday in South Africa, as in ISO 8601). */
export function weekOf(day: string): string {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return addDays(day, -((weekday + 6) % 7));
}

/** The period a day belongs to: the day, its week's Monday, or its month (YYYY-MM). */
export function periodOf(day: string, grain: Grain): string {
  if (grain === 'day') return day;
  if (grain === 'week') return weekOf(day);
  return day.slice(0, 7);
}

/** Every period a range touches, in order, so a day with no sales still shows as nothing sold. */
export function periodsIn(range: DayRange, grain: Grain): string[] {
  const out: string[] = [];
  for (let day = range.from; day <= range.to; day = addDays(day, 1)) {
    const key = periodOf(day, grain);
    if (out[out.length - 1] !== key) out.push(key);
  }
  return out;
}

/** Whether an instant falls inside the range's days in the zone. */
export function inRange(instant: string | undefined, range: DayRange, zone: string | undefined): boolean {
  if (!instant) return false;
  const day = dayOf(instant, zone);
  return day >= range.from && day <= range.to;
}
