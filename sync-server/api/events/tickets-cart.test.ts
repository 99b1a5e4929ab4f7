import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventMessages, publicEventDetail } from '../../../schema/events/events.js';
import { checkoutQuote, checkoutResult, orderList, orderMessages } from '../../../schema/marketplace/marketplace-orders.js';
import { cartDto, guestPreviewDto, marketMessages, toTicketCartId } from '../../../schema/marketplace/marketplace.js';
import { verifyTicketCode } from '../../../schema/events/ticket-code.js';
import { ticketCartMessages } from './tickets-cart.js';
import { expireOrderCheckouts } from '../marketplace/order-mail.jobs.js';
import type { Db } from '../../db/db.js';
import { refundStateOf } from '../../payments/refunds-due.js';
import { DECLINED_CARD, payOnCheckout, startBillingHarness, type BillingHarness } from '../../../tests/support/billing.js';
import { testDatabases } from '../../../tests/support/databases.js';
import { toldIn } from '../../../tests/support/notifications.js';
import { jsonSender, openShop, type Send, type Shop } from '../../../tests/support/shops.js';
import { accessCookie, openSyncDatabase, seedUser, seedWorkspace, syncApi } from '../../../tests/support/sync-server.js';

const address = {
  name: 'Sipho Ndlovu',
  line1: '4 Long St',
  city: 'Cape Town',
  province: 'Western Cape',
  postal_code: '8001',
  phone: '082 555 0101',
};

/**
 * Issue 19: tickets are bought through the marketplace cart and its one card checkout, beside a
 * shop's goods; seats are held at checkout, the payment issues the signed tickets, a failure or a
 * lapse gives the seats back, and a full refund revokes them.
 */
for (const target of testDatabases()) {
  describe(`tickets in the marketplace cart on ${target.name}`, () => {
    let db: Db;
    let h: BillingHarness;
    let organiser: { user: number; ws: number; cookie: string };
    let shop: Shop;
    let send: Send;
    const scarf = randomUUID();

    async function event(
      types: Record<string, unknown>[],
      extra: Record<string, unknown> = {},
    ): Promise<{ id: string; slug: string; publicKey: string; cartIds: string[]; typeIds: string[] }> {
      const made = await send(organiser.cookie, 'POST', `/api/workspaces/${organiser.ws}/events`, {
        title: `Jazz ${randomUUID().slice(0, 6)}`,
        start_date: '2030-08-01T19:30',
        status: 'published',
        ...extra,
      });
      expect(made.status, JSON.stringify(made.body)).toBe(200);
      const id = String(made.body.id);
      for (const t of types) {
        const added = await send(organiser.cookie, 'POST', `/api/workspaces/${organiser.ws}/events/${id}/ticket-types`, t);
        expect(added.status, JSON.stringify(added.body)).toBe(200);
      }
      const slug = String(made.body.slug);
      const page = publicEventDetail.parse((await send(null, 'GET', `/api/public/events/${slug}`)).body);
      const [key] = await db.query<{ public_key: string }>('SELECT public_key FROM events WHERE id = $1', [id]);
      return {
        id,
        slug,
        publicKey: key.public_key,
        cartIds: page.ticket_types.map((t) => t.cart_id),
        typeIds: page.ticket_types.map((t) => t.id),
      };
    }

    async function buyer() {
      const id = await seedUser(db);
      return { id, cookie: await accessCookie(h.server.deps, id) };
    }
    const add = (cookie: string, productId: string, quantity = 1) =>
      send(cookie, 'POST', '/api/cart/items', { product_id: productId, quantity });
    const sold = async (typeId: string) =>
      Number((await db.query<{ sold: number }>('SELECT sold FROM ticket_types WHERE id = $1', [typeId]))[0].sold);
    const ticketsOf = (eventId: string) =>
      db.query<{ id: string; code: string; status: string; email: string; name: string }>(
        `SELECT id, code, status, email, name FROM attendees WHERE event_id = $1 ORDER BY created_at, id`,
        [eventId],
      );

    beforeAll(async () => {
      db = await openSyncDatabase(target);
      h = await startBillingHarness(db);
      send = jsonSender(h.server);
      const user = await seedUser(db, { plan: 'pro' });
      const ws = await seedWorkspace(db, user);
      await db.query(`UPDATE workspaces SET name = 'Kirstenbosch Live', slug = $2 WHERE id = $1`, [ws, `kirstenbosch-${ws}`]);
      await db.query(`INSERT INTO workspace_settings (workspace_id, currency, country) VALUES ($1, 'ZAR', 'ZA')`, [ws]);
      organiser = { user, ws, cookie: await accessCookie(h.server.deps, user) };
      // A shop with shipping, so a cart of its goods and an organiser's tickets shows shipping on the goods only.
      shop = await openShop(db, h.server, 'Durban Knits', {
        shipping_enabled: true,
        shipping_rates: [{ name: 'Courier', price_cents: 9_900 }],
      });
      const pushed = await syncApi(h.server.url, shop.cookie).push('products', shop.ws, [
        {
          newDocumentState: {
            id: scarf,
            workspace_id: shop.ws,
            updated_at: new Date().toISOString(),
            product_type: 'physical',
            status: 'active',
            name: 'Wool scarf',
            price_cents: 35_000,
            is_public: true,
            published_in_marketplace: true,
            track_inventory: false,
          },
        },
      ]);
      expect(pushed.body).toEqual({ conflicts: [], rejected: [] });
    });
    afterAll(async () => {
      await h?.close();
      await db?.close();
    });

    it('tickets and goods of two sellers in one cart: one payment, one order each, the tickets issued, signed and mailed once', async () => {
      const gig = await event([
        { name: 'VIP', price_cents: 45_000, quantity: 50 },
        { name: 'General', price_cents: 15_000, quantity: 100 },
      ]);
      const me = await buyer();
      expect((await add(me.cookie, gig.cartIds[0], 2)).status).toBe(200);
      const cart = cartDto.parse((await add(me.cookie, `${shop.ws}-${scarf}`, 1)).body);
      expect(cart.find((l) => l.product.id === gig.cartIds[0])).toMatchObject({
        quantity: 2,
        problem: null,
        product: { price_cents: 45_000, seller: { name: 'Kirstenbosch Live' }, href: `/marketplace/events/${gig.slug}` },
      });
      expect(cart.find((l) => l.product.id === gig.cartIds[0])?.product.name).toMatch(/^Jazz .+ — VIP$/);

      // Tickets are not posted: the organiser's part has no shipping, the shop's has its courier.
      const quote = checkoutQuote.parse((await send(me.cookie, 'POST', '/api/checkout/quote', { shipping: [] })).body);
      expect(quote.sellers.find((s) => s.seller.name === 'Kirstenbosch Live')).toMatchObject({
        subtotal_cents: 90_000,
        shipping_options: [],
        shipping_cents: 0,
        total_cents: 90_000,
      });
      expect(quote.sellers.find((s) => s.seller.name === 'Durban Knits')).toMatchObject({ shipping_cents: 9_900, total_cents: 44_900 });
      expect(quote.total_cents).toBe(134_900);

      const pay = checkoutResult.parse((await send(me.cookie, 'POST', '/api/checkout', { address })).body);
      if (pay.outcome !== 'pay') throw new Error('expected a payment');
      expect(pay.total_cents).toBe(134_900);
      // The two seats are held from the checkout on; nothing is issued before the payment.
      expect(await sold(gig.typeIds[0])).toBe(2);
      expect(await ticketsOf(gig.id)).toHaveLength(0);

      await payOnCheckout(pay.authorization_url);
      await h.sandbox.idle();
      const tickets = await ticketsOf(gig.id);
      expect(tickets).toHaveLength(2);
      const [{ email }] = await db.query<{ email: string }>('SELECT email FROM users WHERE id = $1', [me.id]);
      for (const t of tickets) {
        expect(t).toMatchObject({ status: 'registered', email, name: address.name });
        expect(await verifyTicketCode(t.code, gig.publicKey, gig.id)).toMatchObject({ ok: true });
      }
      const [reg] = await db.query<{ payment_status: string; registration_status: string; amount_paid_cents: string; order_id: string }>(
        'SELECT payment_status, registration_status, amount_paid_cents, order_id FROM registrations WHERE event_id = $1',
        [gig.id],
      );
      expect(reg).toMatchObject({ payment_status: 'paid', registration_status: 'confirmed' });
      expect(Number(reg.amount_paid_cents)).toBe(90_000);
      const mails = await db.query<{ kind: string }>(
        `SELECT split_part(m.template, '.', 2) AS kind FROM mail_outbox_items m
           JOIN registrations r ON r.workspace_id = m.workspace_id AND r.id::text = m.subject_id
          WHERE m.template LIKE 'events.%' AND r.event_id = $1`,
        [gig.id],
      );
      expect(mails).toEqual([{ kind: 'tickets' }]);
      // The organiser hears that tickets were sold, once.
      const [{ title }] = await db.query<{ title: string }>('SELECT title FROM events WHERE id = $1', [gig.id]);
      const told = [
        {
          user_id: organiser.user,
          kind: 'tickets_sold',
          title: `2 tickets for ${title}`,
          body: `${address.name} has tickets.`,
          link: `/workspace/${organiser.ws}/events/${gig.id}/registrations`,
        },
      ];
      expect(await toldIn(db, organiser.ws, 'tickets_sold')).toEqual(told);

      // My Orders shows the organiser's order with its two tickets; the cart is empty.
      const mine = orderList.parse((await send(me.cookie, 'GET', '/api/orders')).body);
      const ticketsOrder = mine.orders.find((o) => o.seller.name === 'Kirstenbosch Live');
      expect(ticketsOrder).toMatchObject({ id: reg.order_id, payment_status: 'paid', status: 'delivered', shipping_address: null });
      expect(ticketsOrder?.tickets).toHaveLength(2);
      expect(ticketsOrder?.tickets?.[0].label).toMatch(/ — VIP$/);
      expect(mine.orders.find((o) => o.seller.name === 'Durban Knits')?.tickets).toEqual([]);
      expect(cartDto.parse((await send(me.cookie, 'GET', '/api/cart')).body)).toEqual([]);

      // The webhook told twice issues nothing more.
      await payOnCheckout(pay.authorization_url).catch(() => undefined);
      await h.sandbox.idle();
      expect(await ticketsOf(gig.id)).toHaveLength(2);
      expect(await sold(gig.typeIds[0])).toBe(2);
      expect(await toldIn(db, organiser.ws, 'tickets_sold')).toEqual(told);

      // The organiser refunds the order in full: the tickets join the revocation list, the seats go back on sale.
      const refunded = await send(organiser.cookie, 'POST', `/api/workspaces/${organiser.ws}/orders/${reg.order_id}/refunds`, {});
      expect(refunded.status, JSON.stringify(refunded.body)).toBe(200);
      expect((await ticketsOf(gig.id)).map((t) => t.status)).toEqual(['refunded', 'refunded']);
      expect(await sold(gig.typeIds[0])).toBe(0);
      const kit = await send(organiser.cookie, 'GET', `/api/workspaces/${organiser.ws}/events/${gig.id}/door-kit`);
      expect(kit.status).toBe(200);
      expect([...(kit.body.revoked as string[])].sort()).toEqual(tickets.map((t) => t.id).sort());
    });

    it('tickets bought through the cart fix the organiser’s VAT on their registration, as the order does; none while not registered', async () => {
      const registration = async (eventId: string) =>
        (
          await db.query<{
            amount_cents: string;
            amount_paid_cents: string;
            tax_rate_bp: number;
            tax_cents: string;
            tax_included: boolean;
          }>('SELECT amount_cents, amount_paid_cents, tax_rate_bp, tax_cents, tax_included FROM registrations WHERE event_id = $1', [
            eventId,
          ])
        ).map((r) => ({
          ...r,
          amount_cents: Number(r.amount_cents),
          amount_paid_cents: Number(r.amount_paid_cents),
          tax_cents: Number(r.tax_cents),
        }));
      const buy = async (eventId: string, cartId: string) => {
        const me = await buyer();
        await add(me.cookie, cartId, 2);
        const pay = checkoutResult.parse((await send(me.cookie, 'POST', '/api/checkout', { address })).body);
        if (pay.outcome !== 'pay') throw new Error('expected a payment');
        await payOnCheckout(pay.authorization_url);
        await h.sandbox.idle();
        return registration(eventId);
      };
      const plain = await event([{ name: 'General', price_cents: 15_000, quantity: 10 }]);
      expect(await buy(plain.id, plain.cartIds[0])).toEqual([
        // This workspace's settings row says its prices are without VAT; not registered, there is none to add.
        { amount_cents: 30_000, amount_paid_cents: 30_000, tax_rate_bp: 0, tax_cents: 0, tax_included: false },
      ]);
      await db.query(
        `UPDATE workspace_settings SET vat_registered = true, vat_number = '4123456789', vat_rate_bp = 1500, prices_include_vat = true WHERE workspace_id = $1`,
        [organiser.ws],
      );
      try {
        const taxed = await event([{ name: 'General', price_cents: 15_000, quantity: 10 }]);
        // R 300 with 15 % inside: R 39.13.
        expect(await buy(taxed.id, taxed.cartIds[0])).toEqual([
          { amount_cents: 30_000, amount_paid_cents: 30_000, tax_rate_bp: 1500, tax_cents: 3913, tax_included: true },
        ]);
      } finally {
        await db.query(`UPDATE workspace_settings SET vat_registered = NULL, vat_number = NULL WHERE workspace_id = $1`, [organiser.ws]);
      }
    });

    it('a declined card gives the seats back at once; nothing is issued', async () => {
      const gig = await event([{ name: 'Standing', price_cents: 20_000, quantity: 3 }]);
      const me = await buyer();
      await add(me.cookie, gig.cartIds[0], 3);
      const pay = checkoutResult.parse((await send(me.cookie, 'POST', '/api/checkout', { address })).body);
      if (pay.outcome !== 'pay') throw new Error('expected a payment');
      // All three are held: another buyer cannot check out one meanwhile.
      const other = await buyer();
      const refused = await add(other.cookie, gig.cartIds[0], 1);
      expect(refused).toMatchObject({ status: 409, body: { message: marketMessages.outOfStock } });
      await payOnCheckout(pay.authorization_url, { number: DECLINED_CARD });
      await h.sandbox.idle();
      expect((await send(me.cookie, 'GET', `/api/checkout/${pay.reference}`)).body.status).toBe('failed');
      expect(await sold(gig.typeIds[0])).toBe(0);
      expect(await ticketsOf(gig.id)).toHaveLength(0);
      expect((await add(other.cookie, gig.cartIds[0], 1)).status).toBe(200);
    });

    it('400 seats and 20 buyers racing for the last ones through the cart: exactly 400 sold, the others refused', async () => {
      const gig = await event([{ name: 'General', price_cents: 10_000, quantity: 400 }]);
      await db.query('UPDATE ticket_types SET sold = 395 WHERE id = $1', [gig.typeIds[0]]);
      const buyers = await Promise.all(Array.from({ length: 20 }, () => buyer()));
      for (const b of buyers) expect((await add(b.cookie, gig.cartIds[0], 1)).status).toBe(200);
      const answers = await Promise.all(buyers.map((b) => send(b.cookie, 'POST', '/api/checkout', { address })));
      expect(answers.filter((a) => a.status === 200)).toHaveLength(5);
      expect(answers.filter((a) => a.status === 409 && a.body.message === orderMessages.cartProblems)).toHaveLength(15);
      expect(await sold(gig.typeIds[0])).toBe(400);
      const paid = checkoutResult.parse(answers.find((a) => a.status === 200)?.body);
      if (paid.outcome !== 'pay') throw new Error('expected a payment');
      await payOnCheckout(paid.authorization_url);
      await h.sandbox.idle();
      expect(await ticketsOf(gig.id)).toHaveLength(1);
      expect(await sold(gig.typeIds[0])).toBe(400);
    });

    it('a hold that lapses frees its seats; a late payment takes them again while they are there, else it goes back in full', async () => {
      const gig = await event([{ name: 'Last row', price_cents: 12_000, quantity: 1 }]);
      const late = await buyer();
      await add(late.cookie, gig.cartIds[0], 1);
      const first = checkoutResult.parse((await send(late.cookie, 'POST', '/api/checkout', { address })).body);
      if (first.outcome !== 'pay') throw new Error('expected a payment');
      h.server.advance(31 * 60_000);
      expect(await expireOrderCheckouts(h.server.deps)).toBeGreaterThanOrEqual(1);
      expect(await sold(gig.typeIds[0])).toBe(0);

      // Someone else takes the seat meanwhile and pays.
      const quick = await buyer();
      await add(quick.cookie, gig.cartIds[0], 1);
      const second = checkoutResult.parse((await send(quick.cookie, 'POST', '/api/checkout', { address })).body);
      if (second.outcome !== 'pay') throw new Error('expected a payment');
      await payOnCheckout(second.authorization_url);
      await h.sandbox.idle();
      expect(await ticketsOf(gig.id)).toHaveLength(1);

      // The late payment finds the seat gone: no ticket, no oversell, the money is due back in full.
      await payOnCheckout(first.authorization_url);
      await h.sandbox.idle();
      expect(await ticketsOf(gig.id)).toHaveLength(1);
      expect(await sold(gig.typeIds[0])).toBe(1);
      expect(await refundStateOf(db, first.reference)).not.toBeNull();

      // A lapsed hold whose seat is still there: the late payment takes it again and issues the ticket.
      const roomy = await event([{ name: 'Lawn', price_cents: 8_000, quantity: 5 }]);
      const slow = await buyer();
      await add(slow.cookie, roomy.cartIds[0], 2);
      const slowPay = checkoutResult.parse((await send(slow.cookie, 'POST', '/api/checkout', { address })).body);
      if (slowPay.outcome !== 'pay') throw new Error('expected a payment');
      h.server.advance(31 * 60_000);
      organiser.cookie = await accessCookie(h.server.deps, organiser.user);
      // Any checkout of the event sweeps the lapsed hold first: the slow buyer's two seats are free, one is held anew.
      const peek = await buyer();
      await add(peek.cookie, roomy.cartIds[0], 1);
      expect(checkoutResult.parse((await send(peek.cookie, 'POST', '/api/checkout', { address })).body).outcome).toBe('pay');
      expect(await sold(roomy.typeIds[0])).toBe(1);
      await payOnCheckout(slowPay.authorization_url);
      await h.sandbox.idle();
      expect(await ticketsOf(roomy.id)).toHaveLength(2);
      expect(await sold(roomy.typeIds[0])).toBe(3);
      expect(await refundStateOf(db, slowPay.reference)).toBeNull();
    });

    it('refused in the cart with the reason, nothing stored: free tickets, an event that approves registrations, a sale not open, an unpublished event, too many', async () => {
      const free = await event([{ name: 'Free', price_cents: 0, quantity: 10 }]);
      const approved = await event([{ name: 'Paid', price_cents: 5_000, quantity: 10 }], { requires_approval: true });
      const early = await event([{ name: 'Later', price_cents: 5_000, quantity: 10, sale_starts: '2099-01-01T00:00' }]);
      const few = await event([{ name: 'Few', price_cents: 5_000, quantity: 2 }]);
      const hidden = await event([{ name: 'Hidden', price_cents: 5_000, quantity: 10 }]);
      await db.query(`UPDATE events SET status = 'draft' WHERE id = $1`, [hidden.id]);
      const me = await buyer();
      expect(await add(me.cookie, free.cartIds[0])).toMatchObject({ status: 404, body: { message: ticketCartMessages.free } });
      expect(await add(me.cookie, approved.cartIds[0])).toMatchObject({ status: 404, body: { message: ticketCartMessages.approval } });
      expect(await add(me.cookie, early.cartIds[0])).toMatchObject({ status: 404, body: { message: eventMessages.saleNotStarted } });
      expect(await add(me.cookie, few.cartIds[0], 3)).toMatchObject({ status: 409 });
      expect(await add(me.cookie, `${organiser.ws}-t.${randomUUID()}`)).toMatchObject({
        status: 404,
        body: { message: marketMessages.notForSale },
      });
      expect(await add(me.cookie, `${organiser.ws}-t.not-a-uuid`)).toMatchObject({ status: 400 });
      expect(await add(me.cookie, hidden.cartIds[0])).toMatchObject({ status: 404, body: { message: eventMessages.notOnSale } });
      expect(cartDto.parse((await send(me.cookie, 'GET', '/api/cart')).body)).toEqual([]);
      // A guest's cart on the device is checked the same way.
      const preview = guestPreviewDto.parse(
        (
          await send(null, 'POST', '/api/cart/preview', {
            items: [
              { product_id: approved.cartIds[0], quantity: 1 },
              { product_id: few.cartIds[0], quantity: 1 },
            ],
          })
        ).body,
      );
      expect(preview[0]).toMatchObject({ line: null, message: ticketCartMessages.approval });
      expect(preview[1]).toMatchObject({ message: null, line: { product: { id: toTicketCartId(organiser.ws, few.typeIds[0]) } } });
    });
  });
}
