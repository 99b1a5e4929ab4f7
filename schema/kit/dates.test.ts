import { describe, expect, it } from 'vitest';
import { calendarDayIn, dateFormatter, NO_DATE, publicDates, wallMinuteIn } from './dates';

const za = { timezone: 'Africa/Johannesburg', date_format: 'YYYY-MM-DD', time_format: 'HH:mm', language: 'en' };
// 19:52 in Johannesburg (UTC+2) on 23 November 2026, 17:52 UTC.
const evening = '2026-11-23T17:52:00.000Z';

describe('workspace dates', () => {
  it('writes an instant in the workspace time zone with its date and time formats', () => {
    const f = dateFormatter(za);
    expect(f.date(evening)).toBe('2026-11-23');
    expect(f.time(evening)).toBe('19:52');
    expect(f.dateTime(evening)).toBe('2026-11-23 19:52');
  });

  it('names a month in the workspace language, from YYYY-MM or a day in it', () => {
    const f = dateFormatter(za);
    expect(f.month('2027-01')).toBe('January 2027');
    expect(f.month('2027-02-14')).toBe('February 2027');
    expect(dateFormatter({ ...za, language: 'af' }).month('2027-03')).toBe('Maart 2027');
    expect(f.month('2027-13')).toBe(NO_DATE);
  });

  it('the zone decides the day: 23:30 UTC is already tomorrow in Johannesburg', () => {
    const late = '2026-11-23T23:30:00Z';
    expect(dateFormatter({ ...za, timezone: 'UTC' }).date(late)).toBe('2026-11-23');
    expect(dateFormatter(za).date(late)).toBe('2026-11-24');
    expect(dateFormatter(za).today(new Date(late))).toBe('2026-11-24');
  });

  it('follows each offered date format', () => {
    const cases: Array<[string, string]> = [
      ['YYYY-MM-DD', '2026-11-03'],
      ['DD/MM/YYYY', '03/11/2026'],
      ['MM/DD/YYYY', '11/03/2026'],
      ['DD MMM YYYY', '03 Nov 2026'],
      ['MMMM D, YYYY', 'November 3, 2026'],
      ['ddd D MMM YY', 'Tue 3 Nov 26'],
    ];
    for (const [format, expected] of cases) {
      expect(dateFormatter({ ...za, date_format: format }).date('2026-11-03T08:00:00Z')).toBe(expected);
    }
  });

  it('a 12-hour time says AM or PM even when the stored format does not', () => {
    expect(dateFormatter({ ...za, time_format: 'hh:mm' }).time(evening)).toBe('07:52 PM');
    expect(dateFormatter({ ...za, time_format: 'h:mm a' }).time('2026-11-23T22:05:00Z')).toBe('12:05 AM');
    expect(dateFormatter({ ...za, time_format: 'HH:mm' }).time('2026-11-23T22:05:00Z')).toBe('00:05');
  });

  it('a calendar day (YYYY-MM-DD) is never shifted by the zone', () => {
    for (const timezone of ['Pacific/Kiritimati', 'Pacific/Pago_Pago', 'UTC']) {
      expect(dateFormatter({ ...za, timezone, date_format: 'DD/MM/YYYY' }).date('2026-03-01')).toBe('01/03/2026');
    }
  });

  it('month and weekday names follow the workspace language, English where the browser has none', () => {
    expect(dateFormatter({ ...za, date_format: 'D MMMM YYYY', language: 'af' }).date('2026-05-20')).toBe('20 Mei 2026');
    expect(dateFormatter({ ...za, date_format: 'D MMMM YYYY', language: 'not a language' }).date('2026-05-20')).toBe('20 May 2026');
  });

  it('nothing, rubbish or an impossible day shows a dash, never "Invalid Date"', () => {
    const f = dateFormatter(za);
    for (const bad of [null, undefined, '', 'yesterday', '2026-02-30']) {
      expect(f.date(bad)).toBe(NO_DATE);
      expect(f.dateTime(bad)).toBe(NO_DATE);
    }
  });

  it('a zone the browser does not know falls back to UTC instead of failing', () => {
    expect(dateFormatter({ ...za, timezone: 'Mars/Olympus_Mons' }).time(evening)).toBe('17:52');
  });

  it('outside a workspace, dates are en-US with a long month and am/pm (spec §9)', () => {
    expect(publicDates.date('2026-05-20')).toBe('May 20, 2026');
    expect(publicDates.time(new Date(2026, 4, 20, 14, 30))).toBe('2:30 PM');
  });
  it("counts a workspace's own day, in UTC for a zone the platform does not know", () => {
    const at = new Date('2030-06-13T22:30:00Z');
    expect(calendarDayIn(at, 'Africa/Johannesburg')).toBe('2030-06-14');
    expect(calendarDayIn(at, 'UTC')).toBe('2030-06-13');
    expect(calendarDayIn(at, 'Not/AZone')).toBe('2030-06-13');
  });
  it("reads the wall-clock minute in a workspace's zone, in UTC for a zone the platform does not know", () => {
    const at = new Date('2030-06-13T22:30:45Z');
    expect(wallMinuteIn(at, 'Africa/Johannesburg')).toBe('2030-06-14T00:30');
    expect(wallMinuteIn(at, 'America/New_York')).toBe('2030-06-13T18:30');
    expect(wallMinuteIn(at, 'Not/AZone')).toBe('2030-06-13T22:30');
  });
});
