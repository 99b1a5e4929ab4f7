import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { localDay } from '../../schema/bookings/booking-slots.js';
import { publicEventDetail } from '../../schema/events/events.js';
import { checkoutResult } from '../../schema/marketplace/marketplace-orders.js';
import { ORDER_HOLD_MINUTES } from '../../sync-server/api/marketplace/checkout.service.js';
import { ticketRefundNotes } from '../../sync-server/api/events/tickets.service.js';
import type { Db } from '../../sync-server/db/db.js';
import {
  ANONYMOUS_HOLD_MINUTES,
  anonymousOrderMost,
  BOOKINGS_PER_ADDRESS_PER_BUSINESS_PER_HOUR,
  BOOKINGS_PER_ADDRESS_PER_HOUR,
  HOLD_MINUTES,
  holdBounds,
  holdLimitCodes,
  holdLimitMessages,
  OPEN_CHECKOUTS_PER_BUYER,
  TICKET_SEATS_PER_ADDRESS_PER_EVENT_PER_HOUR,
  UNPAID_SEATS_PER_BUYER,
  UPCOMING_BOOKINGS_PER_EMAIL,
} from '../../sync-server/http/hold-limits.js';
import { BOOKING_ZONE, localTime, setWorkspaceZone } from '../support/bookings.js';
import { payOnCheckout, startBillingHarness, type BillingHarness } from '../support/billing.js';
import { testDatabases } from '../support/databases.js';
import { uniqueEmail } from '../support/fixtures.js';
import { openShop, type Shop } from '../support/shops.js';
import { accessCookie, seedUser, seedWorkspace } from '../support/sync-server.js';

/**
 * Probe: nobody can hoard what others want to buy. One anonymous request once held every paid seat
 * of an event for half an hour, and one address booked 30 of a business's 36 slots in under a
 * second with made-up e-mails. Now an anonymous order takes at most a share of the seats left and
 * holds them briefly, an e-mail address and a network address stop at their limits (429 with
 * Retry-After, nothing taken), and public bookings are bounded per address and per e-mail.
 */

const MINUTE = 60_000;
const HOUR_SECONDS = 3600;
const address = {
  name: 'Sipho Ndlovu',
  line1: '4 Long St',
  city: 'Cape Town',
  province: 'Western Cape',
  postal_code: '8001',
  phone: '082 555 0101',
};

interface Answer {
  status: number;
  body: Record<string, unknown>;
  retryAfter: number | null;
}

for (const target of testDatabases()) {
  describe(`holds and bookings cannot be hoarded on ${target.name}`, () => {
    let db: Db;
    let h: BillingHarness;
    let organiser: Shop;

    beforeAll(async () => {
      db = await target.open();
      h = await startBillingHarness(db);
      organiser = await openShop(db, h.server, 'Hoard Test Gigs');
    });
    afterAll(async () => {
      await h?.close();
      await db?.close();
    });
    // Every request comes from the test's one address: each test starts with that address's counts afresh.
    beforeEach(async () => {
      // Each probe starts with its address's allowances fresh; the mail limits (every order and
      // booking mails someone) are probed by the mail-relay walk, not here.
      await db.query(`DELETE FROM rate_limits WHERE key LIKE 'tickets:%' OR key LIKE 'bookings:%' OR key LIKE 'mail:%'`);
    });

    async function send(cookie: string | null, method: string, path: string, body?: unknown): Promise<Answer> {
      const res = await fetch(h.server.url + path, {
        method,
        headers: {
          origin: h.server.url,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(cookie ? { cookie } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const retry = res.headers.get('retry-after');
      return { status: res.status, body: (await res.json()) as Record<string, unknown>, retryAfter: retry === null ? null : Number(retry) };
    }

    async function paidEvent(quantity: number): Promise<{ id: string; slug: string; typeId: string; cartId: string }> {
      const made = await send(organiser.cookie, 'POST', `/api/workspaces/${organiser.ws}/events`, {
        title: `Hoard ${randomUUID().slice(0, 6)}`,
        start_date: '2030-08-01T19:30',
        status: 'published',
      });
      expect(made.status, JSON.stringify(made.body)).toBe(200);
      const id = String(made.body.id);
      const added = await send(organiser.cookie, 'POST', `/api/workspaces/${organiser.ws}/events/${id}/ticket-types`, {
        name: 'General',
        price_cents: 10_000,
        quantity,
      });
      expect(added.status, JSON.stringify(added.body)).toBe(200);
      const slug = String(made.body.slug);
      const page = publicEventDetail.parse((await send(null, 'GET', `/api/public/events/${slug}`)).body);
      return { id, slug, typeId: page.ticket_types[0].id, cartId: page.ticket_types[0].cart_id };
    }
    const order = (slug: string, typeId: string, quantity: number, email = uniqueEmail('buyer'), cookie: string | null = null) =>
      send(cookie, 'POST', `/api/public/events/${slug}/orders`, {
        // The schema allows 20 a line: a larger order is several lines of one type.
        lines: Array.from({ length: Math.ceil(quantity / 20) }, (_, i) => ({
          ticket_type_id: typeId,
          quantity: Math.min(20, quantity - i * 20),
        })),
        name: 'Thandi Buyer',
        email,
      });
    const sold = async (typeId: string) =>
      Number((await db.query<{ sold: number }>('SELECT sold FROM ticket_types WHERE id = $1', [typeId]))[0].sold);
    const registrations = (eventId: string) =>
      db.query<{ email: string; payment_status: string; reference: string | null }>(
        'SELECT email, payment_status, reference FROM registrations WHERE event_id = $1 ORDER BY created_at, id',
        [eventId],
      );
    const available = async (slug: string) =>
      publicEventDetail.parse((await send(null, 'GET', `/api/public/events/${slug}`)).body).ticket_types[0].available;

    it('the bounds are named for a walk over them', () => {
      expect(holdBounds.length).toBeGreaterThanOrEqual(8);
      for (const b of holdBounds) expect(b.limit).toBeGreaterThan(0);
    });

    it('one anonymous order for every seat is refused with how many may be taken; the seats stay on sale', async () => {
      const event = await paidEvent(100);
      const most = anonymousOrderMost(100);
      expect(most).toBeLessThan(100);
      const all = await order(event.slug, event.typeId, 100);
      expect(all.status).toBe(409);
      expect(all.body).toEqual({ message: holdLimitMessages.anonymousShare(most, 100), code: holdLimitCodes.share });
      expect(String(all.body.message)).toContain(`at most ${most} tickets`);
      expect(await sold(event.typeId)).toBe(0);
      expect(await registrations(event.id)).toEqual([]);
      expect(await available(event.slug)).toBe(100);

      // Bad input is refused the same way: a clear 400 and nothing taken.
      expect((await order(event.slug, event.typeId, 1, 'not-an-address')).status).toBe(400);
      const zero = await send(null, 'POST', `/api/public/events/${event.slug}/orders`, {
        lines: [{ ticket_type_id: event.typeId, quantity: 0 }],
        name: 'Thandi Buyer',
        email: uniqueEmail('zero'),
      });
      expect(zero.status).toBe(400);
      expect(await sold(event.typeId)).toBe(0);
      expect(await registrations(event.id)).toEqual([]);

      // The share is of what is left: after one full share, the next is smaller.
      expect((await order(event.slug, event.typeId, most)).status).toBe(200);
      const left = 100 - most;
      const next = anonymousOrderMost(left);
      const over = await order(event.slug, event.typeId, next + 1);
      expect(over).toMatchObject({ status: 409, body: { message: holdLimitMessages.anonymousShare(next, left) } });
      expect(await sold(event.typeId)).toBe(most);
      expect(await available(event.slug)).toBe(left);
    });

    it(`one e-mail holds at most ${UNPAID_SEATS_PER_BUYER} unpaid seats of an event: the next order is 429 with Retry-After and takes nothing`, async () => {
      const event = await paidEvent(400);
      const email = uniqueEmail('hoarder');
      expect((await order(event.slug, event.typeId, UNPAID_SEATS_PER_BUYER, email)).status).toBe(200);
      const again = await order(event.slug, event.typeId, 1, email.toUpperCase());
      expect(again.status).toBe(429);
      expect(again.body).toMatchObject({ code: holdLimitCodes.held });
      expect(String(again.body.message)).toMatch(
        new RegExp(`already holds ${UNPAID_SEATS_PER_BUYER} unpaid tickets .* try again in \\d+ minutes? when an unpaid hold runs out\\.$`),
      );
      expect(again.retryAfter).toBeGreaterThan(0);
      expect(again.retryAfter).toBeLessThanOrEqual(ANONYMOUS_HOLD_MINUTES * 60);
      expect(await sold(event.typeId)).toBe(UNPAID_SEATS_PER_BUYER);
      expect(await registrations(event.id)).toHaveLength(1);
      // Another buyer is not held back by it.
      expect((await order(event.slug, event.typeId, 1)).status).toBe(200);
    });

    it(`one address takes at most ${TICKET_SEATS_PER_ADDRESS_PER_EVENT_PER_HOUR} seats of an event an hour without signing in, whatever the e-mails`, async () => {
      const event = await paidEvent(1000);
      let taken = 0;
      while (taken + 10 <= TICKET_SEATS_PER_ADDRESS_PER_EVENT_PER_HOUR) {
        expect((await order(event.slug, event.typeId, 10)).status).toBe(200);
        taken += 10;
      }
      const over = await order(event.slug, event.typeId, TICKET_SEATS_PER_ADDRESS_PER_EVENT_PER_HOUR - taken + 1);
      expect(over.status).toBe(429);
      expect(over.body).toMatchObject({ code: holdLimitCodes.address });
      expect(String(over.body.message)).toMatch(/^At most \d+ tickets an hour can be taken for this event from your network/);
      expect(over.retryAfter).toBeGreaterThan(0);
      expect(over.retryAfter).toBeLessThanOrEqual(HOUR_SECONDS);
      expect(await sold(event.typeId)).toBe(taken);
      expect(await registrations(event.id)).toHaveLength(taken / 10);
      // A signed-in buyer on the same network answers for their own orders.
      const buyer = await seedUser(db);
      const cookie = await accessCookie(h.server.deps, buyer);
      expect((await order(event.slug, event.typeId, 2, uniqueEmail('member'), cookie)).status).toBe(200);
    });

    it(`an anonymous hold goes back on sale after ${ANONYMOUS_HOLD_MINUTES} minutes, a signed-in one after ${HOLD_MINUTES}; a payment after its hold lapsed is owed back in full`, async () => {
      const event = await paidEvent(10);
      const started = h.server.deps.now().getTime();
      try {
        const anonymous = await order(event.slug, event.typeId, 4);
        expect(anonymous.status).toBe(200);
        const buyer = await seedUser(db);
        const member = await order(event.slug, event.typeId, 3, uniqueEmail('member'), await accessCookie(h.server.deps, buyer));
        expect(member.status).toBe(200);
        expect(await sold(event.typeId)).toBe(7);

        h.server.advance((ANONYMOUS_HOLD_MINUTES + 1) * MINUTE);
        // The next order lets lapsed holds go first: the anonymous four are back, the signed-in three still held.
        expect((await order(event.slug, event.typeId, 1)).status).toBe(200);
        expect(await sold(event.typeId)).toBe(4);
        const state = (reference: unknown) => send(null, 'GET', `/api/public/events/${event.slug}/checkouts/${String(reference)}`);
        expect((await state(anonymous.body.reference)).body).toMatchObject({ status: 'failed', tickets: [] });

        // The signed-in buyer pays within their half hour: tickets issued.
        await payOnCheckout(String(member.body.authorization_url));
        await h.sandbox.idle();
        expect((await state(member.body.reference)).body).toMatchObject({ status: 'paid' });
        expect(((await state(member.body.reference)).body.tickets as unknown[]).length).toBe(3);

        // The anonymous buyer pays late: no tickets, nothing oversold, and the money is owed back in full.
        await payOnCheckout(String(anonymous.body.authorization_url));
        await h.sandbox.idle();
        expect((await state(anonymous.body.reference)).body).toMatchObject({ status: 'failed', tickets: [] });
        expect(await sold(event.typeId)).toBe(4);
        expect(await db.query('SELECT note FROM card_refunds_due WHERE reference = $1', [String(anonymous.body.reference)])).toEqual([
          { note: ticketRefundNotes.lateForHold },
        ]);

        // A signed-in hold outlasts the anonymous one and lapses after its own half hour.
        const later = await order(event.slug, event.typeId, 2, uniqueEmail('member'), await accessCookie(h.server.deps, buyer));
        expect(later.status).toBe(200);
        h.server.advance((ANONYMOUS_HOLD_MINUTES + 1) * MINUTE);
        expect((await order(event.slug, event.typeId, 1)).status).toBe(200);
        const held = async () => (await registrations(event.id)).find((r) => r.reference === later.body.reference)?.payment_status;
        expect(await held()).toBe('unpaid');
        h.server.advance((HOLD_MINUTES - ANONYMOUS_HOLD_MINUTES) * MINUTE);
        expect((await order(event.slug, event.typeId, 1)).status).toBe(200);
        expect(await held()).toBe('failed');
      } finally {
        h.server.advance(started - h.server.deps.now().getTime());
      }
    });

    it(`a signed-in buyer has at most ${OPEN_CHECKOUTS_PER_BUYER} marketplace checkouts waiting for payment, and holds at most ${UNPAID_SEATS_PER_BUYER} seats of an event`, async () => {
      const event = await paidEvent(200);
      const buyer = await seedUser(db);
      const cookie = await accessCookie(h.server.deps, buyer);
      expect((await send(cookie, 'POST', '/api/cart/items', { product_id: event.cartId, quantity: 1 })).status).toBe(200);
      for (let i = 0; i < OPEN_CHECKOUTS_PER_BUYER; i += 1) {
        expect(checkoutResult.parse((await send(cookie, 'POST', '/api/checkout', { address })).body).outcome).toBe('pay');
      }
      const open = async () =>
        Number((await db.query<{ n: string }>(`SELECT count(*) AS n FROM marketplace_checkouts WHERE user_id = $1`, [buyer]))[0].n);
      const over = await send(cookie, 'POST', '/api/checkout', { address });
      expect(over.status).toBe(429);
      expect(over.body).toMatchObject({ code: holdLimitCodes.held });
      expect(over.retryAfter).toBeGreaterThan(0);
      expect(over.retryAfter).toBeLessThanOrEqual(ORDER_HOLD_MINUTES * 60);
      expect(await open()).toBe(OPEN_CHECKOUTS_PER_BUYER);
      expect(await sold(event.typeId)).toBe(OPEN_CHECKOUTS_PER_BUYER);

      // Another account's one checkout for more seats than one buyer may hold is refused whole.
      const greedy = await seedUser(db);
      const greedyCookie = await accessCookie(h.server.deps, greedy);
      await send(greedyCookie, 'POST', '/api/cart/items', { product_id: event.cartId, quantity: UNPAID_SEATS_PER_BUYER + 1 });
      const refused = await send(greedyCookie, 'POST', '/api/checkout', { address });
      expect(refused.status).toBe(409);
      expect(refused.body).toEqual({ message: holdLimitMessages.unpaidOrder, code: holdLimitCodes.share });
      expect(await sold(event.typeId)).toBe(OPEN_CHECKOUTS_PER_BUYER);
      const rows = await db.query(`SELECT 1 FROM marketplace_checkouts WHERE user_id = $1`, [greedy]);
      expect(rows).toEqual([]);
    });

    // ---- public booking ----

    const allWeek = Object.fromEntries(['0', '1', '2', '3', '4', '5', '6'].map((d) => [d, [{ start: '08:00', end: '18:00' }]]));
    const day = localDay(new Date(Date.now() + 10 * 86_400_000), BOOKING_ZONE);
    /** A business with one person who works 08:00 to 18:00 every day, and a public half-hour service. */
    async function business(name: string): Promise<{ ws: number; serviceId: string }> {
      const owner = await seedUser(db);
      const ws = await seedWorkspace(db, owner);
      await db.query('UPDATE workspaces SET name = $2 WHERE id = $1', [ws, name]);
      await setWorkspaceZone(db, ws);
      const cookie = await accessCookie(h.server.deps, owner);
      const staff = await send(cookie, 'POST', `/api/workspaces/${ws}/consultants`, { name: 'Thandi', hours: allWeek });
      expect(staff.status, JSON.stringify(staff.body)).toBe(200);
      const service = await send(cookie, 'POST', `/api/workspaces/${ws}/services`, {
        title: 'Braids',
        price_cents: 15_000,
        duration_minutes: 30,
        staff_ids: [String(staff.body.id)],
      });
      expect(service.status, JSON.stringify(service.body)).toBe(200);
      const rules = await send(cookie, 'PUT', `/api/workspaces/${ws}/booking-rules`, {
        buffer_before_minutes: 0,
        buffer_after_minutes: 0,
        min_notice_minutes: 0,
        horizon_days: 60,
        slot_step_minutes: 30,
        daily_limit: null,
        cancel_cutoff_hours: 24,
      });
      expect(rules.status, JSON.stringify(rules.body)).toBe(200);
      return { ws, serviceId: String(service.body.id) };
    }
    const slot = (n: number) => {
      const minutes = 8 * 60 + 30 * n;
      return localTime(day, `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`);
    };
    const book = (serviceId: string, n: number, email = uniqueEmail('customer')) =>
      send(null, 'POST', `/api/public/services/${serviceId}/bookings`, {
        start_at: slot(n),
        customer_name: 'Lerato Customer',
        customer_email: email,
        customer_phone: '082 555 1234',
      });
    const bookings = async (ws: number) =>
      Number((await db.query<{ n: string }>('SELECT count(*) AS n FROM appointments WHERE workspace_id = $1', [ws]))[0].n);

    it(`one address books at most ${BOOKINGS_PER_ADDRESS_PER_BUSINESS_PER_HOUR} slots of a business an hour, and ${BOOKINGS_PER_ADDRESS_PER_HOUR} in all`, async () => {
      const salons = [await business('Salon One'), await business('Salon Two'), await business('Salon Three')];
      const [first, second, third] = salons;
      for (let n = 0; n < BOOKINGS_PER_ADDRESS_PER_BUSINESS_PER_HOUR; n += 1) expect((await book(first.serviceId, n)).status).toBe(200);
      const over = await book(first.serviceId, BOOKINGS_PER_ADDRESS_PER_BUSINESS_PER_HOUR);
      expect(over.status).toBe(429);
      expect(over.body).toMatchObject({ code: holdLimitCodes.address });
      expect(String(over.body.message)).toMatch(/^At most \d+ bookings an hour can be made with this business from your network/);
      expect(over.retryAfter).toBeGreaterThan(0);
      expect(over.retryAfter).toBeLessThanOrEqual(HOUR_SECONDS);
      expect(await bookings(first.ws)).toBe(BOOKINGS_PER_ADDRESS_PER_BUSINESS_PER_HOUR);

      // Other businesses take the rest of the address's hourly allowance, and then no more.
      let made = BOOKINGS_PER_ADDRESS_PER_BUSINESS_PER_HOUR;
      for (let n = 0; made < BOOKINGS_PER_ADDRESS_PER_HOUR && n < BOOKINGS_PER_ADDRESS_PER_BUSINESS_PER_HOUR; n += 1, made += 1) {
        expect((await book(second.serviceId, n)).status).toBe(200);
      }
      expect(made).toBe(BOOKINGS_PER_ADDRESS_PER_HOUR);
      const beyond = await book(third.serviceId, 0);
      expect(beyond.status).toBe(429);
      expect(String(beyond.body.message)).toMatch(/^At most \d+ bookings an hour can be made from your network/);
      expect(await bookings(third.ws)).toBe(0);
    });

    it(`one e-mail has at most ${UPCOMING_BOOKINGS_PER_EMAIL} upcoming bookings with a business; a refused booking takes no slot`, async () => {
      const salon = await business('Salon Four');
      const email = uniqueEmail('regular');
      for (let n = 0; n < UPCOMING_BOOKINGS_PER_EMAIL; n += 1) expect((await book(salon.serviceId, n, email)).status).toBe(200);
      const over = await book(salon.serviceId, UPCOMING_BOOKINGS_PER_EMAIL, email.toUpperCase());
      expect(over.status).toBe(429);
      expect(over.body).toEqual({ message: holdLimitMessages.upcomingBookings('Salon Four'), code: holdLimitCodes.held });
      expect(over.retryAfter).toBeGreaterThan(0);
      expect(await bookings(salon.ws)).toBe(UPCOMING_BOOKINGS_PER_EMAIL);
      // The slot it asked for is still free for someone else.
      expect((await book(salon.serviceId, UPCOMING_BOOKINGS_PER_EMAIL)).status).toBe(200);
    });
  });
}
