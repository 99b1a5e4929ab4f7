import { TZDate, tzOffset, tzScan } from '@date-fns/tz';
import ical, { ICalEventStatus } from 'ical-generator';
import { brand } from '../../../schema/brand.js';

/**
 * The calendar file a booking's e-mails carry (RFC 5545): one VEVENT with a stable UID (so a
 * reminder or a cancellation updates the same entry), DTSTAMP, and the start and end written in the
 * workspace's time zone with a VTIMEZONE describing it.
 */

const offsetText = (minutes: number) => {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}${String(abs % 60).padStart(2, '0')}`;
};

/**
 * The zone's VTIMEZONE for the year around `at`: a fixed zone (Johannesburg) is one STANDARD part;
 * a zone with daylight saving gets one part per change that year, read from the platform's zone data.
 */
export function vtimezone(zone: string, at: Date): string {
  const year = at.getUTCFullYear();
  const start = new Date(Date.UTC(year - 1, 0, 1));
  const changes = tzScan(zone, { start, end: new Date(Date.UTC(year + 1, 11, 31)) });
  const lines = ['BEGIN:VTIMEZONE', `TZID:${zone}`];
  if (changes.length === 0) {
    const offset = offsetText(tzOffset(zone, at));
    lines.push('BEGIN:STANDARD', 'DTSTART:19700101T000000', `TZOFFSETFROM:${offset}`, `TZOFFSETTO:${offset}`, 'END:STANDARD');
  } else {
    for (const change of changes) {
      const from = change.offset - change.change;
      const part = change.change > 0 ? 'DAYLIGHT' : 'STANDARD';
      // DTSTART is the wall-clock time the change happens at, in the offset before it.
      const wall = new Date(change.date.getTime() + from * 60_000).toISOString().replace(/[-:]/g, '').slice(0, 15);
      lines.push(
        `BEGIN:${part}`,
        `DTSTART:${wall}`,
        `TZOFFSETFROM:${offsetText(from)}`,
        `TZOFFSETTO:${offsetText(change.offset)}`,
        `END:${part}`,
      );
    }
  }
  lines.push('END:VTIMEZONE');
  return lines.join('\r\n');
}

export interface IcsAppointment {
  id: string;
  title: string;
  business: string;
  start: Date;
  end: Date;
  zone: string;
  stamp: Date;
  cancelled: boolean;
  description: string;
  /** The entry's revision: a calendar keeps the highest, so a moved booking replaces the old time. */
  sequence?: number;
}

export function appointmentIcs(a: IcsAppointment): string {
  const cal = ical({ prodId: { company: brand.product, product: 'Bookings' } });
  cal.timezone({ name: a.zone, generator: (zone) => vtimezone(zone, a.start) });
  cal.createEvent({
    id: `${a.id}@bookings.${brand.product.toLowerCase()}`,
    start: new TZDate(a.start.getTime(), a.zone),
    end: new TZDate(a.end.getTime(), a.zone),
    timezone: a.zone,
    stamp: a.stamp,
    summary: `${a.title} — ${a.business}`,
    description: a.description,
    status: a.cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    sequence: a.sequence ?? 0,
  });
  // With a calendar time zone set, the library writes DTSTAMP as local time; RFC 5545 wants it in UTC.
  const stamp = a.stamp.toISOString().replace(/[-:]/g, '').slice(0, 15) + 'Z';
  return cal.toString().replace(/^DTSTAMP:.*$/m, `DTSTAMP:${stamp}`);
}
