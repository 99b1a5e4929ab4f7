import { CalendarDate, CalendarDateTime, Time, parseDate, parseDateTime, parseTime } from '@internationalized/date';

/**
 * The forms keep dates and times as the strings a native input used to give them: a day
 * 'YYYY-MM-DD', a time of day 'HH:mm' and a local moment 'YYYY-MM-DDTHH:mm', with '' for empty. The
 * pickers work on @internationalized/date values; these turn one into the other. A string that is
 * not a real day or time (a half-typed one, 30 February) reads as no value, as a native input did.
 */

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const CLOCK = /^\d{2}:\d{2}(:\d{2})?$/;
const LOCAL = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/;

/** Throws on a day that does not exist; these callers want "no value" instead. */
function attempt<T>(read: () => T): T | null {
  try {
    return read();
  } catch {
    return null;
  }
}

export function dayValue(text: string): CalendarDate | null {
  return DAY.test(text) ? attempt(() => parseDate(text)) : null;
}

export function dayText(value: CalendarDate | null): string {
  return value ? value.toString() : '';
}

export function clockValue(text: string): Time | null {
  return CLOCK.test(text) ? attempt(() => parseTime(text)) : null;
}

/** Minutes only: the fields never show seconds, so none are kept. */
export function clockText(value: Time | null): string {
  return value ? `${pad(value.hour)}:${pad(value.minute)}` : '';
}

export function localValue(text: string): CalendarDateTime | null {
  return LOCAL.test(text) ? attempt(() => parseDateTime(text)) : null;
}

export function localText(value: CalendarDateTime | null): string {
  return value ? `${dayText(new CalendarDate(value.year, value.month, value.day))}T${pad(value.hour)}:${pad(value.minute)}` : '';
}

function pad(n: number): string {
  return String(n).padStart(2, '0');
}
