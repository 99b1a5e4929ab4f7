import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { localDay } from '../../../schema/bookings/booking-slots.js';
import { bookingMessages, DEPOSIT_HOLD_MINUTES } from '../../../schema/bookings/bookings.js';
import type { Db } from '../../db/db.js';
import { payRefundsDue } from '../../payments/refunds-due.js';
import { DECLINED_CARD, payOnCheckout, startBillingHarness, type BillingHarness } from '../../../tests/support/billing.js';
import { testDatabases } from '../../../tests/support/databases.js';
import { uniqueEmail } from '../../../tests/support/fixtures.js';
import { startTestServer } from '../../../tests/support/server.js';
import { accessCookie, openSyncDatabase, seedUser, seedWorkspace } from '../../../tests/support/sync-server.js';
import { BOOKING_ZONE, localTime, setWorkspaceZone } from '../../../tests/support/bookings.js';
import { toldIn } from '../../../tests/support/notifications.js';

const ZONE = BOOKING_ZONE;
const DAY_MS = 86_400_000;

interface Json {
  status: number;
  body: Record<string, unknown>;
}

for (const target of testDatabases()) {
  describe(`booking deposits through the card partner on ${target.name}`, () => {
    let db: Db;
    let h: BillingHarness;
    let cookie: string;
    let ownerId: number;
    let ws: number;
    let serviceId: string;
    let day: string;
    const local = localTime;

    beforeAll(async () => {
      db = await openSyncDatabase(target);
      h = await startBillingHarness(db);
      const owner = await seedUser(db);
      ownerId = owner;
      ws = await seedWorkspace(db, owner);
      await setWorkspaceZone(db, ws);
      cookie = await accessCookie(h.server.deps, owner);
      day = localDay(new Date(Date.now() + 10 * DAY_MS), ZONE);
    });
    // Every booking comes from the test's one address: its hourly allowance starts afresh for each test.
    beforeEach(async () => {
      await db.query(`DELETE FROM rate_limits WHERE key LIKE 'bookings:%'`);
    });
    afterAll(async () => {
      await h?.close();
      await db?.close();
    });

    async function send(
      method: string,
      path: string,
      body?: unknown,
      as: 'owner' | 'anonymous' = 'owner',
      url = h.server.url,
    ): Promise<Json> {
      const res = await fetch(url + path, {
        method,
        headers: {
          origin: url,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(as === 'anonymous' ? {} : { cookie }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    }
    // A customer of their own each time: one e-mail may have only so many upcoming bookings with a business.
    const book = (start: string) =>
      send(
        'POST',
        `/api/public/services/${serviceId}/bookings`,
        { start_at: start, customer_name: 'Lerato Customer', customer_email: uniqueEmail('lerato'), customer_phone: '082 555 1234' },
        'anonymous',
      );
    const view = async (token: string) => (await send('GET', `/api/public/bookings/${token}`, undefined, 'anonymous')).body;
    const mails = async (id: string) =>
      (
        await db.query<{ kind: string }>(
          `SELECT split_part(template, '.', 2) AS kind FROM mail_outbox_items WHERE template LIKE 'bookings.%' AND subject_id = $1 ORDER BY kind`,
          [id],
        )
      ).map((r) => r.kind);
    const referenceOf = async (id: string) =>
      (await db.query<{ payment_reference: string }>('SELECT payment_reference FROM appointments WHERE id = $1', [id]))[0]
        .payment_reference;

    it('the owner asks a deposit within the price; more than the price, or with no card partner, is refused', async () => {
      const staff = await send('POST', `/api/workspaces/${ws}/consultants`, {
        name: 'Naledi',
        hours: Object.fromEntries(['0', '1', '2', '3', '4', '5', '6'].map((d) => [d, [{ start: '09:00', end: '17:00' }]])),
      });
      const service = { title: 'Colour and cut', price_cents: 60_000, duration_minutes: 60, staff_ids: [String(staff.body.id)] };
      expect(await send('POST', `/api/workspaces/${ws}/services`, { ...service, deposit_cents: 60_001 })).toMatchObject({
        status: 400,
        body: { errors: { deposit_cents: [bookingMessages.depositAbovePrice] } },
      });
      // The same workspace through a server with no card partner set up.
      const plain = await startTestServer(db);
      try {
        const refused = await send('POST', `/api/workspaces/${ws}/services`, { ...service, deposit_cents: 10_000 }, 'owner', plain.url);
        expect(refused).toMatchObject({ status: 400, body: { message: bookingMessages.depositNeedsPayments } });
      } finally {
        await plain.close();
      }
      const created = await send('POST', `/api/workspaces/${ws}/services`, { ...service, deposit_cents: 10_000 });
      expect(created).toMatchObject({ status: 200, body: { deposit_cents: 10_000 } });
      serviceId = String(created.body.id);
      // Lowering the price below the deposit is refused too.
      expect(await send('PATCH', `/api/workspaces/${ws}/services/${serviceId}`, { price_cents: 5_000 })).toMatchObject({
        status: 400,
        body: { message: bookingMessages.depositAbovePrice },
      });
      const listed = await send('GET', `/api/public/services/${serviceId}`, undefined, 'anonymous');
      expect(listed.body).toMatchObject({ deposit_cents: 10_000, price_cents: 60_000 });
    });

    it('a booking holds its slot until the deposit is paid, then is confirmed and mailed once; a replayed webhook changes nothing', async () => {
      const placed = await book(local(day, '09:00'));
      expect(placed).toMatchObject({
        status: 200,
        body: { status: 'pending', payment_status: 'unpaid', deposit_cents: 10_000, paid_cents: 0, currency: 'ZAR' },
      });
      const id = String(placed.body.id);
      const token = String(placed.body.token);
      expect(String(placed.body.authorization_url)).toMatch(/^http/);
      // No payout account: the deposit names no subaccount.
      expect(h.sandbox.state.transactions.get(await referenceOf(id))?.subaccount).toBeNull();
      expect(await mails(id)).toEqual([]);
      // A booking waiting for its deposit tells nobody yet.
      expect(await toldIn(db, ws, 'booking_made')).toEqual([]);
      // While it waits for the deposit, nobody else gets that time.
      expect(await book(local(day, '09:00'))).toMatchObject({ status: 409, body: { message: bookingMessages.notFree } });

      const paid = await payOnCheckout(String(placed.body.authorization_url));
      expect(new URL(paid.location ?? '').pathname).toBe(`/marketplace/services/bookings/${token}`);
      await h.sandbox.idle();
      expect(await view(token)).toMatchObject({ status: 'confirmed', payment_status: 'paid', paid_cents: 10_000 });
      expect(await mails(id)).toEqual(['confirmation']);
      // The deposit paid, the owner hears of the booking once.
      const when = new Intl.DateTimeFormat('en-ZA', { dateStyle: 'medium', timeStyle: 'short', timeZone: ZONE }).format(
        new Date(local(day, '09:00')),
      );
      const told = [
        {
          user_id: ownerId,
          kind: 'booking_made',
          title: 'New booking: Colour and cut',
          body: `Lerato Customer booked ${when} with Naledi.`,
          link: `/workspace/${ws}/services/diary`,
        },
      ];
      expect(await toldIn(db, ws, 'booking_made')).toEqual(told);
      const reference = await referenceOf(id);
      const tx = h.sandbox.state.transactions.get(reference);
      expect(tx?.amount).toBe(10_000);
      const replay = await h.postWebhook({
        event: 'charge.success',
        data: { reference, status: 'success', amount: 10_000, currency: 'ZAR', paid_at: new Date().toISOString() },
      });
      expect(replay.status).toBe(200);
      expect(await mails(id)).toEqual(['confirmation']);
      expect(await toldIn(db, ws, 'booking_made')).toEqual(told);
    });

    it('back from the card page before the webhook, the booking page asks the card partner and shows it paid', async () => {
      h.webhooks(false);
      try {
        const placed = await book(local(day, '11:00'));
        await payOnCheckout(String(placed.body.authorization_url));
        expect(await view(String(placed.body.token))).toMatchObject({ status: 'confirmed', payment_status: 'paid' });
        expect(await mails(String(placed.body.id))).toEqual(['confirmation']);
      } finally {
        h.webhooks(true);
      }
    });

    it('a business with a payout account takes the deposit into it', async () => {
      const saved = await send('PUT', `/api/workspaces/${ws}/storefront/payout`, {
        business_name: 'Naledi Hair',
        settlement_bank: '632005',
        account_number: '4081234567',
      });
      expect(saved.status).toBe(200);
      const code = String(saved.body.subaccount_code);
      try {
        const placed = await book(local(day, '16:00'));
        expect(placed.status).toBe(200);
        const reference = await referenceOf(String(placed.body.id));
        expect(h.sandbox.state.transactions.get(reference)?.subaccount).toMatchObject({
          account: { subaccount_code: code, business_name: 'Naledi Hair' },
          bearer: 'subaccount',
        });
        await payOnCheckout(String(placed.body.authorization_url));
        await h.sandbox.idle();
        expect(await view(String(placed.body.token))).toMatchObject({ status: 'confirmed', payment_status: 'paid' });
      } finally {
        await db.query('UPDATE storefront_settings SET paystack_subaccount = NULL WHERE workspace_id = $1', [ws]);
      }
    });

    it('a declined card ends the hold and frees the time', async () => {
      const placed = await book(local(day, '13:00'));
      await payOnCheckout(String(placed.body.authorization_url), { number: DECLINED_CARD });
      await h.sandbox.idle();
      const after = await view(String(placed.body.token));
      expect(after).toMatchObject({ status: 'cancelled', payment_status: 'unpaid', cancel_reason: bookingMessages.depositHoldEnded });
      expect((await book(local(day, '13:00'))).status).toBe(200);
      // A hold the card ended was never a booking: nobody is told it was made or cancelled.
      expect((await toldIn(db, ws, 'booking_made')).filter((n) => n.body.includes(', 13:00 '))).toEqual([]);
      expect(await toldIn(db, ws, 'booking_cancelled')).toEqual([]);
    });

    it('an unpaid hold lapses after its time and the slot is free; a deposit paid after that is given back', async () => {
      const placed = await book(local(day, '15:00'));
      const id = String(placed.body.id);
      h.server.advance((DEPOSIT_HOLD_MINUTES + 1) * 60_000);
      try {
        const slots = await send('GET', `/api/public/services/${serviceId}/slots?from=${day}&to=${day}`, undefined, 'anonymous');
        expect((slots.body.slots as Array<{ start_at: string }>).map((s) => s.start_at)).toContain(local(day, '15:00'));
        const other = await book(local(day, '15:00'));
        expect(other.status).toBe(200);
        expect(await view(String(placed.body.token))).toMatchObject({
          status: 'cancelled',
          cancel_reason: bookingMessages.depositHoldEnded,
        });
        // The first customer pays on the page they left open: the money goes back, the booking stays lapsed.
        await payOnCheckout(String(placed.body.authorization_url));
        await h.sandbox.idle();
        expect(await view(String(placed.body.token))).toMatchObject({ status: 'cancelled', payment_status: 'refunded' });
        const reference = await referenceOf(id);
        await payRefundsDue(h.server.deps);
        expect(h.sandbox.state.transactions.get(reference)?.refunded).toBe(10_000);
        expect(await mails(id)).toEqual([]);
      } finally {
        h.server.advance(-(DEPOSIT_HOLD_MINUTES + 1) * 60_000);
      }
    });

    it('a customer who cancels in time gets the deposit back', async () => {
      const placed = await book(local(day, '10:00'));
      const token = String(placed.body.token);
      await payOnCheckout(String(placed.body.authorization_url));
      await h.sandbox.idle();
      const cancelled = await send('POST', `/api/public/bookings/${token}/cancel`, { reason: 'Change of plans' }, 'anonymous');
      expect(cancelled.body).toMatchObject({ status: 'cancelled', payment_status: 'refunded' });
      // The owner hears of the paid booking, then of its cancellation, once each.
      const when = new Intl.DateTimeFormat('en-ZA', { dateStyle: 'medium', timeStyle: 'short', timeZone: ZONE }).format(
        new Date(local(day, '10:00')),
      );
      expect((await toldIn(db, ws, 'booking_made')).filter((n) => n.body.includes(when))).toHaveLength(1);
      expect(await toldIn(db, ws, 'booking_cancelled')).toEqual([
        {
          user_id: ownerId,
          kind: 'booking_cancelled',
          title: 'Booking cancelled: Colour and cut',
          body: `Lerato Customer cancelled ${when} with Naledi.`,
          link: `/workspace/${ws}/services/diary`,
        },
      ]);
      const reference = await referenceOf(String(placed.body.id));
      await payRefundsDue(h.server.deps);
      expect(h.sandbox.state.transactions.get(reference)?.refunded).toBe(10_000);
    });
  });
}
