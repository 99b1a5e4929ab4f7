import { CalendarDate, CalendarDateTime, Time } from '@internationalized/date';
import { describe, expect, it } from 'vitest';
import { clockText, clockValue, dayText, dayValue, localText, localValue } from './date-values';

describe('a day field keeps the form string YYYY-MM-DD', () => {
  it('reads a day and writes it back unchanged', () => {
    const value = dayValue('2026-05-01');
    expect(value).toBeInstanceOf(CalendarDate);
    expect([value?.year, value?.month, value?.day]).toEqual([2026, 5, 1]);
    expect(dayText(value)).toBe('2026-05-01');
  });

  it('an empty field is the empty string both ways', () => {
    expect(dayValue('')).toBeNull();
    expect(dayText(null)).toBe('');
  });

  it('a day that does not exist, or text that is no day, reads as no value', () => {
    expect(dayValue('2026-02-30')).toBeNull();
    expect(dayValue('2026-13-01')).toBeNull();
    expect(dayValue('1 May 2026')).toBeNull();
    expect(dayValue('2026-5-1')).toBeNull();
    expect(dayValue('2026-05-01T10:00')).toBeNull();
  });

  it('a leap day is a day in a leap year only', () => {
    expect(dayText(dayValue('2028-02-29'))).toBe('2028-02-29');
    expect(dayValue('2027-02-29')).toBeNull();
  });

  it('writes short years with four digits, as a native date input did', () => {
    expect(dayText(new CalendarDate(26, 5, 1))).toBe('0026-05-01');
  });
});

describe('a time field keeps the form string HH:mm', () => {
  it('reads a time of day and writes it back with minutes only', () => {
    const value = clockValue('09:05');
    expect(value).toBeInstanceOf(Time);
    expect([value?.hour, value?.minute]).toEqual([9, 5]);
    expect(clockText(value)).toBe('09:05');
    expect(clockText(new Time(23, 59, 30))).toBe('23:59');
  });

  it('accepts seconds on the way in and drops them on the way out', () => {
    expect(clockText(clockValue('18:30:45'))).toBe('18:30');
  });

  it('empty is the empty string, and an impossible time is no value', () => {
    expect(clockValue('')).toBeNull();
    expect(clockText(null)).toBe('');
    expect(clockValue('24:00')).toBeNull();
    expect(clockValue('12:60')).toBeNull();
    expect(clockValue('9:30')).toBeNull();
    expect(clockValue('noon')).toBeNull();
  });
});

describe('a date-and-time field keeps the local string YYYY-MM-DDTHH:mm', () => {
  it('reads a local moment and writes it back unchanged', () => {
    const value = localValue('2026-05-01T14:30');
    expect(value).toBeInstanceOf(CalendarDateTime);
    expect([value?.year, value?.month, value?.day, value?.hour, value?.minute]).toEqual([2026, 5, 1, 14, 30]);
    expect(localText(value)).toBe('2026-05-01T14:30');
  });

  it('keeps no seconds and pads every part', () => {
    expect(localText(new CalendarDateTime(2026, 1, 2, 3, 4, 59))).toBe('2026-01-02T03:04');
    expect(localText(localValue('2026-01-02T03:04:05'))).toBe('2026-01-02T03:04');
  });

  it('empty is the empty string, and a moment that does not exist is no value', () => {
    expect(localValue('')).toBeNull();
    expect(localText(null)).toBe('');
    expect(localValue('2026-02-30T10:00')).toBeNull();
    expect(localValue('2026-05-01T25:00')).toBeNull();
    expect(localValue('2026-05-01')).toBeNull();
    expect(localValue('2026-05-01 10:00')).toBeNull();
    expect(localValue('2026-05-01T10:00:00.000Z')).toBeNull();
  });
});
