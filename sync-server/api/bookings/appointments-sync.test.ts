import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDay } from '../../../schema/bookings/booking-slots.js';
import { bookingMessages } from '../../../schema/bookings/bookings.js';
import { pullResponse, pushResponse } from '../../../schema/sync/contract.js';
import type { Db } from '../../db/db.js';
import { SYNC_CHANNEL } from '../../live/notice.js';
import { SYNC_LOCK_CLASS } from '../../sync/sync.repo.js';
import { testDatabases } from '../../../tests/support/databases.js';
import { startTestServer, type TestServer } from '../../../tests/support/server.js';
import { accessCookie, openSyncDatabase, seedUser, seedWorkspace, syncApi } from '../../../tests/support/sync-server.js';
import { BOOKING_ZONE, localTime, setWorkspaceZone } from '../../../tests/support/bookings.js';

const ZONE = BOOKING_ZONE;
const DAY_MS = 86_400_000;
type Doc = Record<string, unknown> & { id: string };

for (const target of testDatabases()) {
  describe(`the diary on devices (appointments feed) on ${target.name}`, () => {
    let db: Db;
    let server: TestServer;
    let api: ReturnType<typeof syncApi>;
    let cookie: string;
    let ws: number;
    let staffId: string;
    let serviceId: string;
    let day: string;
    const local = localTime;
    const plusHour = (at: string) => new Date(Date.parse(at) + 3_600_000).toISOString();

    beforeAll(async () => {
      db = await openSyncDatabase(target);
      server = await startTestServer(db);
      const owner = await seedUser(db);
      ws = await seedWorkspace(db, owner);
      await setWorkspaceZone(db, ws);
      cookie = await accessCookie(server.deps, owner);
      api = syncApi(server.url, cookie);
      day = localDay(new Date(Date.now() + 10 * DAY_MS), ZONE);
      const allWeek = Object.fromEntries(['0', '1', '2', '3', '4', '5', '6'].map((d) => [d, [{ start: '08:00', end: '17:00' }]]));
      staffId = String((await send('POST', `/api/workspaces/${ws}/consultants`, { name: 'Thandi', hours: allWeek })).body.id);
      const service = await send('POST', `/api/workspaces/${ws}/services`, {
        title: 'Haircut',
        price_cents: 15000,
        duration_minutes: 60,
        staff_ids: [staffId],
      });
      serviceId = String(service.body.id);
      await send('PUT', `/api/workspaces/${ws}/booking-rules`, {
        buffer_before_minutes: 0,
        buffer_after_minutes: 0,
        min_notice_minutes: 60,
        horizon_days: 60,
        slot_step_minutes: 30,
        daily_limit: null,
        cancel_cutoff_hours: 24,
      });
    });
    afterAll(async () => {
      await server.close();
      await db.close();
    });

    it('numbers server writes under the lock and on the channel a push uses (the trigger spells both out)', async () => {
      const [fn] = await db.query<{ src: string }>(`SELECT prosrc AS src FROM pg_proc WHERE proname = 'appointments_feed'`);
      expect(fn.src).toContain(`pg_advisory_xact_lock(${SYNC_LOCK_CLASS}, NEW.workspace_id)`);
      expect(fn.src).toContain(`pg_notify('${SYNC_CHANNEL}'`);
    });

    async function send(method: string, path: string, body?: unknown, anonymous = false) {
      const res = await fetch(server.url + path, {
        method,
        headers: {
          origin: server.url,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(anonymous ? {} : { cookie }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    }
    const bookOnline = (start: string, email = 'web@example.test') =>
      send(
        'POST',
        `/api/public/services/${serviceId}/bookings`,
        { start_at: start, customer_name: 'Web Customer', customer_email: email, customer_phone: '082 555 1234' },
        true,
      );

    /** A phone booking as the diary writes it on the device. */
    function phoneBooking(start: string, extra: Record<string, unknown> = {}): Doc {
      return {
        id: randomUUID(),
        workspace_id: ws,
        updated_at: new Date().toISOString(),
        service_id: serviceId,
        consultant_id: staffId,
        start_at: start,
        end_at: plusHour(start),
        duration_minutes: 60,
        price_cents: 15000,
        currency: 'ZAR',
        status: 'confirmed',
        customer_name: 'Phone Customer',
        customer_email: '',
        customer_phone: '082 444 9999',
        ...extra,
      };
    }
    async function push(rows: unknown[]) {
      const res = await api.push('appointments', ws, rows);
      expect(res.status).toBe(200);
      return pushResponse.parse(res.body);
    }
    /** The feed after a document (its checkpoint), or all of it. */
    async function feed(after?: Doc): Promise<Doc[]> {
      const res = await api.pull('appointments', ws, after ? Number(after.server_seq) : 0, after?.id ?? '', 1000);
      expect(res.status).toBe(200);
      return pullResponse.parse(res.body).documents as Doc[];
    }
    async function latest(id: string): Promise<Doc> {
      const found = (await feed()).find((d) => d.id === id);
      if (!found) throw new Error(`${id} is not in the feed`);
      return found;
    }
    const mails = async (id: string) =>
      (
        await db.query<{ kind: string }>(
          `SELECT split_part(template, '.', 2) AS kind FROM mail_outbox_items WHERE template LIKE 'bookings.%' AND subject_id = $1 ORDER BY kind`,
          [id],
        )
      ).map((r) => r.kind);

    it('a phone booking from a device is stored as the business’s; an online booking takes its place in the same feed', async () => {
      const phone = phoneBooking(local(day, '09:00'));
      expect(await push([{ newDocumentState: phone }])).toEqual({ conflicts: [], rejected: [] });
      const stored = await latest(phone.id);
      expect(stored).toMatchObject({ source: 'owner', payment_status: 'unpaid', status: 'confirmed', sequence: 0, server_version: 1 });

      const online = await bookOnline(local(day, '11:00'));
      expect(online.status).toBe(200);
      const after = await feed(stored);
      expect(after).toEqual([
        expect.objectContaining({ id: online.body.id, source: 'online', status: 'confirmed', customer_name: 'Web Customer' }),
      ]);
      expect(Number(after[0].server_seq)).toBeGreaterThan(Number(stored.server_seq));
    });

    it('a phone booking taken offline for a time a customer booked online meanwhile: both are kept', async () => {
      const start = local(day, '13:00');
      const online = await bookOnline(start);
      expect(online.status).toBe(200);
      const phone = phoneBooking(start);
      expect(await push([{ newDocumentState: phone }])).toEqual({ conflicts: [], rejected: [] });
      const both = (await feed()).filter((d) => d.start_at === start && d.status !== 'cancelled');
      expect(both.map((d) => d.source).sort()).toEqual(['online', 'owner']);
      // The time stays taken for the booking page: a second online booking is refused.
      expect(await bookOnline(start, 'late@example.test')).toMatchObject({ status: 409, body: { message: bookingMessages.notFree } });
    });

    it('a customer cancelling by their link reaches the devices as a new change of the appointment', async () => {
      const online = await bookOnline(local(day, '15:00'));
      const before = await latest(String(online.body.id));
      const cancelled = await send('POST', `/api/public/bookings/${String(online.body.token)}/cancel`, { reason: 'Sick' }, true);
      expect(cancelled.status).toBe(200);
      const changed = await feed(before);
      expect(changed).toEqual([expect.objectContaining({ id: before.id, status: 'cancelled', cancel_reason: 'Sick' })]);
      expect(Number(changed[0].server_version)).toBe(Number(before.server_version) + 1);
    });

    it('the diary’s changes from a device mail the customer as the online diary does: confirmed, moved, cancelled', async () => {
      const next = localDay(new Date(Date.parse(`${day}T12:00:00Z`) + DAY_MS), ZONE);
      const phone = phoneBooking(local(next, '09:00'), { customer_email: 'phone@example.test' });
      expect((await push([{ newDocumentState: phone }])).rejected).toEqual([]);
      expect(await mails(phone.id)).toEqual(['confirmation']);

      const saved = await latest(phone.id);
      const moved = { ...saved, start_at: local(next, '10:00'), end_at: local(next, '11:00'), updated_at: new Date().toISOString() };
      expect(await push([{ newDocumentState: moved, assumedMasterState: saved }])).toEqual({ conflicts: [], rejected: [] });
      const afterMove = await latest(phone.id);
      expect(afterMove).toMatchObject({ start_at: local(next, '10:00'), sequence: 1 });
      expect(afterMove.scheduled_at).toEqual(expect.any(String));
      expect(await mails(phone.id)).toEqual(['confirmation', 'rescheduled']);

      // The device's copy still holds the client fields it wrote: the next change goes through.
      const cancel = { ...moved, status: 'cancelled', cancel_reason: 'Customer phoned', updated_at: new Date().toISOString() };
      expect(await push([{ newDocumentState: cancel, assumedMasterState: moved }])).toEqual({ conflicts: [], rejected: [] });
      expect(await latest(phone.id)).toMatchObject({ status: 'cancelled', cancel_reason: 'Customer phoned' });
      expect(await mails(phone.id)).toEqual(['cancelled', 'confirmation', 'rescheduled']);
    });

    it('bad pushes are refused with a clear message and change nothing', async () => {
      const count = async () =>
        Number((await db.query<{ n: string }>('SELECT count(*) AS n FROM appointments WHERE workspace_id = $1', [ws]))[0].n);
      const start = local(day, '16:00');
      const before = await count();
      const refusals = [
        [phoneBooking(start, { service_id: randomUUID() }), `service_id: ${bookingMessages.serviceNotFound}`],
        [phoneBooking(start, { consultant_id: randomUUID() }), `consultant_id: ${bookingMessages.staffNotFound}`],
        [phoneBooking(start, { end_at: start }), 'end_at: An appointment must end after it starts'],
        [phoneBooking(start, { customer_email: 'not-an-email' }), `customer_email: ${bookingMessages.customerEmail}`],
        [phoneBooking(start, { customer_phone: '12' }), `customer_phone: ${bookingMessages.customerPhone}`],
      ] as const;
      for (const [doc, message] of refusals) {
        expect(await push([{ newDocumentState: doc }])).toEqual({ conflicts: [], rejected: [{ id: doc.id, code: 'invalid', message }] });
      }
      expect(await count()).toBe(before);

      // A completed appointment cannot be confirmed again, nor moved, nor deleted: the stored one comes back.
      const done = phoneBooking(local(day, '08:00'), { status: 'completed' });
      await push([{ newDocumentState: done }]);
      const stored = await latest(done.id);
      const changes = [
        [{ ...stored, status: 'confirmed' }, bookingMessages.statusChange('completed', 'confirmed')],
        [{ ...stored, start_at: local(day, '08:30'), end_at: local(day, '09:30') }, bookingMessages.statusChange('completed', 'completed')],
        [{ ...stored, _deleted: true }, bookingMessages.appointmentNotDeleted],
      ] as const;
      for (const [doc, message] of changes) {
        const res = await push([{ newDocumentState: { ...doc, updated_at: new Date().toISOString() }, assumedMasterState: stored }]);
        expect(res.rejected).toEqual([{ id: done.id, code: 'immutable', message }]);
        expect(res.conflicts).toEqual([expect.objectContaining({ id: done.id, status: 'completed', start_at: stored.start_at })]);
      }
      expect(await latest(done.id)).toMatchObject({ status: 'completed', server_version: stored.server_version, _deleted: false });
    });
  });
}
