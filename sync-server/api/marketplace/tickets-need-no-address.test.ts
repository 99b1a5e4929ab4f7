import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { publicEventDetail } from '../../../schema/events/events.js';
import { checkoutQuote, checkoutResult, orderList, orderMessages } from '../../../schema/marketplace/marketplace-orders.js';
import { cartDto } from '../../../schema/marketplace/marketplace.js';
import type { Db } from '../../db/db.js';
import { orderMails } from './order-mail.jobs.js';
import { ORDER_CONFIRMATION_MAIL } from './order-mail.repo.js';
import { payOnCheckout, startBillingHarness, type BillingHarness } from '../../../tests/support/billing.js';
import { accessCookie, forEachDatabase, openSyncDatabase, seedUser, seedWorkspace, syncApi } from '../../../tests/support/db-kit.js';
import { deliveryAddress, jsonSender, openShop, type Send, type Shop } from '../../../tests/support/shops.js';

/**
 * Tickets are not parcels: a cart of only tickets (or goods that are not posted) is checked out
 * without a delivery address and its order is delivered once paid, with no shipping step for the
 * seller; a parcel still needs the address, on the server as in the form.
 */
forEachDatabase('a checkout with nothing to post', (target) => {
  let db: Db;
  let h: BillingHarness;
  let organiser: { ws: number; cookie: string };
  let shop: Shop;
  let send: Send;
  const scarf = randomUUID();
  const ebook = randomUUID();

  async function ticketCartId(): Promise<string> {
    const made = await send(organiser.cookie, 'POST', `/api/workspaces/${organiser.ws}/events`, {
      title: `Poetry night ${randomUUID().slice(0, 6)}`,
      start_date: '2030-09-12T19:00',
      status: 'published',
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const added = await send(organiser.cookie, 'POST', `/api/workspaces/${organiser.ws}/events/${String(made.body.id)}/ticket-types`, {
      name: 'Entry',
      price_cents: 12_000,
      quantity: 40,
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const page = publicEventDetail.parse((await send(null, 'GET', `/api/public/events/${String(made.body.slug)}`)).body);
    return page.ticket_types[0].cart_id;
  }

  async function buyer(fullName: string) {
    const id = await seedUser(db);
    await db.query('UPDATE users SET full_name = $2 WHERE id = $1', [id, fullName]);
    return { id, cookie: await accessCookie(h.server.deps, id) };
  }
  const add = (cookie: string, productId: string, quantity = 1) =>
    send(cookie, 'POST', '/api/cart/items', { product_id: productId, quantity });
  const quoteOf = async (cookie: string) => checkoutQuote.parse((await send(cookie, 'POST', '/api/checkout/quote', { shipping: [] })).body);
  const counts = async () =>
    (
      await db.query<{ checkouts: number; orders: number }>(
        'SELECT (SELECT count(*)::int FROM marketplace_checkouts) AS checkouts, (SELECT count(*)::int FROM marketplace_orders) AS orders',
      )
    )[0];

  beforeAll(async () => {
    db = await openSyncDatabase(target);
    h = await startBillingHarness(db);
    send = jsonSender(h.server);
    const user = await seedUser(db, { plan: 'pro' });
    const ws = await seedWorkspace(db, user);
    await db.query(`UPDATE workspaces SET name = 'Market Theatre', slug = $2 WHERE id = $1`, [ws, `market-theatre-${ws}`]);
    await db.query(`INSERT INTO workspace_settings (workspace_id, currency, country) VALUES ($1, 'ZAR', 'ZA')`, [ws]);
    organiser = { ws, cookie: await accessCookie(h.server.deps, user) };
    shop = await openShop(db, h.server, 'Karoo Wool', {
      shipping_enabled: true,
      shipping_rates: [{ name: 'Courier', price_cents: 8_000 }],
    });
    const stamp = new Date().toISOString();
    const product = (id: string, name: string, price: number, type: string) => ({
      newDocumentState: {
        id,
        workspace_id: shop.ws,
        updated_at: stamp,
        product_type: type,
        status: 'active',
        name,
        price_cents: price,
        is_public: true,
        published_in_marketplace: true,
        track_inventory: false,
      },
    });
    const pushed = await syncApi(h.server.url, shop.cookie).push('products', shop.ws, [
      product(scarf, 'Mohair scarf', 30_000, 'physical'),
      product(ebook, 'Knitting patterns (PDF)', 9_000, 'digital'),
    ]);
    expect(pushed.body).toEqual({ conflicts: [], rejected: [] });
  });
  afterAll(async () => {
    await h?.close();
    await db?.close();
  });

  it('a cart of only tickets asks no address, checks out without one and is delivered as soon as it is paid', async () => {
    const me = await buyer('Lerato Mokoena');
    expect((await add(me.cookie, await ticketCartId(), 2)).status).toBe(200);
    const quote = await quoteOf(me.cookie);
    expect(quote.needs_address).toBe(false);
    expect(quote.sellers).toMatchObject([{ ships: false, shipping_options: [], shipping_cents: 0, subtotal_cents: 24_000 }]);

    const pay = checkoutResult.parse((await send(me.cookie, 'POST', '/api/checkout', {})).body);
    if (pay.outcome !== 'pay') throw new Error('expected a payment');
    const [pending] = orderList.parse((await send(me.cookie, 'GET', '/api/orders')).body).orders;
    expect(pending).toMatchObject({
      status: 'pending',
      payment_status: 'pending',
      shipping_address: null,
      buyer: { name: 'Lerato Mokoena' },
    });

    await payOnCheckout(pay.authorization_url);
    await h.sandbox.idle();
    const [done] = orderList.parse((await send(me.cookie, 'GET', '/api/orders')).body).orders;
    expect(done).toMatchObject({ status: 'delivered', payment_status: 'paid', shipping_address: null });
    expect(done.items.map((i) => i.fulfillment_status)).toEqual(['fulfilled']);
    expect(done.tickets).toHaveLength(2);
    // The tickets are issued to the buyer's own name.
    const holders = await db.query<{ name: string }>(
      'SELECT a.name FROM attendees a JOIN registrations r ON r.workspace_id = a.workspace_id AND r.id = a.registration_id WHERE r.order_id = $1',
      [done.id],
    );
    expect(holders.map((t) => t.name)).toEqual(['Lerato Mokoena', 'Lerato Mokoena']);

    // The buyer's confirmation says nothing is posted rather than where it goes.
    const mail = await orderMails[ORDER_CONFIRMATION_MAIL](h.server.deps, {
      workspaceId: organiser.ws,
      template: `marketplace.${ORDER_CONFIRMATION_MAIL}`,
      subjectId: done.id,
    });
    if (!('text' in mail)) throw new Error('expected a confirmation mail');
    expect(mail.text).toContain('Nothing is posted: your order is complete.');
    expect(mail.text).not.toContain('Delivering to');
    expect(mail.text).not.toContain('Shipping');

    // The seller has nothing to ship: a delivered order moves nowhere.
    const moved = await send(organiser.cookie, 'PUT', `/api/workspaces/${organiser.ws}/orders/${done.id}/status`, {
      status: 'shipped',
      tracking_number: 'TRK1',
    });
    expect(moved.status).toBe(409);
  });

  it('goods that are not posted need no address either', async () => {
    const me = await buyer('Pieter van Wyk');
    expect((await add(me.cookie, `${shop.ws}-${ebook}`)).status).toBe(200);
    expect(await quoteOf(me.cookie)).toMatchObject({ needs_address: false, sellers: [{ ships: false, shipping_cents: 0 }] });
    const pay = checkoutResult.parse((await send(me.cookie, 'POST', '/api/checkout', {})).body);
    if (pay.outcome !== 'pay') throw new Error('expected a payment');
    await payOnCheckout(pay.authorization_url);
    await h.sandbox.idle();
    const [order] = orderList.parse((await send(me.cookie, 'GET', '/api/orders')).body).orders;
    expect(order).toMatchObject({ status: 'delivered', payment_status: 'paid', shipping_address: null });
  });

  it('a parcel without an address is refused with its message and nothing is made', async () => {
    const me = await buyer('Ayesha Khan');
    expect((await add(me.cookie, `${shop.ws}-${scarf}`)).status).toBe(200);
    expect((await quoteOf(me.cookie)).needs_address).toBe(true);
    const before = await counts();
    const refused = await send(me.cookie, 'POST', '/api/checkout', {});
    expect(refused).toMatchObject({
      status: 400,
      body: { message: orderMessages.addressRequired, errors: { address: [orderMessages.addressRequired] } },
    });
    expect(await counts()).toEqual(before);
    expect(cartDto.parse((await send(me.cookie, 'GET', '/api/cart')).body)).toHaveLength(1);
  });

  it('a mixed cart asks the address for the parcel: the tickets are delivered once paid, the parcel waits for its seller', async () => {
    const me = await buyer('Thabo Dlamini');
    expect((await add(me.cookie, await ticketCartId())).status).toBe(200);
    expect((await add(me.cookie, `${shop.ws}-${scarf}`)).status).toBe(200);
    const quote = await quoteOf(me.cookie);
    expect(quote.needs_address).toBe(true);
    expect(quote.sellers.find((s) => s.seller.name === 'Market Theatre')).toMatchObject({ ships: false, shipping_cents: 0 });
    expect(quote.sellers.find((s) => s.seller.name === 'Karoo Wool')).toMatchObject({ ships: true, shipping_cents: 8_000 });

    const before = await counts();
    expect(await send(me.cookie, 'POST', '/api/checkout', {})).toMatchObject({
      status: 400,
      body: { message: orderMessages.addressRequired },
    });
    expect(await counts()).toEqual(before);

    const pay = checkoutResult.parse((await send(me.cookie, 'POST', '/api/checkout', { address: deliveryAddress })).body);
    if (pay.outcome !== 'pay') throw new Error('expected a payment');
    await payOnCheckout(pay.authorization_url);
    await h.sandbox.idle();
    const orders = orderList.parse((await send(me.cookie, 'GET', '/api/orders')).body).orders;
    expect(orders.find((o) => o.seller.name === 'Market Theatre')).toMatchObject({
      status: 'delivered',
      payment_status: 'paid',
      shipping_address: null,
    });
    expect(orders.find((o) => o.seller.name === 'Karoo Wool')).toMatchObject({
      status: 'confirmed',
      payment_status: 'paid',
      shipping_address: { name: deliveryAddress.name, line1: deliveryAddress.line1 },
    });
  });
});
