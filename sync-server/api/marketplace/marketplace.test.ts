import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cartDto,
  cartMergeDto,
  directoryDto,
  guestPreviewDto,
  marketHome,
  marketMessages,
  storefrontDto,
} from '../../../schema/marketplace/marketplace.js';
import { formatCents } from '../../../schema/kit/money.js';
import type { Db } from '../../db/db.js';
import { metaFor } from '../../seo/seo.js';
import { renderShell } from '../../seo/page-meta.js';
import { testDatabases } from '../../../tests/support/databases.js';
import {
  accessCookie,
  cookieFetch,
  openSyncDatabase,
  seedUser,
  seedWorkspace,
  startSyncTestServer,
  syncApi,
  type SyncTestServer,
} from '../../../tests/support/sync-server.js';

const stamp = () => new Date().toISOString();

for (const target of testDatabases()) {
  describe(`marketplace on ${target.name}`, () => {
    let db: Db;
    let server: SyncTestServer;
    let seller: { user: number; ws: number; cookie: string; slug: string };
    let other: { user: number; ws: number; cookie: string; slug: string };
    let buyerCookie: string;
    const ids = { chocolate: randomUUID(), coffee: randomUUID(), hidden: randomUUID(), shopOnly: randomUUID(), scarf: randomUUID() };
    const pub = (ws: number, id: string) => `${ws}-${id}`;

    async function openShop(name: string, opts: { currency?: string; industry?: string; address?: string } = {}) {
      const user = await seedUser(db, { plan: 'pro' });
      const ws = await seedWorkspace(db, user);
      const slug = `${name.toLowerCase().replace(/\W+/g, '-')}-${ws}`;
      await db.query(`UPDATE workspaces SET name = $2, slug = $3, storefront_enabled = true, industry = $4 WHERE id = $1`, [
        ws,
        name,
        slug,
        opts.industry ?? 'Food',
      ]);
      await db.query(`INSERT INTO workspace_settings (workspace_id, currency, country, address) VALUES ($1, $2, 'ZA', $3)`, [
        ws,
        opts.currency ?? 'ZAR',
        opts.address ?? null,
      ]);
      return { user, ws, cookie: await accessCookie(server.deps, user), slug };
    }

    async function pushProducts(shop: { ws: number; cookie: string }, docs: Record<string, unknown>[]) {
      const api = syncApi(server.url, shop.cookie);
      const res = await api.push(
        'products',
        shop.ws,
        docs.map((d) => ({
          newDocumentState: { workspace_id: shop.ws, updated_at: stamp(), product_type: 'physical', status: 'active', ...d },
        })),
      );
      expect(res.body).toEqual({ conflicts: [], rejected: [] });
    }

    async function stock(shop: { ws: number; cookie: string }, productId: string, quantity: number) {
      const res = await syncApi(server.url, shop.cookie).push('stock_movements', shop.ws, [
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

    const json = async (res: Response) => ({ status: res.status, body: (await res.json()) as unknown });
    const send = (cookie: string | null, method: string, path: string, body?: unknown) =>
      (cookie ? cookieFetch(cookie) : fetch)(`${server.url}${path}`, {
        method,
        headers: { 'content-type': 'application/json', origin: server.url },
        body: body === undefined ? undefined : JSON.stringify(body),
      }).then(json);

    beforeAll(async () => {
      db = await openSyncDatabase(target);
      server = await startSyncTestServer(db);
      seller = await openShop('Soweto Sweets', { address: '12 Vilakazi St\nSoweto' });
      other = await openShop('Durban Knits', { industry: 'Clothing', address: 'Durban' });
      buyerCookie = await accessCookie(server.deps, await seedUser(db));
      await pushProducts(seller, [
        {
          id: ids.chocolate,
          name: 'Dark chocolate slab',
          category: 'Sweets',
          price_cents: 4500,
          is_public: true,
          published_in_marketplace: true,
          low_stock_threshold: 2,
        },
        {
          id: ids.coffee,
          name: 'Rooibos coffee blend',
          category: 'Drinks',
          price_cents: 9900,
          sale_price_cents: 7900,
          is_public: true,
          published_in_marketplace: true,
          track_inventory: false,
        },
        { id: ids.hidden, name: 'Chocolate truffles (staff only)', category: 'Sweets', price_cents: 2000 },
        { id: ids.shopOnly, name: 'Chocolate gift box', category: 'Sweets', price_cents: 15000, is_public: true },
      ]);
      await stock(seller, ids.chocolate, 5);
      await pushProducts(other, [
        { id: ids.scarf, name: 'Wool scarf', category: 'Clothing', price_cents: 35000, is_public: true, published_in_marketplace: true },
      ]);
      await stock(other, ids.scarf, 1);
    });
    afterAll(async () => {
      await server.close();
      await db.close();
    });

    it('search finds a public product through a typo, and never a private or storefront-only one', async () => {
      const typo = await send(null, 'GET', '/api/marketplace?q=choclate');
      expect(typo.status).toBe(200);
      const found = marketHome.parse(typo.body).results ?? [];
      expect(found.map((p) => p.name)).toEqual(['Dark chocolate slab']);
      expect(found[0]).toMatchObject({
        id: pub(seller.ws, ids.chocolate),
        price_cents: 4500,
        stock: 'in_stock',
        seller: { name: 'Soweto Sweets', slug: seller.slug },
      });

      const byCategory = marketHome.parse((await send(null, 'GET', '/api/marketplace?category=drinks')).body).results ?? [];
      expect(byCategory.map((p) => [p.name, p.price_cents, p.was_cents])).toEqual([['Rooibos coffee blend', 7900, 9900]]);

      // A short word with a typo in it, beside a right one: too few trigrams alike, one edit away.
      const short = marketHome.parse((await send(null, 'GET', '/api/marketplace?q=wool%20scrf')).body).results ?? [];
      expect(short.map((p) => p.name)).toEqual(['Wool scarf']);

      const nothing = marketHome.parse((await send(null, 'GET', '/api/marketplace?q=xylophone')).body);
      expect(nothing.results).toEqual([]);

      const names = async (q: string) =>
        (marketHome.parse((await send(null, 'GET', `/api/marketplace?q=${encodeURIComponent(q)}`)).body).results ?? []).map((p) => p.name);
      // The start of a word, two words with a typo in one, and punctuation that is not a word.
      expect(await names('roo')).toEqual(['Rooibos coffee blend']);
      expect(await names('rooibos cofee')).toEqual(['Rooibos coffee blend']);
      expect(await names("dark chocolate's")).toEqual(['Dark chocolate slab']);
      expect(await names('&&')).toEqual([]);
      // Words of a product published later are searchable too, typos included.
      const later = randomUUID();
      await pushProducts(other, [{ id: later, name: 'Mohair blanket', category: 'Home', price_cents: 89000, is_public: true }]);
      expect(await names('mohar')).toEqual([]);
      await db.query('UPDATE products SET published_in_marketplace = true WHERE workspace_id = $1 AND id = $2', [other.ws, later]);
      expect(await names('mohar')).toEqual(['Mohair blanket']);
      await db.query('UPDATE products SET deleted = true WHERE workspace_id = $1 AND id = $2', [other.ws, later]);
    });

    it('the home lists new products and categories; featured only what a seller featured', async () => {
      const home = marketHome.parse((await send(null, 'GET', '/api/marketplace')).body);
      expect(home.results).toBeNull();
      expect(home.featured).toEqual([]);
      expect(home.newest.map((p) => p.name).sort()).toEqual(['Dark chocolate slab', 'Rooibos coffee blend', 'Wool scarf']);
      expect(home.categories.map((c) => c.name).sort()).toEqual(['Clothing', 'Drinks', 'Sweets']);

      const settings = await send(seller.cookie, 'GET', `/api/workspaces/${seller.ws}/storefront`);
      expect(settings.status).toBe(200);
      const saved = await send(seller.cookie, 'PUT', `/api/workspaces/${seller.ws}/storefront`, {
        ...(settings.body as { settings: object }).settings,
        featured_product_ids: [ids.coffee],
      });
      expect(saved.status).toBe(200);
      const after = marketHome.parse((await send(null, 'GET', '/api/marketplace')).body);
      expect(after.featured.map((p) => p.name)).toEqual(['Rooibos coffee blend']);
    });

    it('storefront settings keep the spec defaults and refuse bad input with its message, changing nothing', async () => {
      const first = (await send(other.cookie, 'GET', `/api/workspaces/${other.ws}/storefront`)).body as {
        settings: Record<string, unknown>;
      };
      expect(first.settings).toMatchObject({ payment_gateway: 'eft', order_prefix: 'ORD', shipping_enabled: false });
      const bad = await send(other.cookie, 'PUT', `/api/workspaces/${other.ws}/storefront`, { ...first.settings, order_prefix: 'ord-1' });
      expect(bad).toMatchObject({ status: 400, body: { message: marketMessages.orderPrefix } });
      const noRate = await send(other.cookie, 'PUT', `/api/workspaces/${other.ws}/storefront`, {
        ...first.settings,
        shipping_enabled: true,
      });
      expect(noRate).toMatchObject({ status: 400, body: { message: marketMessages.shippingNeedsRate } });
      expect((await send(other.cookie, 'GET', `/api/workspaces/${other.ws}/storefront`)).body).toEqual(first);

      const good = await send(other.cookie, 'PUT', `/api/workspaces/${other.ws}/storefront`, {
        ...first.settings,
        shipping_enabled: true,
        shipping_rates: [{ name: 'Courier', price_cents: 9900 }],
        terms: 'Knitted to order.',
        return_policy: 'Returns within 14 days, unworn.',
      });
      expect(good.status).toBe(200);
      // Another workspace's owner may not read or change it.
      expect((await send(seller.cookie, 'GET', `/api/workspaces/${other.ws}/storefront`)).status).toBe(403);
      expect((await send(seller.cookie, 'PUT', `/api/workspaces/${other.ws}/storefront`, first.settings)).status).toBe(403);
    });

    it('a storefront shows every product it made public with its terms; a closed one is not found', async () => {
      const shop = storefrontDto.parse((await send(null, 'GET', `/api/marketplace/storefronts/${seller.slug}`)).body);
      expect(shop.products.map((p) => p.name)).toEqual(['Chocolate gift box', 'Dark chocolate slab', 'Rooibos coffee blend']);
      const knits = storefrontDto.parse((await send(null, 'GET', `/api/marketplace/storefronts/${other.slug}`)).body);
      expect(knits).toMatchObject({
        terms: 'Knitted to order.',
        return_policy: 'Returns within 14 days, unworn.',
        shipping_rates: [{ name: 'Courier', price_cents: 9900 }],
      });

      await db.query(`UPDATE workspaces SET storefront_enabled = false WHERE id = $1`, [other.ws]);
      expect(await send(null, 'GET', `/api/marketplace/storefronts/${other.slug}`)).toMatchObject({
        status: 404,
        body: { message: marketMessages.storefrontNotFound },
      });
      expect((await send(null, 'GET', `/api/marketplace/products/${pub(other.ws, ids.scarf)}`)).status).toBe(404);
      await db.query(`UPDATE workspaces SET storefront_enabled = true WHERE id = $1`, [other.ws]);
    });

    it('a workspace that does not sell in rand stays out of the marketplace', async () => {
      const dollars = await openShop('Dollar Store', { currency: 'USD' });
      await pushProducts(dollars, [
        { id: randomUUID(), name: 'Dark chocolate bar', price_cents: 300, is_public: true, published_in_marketplace: true },
      ]);
      const found = marketHome.parse((await send(null, 'GET', '/api/marketplace?q=chocolate')).body).results ?? [];
      expect(found.map((p) => p.seller.name)).not.toContain('Dollar Store');
      expect((await send(null, 'GET', `/api/marketplace/storefronts/${dollars.slug}`)).status).toBe(404);
    });

    it('the directory finds businesses by name, category and area', async () => {
      const all = directoryDto.parse((await send(null, 'GET', '/api/directory')).body);
      expect(all.businesses.map((b) => b.name)).toEqual(expect.arrayContaining(['Durban Knits', 'Soweto Sweets']));
      const byName = directoryDto.parse((await send(null, 'GET', '/api/directory?q=sweets')).body);
      expect(byName.businesses.map((b) => [b.name, b.area, b.product_count])).toEqual([['Soweto Sweets', 'Soweto, South Africa', 3]]);
      const byCategory = directoryDto.parse((await send(null, 'GET', '/api/directory?category=clothing')).body);
      expect(byCategory.businesses.map((b) => b.name)).toEqual(['Durban Knits']);
      const byArea = directoryDto.parse((await send(null, 'GET', '/api/directory?area=durban')).body);
      expect(byArea.businesses.map((b) => b.name)).toEqual(['Durban Knits']);
    });

    it('GET /api/cart is an array; adding refuses 0, -1, more than in stock and a product not for sale', async () => {
      expect((await send(null, 'GET', '/api/cart')).status).toBe(401);
      expect(await send(buyerCookie, 'GET', '/api/cart')).toEqual({ status: 200, body: [] });
      const choc = pub(seller.ws, ids.chocolate);
      expect(await send(buyerCookie, 'POST', '/api/cart/items', { product_id: choc, quantity: 0 })).toMatchObject({
        status: 400,
        body: { message: marketMessages.quantityMin },
      });
      expect(await send(buyerCookie, 'POST', '/api/cart/items', { product_id: choc, quantity: -1 })).toMatchObject({
        status: 400,
        body: { message: marketMessages.quantityMin },
      });
      expect(await send(buyerCookie, 'POST', '/api/cart/items', { product_id: choc, quantity: 1.5 })).toMatchObject({
        status: 400,
        body: { message: marketMessages.quantityWhole },
      });
      expect(await send(buyerCookie, 'POST', '/api/cart/items', { product_id: choc, quantity: 6 })).toMatchObject({
        status: 409,
        body: { message: 'Only 5 left in stock.' },
      });
      expect(await send(buyerCookie, 'POST', '/api/cart/items', { product_id: pub(seller.ws, ids.hidden), quantity: 1 })).toMatchObject({
        status: 404,
        body: { message: marketMessages.notForSale },
      });
      expect(await send(buyerCookie, 'POST', '/api/cart/items', { product_id: 'nonsense', quantity: 1 })).toMatchObject({
        status: 400,
        body: { message: marketMessages.productId },
      });
      expect(await send(buyerCookie, 'GET', '/api/cart')).toEqual({ status: 200, body: [] });

      const added = await send(buyerCookie, 'POST', '/api/cart/items', { product_id: choc, quantity: 3 });
      expect(added.status).toBe(200);
      expect(cartDto.parse(added.body).map((l) => [l.product.name, l.quantity, l.problem])).toEqual([['Dark chocolate slab', 3, null]]);
      // 3 in the cart + 3 more is past the 5 in stock: refused, the line stays at 3.
      expect(await send(buyerCookie, 'POST', '/api/cart/items', { product_id: choc, quantity: 3 })).toMatchObject({
        status: 409,
        body: { message: 'Only 5 left in stock.' },
      });
      const set = cartDto.parse((await send(buyerCookie, 'PUT', `/api/cart/items/${choc}`, { quantity: 5 })).body);
      expect(set.map((l) => l.quantity)).toEqual([5]);
      expect(await send(buyerCookie, 'PUT', `/api/cart/items/${choc}`, { quantity: 0 })).toMatchObject({
        status: 400,
        body: { message: marketMessages.quantityMin },
      });
    });

    it('a price changed after adding shows in the cart, and a product taken off sale says so', async () => {
      const cookie = await accessCookie(server.deps, await seedUser(db));
      const coffee = pub(seller.ws, ids.coffee);
      await send(cookie, 'POST', '/api/cart/items', { product_id: coffee, quantity: 2 });
      // The seller raises the sale price (as a synced edit lands: the row changes on the server).
      await db.query(`UPDATE products SET sale_price_cents = 8500 WHERE workspace_id = $1 AND id = $2`, [seller.ws, ids.coffee]);
      const [line] = cartDto.parse((await send(cookie, 'GET', '/api/cart')).body);
      expect([line.price_seen_cents, line.product.price_cents, line.problem]).toEqual([7900, 8500, null]);

      await db.query(`UPDATE products SET is_public = false WHERE workspace_id = $1 AND id = $2`, [seller.ws, ids.coffee]);
      const [gone] = cartDto.parse((await send(cookie, 'GET', '/api/cart')).body);
      expect(gone.problem).toBe(marketMessages.notForSale);
      await db.query(`UPDATE products SET is_public = true WHERE workspace_id = $1 AND id = $2`, [seller.ws, ids.coffee]);
    });

    it('a guest cart is previewed without sign-in and merged at sign-in, capped at the stock left', async () => {
      const cookie = await accessCookie(server.deps, await seedUser(db));
      const scarf = pub(other.ws, ids.scarf);
      const choc = pub(seller.ws, ids.chocolate);
      const guest = {
        items: [
          { product_id: scarf, quantity: 1, price_seen_cents: 30000 },
          { product_id: choc, quantity: 2 },
          { product_id: pub(seller.ws, ids.hidden), quantity: 1 },
        ],
      };
      const preview = guestPreviewDto.parse((await send(null, 'POST', '/api/cart/preview', guest)).body);
      expect(preview.map((p) => [p.line?.product.name ?? null, p.line?.price_seen_cents ?? null, p.message])).toEqual([
        ['Wool scarf', 30000, null],
        ['Dark chocolate slab', 4500, null],
        [null, null, marketMessages.notForSale],
      ]);

      await send(cookie, 'POST', '/api/cart/items', { product_id: choc, quantity: 4 });
      const merged = cartMergeDto.parse((await send(cookie, 'POST', '/api/cart/merge', guest)).body);
      expect(merged.cart.map((l) => [l.product.name, l.quantity, l.price_seen_cents])).toEqual([
        ['Dark chocolate slab', 5, 4500],
        ['Wool scarf', 1, 30000],
      ]);
      expect(merged.refused).toEqual([{ product_id: pub(seller.ws, ids.hidden), message: marketMessages.notForSale }]);
      // Merging the same guest cart again changes nothing: the stock caps it.
      const again = cartMergeDto.parse((await send(cookie, 'POST', '/api/cart/merge', guest)).body);
      expect(again.cart.map((l) => l.quantity)).toEqual([5, 1]);
    });

    it('a product page carries its name, price, canonical URL and Product JSON-LD for search engines', async () => {
      const path = `/marketplace/product/${pub(seller.ws, ids.chocolate)}`;
      const meta = await metaFor(server.deps, path);
      expect(meta).not.toBeNull();
      const shell = '<html><head><meta name="description" content="x" /><title>Vuka</title></head><body></body></html>';
      const html = renderShell(shell, meta ?? { title: '', description: '', path: '' }, 'https://shop.example');
      expect(html).toContain(`<title>Dark chocolate slab – ${formatCents(4500, 'ZAR')} | Vuka</title>`);
      expect(html).toContain(`<link rel="canonical" href="https://shop.example${path}" />`);
      expect(html).toContain('<meta property="og:type" content="product" />');
      const ld = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map(
        (m) => JSON.parse(m[1]) as Record<string, unknown>,
      );
      expect(ld.map((d) => d['@type'])).toEqual(['Product', 'BreadcrumbList']);
      expect(ld[0]).toMatchObject({ name: 'Dark chocolate slab', offers: { '@type': 'Offer', price: '45.00', priceCurrency: 'ZAR' } });

      expect(await metaFor(server.deps, `/marketplace/product/${pub(seller.ws, ids.hidden)}`)).toBeNull();
      // A private product's photo is as hidden as the product.
      expect((await send(null, 'GET', `/api/marketplace/products/${pub(seller.ws, ids.hidden)}/picture?w=256`)).status).toBe(404);
      const shop = await metaFor(server.deps, `/storefront/${seller.slug}`);
      expect(shop?.jsonLd?.map((d) => d['@type'])).toEqual(['Organization', 'BreadcrumbList']);
    });

    it('sitemap.xml lists public products and open storefronts, never a private product', async () => {
      const res = await fetch(`${server.url}/sitemap.xml`);
      expect(res.headers.get('content-type')).toContain('application/xml');
      const xml = await res.text();
      expect(xml).toContain(`/marketplace/product/${pub(seller.ws, ids.chocolate)}</loc>`);
      expect(xml).toContain(`/marketplace/product/${pub(seller.ws, ids.shopOnly)}</loc>`);
      expect(xml).toContain(`/storefront/${seller.slug}</loc>`);
      expect(xml).toContain('/pricing</loc>');
      expect(xml).not.toContain(ids.hidden);
    });
  });
}
