import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { localDay } from '../../../schema/bookings/booking-slots.js';
import { bookingMessages } from '../../../schema/bookings/bookings.js';
import { BOOKING_REMINDER_SWEEP } from './booking-mail.jobs.js';
import type { Db } from '../../db/db.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import { startJobs } from '../../jobs/jobs.js';
import { smtpMailer } from '../../mail/mailer.js';
import { enqueueMails, MAIL_JOB } from '../../mail/outbox.js';
import { formatCents } from '../../../schema/kit/money.js';
import { renderShell, siteOrigin } from '../../seo/page-meta.js';
import { metaFor } from '../../seo/seo.js';
import { testDatabases } from '../../../tests/support/databases.js';
import { confirmMailAddresses } from '../../../tests/support/mail-consent.js';
import { sendQueuedMails } from '../../../tests/support/outbox.js';
import { mimeAttachments, quotedPrintableText } from '../../../tests/support/mime.js';
import { startTestServer, type TestServer } from '../../../tests/support/server.js';
import { startTestSmtp } from '../../../tests/support/smtp.js';
import { accessCookie, openSyncDatabase, seedUser, seedWorkspace } from '../../../tests/support/sync-server.js';
import { BOOKING_ZONE, localTime, setWorkspaceZone } from '../../../tests/support/bookings.js';
import { toldIn } from '../../../tests/support/notifications.js';

interface Json {
  status: number;
  body: Record<string, unknown>;
}

const ZONE = BOOKING_ZONE;
const DAY_MS = 86_400_000;

/** RFC 5545 §3.1: a line starting with a space or tab continues the one before it. Then NAME;PARAMS:VALUE. */
function icsProperties(text: string): Array<{ name: string; params: Record<string, string>; value: string }> {
  const unfolded = text.replace(/\r\n[ \t]/g, '');
  return unfolded
    .split(/\r\n/)
    .filter((l) => l.length > 0)
    .map((line) => {
      const colon = line.indexOf(':');
      const [name, ...params] = line.slice(0, colon).split(';');
      return {
        name,
        params: Object.fromEntries(params.map((p) => p.split('=') as [string, string])),
        value: line.slice(colon + 1),
      };
    });
}

for (const target of testDatabases()) {
  describe(`services and appointment booking on ${target.name}`, () => {
    let db: Db;
    let server: TestServer;
    let smtp: Awaited<ReturnType<typeof startTestSmtp>>;
    let jobs: { queue: JobQueue; stop(): Promise<void> };
    let cookie: string;
    let ownerId: number;
    let adminId: number;
    let ws: number;
    let staffId: string;
    let otherStaffId: string;
    let serviceId: string;
    /** A day ten days ahead in the workspace's zone: every test books on it or after it. */
    let day: string;
    const local = localTime;

    beforeAll(async () => {
      db = await openSyncDatabase(target);
      smtp = await startTestSmtp();
      server = await startTestServer(db, { mailer: smtpMailer(smtp.url, 'Vuka <no-reply@vuka.africa>') });
      jobs = await startJobs(server.deps, { work: false });
      const owner = await seedUser(db);
      ownerId = owner;
      adminId = await seedUser(db);
      ws = await seedWorkspace(db, owner, [adminId, await seedUser(db)]);
      await db.query(`UPDATE workspace_members SET role = 'admin' WHERE workspace_id = $1 AND user_id = $2`, [ws, adminId]);
      await setWorkspaceZone(db, ws);
      cookie = await accessCookie(server.deps, owner);
      day = localDay(new Date(Date.now() + 10 * DAY_MS), ZONE);
    });
    afterAll(async () => {
      await jobs.stop();
      await server.close();
      await smtp.close();
      await db.close();
    });
    const resetClock = () => server.advance(Date.now() - server.deps.now().getTime());
    beforeEach(async () => {
      resetClock();
      await db.query(`DELETE FROM rate_limits WHERE key LIKE 'bookings:%' OR key LIKE 'mail:%'`);
    });

    async function send(method: string, path: string, body?: unknown, as: 'owner' | 'anonymous' = 'owner'): Promise<Json> {
      const res = await fetch(server.url + path, {
        method,
        headers: {
          origin: server.url,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(as === 'anonymous' ? {} : { cookie }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    }
    const allWeek = Object.fromEntries(['0', '1', '2', '3', '4', '5', '6'].map((d) => [d, [{ start: '09:00', end: '12:00' }]]));
    // The customers here have confirmed their addresses (the opt-in is tests/security/mail-relay.test.ts's).
    const book = async (start: string, extra: Record<string, unknown> = {}) => {
      const body = {
        start_at: start,
        customer_name: 'Thandi Customer',
        customer_email: 'thandi@example.test',
        customer_phone: '082 555 1234',
        ...extra,
      };
      if (typeof body.customer_email === 'string' && body.customer_email.includes('@')) await confirmMailAddresses(db, body.customer_email);
      return send('POST', `/api/public/services/${serviceId}/bookings`, body, 'anonymous');
    };
    const appointmentCount = async () =>
      Number((await db.query<{ n: string }>('SELECT count(*) AS n FROM appointments WHERE workspace_id = $1', [ws]))[0].n);
    /** Every booking notification in the workspace so far, in order: a test compares what one step added. */
    const bookingNews = async () => [...(await toldIn(db, ws, 'booking_made')), ...(await toldIn(db, ws, 'booking_cancelled'))];
    /** What the owner and the admin are told, once each, of a booking by Thandi Customer with Thandi at that local time. */
    const toldEach = (kind: 'booking_made' | 'booking_cancelled', start: string) => {
      const when = new Intl.DateTimeFormat('en-ZA', { dateStyle: 'medium', timeStyle: 'short', timeZone: ZONE }).format(new Date(start));
      return [ownerId, adminId].map((user_id) => ({
        user_id,
        kind,
        title: kind === 'booking_made' ? 'New booking: Haircut' : 'Booking cancelled: Haircut',
        body: `Thandi Customer ${kind === 'booking_made' ? 'booked' : 'cancelled'} ${when} with Thandi.`,
        link: `/workspace/${ws}/services/diary`,
      }));
    };
    const runMailJobs = () =>
      sendQueuedMails(db, {
        table: 'mail_outbox_items',
        enqueue: () => enqueueMails(server.deps, jobs.queue),
        drain: () => jobs.queue.drain(MAIL_JOB),
      });

    it('the owner sets up staff with hours, a service and rules; bad input changes nothing', async () => {
      const bad = await send('POST', `/api/workspaces/${ws}/consultants`, {
        name: 'Thandi',
        hours: { '1': [{ start: '17:00', end: '09:00' }] },
      });
      expect(bad.status).toBe(400);
      const created = await send('POST', `/api/workspaces/${ws}/consultants`, { name: 'Thandi', hours: allWeek });
      expect(created.status).toBe(200);
      staffId = String(created.body.id);
      const other = await send('POST', `/api/workspaces/${ws}/consultants`, {
        name: 'Sipho',
        hours: allWeek,
        off_weekdays: [0, 1, 2, 3, 4, 5, 6],
      });
      otherStaffId = String(other.body.id);
      expect(other.body).toMatchObject({ off_weekdays: [0, 1, 2, 3, 4, 5, 6] });

      const noStaff = await send('POST', `/api/workspaces/${ws}/services`, {
        title: 'Haircut',
        price_cents: 15000,
        duration_minutes: 60,
        staff_ids: [],
      });
      expect(noStaff).toMatchObject({ status: 400, body: { errors: { staff_ids: [bookingMessages.noStaff] } } });
      const service = await send('POST', `/api/workspaces/${ws}/services`, {
        title: 'Haircut',
        price_cents: 15000,
        duration_minutes: 60,
        category: 'Hair',
        staff_ids: [staffId, otherStaffId],
      });
      expect(service.status).toBe(200);
      expect(service.body).toMatchObject({ status: 'active', is_public: true, featured: false, currency: 'ZAR' });
      serviceId = String(service.body.id);
      const rules = await send('PUT', `/api/workspaces/${ws}/booking-rules`, {
        buffer_before_minutes: 0,
        buffer_after_minutes: 30,
        min_notice_minutes: 120,
        horizon_days: 60,
        slot_step_minutes: 30,
        daily_limit: null,
        cancel_cutoff_hours: 24,
      });
      expect(rules.body).toMatchObject({ timezone: ZONE, rules: { buffer_after_minutes: 30 } });
    });

    it('free slots are listed in the workspace zone; the bookable services are public', async () => {
      const [{ slug }] = await db.query<{ slug: string }>('SELECT slug FROM workspaces WHERE id = $1', [ws]);
      const list = await send('GET', `/api/public/services?storefront=${slug}`, undefined, 'anonymous');
      expect(list.body.services).toEqual([expect.objectContaining({ id: serviceId, title: 'Haircut', price_cents: 15000 })]);
      const slots = await send('GET', `/api/public/services/${serviceId}/slots?from=${day}&to=${day}`, undefined, 'anonymous');
      expect(slots.body).toMatchObject({ timezone: ZONE });
      const starts = (slots.body.slots as Array<{ start_at: string; staff_ids: string[] }>).map((s) => s.start_at);
      expect(starts).toEqual([local(day, '09:00'), local(day, '09:30'), local(day, '10:00'), local(day, '10:30'), local(day, '11:00')]);
    });

    it('bad input: invalid e-mail or phone, outside hours, inside a buffer, inside the notice — a clear message and nothing booked', async () => {
      const before = await appointmentCount();
      expect(await book(local(day, '09:00'), { customer_email: 'not-an-email' })).toMatchObject({
        status: 400,
        body: { errors: { customer_email: [bookingMessages.customerEmail] } },
      });
      expect(await book(local(day, '09:00'), { customer_phone: '12' })).toMatchObject({
        status: 400,
        body: { errors: { customer_phone: [bookingMessages.customerPhone] } },
      });
      expect(await book(local(day, '13:00'))).toMatchObject({ status: 409, body: { message: bookingMessages.outsideHours } });
      const soon = new Date(Date.now() + 30 * 60_000).toISOString();
      expect(await book(soon)).toMatchObject({ status: 409, body: { message: bookingMessages.minNotice } });
      expect(await appointmentCount()).toBe(before);

      expect((await book(local(day, '10:00'))).status).toBe(200);
      // 11:00 starts inside the 30-minute buffer after 10:00–11:00.
      expect(await book(local(day, '11:00'))).toMatchObject({ status: 409, body: { message: bookingMessages.inBuffer } });
      expect(await book(local(day, '10:30'))).toMatchObject({ status: 409, body: { message: bookingMessages.notFree } });
      expect(await appointmentCount()).toBe(before + 1);
    });

    it('20 concurrent requests for one slot: exactly one booking', async () => {
      const next = localDay(new Date(Date.parse(`${day}T12:00:00Z`) + DAY_MS), ZONE);
      const before = await appointmentCount();
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) => book(local(next, '09:00'), { customer_email: `rush${i}@example.test` })),
      );
      expect(results.filter((r) => r.status === 200)).toHaveLength(1);
      const refused = results.filter((r) => r.status !== 200);
      expect(refused).toHaveLength(19);
      for (const r of refused) expect(r).toMatchObject({ status: 409, body: { message: bookingMessages.notFree } });
      expect(await appointmentCount()).toBe(before + 1);
      const rows = await db.query<{ n: string }>(
        `SELECT count(*) AS n FROM appointments WHERE workspace_id = $1 AND start_at = $2 AND status <> 'cancelled'`,
        [ws, local(next, '09:00')],
      );
      expect(Number(rows[0].n)).toBe(1);
    });

    it('the confirmation goes through the job queue with an .ics a calendar reads back: start, end, time zone, UID, DTSTAMP', async () => {
      const to = 'ics.reader@example.test';
      const later = localDay(new Date(Date.parse(`${day}T12:00:00Z`) + 2 * DAY_MS), ZONE);
      const placed = await book(local(later, '09:30'), { customer_email: to });
      expect(placed.status).toBe(200);
      expect(smtp.received.filter((m) => m.to.includes(to))).toHaveLength(0);
      await runMailJobs();
      const mails = smtp.received.filter((m) => m.to.includes(to));
      expect(mails).toHaveLength(1);
      const text = quotedPrintableText(mails[0].raw);
      expect(text).toContain('Your booking with');
      expect(text).toContain(`/marketplace/services/bookings/${String(placed.body.token)}`);
      const ics = mimeAttachments(mails[0].raw).find((a) => a.filename === 'booking.ics');
      expect(ics?.contentType).toContain('text/calendar');
      const props = icsProperties(new TextDecoder().decode(ics?.bytes));
      const event = props.slice(
        props.findIndex((p) => p.name === 'BEGIN' && p.value === 'VEVENT'),
        props.findIndex((p) => p.name === 'END' && p.value === 'VEVENT'),
      );
      const get = (name: string) => event.filter((p) => p.name === name);
      const zoneProps = (name: string) => props.filter((p) => p.name === name && !event.includes(p));
      expect(get('UID')[0].value).toContain(String(placed.body.id));
      expect(get('DTSTAMP')[0].value).toMatch(/^\d{8}T\d{6}Z$/);
      expect(get('DTSTART')[0]).toEqual({ name: 'DTSTART', params: { TZID: ZONE }, value: `${later.replace(/-/g, '')}T093000` });
      expect(get('DTEND')[0]).toEqual({ name: 'DTEND', params: { TZID: ZONE }, value: `${later.replace(/-/g, '')}T103000` });
      expect(zoneProps('TZID').map((p) => p.value)).toEqual([ZONE]);
      expect(zoneProps('TZOFFSETTO').map((p) => p.value)).toEqual(['+0200']);
      // Draining again sends nothing more.
      await runMailJobs();
      expect(smtp.received.filter((m) => m.to.includes(to))).toHaveLength(1);
    });

    it('reminders 24 h and 1 h before, from the sweep, once each', async () => {
      const to = 'remind.me@example.test';
      const later = localDay(new Date(Date.parse(`${day}T12:00:00Z`) + 3 * DAY_MS), ZONE);
      const placed = await book(local(later, '10:00'), { customer_email: to });
      expect(placed.status).toBe(200);
      await runMailJobs();
      const start = Date.parse(local(later, '10:00'));
      server.advance(start - 23 * 3_600_000 - Date.now());
      await jobs.queue.send(BOOKING_REMINDER_SWEEP, {});
      await jobs.queue.drain(BOOKING_REMINDER_SWEEP);
      await jobs.queue.send(BOOKING_REMINDER_SWEEP, {});
      await jobs.queue.drain(BOOKING_REMINDER_SWEEP);
      await runMailJobs();
      const subjects = () => smtp.received.filter((m) => m.to.includes(to)).map((m) => /^Subject: (.*)$/m.exec(m.raw)?.[1] ?? '');
      expect(subjects()).toEqual([
        expect.stringMatching(/^Your booking is confirmed$/),
        expect.stringMatching(/^Reminder: your booking is tomorrow$/),
      ]);
      server.advance(22 * 3_600_000 + 30 * 60_000);
      await jobs.queue.send(BOOKING_REMINDER_SWEEP, {});
      await jobs.queue.drain(BOOKING_REMINDER_SWEEP);
      await runMailJobs();
      expect(subjects()).toHaveLength(3);
      expect(subjects()[2]).toMatch(/^Reminder: your booking is in an hour$/);
    });

    it('the customer cancels by the signed link until the cut-off; a forged link is refused', async () => {
      const later = localDay(new Date(Date.parse(`${day}T12:00:00Z`) + 4 * DAY_MS), ZONE);
      const made = await toldIn(db, ws, 'booking_made');
      const placed = await book(local(later, '09:00'));
      // The owner and the admin hear of the online booking once each, at its time in the business's zone.
      expect((await toldIn(db, ws, 'booking_made')).slice(made.length)).toEqual(toldEach('booking_made', local(later, '09:00')));
      expect(toldEach('booking_made', local(later, '09:00'))[0].body).toContain(', 09:00 with Thandi.');
      const token = String(placed.body.token);
      const forged = token.slice(0, -2) + (token.endsWith('AA') ? 'BB' : 'AA');
      expect((await send('GET', `/api/public/bookings/${forged}`, undefined, 'anonymous')).status).toBe(404);
      const view = await send('GET', `/api/public/bookings/${token}`, undefined, 'anonymous');
      expect(view.body).toMatchObject({ status: 'confirmed', can_cancel: true, cancel_cutoff_hours: 24 });

      const other = await book(local(later, '11:00'));
      server.advance(Date.parse(local(later, '11:00')) - 23 * 3_600_000 - Date.now());
      const late = await send('POST', `/api/public/bookings/${String(other.body.token)}/cancel`, {}, 'anonymous');
      expect(late).toMatchObject({ status: 409, body: { message: bookingMessages.cancelCutoff } });
      // Within a day of 09:00 too: refused, and still confirmed.
      const alsoLate = await send('POST', `/api/public/bookings/${token}/cancel`, { reason: 'Sick' }, 'anonymous');
      expect(alsoLate.status).toBe(409);
      const cancelledBefore = await toldIn(db, ws, 'booking_cancelled');
      resetClock();
      const cancelled = await send('POST', `/api/public/bookings/${token}/cancel`, { reason: 'Sick' }, 'anonymous');
      expect(cancelled.body).toMatchObject({ status: 'cancelled', can_cancel: false });
      // The refused cancellations told nobody; this one tells the owner and the admin once each, a second press nothing.
      const told = toldEach('booking_cancelled', local(later, '09:00'));
      expect((await toldIn(db, ws, 'booking_cancelled')).slice(cancelledBefore.length)).toEqual(told);
      expect((await send('POST', `/api/public/bookings/${token}/cancel`, { reason: 'Sick' }, 'anonymous')).status).not.toBe(200);
      expect((await toldIn(db, ws, 'booking_cancelled')).slice(cancelledBefore.length)).toEqual(told);
      // The slot is free again.
      expect((await book(local(later, '09:00'), { customer_email: 'second@example.test' })).status).toBe(200);
    });

    it('the customer moves a booking by the link: the new time is mailed as the same calendar entry, reminders follow it; bad moves change nothing', async () => {
      const to = 'mover@example.test';
      const first = localDay(new Date(Date.parse(`${day}T12:00:00Z`) + 6 * DAY_MS), ZONE);
      const second = localDay(new Date(Date.parse(`${day}T12:00:00Z`) + 7 * DAY_MS), ZONE);
      const third = localDay(new Date(Date.parse(`${day}T12:00:00Z`) + 9 * DAY_MS), ZONE);
      const placed = await book(local(first, '09:00'), { customer_email: to });
      const token = String(placed.body.token);
      const id = String(placed.body.id);
      expect(placed.body).toMatchObject({ can_reschedule: true, service_id: serviceId });
      expect((await book(local(second, '09:00'), { customer_email: 'taken@example.test' })).status).toBe(200);
      await runMailJobs();
      const move = (start: string) => send('POST', `/api/public/bookings/${token}/reschedule`, { start_at: start }, 'anonymous');
      const startOf = async () => (await send('GET', `/api/public/bookings/${token}`, undefined, 'anonymous')).body.start_at;

      expect(await move(local(second, '09:30'))).toMatchObject({ status: 409, body: { message: bookingMessages.notFree } });
      expect(await move(local(second, '13:00'))).toMatchObject({ status: 409, body: { message: bookingMessages.outsideHours } });
      expect(await move(local(first, '09:00'))).toMatchObject({ status: 409, body: { message: bookingMessages.sameTime } });
      const forged = token.slice(0, -2) + (token.endsWith('AA') ? 'BB' : 'AA');
      expect(
        (await send('POST', `/api/public/bookings/${forged}/reschedule`, { start_at: local(second, '11:00') }, 'anonymous')).status,
      ).toBe(404);
      expect(await startOf()).toBe(local(first, '09:00'));

      // Half an hour later on the same morning overlaps its own old time: it does not stand in its way.
      expect((await move(local(first, '09:30'))).body).toMatchObject({ start_at: local(first, '09:30'), end_at: local(first, '10:30') });
      const moved = await move(local(second, '11:00'));
      expect(moved.body).toMatchObject({ status: 'confirmed', start_at: local(second, '11:00'), can_reschedule: true });
      // The old slot is free for someone else.
      expect((await book(local(first, '09:00'), { customer_email: 'next@example.test' })).status).toBe(200);

      // Two moves before the mail went out: one mail, with the final time.
      await runMailJobs();
      const mails = () => smtp.received.filter((m) => m.to.includes(to));
      const subject = (raw: string) => /^Subject: (.*)$/m.exec(raw)?.[1] ?? '';
      expect(mails().map((m) => subject(m.raw))).toEqual([
        expect.stringMatching(/^Your booking is confirmed$/),
        expect.stringMatching(/^Your booking has moved$/),
      ]);
      const eventOf = (raw: string) => {
        const props = icsProperties(new TextDecoder().decode(mimeAttachments(raw).find((a) => a.filename === 'booking.ics')?.bytes));
        const event = props.slice(props.findIndex((p) => p.name === 'BEGIN' && p.value === 'VEVENT'));
        return (name: string) => event.find((p) => p.name === name)?.value;
      };
      const [confirmed, last] = mails().map((m) => eventOf(m.raw));
      expect(last('UID')).toBe(confirmed('UID'));
      expect(confirmed('SEQUENCE') ?? '0').toBe('0');
      expect(last('SEQUENCE')).toBe('2');
      expect(last('DTSTART')).toBe(`${second.replace(/-/g, '')}T110000`);
      expect(quotedPrintableText(mails()[1].raw)).toContain('has moved to a new time');

      const sweep = async () => {
        await jobs.queue.send(BOOKING_REMINDER_SWEEP, {});
        await jobs.queue.drain(BOOKING_REMINDER_SWEEP);
        await runMailJobs();
      };
      const reminders = () => mails().filter((m) => subject(m.raw).startsWith('Reminder: your booking is tomorrow'));
      // A day before the old time: nothing (the booking is not then).
      server.advance(Date.parse(local(first, '09:30')) - 23 * 3_600_000 - Date.now());
      await sweep();
      expect(reminders()).toHaveLength(0);
      // A day before the new time: the reminder, once; and within the cut-off the link no longer moves it.
      server.advance(Date.parse(local(second, '11:00')) - 23 * 3_600_000 - server.deps.now().getTime());
      await sweep();
      await sweep();
      expect(reminders()).toHaveLength(1);
      expect(await move(local(third, '09:00'))).toMatchObject({ status: 409, body: { message: bookingMessages.rescheduleCutoff } });
      expect((await send('GET', `/api/public/bookings/${token}`, undefined, 'anonymous')).body).toMatchObject({ can_reschedule: false });

      // The business moves it two days on in the diary: the customer is told, and reminded again before the new day.
      const todaysCookie = cookie;
      cookie = await accessCookie(server.deps, ownerId);
      const diaryMove = await send('PATCH', `/api/workspaces/${ws}/appointments/${id}`, { start_at: local(third, '09:00') }).finally(() => {
        cookie = todaysCookie;
      });
      expect(diaryMove.body).toMatchObject({ start_at: local(third, '09:00') });
      await runMailJobs();
      expect(subject(mails()[mails().length - 1].raw)).toMatch(/^Your booking has moved$/);
      expect(eventOf(mails()[mails().length - 1].raw)('SEQUENCE')).toBe('3');
      server.advance(Date.parse(local(third, '09:00')) - 23 * 3_600_000 - server.deps.now().getTime());
      await sweep();
      expect(reminders()).toHaveLength(2);
    });

    it('a bookable service page carries its title, description, canonical URL and Service JSON-LD; a paused one none; sitemap.xml lists it', async () => {
      const path = `/marketplace/services/${serviceId}`;
      const meta = await metaFor(server.deps, path);
      const shell = '<html><head><meta name="description" content="x" /><title>Vuka</title></head><body></body></html>';
      const html = renderShell(shell, meta ?? { title: '', description: '', path: '' }, 'https://book.example');
      expect(html).toMatch(/<title>Haircut – book with [^<]+ \| Vuka<\/title>/);
      expect(html).toContain(`<link rel="canonical" href="https://book.example${path}" />`);
      expect(meta?.description).toContain(`60 min · ${formatCents(15000, 'ZAR')}`);
      const ld = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map(
        (m) => JSON.parse(m[1]) as Record<string, unknown>,
      );
      expect(ld.map((d) => d['@type'])).toEqual(['Service', 'BreadcrumbList']);
      expect(ld[0]).toMatchObject({
        name: 'Haircut',
        serviceType: 'Hair',
        provider: { '@type': 'LocalBusiness' },
        offers: { '@type': 'Offer', price: '150.00', priceCurrency: 'ZAR', url: `${siteOrigin(server.deps)}${path}` },
      });
      // A booking's own link is not a service page.
      expect(await metaFor(server.deps, `/marketplace/services/bookings/${'A'.repeat(40)}`)).toBeNull();

      const sitemap = await (await fetch(`${server.url}/sitemap.xml`)).text();
      expect(sitemap).toContain(`${path}</loc>`);
      expect((await send('PATCH', `/api/workspaces/${ws}/services/${serviceId}`, { status: 'inactive' })).status).toBe(200);
      try {
        expect(await metaFor(server.deps, path)).toBeNull();
        expect(await (await fetch(`${server.url}/sitemap.xml`)).text()).not.toContain(`${path}</loc>`);
      } finally {
        expect((await send('PATCH', `/api/workspaces/${ws}/services/${serviceId}`, { status: 'active' })).status).toBe(200);
      }
    });

    it('the diary: the owner sees bookings, books a phone customer, moves, checks in, starts, completes; a no-show after completion is refused', async () => {
      const list = await send('GET', `/api/workspaces/${ws}/appointments?from=${day}&to=${day}`);
      expect(list.body.timezone).toBe(ZONE);
      const onDay = (list.body.appointments as Array<{ start_at: string; customer_name: string }>).filter(
        (a) => a.start_at === local(day, '10:00'),
      );
      expect(onDay).toEqual([expect.objectContaining({ customer_name: 'Thandi Customer' })]);

      const later = localDay(new Date(Date.parse(`${day}T12:00:00Z`) + 5 * DAY_MS), ZONE);
      const news = await bookingNews();
      const phone = await send('POST', `/api/workspaces/${ws}/appointments`, {
        service_id: serviceId,
        staff_id: staffId,
        start_at: local(later, '09:00'),
        customer_name: 'Phone Customer',
      });
      expect(phone.body).toMatchObject({ source: 'owner', status: 'confirmed' });
      const id = String(phone.body.id);
      const clash = await send('POST', `/api/workspaces/${ws}/appointments`, {
        service_id: serviceId,
        staff_id: staffId,
        start_at: local(later, '09:30'),
        customer_name: 'Clash',
      });
      expect(clash).toMatchObject({ status: 409, body: { message: bookingMessages.notFree } });
      const moved = await send('PATCH', `/api/workspaces/${ws}/appointments/${id}`, { start_at: local(later, '10:30') });
      expect(moved.body).toMatchObject({ start_at: local(later, '10:30'), end_at: local(later, '11:30') });
      for (const status of ['checked_in', 'in_progress', 'completed'] as const) {
        expect((await send('PATCH', `/api/workspaces/${ws}/appointments/${id}`, { status })).body).toMatchObject({ status });
      }
      const noShow = await send('PATCH', `/api/workspaces/${ws}/appointments/${id}`, { status: 'no_show' });
      expect(noShow).toMatchObject({ status: 409, body: { message: bookingMessages.statusChange('completed', 'no_show') } });
      // What the business does in its own diary tells nobody.
      const cancel = await send('POST', `/api/workspaces/${ws}/appointments`, {
        service_id: serviceId,
        staff_id: staffId,
        start_at: local(later, '09:00'),
        customer_name: 'Thandi Customer',
      });
      expect(cancel.body).toMatchObject({ source: 'owner', status: 'confirmed' });
      expect(
        (await send('PATCH', `/api/workspaces/${ws}/appointments/${String(cancel.body.id)}`, { status: 'cancelled' })).body,
      ).toMatchObject({
        status: 'cancelled',
      });
      expect(await bookingNews()).toEqual(news);
    });

    it('time off empties the days it covers and, taken back, frees them again; a second removal or a recurring day off is refused', async () => {
      const free = localDay(new Date(Date.parse(`${day}T12:00:00Z`) + 20 * DAY_MS), ZONE);
      const slotsOn = async () =>
        (
          (await send('GET', `/api/public/services/${serviceId}/slots?from=${free}&to=${free}`, undefined, 'anonymous')).body
            .slots as unknown[]
        ).length;
      expect(await slotsOn()).toBeGreaterThan(0);
      const added = await send('POST', `/api/workspaces/${ws}/consultants/${staffId}/time-off`, {
        start_at: local(free, '00:00'),
        end_at: new Date(Date.parse(local(free, '00:00')) + DAY_MS).toISOString(),
        reason: 'Funeral',
      });
      expect(added.status).toBe(200);
      const entry = (added.body.time_off as Array<{ id: string; reason: string }>).find((t) => t.reason === 'Funeral');
      expect(entry).toBeDefined();
      expect(await slotsOn()).toBe(0);

      // Not this staff member's: refused, nothing removed.
      const wrong = await send('DELETE', `/api/workspaces/${ws}/consultants/${otherStaffId}/time-off/${entry?.id}`);
      expect(wrong).toMatchObject({ status: 404, body: { message: bookingMessages.timeOffNotFound } });
      expect(await slotsOn()).toBe(0);

      const removed = await send('DELETE', `/api/workspaces/${ws}/consultants/${staffId}/time-off/${entry?.id}`);
      expect(removed.status).toBe(200);
      expect((removed.body.time_off as Array<{ id: string }>).map((t) => t.id)).not.toContain(entry?.id);
      expect(await slotsOn()).toBeGreaterThan(0);
      expect(await send('DELETE', `/api/workspaces/${ws}/consultants/${staffId}/time-off/${entry?.id}`)).toMatchObject({
        status: 404,
        body: { message: bookingMessages.timeOffNotFound },
      });
      // The other staff member's recurring days off are not time off to take back this way.
      const [weekly] = await db.query<{ id: string }>(
        'SELECT id FROM consultant_unavailability WHERE consultant_id = $1 AND weekday IS NOT NULL LIMIT 1',
        [otherStaffId],
      );
      expect((await send('DELETE', `/api/workspaces/${ws}/consultants/${otherStaffId}/time-off/${weekly.id}`)).status).toBe(404);
    });

    it("a service's own booking rules override the business's where set, and cleared they follow the business again", async () => {
      const free = localDay(new Date(Date.parse(`${day}T12:00:00Z`) + 21 * DAY_MS), ZONE);
      const starts = async () =>
        (
          (await send('GET', `/api/public/services/${serviceId}/slots?from=${free}&to=${free}`, undefined, 'anonymous')).body
            .slots as Array<{
            start_at: string;
          }>
        ).map((x) => x.start_at);
      const halfHourly = [local(free, '09:00'), local(free, '09:30'), local(free, '10:00'), local(free, '10:30'), local(free, '11:00')];
      expect(await starts()).toEqual(halfHourly);
      const bad = await send('PATCH', `/api/workspaces/${ws}/services/${serviceId}`, { availability: { slot_step_minutes: 0 } });
      expect(bad.status).toBe(400);
      expect(await starts()).toEqual(halfHourly);
      const own = await send('PATCH', `/api/workspaces/${ws}/services/${serviceId}`, { availability: { slot_step_minutes: 60 } });
      expect(own.body).toMatchObject({ availability: { slot_step_minutes: 60 } });
      expect(await starts()).toEqual([local(free, '09:00'), local(free, '10:00'), local(free, '11:00')]);
      const cleared = await send('PATCH', `/api/workspaces/${ws}/services/${serviceId}`, { availability: {} });
      expect(cleared.body).toMatchObject({ availability: {} });
      expect(await starts()).toEqual(halfHourly);
    });
  });
}
