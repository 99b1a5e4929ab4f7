import { notificationList } from '../../../schema/notifications/notifications.js';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkoutQuote,
  checkoutResult,
  checkoutState as checkoutStateDto,
  orderDto,
  orderList,
  orderMessages,
} from '../../../schema/marketplace/marketplace-orders.js';
import { cartDto } from '../../../schema/marketplace/marketplace.js';
import type { Db } from '../../db/db.js';
import { payRefundsDue } from '../../payments/refunds-due.js';
import { REFUND_FAILS_CARD } from '../../payments/sandbox/checkout-page.js';
import { REFUND_TURNED_BACK } from '../billing/refund-outcome.js';
import { expireOrderCheckouts } from './order-mail.jobs.js';
import { startJobs } from '../../jobs/jobs.js';
import { enqueueMails, MAIL_JOB } from '../../mail/outbox.js';
import { DECLINED_CARD, payOnCheckout, startBillingHarness, type BillingHarness } from '../../../tests/support/billing.js';
import { testDatabases } from '../../../tests/support/databases.js';
import { sendQueuedMails } from '../../../tests/support/outbox.js';
import * as shops from '../../../tests/support/shops.js';
import { jsonSender, type Send, type Shop } from '../../../tests/support/shops.js';
import { accessCookie, openSyncDatabase, seedUser, syncApi } from '../../../tests/support/sync-server.js';

const stamp = () => new Date().toISOString();

const address = shops.deliveryAddress;

for (const target of testDatabases()) {
  describe(`marketplace checkout and orders on ${target.name}`, () => {
    let db: Db;
    let h: BillingHarness;
    let jobs: Awaited<ReturnType<typeof startJobs>>;
    let send: Send;
    let sweets: Shop;
    let knits: Shop;
    const ids = { chocolate: randomUUID(), fudge: randomUUID(), scarf: randomUUID(), last: randomUUID(), hat: randomUUID() };
    const pub = (ws: number, id: string) => `${ws}-${id}`;

    const openShop = (name: string, settings: Record<string, unknown>) => shops.openShop(db, h.server, name, settings);

    async function product(shop: Shop, id: string, name: string, price: number, stock: number | null) {
      const api = syncApi(h.server.url, shop.cookie);
      const res = await api.push('products', shop.ws, [
        {
          newDocumentState: {
            id,
            workspace_id: shop.ws,
            updated_at: stamp(),
            product_type: 'physical',
            status: 'active',
            name,
            price_cents: price,
            is_public: true,
            published_in_marketplace: true,
            track_inventory: stock !== null,
          },
        },
      ]);
      expect(res.body).toEqual({ conflicts: [], rejected: [] });
      if (stock) await restock(shop, id, stock);
    }

    async function restock(shop: Shop, productId: string, quantity: number) {
      const res = await syncApi(h.server.url, shop.cookie).push('stock_movements', shop.ws, [
        {
          newDocumentState: {
            id: randomUUID(),
            workspace_id: shop.ws,
            updated_at: stamp(),
            product_id: productId,
            quantity,
            reason: 'purchase',
          },
        },
      ]);
      expect(res.body).toEqual({ conflicts: [], rejected: [] });
    }

    const onHand = async (ws: number, id: string) =>
      Number((await db.query<{ n: number }>('SELECT stock_on_hand AS n FROM products WHERE workspace_id = $1 AND id = $2', [ws, id]))[0].n);
    const movements = async (ws: number, id: string) =>
      db.query<{ quantity: number; reason: string; reference: string }>(
        'SELECT quantity, reason, reference FROM stock_movements WHERE workspace_id = $1 AND product_id = $2 ORDER BY server_seq',
        [ws, id],
      );

    async function buyer(): Promise<{ id: number; cookie: string }> {
      const id = await seedUser(db);
      return { id, cookie: await accessCookie(h.server.deps, id) };
    }

    async function add(cookie: string, productId: string, quantity = 1) {
      const res = await send(cookie, 'POST', '/api/cart/items', { product_id: productId, quantity });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }

    beforeAll(async () => {
      db = await openSyncDatabase(target);
      h = await startBillingHarness(db);
      send = jsonSender(h.server);
      jobs = await startJobs(h.server.deps, { work: false });
      sweets = await openShop('Soweto Sweets', {
        shipping_enabled: true,
        shipping_rates: [
          { name: 'Courier', price_cents: 9_900 },
          { name: 'Collect', price_cents: 0 },
        ],
      });
      // VAT registered, adding 15 % VAT on top of its prices (schema/kit/vat.ts); Knits is not registered.
      await shops.registerForVat(db, sweets.ws, false);
      knits = await openShop('Durban Knits', {});
      await product(sweets, ids.chocolate, 'Dark chocolate slab', 4_500, 10);
      await product(sweets, ids.fudge, 'Fudge box', 12_000, null);
      await product(knits, ids.scarf, 'Wool scarf', 35_000, 3);
      await product(knits, ids.last, 'Beaded necklace (one of a kind)', 80_000, 1);
      await product(knits, ids.hat, 'Knitted hat', 20_000, 2);
    });
    afterAll(async () => {
      await jobs?.stop();
      await h?.close();
      await db?.close();
    });

    const mailOut = () =>
      sendQueuedMails(db, {
        table: 'mail_outbox_items',
        enqueue: () => enqueueMails(h.server.deps, jobs.queue),
        drain: () => jobs.queue.drain(MAIL_JOB),
      });
    const mailsOf = async (userId: number, subject: string) => {
      const [{ email }] = await db.query<{ email: string }>('SELECT email FROM users WHERE id = $1', [userId]);
      return db.query<{ subject: string; body_text: string }>(
        'SELECT subject, body_text FROM mail_outbox WHERE recipient = $1 AND subject = $2',
        [email, subject],
      );
    };

    it('a seller sets up a payout account at the card partner (owner only)', async () => {
      const saved = await send(sweets.cookie, 'PUT', `/api/workspaces/${sweets.ws}/storefront/payout`, {
        business_name: 'Soweto Sweets',
        settlement_bank: '632005',
        account_number: '1234567890',
      });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      const code = String(saved.body.subaccount_code);
      expect(code).toMatch(/^ACCT_/);
      expect(h.sandbox.state.subaccounts.get(code)).toMatchObject({ business_name: 'Soweto Sweets', account_number: '1234567890' });
      const bad = await send(sweets.cookie, 'PUT', `/api/workspaces/${sweets.ws}/storefront/payout`, {
        business_name: 'X',
        settlement_bank: '632005',
        account_number: '12ab',
      });
      expect(bad).toMatchObject({ status: 400, body: { errors: { account_number: [orderMessages.payoutAccount] } } });
      const stranger = await buyer();
      expect((await send(stranger.cookie, 'GET', `/api/workspaces/${sweets.ws}/storefront/payout`)).status).toBe(403);
    });

    it('checkout of two sellers: quote, a changed price shown first, one split payment, one order per seller paid once by the webhook', async () => {
      const me = await buyer();
      await add(me.cookie, pub(sweets.ws, ids.chocolate), 2);
      await add(me.cookie, pub(sweets.ws, ids.fudge), 1);
      await add(me.cookie, pub(knits.ws, ids.scarf), 1);

      const quote = await send(me.cookie, 'POST', '/api/checkout/quote', { shipping: [{ seller: sweets.slug, rate: 'Collect' }] });
      expect(quote.status).toBe(200);
      const q = checkoutQuote.parse(quote.body);
      const s = q.sellers.find((x) => x.seller.slug === sweets.slug);
      expect(s).toMatchObject({
        subtotal_cents: 21_000,
        shipping_method: 'Collect',
        shipping_cents: 0,
        tax_cents: 3_150,
        total_cents: 24_150,
      });
      expect(q.sellers.find((x) => x.seller.slug === knits.slug)).toMatchObject({
        subtotal_cents: 35_000,
        shipping_cents: 0,
        tax_cents: 0,
      });
      expect(q.total_cents).toBe(59_150);

      // A bad address is refused field by field, nothing made.
      const bad = await send(me.cookie, 'POST', '/api/checkout', { address: { ...address, postal_code: '18', province: 'Narnia' } });
      expect(bad.status).toBe(400);
      expect(bad.body.errors).toMatchObject({
        'address.postal_code': [orderMessages.postalCode],
        'address.province': [orderMessages.provinceRequired],
      });
      const unknownRate = await send(me.cookie, 'POST', '/api/checkout', { address, shipping: [{ seller: sweets.slug, rate: 'Drone' }] });
      expect(unknownRate.status).toBe(400);

      // The seller changes the price after the buyer added it: the buyer gets the new cart, nothing is charged.
      const seller = syncApi(h.server.url, sweets.cookie);
      const stored = (await seller.pull('products', sweets.ws, 0, '', 1000)).body as { documents: Record<string, unknown>[] };
      const current = stored.documents.find((d) => d.id === ids.chocolate);
      const repriced = await seller.push('products', sweets.ws, [
        { newDocumentState: { ...current, price_cents: 5_000, updated_at: stamp() }, assumedMasterState: current },
      ]);
      expect(repriced.body).toEqual({ conflicts: [], rejected: [] });
      const changed = checkoutResult.parse((await send(me.cookie, 'POST', '/api/checkout', { address })).body);
      expect(changed.outcome).toBe('prices_changed');
      if (changed.outcome !== 'prices_changed') throw new Error('unreachable');
      const line = cartDto.parse(changed.cart).find((l) => l.product.id === pub(sweets.ws, ids.chocolate));
      expect(line).toMatchObject({ price_seen_cents: 5_000, product: { price_cents: 5_000 } });
      expect(
        Number((await db.query<{ n: string }>('SELECT count(*) AS n FROM marketplace_orders WHERE buyer_id = $1', [me.id]))[0].n),
      ).toBe(0);

      const started = await send(me.cookie, 'POST', '/api/checkout', { address, shipping: [{ seller: sweets.slug, rate: 'Courier' }] });
      expect(started.status, JSON.stringify(started.body)).toBe(200);
      const pay = checkoutResult.parse(started.body);
      if (pay.outcome !== 'pay') throw new Error('expected a payment');
      // Sweets: 2 × 50.00 + 120.00 + 99.00 courier = 319.00, VAT 15 % = 47.85 → 366.85. Knits: 350.00.
      expect(pay.orders).toEqual(
        expect.arrayContaining([
          { order_number: expect.stringMatching(/^ORD-\d{6}$/), seller: 'Soweto Sweets', total_cents: 36_685 },
          { order_number: expect.stringMatching(/^ORD-\d{6}$/), seller: 'Durban Knits', total_cents: 35_000 },
        ]),
      );
      // One series for the whole marketplace: two sellers with the same prefix never give the same number.
      const numberOf = (seller: string) => pay.orders.find((o) => o.seller === seller)!.order_number;
      expect(numberOf('Soweto Sweets')).not.toBe(numberOf('Durban Knits'));
      expect(pay.total_cents).toBe(71_685);
      const mine = orderList.parse((await send(me.cookie, 'GET', '/api/orders')).body).orders;
      expect(mine.map((o) => [o.status, o.payment_status])).toEqual([
        ['pending', 'pending'],
        ['pending', 'pending'],
      ]);
      // One transaction for the cart; the seller with a payout account gets their order's total.
      const tx = h.sandbox.state.transactions.get(pay.reference);
      expect(tx?.amount).toBe(71_685);
      expect(tx?.split?.subaccounts.map((x) => [x.subaccount.business_name, x.share])).toEqual([['Soweto Sweets', 36_685]]);

      const paid = await payOnCheckout(pay.authorization_url);
      expect(paid.location).toContain(`/checkout/complete?reference=${pay.reference}`);
      await h.sandbox.idle();
      const state = await send(me.cookie, 'GET', `/api/checkout/${pay.reference}`);
      expect(state.body.status).toBe('paid');
      const after = orderList.parse((await send(me.cookie, 'GET', '/api/orders')).body).orders;
      expect(after.map((o) => [o.status, o.payment_status])).toEqual([
        ['confirmed', 'paid'],
        ['confirmed', 'paid'],
      ]);
      // Stock left through the ledger, as a till sale's does; the bought lines left the cart.
      expect(await onHand(sweets.ws, ids.chocolate)).toBe(8);
      expect(await onHand(knits.ws, ids.scarf)).toBe(2);
      expect((await movements(knits.ws, ids.scarf)).at(-1)).toEqual({ quantity: -1, reason: 'sale', reference: numberOf('Durban Knits') });
      expect(cartDto.parse((await send(me.cookie, 'GET', '/api/cart')).body)).toEqual([]);

      // A replayed webhook changes nothing; a forged one is refused.
      const data = h.sandbox.state.transactionData(h.sandbox.state.transactions.get(pay.reference)!);
      expect(await h.postWebhook({ event: 'charge.success', data })).toMatchObject({ status: 200 });
      expect((await h.postWebhook({ event: 'charge.success', data }, 'sk_test_forged')).status).toBe(401);
      expect(await movements(knits.ws, ids.scarf)).toHaveLength(2);
      expect(await onHand(knits.ws, ids.scarf)).toBe(2);
      const payments = await db.query<{ n: string }>(`SELECT count(*) AS n FROM order_payments WHERE reference = $1`, [pay.reference]);
      expect(Number(payments[0].n)).toBe(2);

      // One confirmation e-mail per order, queued by the job queue, sent once however often it runs.
      await sendQueuedMails(db, {
        table: 'mail_outbox_items',
        enqueue: () => enqueueMails(h.server.deps, jobs.queue),
        drain: () => jobs.queue.drain(MAIL_JOB),
      });
      await sendQueuedMails(db, {
        table: 'mail_outbox_items',
        enqueue: () => enqueueMails(h.server.deps, jobs.queue),
        drain: () => jobs.queue.drain(MAIL_JOB),
      });
      const [{ email }] = await db.query<{ email: string }>('SELECT email FROM users WHERE id = $1', [me.id]);
      const mails = await db.query<{ subject: string; body_text: string }>(
        'SELECT subject, body_text FROM mail_outbox WHERE recipient = $1 ORDER BY subject',
        [email],
      );
      expect(mails.map((m) => m.subject).sort()).toEqual(
        // Fixed subjects with the system's order number: the seller's name stays in the body (issue 35).
        [`Your order ${numberOf('Durban Knits')}`, `Your order ${numberOf('Soweto Sweets')}`].sort(),
      );
      const sweetsMail = mails.find((m) => m.subject === `Your order ${numberOf('Soweto Sweets')}`)!;
      expect(sweetsMail.body_text).toContain('Total paid: R');
      expect(sweetsMail.body_text).toContain('Courier');
      expect(sweetsMail.body_text).toContain('VAT added: R');
      expect(sweetsMail.body_text).toContain(`Tax Invoice · VAT no. ${shops.TEST_VAT_NUMBER}`);
      const knitsMail = mails.find((m) => m.subject === `Your order ${numberOf('Durban Knits')}`)!;
      expect(knitsMail.body_text).toContain('No VAT: the seller is not VAT registered');
      expect(knitsMail.body_text).not.toContain('Tax Invoice');
    });

    it('a seller whose prices include VAT: the VAT is taken out of the price paid, not added on top', async () => {
      const honey = await openShop('Karoo Honey', {
        shipping_enabled: true,
        shipping_rates: [{ name: 'Courier', price_cents: 2_300 }],
      });
      await shops.registerForVat(db, honey.ws, true);
      const jar = randomUUID();
      await product(honey, jar, 'Fynbos honey jar', 11_500, 5);
      const me = await buyer();
      await add(me.cookie, pub(honey.ws, jar), 1);
      const q = checkoutQuote.parse((await send(me.cookie, 'POST', '/api/checkout/quote', { shipping: [] })).body);
      // 115.00 + 23.00 courier = 138.00, of which 15 % VAT is 18.00: the buyer pays the prices shown.
      expect(q.sellers[0]).toMatchObject({
        subtotal_cents: 11_500,
        shipping_cents: 2_300,
        tax_cents: 1_800,
        tax_included: true,
        total_cents: 13_800,
      });
      expect(q.total_cents).toBe(13_800);

      const started = await send(me.cookie, 'POST', '/api/checkout', { address });
      const pay = checkoutResult.parse(started.body);
      if (pay.outcome !== 'pay') throw new Error('expected a payment');
      expect(pay.total_cents).toBe(13_800);
      expect(h.sandbox.state.transactions.get(pay.reference)?.amount).toBe(13_800);
      const [order] = orderList.parse((await send(me.cookie, 'GET', '/api/orders')).body).orders;
      expect(order).toMatchObject({ tax_cents: 1_800, tax_included: true, total_cents: 13_800 });
      // A seller who adds VAT on top is shown as such on the order.
      const others = orderList.parse((await send(sweets.cookie, 'GET', `/api/workspaces/${sweets.ws}/orders`)).body).orders;
      expect(others.find((o) => o.tax_cents > 0)).toMatchObject({ tax_included: false });
    });

    it('a declined card cancels the orders and frees their stock at once', async () => {
      const me = await buyer();
      await add(me.cookie, pub(knits.ws, ids.hat), 2);
      const pay = checkoutResult.parse((await send(me.cookie, 'POST', '/api/checkout', { address })).body);
      if (pay.outcome !== 'pay') throw new Error('expected a payment');
      // Both hats are held: another buyer cannot take one meanwhile.
      const other = await buyer();
      await add(other.cookie, pub(knits.ws, ids.hat), 1);
      expect(await send(other.cookie, 'POST', '/api/checkout', { address })).toMatchObject({
        status: 409,
        body: { message: orderMessages.soldOut },
      });
      await payOnCheckout(pay.authorization_url, { number: DECLINED_CARD });
      const state = await send(me.cookie, 'GET', `/api/checkout/${pay.reference}`);
      expect(state.body.status).toBe('failed');
      expect(await onHand(knits.ws, ids.hat)).toBe(2);
      const retry = checkoutResult.parse((await send(other.cookie, 'POST', '/api/checkout', { address })).body);
      expect(retry.outcome).toBe('pay');
    });

    it('20 concurrent checkouts for the last unit: exactly one is started and paid, nothing oversold', async () => {
      const buyers = await Promise.all(Array.from({ length: 20 }, () => buyer()));
      for (const b of buyers) await add(b.cookie, pub(knits.ws, ids.last), 1);
      const answers = await Promise.all(buyers.map((b) => send(b.cookie, 'POST', '/api/checkout', { address })));
      const started = answers.filter((a) => a.status === 200);
      expect(started).toHaveLength(1);
      expect(answers.filter((a) => a.status === 409 && a.body.message === orderMessages.soldOut)).toHaveLength(19);
      const pay = checkoutResult.parse(started[0].body);
      if (pay.outcome !== 'pay') throw new Error('expected a payment');
      await payOnCheckout(pay.authorization_url);
      await h.sandbox.idle();
      const paid = await db.query<{ n: string }>(
        `SELECT count(*) AS n FROM marketplace_order_items i JOIN marketplace_orders o ON o.workspace_id = i.workspace_id AND o.id = i.order_id
          WHERE i.workspace_id = $1 AND i.product_id = $2 AND o.payment_status = 'paid'`,
        [knits.ws, ids.last],
      );
      expect(Number(paid[0].n)).toBe(1);
      expect(await onHand(knits.ws, ids.last)).toBe(0);
    });

    it('the seller works the order: status moves, tracking, refunds through the card partner, stock back on request', async () => {
      const me = await buyer();
      await add(me.cookie, pub(sweets.ws, ids.chocolate), 3);
      const pay = checkoutResult.parse((await send(me.cookie, 'POST', '/api/checkout', { address })).body);
      if (pay.outcome !== 'pay') throw new Error('expected a payment');
      await payOnCheckout(pay.authorization_url);
      await h.sandbox.idle();
      expect(await onHand(sweets.ws, ids.chocolate)).toBe(5);

      const list = orderList.parse((await send(sweets.cookie, 'GET', `/api/workspaces/${sweets.ws}/orders`)).body).orders;
      const order = list.find((o) => o.buyer.name === address.name && o.items[0]?.quantity === 3);
      expect(order).toBeDefined();
      const id = order!.id;
      const path = `/api/workspaces/${sweets.ws}/orders/${id}`;
      // Another seller cannot see or touch it.
      expect((await send(knits.cookie, 'GET', path)).status).toBe(403);
      expect(
        orderList.parse((await send(knits.cookie, 'GET', `/api/workspaces/${knits.ws}/orders`)).body).orders.map((o) => o.id),
      ).not.toContain(id);

      expect(await send(sweets.cookie, 'PUT', `${path}/status`, { status: 'delivered' })).toMatchObject({ status: 409 });
      const noTracking = await send(sweets.cookie, 'PUT', `${path}/status`, { status: 'shipped' });
      expect(noTracking).toMatchObject({ status: 400, body: { errors: { tracking_number: [orderMessages.trackingRequired] } } });
      expect((await send(sweets.cookie, 'PUT', `${path}/status`, { status: 'processing' })).body.status).toBe('processing');
      const shipped = orderDto.parse(
        (await send(sweets.cookie, 'PUT', `${path}/status`, { status: 'shipped', tracking_number: 'PX123456ZA' })).body,
      );
      expect(shipped).toMatchObject({ status: 'shipped', tracking_number: 'PX123456ZA' });
      expect(shipped.items.every((i) => i.fulfillment_status === 'fulfilled')).toBe(true);
      const bought = orderList.parse((await send(me.cookie, 'GET', '/api/orders')).body).orders[0];
      expect(bought).toMatchObject({ status: 'shipped', tracking_number: 'PX123456ZA', seller: { slug: sweets.slug } });

      // The seller heard of the order in the bell; the buyer hears it was sent, with the tracking number, once.
      const told = notificationList.parse((await send(sweets.cookie, 'GET', '/api/notifications')).body).notifications;
      expect(told.filter((n) => n.kind === 'order_placed' && n.link === `/workspace/${sweets.ws}/orders/${id}`)).toEqual([
        expect.objectContaining({ title: `New order ${order!.order_number}`, body: expect.stringContaining('paid R') }),
      ]);
      await mailOut();
      await mailOut();
      const sent = await mailsOf(me.id, `Your order ${order!.order_number} is on its way`);
      expect(sent).toHaveLength(1);
      expect(sent[0].body_text).toContain('Tracking number: PX123456ZA');
      expect(sent[0].body_text).toContain('has sent your order');

      // Part of the money back, then the rest with the stock.
      const part = orderDto.parse(
        (await send(sweets.cookie, 'POST', `${path}/refunds`, { amount_cents: 5_000, note: 'One slab melted' })).body,
      );
      expect(part).toMatchObject({ payment_status: 'partially_refunded', refunded_cents: 5_000, status: 'shipped' });
      const tooMuch = await send(sweets.cookie, 'POST', `${path}/refunds`, { amount_cents: part.total_cents });
      expect(tooMuch).toMatchObject({ status: 400, body: { message: orderMessages.refundTooMuch } });
      const rest = orderDto.parse((await send(sweets.cookie, 'POST', `${path}/refunds`, { restock: true })).body);
      expect(rest).toMatchObject({ payment_status: 'refunded', status: 'refunded', refunded_cents: part.total_cents });
      expect(rest.payments.map((p) => [p.kind, p.amount_cents])).toEqual([
        ['charge', part.total_cents],
        ['refund', 5_000],
        ['refund', part.total_cents - 5_000],
      ]);
      expect(h.sandbox.state.transactions.get(pay.reference)?.refunded).toBe(part.total_cents);
      expect(await onHand(sweets.ws, ids.chocolate)).toBe(8);
      expect((await movements(sweets.ws, ids.chocolate)).at(-1)).toMatchObject({ quantity: 3, reason: 'return' });
      const seen = orderList.parse((await send(me.cookie, 'GET', '/api/orders')).body).orders[0];
      expect(seen).toMatchObject({ status: 'refunded', payment_status: 'refunded' });
      expect((await send(sweets.cookie, 'POST', `${path}/refunds`, {})).status).toBe(409);
    });

    it('the buyer hears that the order was delivered, once', async () => {
      const me = await buyer();
      await add(me.cookie, pub(sweets.ws, ids.chocolate), 1);
      const pay = checkoutResult.parse((await send(me.cookie, 'POST', '/api/checkout', { address })).body);
      if (pay.outcome !== 'pay') throw new Error('expected a payment');
      await payOnCheckout(pay.authorization_url);
      await h.sandbox.idle();
      const order = orderList.parse((await send(me.cookie, 'GET', '/api/orders')).body).orders[0];
      const path = `/api/workspaces/${sweets.ws}/orders/${order.id}`;
      expect((await send(sweets.cookie, 'PUT', `${path}/status`, { status: 'shipped', tracking_number: 'PX777ZA' })).status).toBe(200);
      expect((await send(sweets.cookie, 'PUT', `${path}/status`, { status: 'delivered' })).status).toBe(200);
      await mailOut();
      await mailOut();
      expect(await mailsOf(me.id, `Your order ${order.order_number} is on its way`)).toHaveLength(1);
      const delivered = await mailsOf(me.id, `Your order ${order.order_number} was delivered`);
      expect(delivered).toHaveLength(1);
      expect(delivered[0].body_text).toContain(`your order ${order.order_number} was delivered`);
    });

    it('two refunds of one order at once: the card partner is asked for one, the other is refused', async () => {
      const me = await buyer();
      await add(me.cookie, pub(sweets.ws, ids.fudge), 1);
      const pay = checkoutResult.parse((await send(me.cookie, 'POST', '/api/checkout', { address })).body);
      if (pay.outcome !== 'pay') throw new Error('expected a payment');
      await payOnCheckout(pay.authorization_url);
      await h.sandbox.idle();
      const [{ id }] = await db.query<{ id: string }>('SELECT id FROM marketplace_orders WHERE payment_reference = $1', [pay.reference]);
      const path = `/api/workspaces/${sweets.ws}/orders/${id}/refunds`;
      const answers = await Promise.all([send(sweets.cookie, 'POST', path, {}), send(sweets.cookie, 'POST', path, {})]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
      const tx = h.sandbox.state.transactions.get(pay.reference);
      expect(tx?.refunded).toBe(tx?.amount);
      expect(h.sandbox.state.refunds.filter((r) => r.transaction.reference === pay.reference)).toHaveLength(1);
    });

    it("the bank's answer to a refund: processed, it is done; turned back, it no longer counts and is asked again where the server owes it", async () => {
      const paidWith = async (card?: string) => {
        const me = await buyer();
        await add(me.cookie, pub(sweets.ws, ids.fudge), 1);
        const pay = checkoutResult.parse((await send(me.cookie, 'POST', '/api/checkout', { address })).body);
        if (pay.outcome !== 'pay') throw new Error('expected a payment');
        await payOnCheckout(pay.authorization_url, { number: card });
        await h.sandbox.idle();
        const [{ id }] = await db.query<{ id: string }>('SELECT id FROM marketplace_orders WHERE payment_reference = $1', [pay.reference]);
        return { reference: pay.reference, path: `/api/workspaces/${sweets.ws}/orders/${id}` };
      };
      const order = async (path: string) => orderDto.parse((await send(sweets.cookie, 'GET', path)).body);

      // Processed: the refund waits for the bank, then is done.
      const good = await paidWith();
      const asked = orderDto.parse((await send(sweets.cookie, 'POST', `${good.path}/refunds`, {})).body);
      // Recorded as pending; the bank's answer may already be in by the time the seller's page reads it.
      expect(asked.payments.at(-1)).toMatchObject({ kind: 'refund', refund_status: expect.stringMatching(/^(pending|processed)$/) });
      await h.sandbox.idle();
      expect(await order(good.path)).toMatchObject({ status: 'refunded', payment_status: 'refunded' });
      expect((await order(good.path)).payments.at(-1)).toMatchObject({ refund_status: 'processed' });

      // Turned back: the money is still the seller's, the order paid again, the refund marked failed.
      const bad = await paidWith(REFUND_FAILS_CARD);
      // The bank's answer may already be in by the time the seller's page reads the order back.
      const part = await send(sweets.cookie, 'POST', `${bad.path}/refunds`, { amount_cents: 2_000 });
      expect(part.status).toBe(200);
      await h.sandbox.idle();
      const after = await order(bad.path);
      expect(after).toMatchObject({ payment_status: 'paid', refunded_cents: 0, status: 'confirmed' });
      expect(after.payments.at(-1)).toMatchObject({ kind: 'refund', amount_cents: 2_000, refund_status: 'failed' });
      expect(h.sandbox.state.transactions.get(bad.reference)?.refunded).toBe(0);
      // The same answer again changes nothing.
      const refundId = h.sandbox.state.refunds.filter((r) => r.transaction.reference === bad.reference).at(-1)?.id;
      const replay = await h.postWebhook({
        event: 'refund.failed',
        data: { status: 'failed', transaction_reference: bad.reference, amount: 2_000, currency: 'ZAR', id: refundId },
      });
      expect(replay.status).toBe(200);
      expect(await order(bad.path)).toMatchObject({ payment_status: 'paid', refunded_cents: 0 });

      // A refund the server owes on its own, turned back: due again for the hourly sweep.
      await db.query(`INSERT INTO card_refunds_due (reference, amount_cents, note) VALUES ($1, 1000, 'A lapsed checkout')`, [
        bad.reference,
      ]);
      expect(await payRefundsDue(h.server.deps)).toBe(1);
      await h.sandbox.idle();
      const [owed] = await db.query<{ refunded_at: Date | null; error: string | null }>(
        'SELECT refunded_at, error FROM card_refunds_due WHERE reference = $1',
        [bad.reference],
      );
      expect(owed).toEqual({ refunded_at: null, error: REFUND_TURNED_BACK });
      // The sweep's table is shared by every test here: this one's refund leaves it.
      await db.query('DELETE FROM card_refunds_due WHERE reference = $1', [bad.reference]);
    });

    it('a checkout never paid is closed by the hourly sweep after the hold: its orders cancelled, its stock free', async () => {
      const me = await buyer();
      await add(me.cookie, pub(knits.ws, ids.scarf), 2);
      const pay = checkoutResult.parse((await send(me.cookie, 'POST', '/api/checkout', { address })).body);
      if (pay.outcome !== 'pay') throw new Error('expected a payment');
      const other = await buyer();
      await add(other.cookie, pub(knits.ws, ids.scarf), 1);
      expect((await send(other.cookie, 'POST', '/api/checkout', { address })).status).toBe(409);
      expect(await expireOrderCheckouts(h.server.deps)).toBe(0);
      // Every checkout still unpaid (this one and the declined test's retry) closes once the hold has passed.
      const [{ n: unpaid }] = await db.query<{ n: string }>(`SELECT count(*) AS n FROM marketplace_checkouts WHERE status = 'pending'`);
      expect(Number(unpaid)).toBeGreaterThanOrEqual(1);
      h.server.advance(31 * 60_000);
      expect(await expireOrderCheckouts(h.server.deps)).toBe(Number(unpaid));
      expect(await expireOrderCheckouts(h.server.deps)).toBe(0);
      const [order] = await db.query<{ status: string; payment_status: string }>(
        'SELECT status, payment_status FROM marketplace_orders WHERE payment_reference = $1',
        [pay.reference],
      );
      expect(order).toEqual({ status: 'cancelled', payment_status: 'failed' });
      const listed = orderList.parse((await send(knits.cookie, 'GET', `/api/workspaces/${knits.ws}/orders`)).body).orders;
      expect(listed.map((o) => o.payment_status)).not.toContain('failed');
      expect(checkoutResult.parse((await send(other.cookie, 'POST', '/api/checkout', { address })).body).outcome).toBe('pay');
    });

    it('a payment after the hold: the order goes ahead while its stock is there, else the money goes back in full', async () => {
      knits.cookie = await accessCookie(h.server.deps, knits.user);
      const pot = randomUUID();
      const bowl = randomUUID();
      await product(knits, pot, 'Clay pot', 9_000, 1);
      await product(knits, bowl, 'Clay bowl', 6_000, 2);
      const start = async (productId: string) => {
        const who = await buyer();
        await add(who.cookie, pub(knits.ws, productId), 1);
        const pay = checkoutResult.parse((await send(who.cookie, 'POST', '/api/checkout', { address })).body);
        if (pay.outcome !== 'pay') throw new Error('expected a payment');
        return { who, pay };
      };
      const late = await start(pot);
      const kept = await start(bowl);
      h.server.advance(31 * 60_000);
      expect(await expireOrderCheckouts(h.server.deps)).toBeGreaterThanOrEqual(2);
      // Sessions renewed, as the buyers' and the seller's browsers would after half an hour.
      for (const who of [late.who, kept.who]) who.cookie = await accessCookie(h.server.deps, who.id);
      knits.cookie = await accessCookie(h.server.deps, knits.user);
      // Meanwhile someone else buys the last pot.
      const first = await start(pot);
      await payOnCheckout(first.pay.authorization_url);
      await h.sandbox.idle();
      expect(await onHand(knits.ws, pot)).toBe(0);

      // The bowl is still there: the late payment confirms its order and takes its stock.
      await payOnCheckout(kept.pay.authorization_url);
      await h.sandbox.idle();
      const bowlState = checkoutStateDto.parse((await send(kept.who.cookie, 'GET', `/api/checkout/${kept.pay.reference}`)).body);
      expect(bowlState).toMatchObject({ status: 'paid', refund: null });
      expect(bowlState.orders.map((o) => [o.status, o.payment_status])).toEqual([['confirmed', 'paid']]);
      expect(await onHand(knits.ws, bowl)).toBe(1);

      // The pot is gone: nothing is oversold, the orders stay cancelled, and the whole payment is refunded.
      await payOnCheckout(late.pay.authorization_url);
      await h.sandbox.idle();
      expect(await onHand(knits.ws, pot)).toBe(0);
      const potState = checkoutStateDto.parse((await send(late.who.cookie, 'GET', `/api/checkout/${late.pay.reference}`)).body);
      expect(potState).toMatchObject({ status: 'failed', refund: 'refunded' });
      expect(potState.orders.map((o) => [o.status, o.payment_status])).toEqual([['cancelled', 'failed']]);
      const charged = h.sandbox.state.transactions.get(late.pay.reference);
      expect(charged?.refunded).toBe(charged?.amount);
      // A replayed webhook or the sweep asks for no second refund.
      const data = h.sandbox.state.transactionData(charged!);
      expect((await h.postWebhook({ event: 'charge.success', data })).status).toBe(200);
      await expireOrderCheckouts(h.server.deps);
      expect(await payRefundsDue(h.server.deps)).toBe(0);
      expect(h.sandbox.state.refunds.filter((r) => r.transaction.reference === late.pay.reference)).toHaveLength(1);
    });

    it('a refund the card partner cannot take now stays due and is asked again by the sweep', async () => {
      knits.cookie = await accessCookie(h.server.deps, knits.user);
      const cup = randomUUID();
      await product(knits, cup, 'Clay cup', 4_000, 1);
      const who = await buyer();
      await add(who.cookie, pub(knits.ws, cup), 1);
      const pay = checkoutResult.parse((await send(who.cookie, 'POST', '/api/checkout', { address })).body);
      if (pay.outcome !== 'pay') throw new Error('expected a payment');
      h.server.advance(31 * 60_000);
      await expireOrderCheckouts(h.server.deps);
      who.cookie = await accessCookie(h.server.deps, who.id);
      knits.cookie = await accessCookie(h.server.deps, knits.user);
      // The seller sold the last cup at the till meanwhile.
      await restock(knits, cup, -1);
      // The card partner cannot be reached when the late payment arrives.
      const config = h.server.deps.config;
      const apiUrl = config.PAYSTACK_BASE_URL;
      config.PAYSTACK_BASE_URL = 'http://127.0.0.1:9';
      try {
        await payOnCheckout(pay.authorization_url);
        await h.sandbox.idle();
      } finally {
        config.PAYSTACK_BASE_URL = apiUrl;
      }
      const due = checkoutStateDto.parse((await send(who.cookie, 'GET', `/api/checkout/${pay.reference}`)).body);
      expect(due).toMatchObject({ status: 'failed', refund: 'due' });
      expect(h.sandbox.state.transactions.get(pay.reference)?.refunded ?? 0).toBe(0);
      // The sweep tries again; the partner takes it.
      expect(await payRefundsDue(h.server.deps)).toBe(1);
      const after = checkoutStateDto.parse((await send(who.cookie, 'GET', `/api/checkout/${pay.reference}`)).body);
      expect(after.refund).toBe('refunded');
    });
  });
}
