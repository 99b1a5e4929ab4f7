/**
 * One way to write dates and times, fed by a workspace's settings (spec §3 workspace_settings:
 * timezone, date_format, time_format, language). Formats are token strings: YYYY, YY, MMMM (May),
 * MMM (May, short), MM, M, DD, D, dddd (Tuesday), ddd (Tue), HH, H (24-hour), hh, h (12-hour),
 * mm, ss, a (AM/PM); anything else is written as it stands. A 12-hour time format without `a`
 * (the stored "hh:mm") still says AM or PM: "02:30" alone would be ambiguous.
 *
 * A value of the form YYYY-MM-DD is a calendar day (an invoice's issue date) and is never shifted by
 * a time zone; anything else is an instant, shown in the workspace's zone.
 *
 * Shared by the app and the server (a reminder's "today", a card payment's date), so both count a
 * workspace's day the same way. Month and weekday names come from the platform's Intl in the
 * workspace's language, which no date-fns locale bundle would have to ship to a phone for.
 */
export interface DateSettings {
  /** IANA zone; none: the device's own (public pages). */
  timezone?: string;
  date_format: string;
  time_format: string;
  language: string;
}

export interface DateFormatter {
  /** The day, in the date format ("2026-11-23"); "—" for nothing or a value that is not a date. */
  date(value: string | Date | null | undefined): string;
  /** The time of day, in the time format ("19:52"). */
  time(value: string | Date | null | undefined): string;
  /** Both: "2026-11-23 19:52". */
  dateTime(value: string | Date | null | undefined): string;
  /** Today's calendar day in the zone, YYYY-MM-DD. */
  today(now?: Date): string;
  /** A month (YYYY-MM, or any day in it), in the workspace's language: "January 2027". */
  month(value: string): string;
}

export const NO_DATE = '—';

/** spec §9: public pages (and pages outside any workspace) write dates in en-US, long month, am/pm. */
export const publicDateSettings: DateSettings = {
  date_format: 'MMMM D, YYYY',
  time_format: 'h:mm a',
  language: 'en',
};

interface Parts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  weekday: number;
}

const CALENDAR_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const TOKENS = /YYYY|YY|MMMM|MMM|MM|M|DD|D|dddd|ddd|HH|H|hh|h|mm|ss|a|A/g;
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

const zoneFormatters = new Map<string, Intl.DateTimeFormat>();

/** Reads an instant's wall-clock parts in `zone` (undefined: the device's own zone). */
function zoneFormatter(zone: string | undefined): Intl.DateTimeFormat {
  const key = zone ?? '';
  let f = zoneFormatters.get(key);
  if (!f) {
    const options: Intl.DateTimeFormatOptions = {
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      weekday: 'short',
      hourCycle: 'h23',
    };
    try {
      f = new Intl.DateTimeFormat('en-US', { ...options, timeZone: zone });
    } catch {
      // A zone this browser does not know: UTC, rather than no dates at all.
      f = new Intl.DateTimeFormat('en-US', { ...options, timeZone: 'UTC' });
    }
    zoneFormatters.set(key, f);
  }
  return f;
}

function partsOf(date: Date, zone: string | undefined): Parts {
  const out: Parts = { year: 0, month: 1, day: 1, hour: 0, minute: 0, second: 0, weekday: 0 };
  for (const p of zoneFormatter(zone).formatToParts(date)) {
    if (p.type === 'weekday') out.weekday = WEEKDAYS.indexOf(p.value);
    else if (p.type === 'year' || p.type === 'month' || p.type === 'day' || p.type === 'minute' || p.type === 'second') {
      out[p.type] = Number(p.value);
    } else if (p.type === 'hour') out.hour = Number(p.value) % 24;
  }
  return out;
}

function calendarParts(match: RegExpExecArray): Parts | null {
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const d = new Date(Date.UTC(year, month - 1, day));
  if (d.getUTCFullYear() !== year || d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) return null;
  return { year, month, day, hour: 0, minute: 0, second: 0, weekday: d.getUTCDay() };
}

const nameFormatters = new Map<string, Intl.DateTimeFormat>();

/** Month and weekday names in the workspace's language; English where the browser has none for it. */
function name(language: string, kind: 'month' | 'weekday', width: 'long' | 'short', index: number): string {
  const key = `${language}|${kind}|${width}`;
  let f = nameFormatters.get(key);
  if (!f) {
    try {
      f = new Intl.DateTimeFormat(language, { [kind]: width, timeZone: 'UTC' });
    } catch {
      f = new Intl.DateTimeFormat('en', { [kind]: width, timeZone: 'UTC' });
    }
    nameFormatters.set(key, f);
  }
  // 2023-01-01 was a Sunday: weekday i is Jan (1 + i); month i is its first day.
  return f.format(kind === 'month' ? Date.UTC(2023, index - 1, 1) : Date.UTC(2023, 0, 1 + index));
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

function render(format: string, p: Parts, language: string): string {
  const twelve = p.hour % 12 === 0 ? 12 : p.hour % 12;
  const meridiem = p.hour < 12 ? 'AM' : 'PM';
  return format.replace(TOKENS, (token) => {
    switch (token) {
      case 'YYYY':
        return pad(p.year, 4);
      case 'YY':
        return pad(p.year % 100);
      case 'MMMM':
        return name(language, 'month', 'long', p.month);
      case 'MMM':
        return name(language, 'month', 'short', p.month);
      case 'MM':
        return pad(p.month);
      case 'M':
        return String(p.month);
      case 'DD':
        return pad(p.day);
      case 'D':
        return String(p.day);
      case 'dddd':
        return name(language, 'weekday', 'long', p.weekday);
      case 'ddd':
        return name(language, 'weekday', 'short', p.weekday);
      case 'HH':
        return pad(p.hour);
      case 'H':
        return String(p.hour);
      case 'hh':
        return pad(twelve);
      case 'h':
        return String(twelve);
      case 'mm':
        return pad(p.minute);
      case 'ss':
        return pad(p.second);
      case 'a':
      case 'A':
        return meridiem;
      default:
        return token;
    }
  });
}

/** A 12-hour format that does not say which half of the day gets " AM"/" PM" added. */
function withMeridiem(timeFormat: string): string {
  const tokens: string[] = timeFormat.match(TOKENS) ?? [];
  const twelveHour = tokens.includes('hh') || tokens.includes('h');
  return twelveHour && !tokens.includes('a') && !tokens.includes('A') ? `${timeFormat} a` : timeFormat;
}

function toParts(value: string | Date | null | undefined, zone: string | undefined): Parts | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'string') {
    const day = CALENDAR_DAY.exec(value);
    if (day) return calendarParts(day);
  }
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? null : partsOf(d, zone);
}

export function dateFormatter(settings: DateSettings): DateFormatter {
  const zone = settings.timezone || undefined;
  const dateFormat = settings.date_format || 'YYYY-MM-DD';
  const timeFormat = withMeridiem(settings.time_format || 'HH:mm');
  const language = settings.language || 'en';
  const date = (value: string | Date | null | undefined) => {
    const p = toParts(value, zone);
    return p ? render(dateFormat, p, language) : NO_DATE;
  };
  const time = (value: string | Date | null | undefined) => {
    const p = toParts(value, zone);
    return p ? render(timeFormat, p, language) : NO_DATE;
  };
  return {
    date,
    time,
    dateTime: (value) => {
      const p = toParts(value, zone);
      return p ? `${render(dateFormat, p, language)} ${render(timeFormat, p, language)}` : NO_DATE;
    },
    today: (now = new Date()) => render('YYYY-MM-DD', partsOf(now, zone), language),
    month: (value) => {
      const p = toParts(/^\d{4}-\d{2}$/.test(value) ? `${value}-01` : value, zone);
      return p ? render('MMMM YYYY', p, language) : NO_DATE;
    },
  };
}

/** Dates outside any workspace: en-US, in the device's zone (spec §9). */
export const publicDates: DateFormatter = dateFormatter(publicDateSettings);

/** Today's calendar day (YYYY-MM-DD) at `at` in an IANA zone (UTC for a zone the platform does not know). */
export function calendarDayIn(at: Date, zone: string | undefined): string {
  return dateFormatter({ timezone: zone, date_format: 'YYYY-MM-DD', time_format: 'HH:mm', language: 'en' }).today(at);
}

/**
 * The wall-clock minute (YYYY-MM-DDTHH:mm) at `at` in an IANA zone (UTC for a zone the platform does
 * not know): an event's sale window is written so.
 */
export function wallMinuteIn(at: Date, zone: string | undefined): string {
  return render('YYYY-MM-DDTHH:mm', partsOf(at, zone), 'en');
}
