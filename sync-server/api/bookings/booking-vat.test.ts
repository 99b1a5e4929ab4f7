import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { localDay } from '../../../schema/bookings/booking-slots.js';
import { pushResponse } from '../../../schema/sync/contract.js';
import { saleVatOf, vatStatusOf } from '../../../schema/kit/vat.js';
import type { Db } from '../../db/db.js';
import { saveSettings } from '../workspaces/workspaces.repo.js';
import { bookingMail } from './booking-mail.jobs.js';
import { mailedAppointment } from './booking-mail.repo.js';
import { testDatabases } from '../../../tests/support/databases.js';
import { startTestServer, type TestServer } from '../../../tests/support/server.js';
import { accessCookie, openSyncDatabase, seedUser, seedWorkspace, syncApi } from '../../../tests/support/sync-server.js';
import { BOOKING_ZONE, localTime, setWorkspaceZone } from '../../../tests/support/bookings.js';

const DAY_MS = 86_400_000;
const registered = { vat_registered: true, vat_number: '4123456789', vat_rate_bp: 1500, prices_include_vat: true };

for (const target of testDatabases()) {
  describe(`bookings follow the one VAT rule, fixed when booked, on ${target.name}`, () => {
    let db: Db;
    let server: TestServer;
    let cookie: string;
    let ws: number;
    let staffId: string;
    let serviceId: string;
    let day: string;
    const local = localTime;

    beforeAll(async () => {
      db = await openSyncDatabase(target);
      server = await startTestServer(db);
      const owner = await seedUser(db);
      ws = await seedWorkspace(db, owner);
      await setWorkspaceZone(db, ws);
      cookie = await accessCookie(server.deps, owner);
      day = localDay(new Date(Date.now() + 10 * DAY_MS), BOOKING_ZONE);
      const allWeek = Object.fromEntries(['0', '1', '2', '3', '4', '5', '6'].map((d) => [d, [{ start: '08:00', end: '18:00' }]]));
      staffId = String((await send('POST', `/api/workspaces/${ws}/consultants`, { name: 'Sipho', hours: allWeek })).body.id);
      const service = await send('POST', `/api/workspaces/${ws}/services`, {
        title: 'Fade cut',
        price_cents: 13_000,
        duration_minutes: 60,
        staff_ids: [staffId],
      });
      expect(service.status).toBe(200);
      serviceId = String(service.body.id);
    });
    afterAll(async () => {
      await server.close();
      await db.close();
    });
    beforeEach(async () => {
      await db.query(`DELETE FROM rate_limits WHERE key LIKE 'bookings:%' OR key LIKE 'mail:%'`);
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
    let customers = 0;
    const bookOnline = (start: string) =>
      send(
        'POST',
        `/api/public/services/${serviceId}/bookings`,
        {
          start_at: start,
          customer_name: 'Lerato Customer',
          customer_email: `lerato${++customers}@example.test`,
          customer_phone: '082 555 1234',
        },
        true,
      );
    const view = async (token: string) => (await send('GET', `/api/public/bookings/${token}`, undefined, true)).body;
    const stored = async (id: string) =>
      (
        await db.query<{ tax_rate_bp: number | null; tax_cents: string | number | null; tax_included: boolean | null }>(
          'SELECT tax_rate_bp, tax_cents, tax_included FROM appointments WHERE workspace_id = $1 AND id = $2',
          [ws, id],
        )
      ).map((r) => ({ ...r, tax_cents: r.tax_cents === null ? null : Number(r.tax_cents) }))[0];

    it('a VAT-registered business’s online booking carries "VAT included" on its page and mail, and keeps it after the settings change', async () => {
      await saveSettings(db, ws, registered, new Date());
      const placed = await bookOnline(local(day, '09:00'));
      expect(placed.status).toBe(200);
      // R 130 with 15 % inside: R 16.96.
      expect(placed.body).toMatchObject({ price_cents: 13_000, vat: { tax_rate_bp: 1500, tax_cents: 1696, tax_included: true } });
      const id = String(placed.body.id);
      expect(await stored(id)).toEqual({ tax_rate_bp: 1500, tax_cents: 1696, tax_included: true });
      const mailed = await mailedAppointment(db, { workspaceId: ws, appointmentId: id });
      expect(mailed && bookingMail('confirmation', mailed, 'https://link.test').text).toMatch(
        /Price: R\s?130\.00 · VAT included R\s?16\.96\./,
      );

      // The business deregisters: the booking made before keeps its VAT; a new one has none.
      await saveSettings(db, ws, { vat_registered: false, vat_number: '' }, new Date());
      expect(await view(String(placed.body.token))).toMatchObject({ vat: { tax_rate_bp: 1500, tax_cents: 1696, tax_included: true } });
      const later = await bookOnline(local(day, '11:00'));
      expect(later.body).toMatchObject({ vat: { tax_rate_bp: 0, tax_cents: 0, tax_included: true } });
      const laterMail = await mailedAppointment(db, { workspaceId: ws, appointmentId: String(later.body.id) });
      expect(laterMail && bookingMail('confirmation', laterMail, 'https://link.test').text).not.toContain('VAT');
    });

    it('VAT on top of the price: the total after it, and the rate a registered business set', async () => {
      await saveSettings(db, ws, { ...registered, prices_include_vat: false }, new Date());
      const placed = await bookOnline(local(day, '13:00'));
      // R 130 plus 15 %: R 19.50 on top.
      expect(placed.body).toMatchObject({ vat: { tax_rate_bp: 1500, tax_cents: 1950, tax_included: false } });
    });

    it('a booking the owner makes, through the API or pushed from a device, fixes the same VAT as an online one', async () => {
      // A price whose VAT rounds: R 123.45 → 16.10 inside, 18.52 on top.
      await send('PATCH', `/api/workspaces/${ws}/services/${serviceId}`, { price_cents: 12_345 });
      for (const prices_include_vat of [true, false]) {
        await saveSettings(db, ws, { ...registered, prices_include_vat }, new Date());
        const want = saleVatOf(vatStatusOf({ ...registered, prices_include_vat }), 12_345);
        expect(want.tax_cents).toBe(prices_include_vat ? 1610 : 1852);
        const at = local(localDay(new Date(Date.now() + (prices_include_vat ? 12 : 13) * DAY_MS), BOOKING_ZONE), '10:00');
        const viaApi = await send('POST', `/api/workspaces/${ws}/appointments`, {
          service_id: serviceId,
          staff_id: staffId,
          start_at: at,
          customer_name: 'Phone Customer',
        });
        expect(viaApi.status).toBe(200);
        expect(await stored(String(viaApi.body.id))).toEqual(want);

        const id = randomUUID();
        const start = local(localDay(new Date(Date.now() + (prices_include_vat ? 12 : 13) * DAY_MS), BOOKING_ZONE), '14:00');
        const pushed = await syncApi(server.url, cookie).push('appointments', ws, [
          {
            newDocumentState: {
              id,
              workspace_id: ws,
              updated_at: new Date().toISOString(),
              service_id: serviceId,
              consultant_id: staffId,
              start_at: start,
              end_at: new Date(Date.parse(start) + 3_600_000).toISOString(),
              duration_minutes: 60,
              price_cents: 12_345,
              currency: 'ZAR',
              status: 'confirmed',
              customer_name: 'Walk-in Customer',
              customer_email: '',
              customer_phone: '082 444 9999',
              // What a device says of server-owned fields is ignored.
              tax_rate_bp: 0,
              tax_cents: 1,
              tax_included: true,
            },
          },
        ]);
        expect(pushResponse.parse(pushed.body)).toEqual({ conflicts: [], rejected: [] });
        expect(await stored(id)).toEqual(want);
      }
      // A business that never said and has no VAT number charges none, on a device's booking too.
      await saveSettings(db, ws, { vat_registered: null, vat_number: '' }, new Date());
      const id = randomUUID();
      const start = local(localDay(new Date(Date.now() + 14 * DAY_MS), BOOKING_ZONE), '14:00');
      await syncApi(server.url, cookie).push('appointments', ws, [
        {
          newDocumentState: {
            id,
            workspace_id: ws,
            updated_at: new Date().toISOString(),
            service_id: serviceId,
            consultant_id: staffId,
            start_at: start,
            end_at: new Date(Date.parse(start) + 3_600_000).toISOString(),
            duration_minutes: 60,
            price_cents: 12_345,
            currency: 'ZAR',
            status: 'confirmed',
            customer_name: 'Walk-in Customer',
            customer_email: '',
            customer_phone: '082 444 9999',
          },
        },
      ]);
      expect(await stored(id)).toMatchObject({ tax_rate_bp: 0, tax_cents: 0 });
    });
  });
}
