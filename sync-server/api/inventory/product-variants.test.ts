import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutResult, orderList } from '../../../schema/marketplace/marketplace-orders.js';
import { cartDto, directoryDto, marketHome, marketProductDetail, storefrontDto } from '../../../schema/marketplace/marketplace.js';
import { formatCents } from '../../../schema/kit/money.js';
import { variantMessages } from '../../../schema/inventory/product-variants.js';
import type { Db } from '../../db/db.js';
import { startJobs } from '../../jobs/jobs.js';
import { enqueueMails, MAIL_JOB } from '../../mail/outbox.js';
import { metaFor } from '../../seo/seo.js';
import { payOnCheckout, startBillingHarness, type BillingHarness } from '../../../tests/support/billing.js';
import { testDatabases } from '../../../tests/support/databases.js';
import { sendQueuedMails } from '../../../tests/support/outbox.js';
import * as shops from '../../../tests/support/shops.js';
import { jsonSender, type Send, type Shop } from '../../../tests/support/shops.js';
import { accessCookie, openSyncDatabase, seedUser, syncApi } from '../../../tests/support/sync-server.js';

const stamp = () => new Date().toISOString();

const address = shops.deliveryAddress;

for (const target of testDatabases()) {
  describe(`product variants on ${target.name}`, () => {
    let db: Db;
    let h: BillingHarness;
    let jobs: Awaited<ReturnType<typeof startJobs>>;
    let send: Send;
    let shop: Shop;
    let other: Shop;
    const shirt = { main: randomUUID(), redL: randomUUID(), blueM: randomUUID(), hiddenXl: randomUUID() };
    const cap = { main: randomUUID(), green: randomUUID() };
    const pub = (ws: number, id: string) => `${ws}-${id}`;

    const openShop = (name: string) => shops.openShop(db, h.server, name);

    const doc = (s: Shop, d: Record<string, unknown>) => ({
      newDocumentState: {
        workspace_id: s.ws,
        updated_at: stamp(),
        product_type: 'physical',
        status: 'active',
        category: 'Clothing',
        is_public: true,
        published_in_marketplace: true,
        ...d,
      },
    });
    const push = (s: Shop, docs: Record<string, unknown>[]) =>
      syncApi(h.server.url, s.cookie).push(
        'products',
        s.ws,
        docs.map((d) => doc(s, d)),
      );

    async function restock(s: Shop, productId: string, quantity: number) {
      const res = await syncApi(h.server.url, s.cookie).push('stock_movements', s.ws, [
        {
          newDocumentState: {
            id: randomUUID(),
            workspace_id: s.ws,
            updated_at: stamp(),
            product_id: productId,
            quantity,
            reason: 'purchase',
          },
        },
      ]);
      expect(res.body).toEqual({ conflicts: [], rejected: [] });
    }

    const stored = async (ws: number, ids: string[]) =>
      db.query<{ id: string }>('SELECT id FROM products WHERE workspace_id = $1 AND id = ANY($2::text[])', [ws, ids]);
    const onHand = async (ws: number, id: string) =>
      Number((await db.query<{ n: number }>('SELECT stock_on_hand AS n FROM products WHERE workspace_id = $1 AND id = $2', [ws, id]))[0].n);

    beforeAll(async () => {
      db = await openSyncDatabase(target);
      h = await startBillingHarness(db);
      send = jsonSender(h.server);
      jobs = await startJobs(h.server.deps, { work: false });
      shop = await openShop('Durban Threads');
      other = await openShop('Cape Caps');
      // A T-shirt in Red / M (the main product), Red / L and Blue / M, each with its own price and stock.
      const res = await push(shop, [
        { id: shirt.main, name: 'T-shirt', variant_name: 'Red / M', price_cents: 15_000, sku: 'TS-RM' },
        { id: shirt.redL, name: 'T-shirt', variant_of: shirt.main, variant_name: 'Red / L', price_cents: 17_000, sku: 'TS-RL' },
        { id: shirt.blueM, name: 'T-shirt', variant_of: shirt.main, variant_name: 'Blue / M', price_cents: 15_000, sku: 'TS-BM' },
        // Not on the storefront: never offered.
        {
          id: shirt.hiddenXl,
          name: 'T-shirt',
          variant_of: shirt.main,
          variant_name: 'Red / XL',
          price_cents: 9_000,
          is_public: false,
          published_in_marketplace: false,
        },
      ]);
      expect(res.body).toEqual({ conflicts: [], rejected: [] });
      await restock(shop, shirt.main, 4);
      await restock(shop, shirt.redL, 2);
      await restock(shop, shirt.blueM, 5);
      await restock(shop, shirt.hiddenXl, 9);
      // A cap whose every option is sold out.
      const caps = await push(other, [
        { id: cap.main, name: 'Sun cap', variant_name: 'Black', price_cents: 8_000 },
        { id: cap.green, name: 'Sun cap', variant_of: cap.main, variant_name: 'Green', price_cents: 8_000 },
      ]);
      expect(caps.body).toEqual({ conflicts: [], rejected: [] });
    });
    afterAll(async () => {
      await jobs?.stop();
      await h?.close();
      await db?.close();
    });

    it('a variant must name its option and a main product of the workspace that is no variant; refused pushes store nothing', async () => {
      const foreign = randomUUID();
      expect((await push(other, [{ id: foreign, name: 'Visor', price_cents: 5_000 }])).body).toEqual({ conflicts: [], rejected: [] });
      const bad = {
        noName: randomUUID(),
        blankName: randomUUID(),
        itself: randomUUID(),
        unknown: randomUUID(),
        otherShop: randomUUID(),
        ofVariant: randomUUID(),
        longName: randomUUID(),
      };
      const res = await push(shop, [
        { id: bad.noName, name: 'T-shirt', variant_of: shirt.main, price_cents: 1 },
        { id: bad.blankName, name: 'T-shirt', variant_of: shirt.main, variant_name: '   ', price_cents: 1 },
        { id: bad.itself, name: 'T-shirt', variant_of: bad.itself, variant_name: 'Me', price_cents: 1 },
        { id: bad.unknown, name: 'T-shirt', variant_of: randomUUID(), variant_name: 'Ghost', price_cents: 1 },
        { id: bad.otherShop, name: 'T-shirt', variant_of: foreign, variant_name: 'Theirs', price_cents: 1 },
        { id: bad.ofVariant, name: 'T-shirt', variant_of: shirt.redL, variant_name: 'Red / L / long', price_cents: 1 },
        { id: bad.longName, name: 'T-shirt', variant_of: shirt.main, variant_name: 'x'.repeat(61), price_cents: 1 },
      ]);
      const rejected = (res.body as { rejected: { id: string; code: string; message: string }[] }).rejected;
      const why = Object.fromEntries(rejected.map((r) => [r.id, r]));
      expect(why[bad.noName]).toMatchObject({ code: 'invalid', message: `variant_name: ${variantMessages.nameRequired}` });
      expect(why[bad.blankName]).toMatchObject({ code: 'invalid', message: `variant_name: ${variantMessages.nameRequired}` });
      expect(why[bad.itself]).toMatchObject({ code: 'invalid', message: `variant_of: ${variantMessages.notItself}` });
      expect(why[bad.unknown]).toMatchObject({ code: 'invalid', message: variantMessages.mainMissing });
      expect(why[bad.otherShop]).toMatchObject({ code: 'invalid', message: variantMessages.mainMissing });
      expect(why[bad.ofVariant]).toMatchObject({ code: 'invalid', message: variantMessages.mainIsVariant });
      expect(why[bad.longName]).toMatchObject({ code: 'invalid' });
      expect(rejected).toHaveLength(7);
      expect(await stored(shop.ws, Object.values(bad))).toEqual([]);

      // A main product with variants cannot become a variant, nor can two products of one push chain.
      const lone = randomUUID();
      expect(
        (await push(shop, [{ id: lone, name: 'Hoodie', price_cents: 30_000, is_public: false, published_in_marketplace: false }])).body,
      ).toEqual({ conflicts: [], rejected: [] });
      const pulled = (await syncApi(h.server.url, shop.cookie).pull('products', shop.ws, 0, '', 1000)).body as {
        documents: Record<string, unknown>[];
      };
      const main = pulled.documents.find((d) => d.id === shirt.main);
      const demoted = await syncApi(h.server.url, shop.cookie).push('products', shop.ws, [
        { newDocumentState: { ...main, variant_of: lone, updated_at: stamp() }, assumedMasterState: main },
      ]);
      expect(demoted.body).toMatchObject({ rejected: [{ id: shirt.main, code: 'invalid', message: variantMessages.hasVariants }] });
      const [a, b] = [randomUUID(), randomUUID()];
      const chain = await push(shop, [
        { id: a, name: 'Hoodie', variant_of: lone, variant_name: 'Grey' },
        { id: b, name: 'Hoodie', variant_of: a, variant_name: 'Grey / S' },
      ]);
      expect((chain.body as { rejected: { id: string }[] }).rejected.map((r) => r.id)).toContain(a);
      const [{ variant_of }] = await db.query<{ variant_of: string | null }>(
        'SELECT variant_of FROM products WHERE workspace_id = $1 AND id = $2',
        [shop.ws, shirt.main],
      );
      expect(variant_of).toBeNull();
      expect((await stored(shop.ws, [a])).length).toBe(0);
    });

    it('a main product is deleted only with its variants: alone, or with some of them, it is refused and stays', async () => {
      const jacket = { main: randomUUID(), s: randomUUID(), m: randomUUID() };
      const made = await push(other, [
        { id: jacket.main, name: 'Jacket', variant_name: 'L', price_cents: 50_000 },
        { id: jacket.s, name: 'Jacket', variant_of: jacket.main, variant_name: 'S', price_cents: 50_000 },
        { id: jacket.m, name: 'Jacket', variant_of: jacket.main, variant_name: 'M', price_cents: 50_000 },
      ]);
      expect(made.body).toEqual({ conflicts: [], rejected: [] });
      const api = syncApi(h.server.url, other.cookie);
      const docs = ((await api.pull('products', other.ws, 0, '', 1000)).body as { documents: Record<string, unknown>[] }).documents;
      const deletion = (id: string) => {
        const doc = docs.find((d) => d.id === id);
        return { newDocumentState: { ...doc, _deleted: true, updated_at: stamp() }, assumedMasterState: doc };
      };
      const live = async () =>
        (
          await db.query<{ id: string }>(
            'SELECT id FROM products WHERE workspace_id = $1 AND id = ANY($2::text[]) AND NOT deleted ORDER BY id',
            [other.ws, Object.values(jacket)],
          )
        ).map((r) => r.id);
      const refusal = { rejected: [{ id: jacket.main, code: 'invalid', message: variantMessages.variantsRemain }] };

      expect((await api.push('products', other.ws, [deletion(jacket.main)])).body).toMatchObject(refusal);
      expect(await live()).toEqual(Object.values(jacket).sort());
      // With one of its two variants: that variant goes, the main product stays with the other.
      const partly = await api.push('products', other.ws, [deletion(jacket.s), deletion(jacket.main)]);
      expect(partly.body).toMatchObject(refusal);
      expect((partly.body as { rejected: unknown[] }).rejected).toHaveLength(1);
      expect(await live()).toEqual([jacket.main, jacket.m].sort());
      // With the last one, as the app deletes a group: both go.
      const whole = await api.push('products', other.ws, [deletion(jacket.m), deletion(jacket.main)]);
      expect(whole.body).toEqual({ conflicts: [], rejected: [] });
      expect(await live()).toEqual([]);
    });

    it('search, categories, the home and the storefront show one card per group, from its lowest price', async () => {
      const found = marketHome.parse((await send(null, 'GET', `/api/marketplace?q=shirt`)).body);
      const shirts = (found.results ?? []).filter((p) => p.seller.slug === shop.slug);
      expect(shirts.map((p) => p.id)).toEqual([pub(shop.ws, shirt.main)]);
      // 150.00, 170.00 and 150.00 are offered; the hidden 90.00 is not counted.
      expect(shirts[0]).toMatchObject({ name: 'T-shirt', price_cents: 15_000, price_from: true, stock: 'in_stock' });

      const home = marketHome.parse((await send(null, 'GET', '/api/marketplace')).body);
      expect(home.newest.filter((p) => p.seller.slug === shop.slug).map((p) => p.id)).toEqual([pub(shop.ws, shirt.main)]);
      const byCategory = marketHome.parse((await send(null, 'GET', '/api/marketplace?category=Clothing')).body);
      expect(byCategory.results?.filter((p) => p.seller.slug === shop.slug)).toHaveLength(1);

      const store = storefrontDto.parse((await send(null, 'GET', `/api/marketplace/storefronts/${shop.slug}`)).body);
      expect(store.products.map((p) => p.name)).toEqual(['T-shirt']);
      const listed = directoryDto.parse((await send(null, 'GET', `/api/directory?q=${encodeURIComponent('Durban Threads')}`)).body);
      expect(listed.businesses.find((b) => b.slug === shop.slug)?.product_count).toBe(1);

      // Every option of the cap is sold out: its one card says so, at one price.
      const caps = storefrontDto.parse((await send(null, 'GET', `/api/marketplace/storefronts/${other.slug}`)).body);
      expect(caps.products.find((p) => p.id === pub(other.ws, cap.main))).toMatchObject({
        stock: 'out',
        price_cents: 8_000,
        price_from: false,
      });
    });

    it('the product page offers each public option with its price, stock and SKU; JSON-LD gives an AggregateOffer', async () => {
      const page = marketProductDetail.parse((await send(null, 'GET', `/api/marketplace/products/${pub(shop.ws, shirt.main)}`)).body);
      expect(page).toMatchObject({ name: 'T-shirt', group_id: pub(shop.ws, shirt.main) });
      expect(page.variants.map((v) => [v.option, v.name, v.price_cents, v.stock, v.sku])).toEqual([
        ['Red / M', 'T-shirt — Red / M', 15_000, 'in_stock', 'TS-RM'],
        ['Blue / M', 'T-shirt — Blue / M', 15_000, 'in_stock', 'TS-BM'],
        ['Red / L', 'T-shirt — Red / L', 17_000, 'in_stock', 'TS-RL'],
      ]);
      // A variant's own address opens the same group, that option first in the buyer's hands.
      const variant = marketProductDetail.parse((await send(null, 'GET', `/api/marketplace/products/${pub(shop.ws, shirt.redL)}`)).body);
      expect(variant).toMatchObject({ id: pub(shop.ws, shirt.redL), price_cents: 17_000, group_id: pub(shop.ws, shirt.main) });
      expect(variant.variants).toHaveLength(3);
      // An option not public is not for sale at its own address either.
      expect((await send(null, 'GET', `/api/marketplace/products/${pub(shop.ws, shirt.hiddenXl)}`)).status).toBe(404);

      const meta = await metaFor(h.server.deps, `/marketplace/product/${pub(shop.ws, shirt.redL)}`);
      expect(meta?.path).toBe(`/marketplace/product/${pub(shop.ws, shirt.main)}`);
      expect(meta?.title).toBe(`T-shirt – from ${formatCents(15_000, 'ZAR')}`);
      expect(meta?.jsonLd?.[0]).toMatchObject({
        '@type': 'Product',
        name: 'T-shirt',
        offers: { '@type': 'AggregateOffer', lowPrice: '150.00', highPrice: '170.00', offerCount: 3 },
      });
      const offers = (meta?.jsonLd?.[0].offers as { offers: { name: string; sku: string }[] }).offers;
      expect(offers.map((o) => o.name)).toEqual(['T-shirt — Red / M', 'T-shirt — Blue / M', 'T-shirt — Red / L']);

      const xml = await (await fetch(`${h.server.url}/sitemap.xml`)).text();
      expect(xml).toContain(`/marketplace/product/${pub(shop.ws, shirt.main)}</loc>`);
      expect(xml).not.toContain(shirt.redL);
    });

    it('a buyer puts an option in the cart and buys it: the cart, order and e-mail name it, and only its stock moves', async () => {
      const id = await seedUser(db);
      const cookie = await accessCookie(h.server.deps, id);
      expect((await send(cookie, 'POST', '/api/cart/items', { product_id: pub(shop.ws, shirt.hiddenXl), quantity: 1 })).status).toBe(404);
      const added = await send(cookie, 'POST', '/api/cart/items', { product_id: pub(shop.ws, shirt.redL), quantity: 2 });
      expect(added.status, JSON.stringify(added.body)).toBe(200);
      const cart = cartDto.parse(added.body);
      expect(cart.map((l) => [l.product.name, l.product.price_cents, l.quantity])).toEqual([['T-shirt — Red / L', 17_000, 2]]);

      const started = await send(cookie, 'POST', '/api/checkout', { address });
      expect(started.status, JSON.stringify(started.body)).toBe(200);
      const pay = checkoutResult.parse(started.body);
      if (pay.outcome !== 'pay') throw new Error('expected a payment');
      await payOnCheckout(pay.authorization_url);
      await h.sandbox.idle();
      expect((await send(cookie, 'GET', `/api/checkout/${pay.reference}`)).body.status).toBe('paid');

      const [order] = orderList.parse((await send(cookie, 'GET', '/api/orders')).body).orders;
      expect(order.items.map((i) => [i.name, i.quantity])).toEqual([['T-shirt — Red / L', 2]]);
      expect(await onHand(shop.ws, shirt.redL)).toBe(0);
      expect(await onHand(shop.ws, shirt.main)).toBe(4);
      expect(await onHand(shop.ws, shirt.blueM)).toBe(5);

      await sendQueuedMails(db, {
        table: 'mail_outbox_items',
        enqueue: () => enqueueMails(h.server.deps, jobs.queue),
        drain: () => jobs.queue.drain(MAIL_JOB),
      });
      const [{ email }] = await db.query<{ email: string }>('SELECT email FROM users WHERE id = $1', [id]);
      const [mail] = await db.query<{ body_text: string }>('SELECT body_text FROM mail_outbox WHERE recipient = $1', [email]);
      expect(mail.body_text).toContain('2 × T-shirt — Red / L');

      // That option is now sold out; the others are still offered.
      const page = marketProductDetail.parse((await send(null, 'GET', `/api/marketplace/products/${pub(shop.ws, shirt.main)}`)).body);
      expect(page.variants.map((v) => [v.option, v.stock])).toEqual([
        ['Red / M', 'in_stock'],
        ['Blue / M', 'in_stock'],
        ['Red / L', 'out'],
      ]);
    });
  });
}
