import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutResult } from '../../../schema/marketplace/marketplace-orders.js';
import { productReviewsDto, reviewMessages, sellerReviewList, wishlistDto } from '../../../schema/marketplace/marketplace-reviews.js';
import type { Db } from '../../db/db.js';
import { payOnCheckout, startBillingHarness, type BillingHarness } from '../../../tests/support/billing.js';
import { testDatabases } from '../../../tests/support/databases.js';
import * as shops from '../../../tests/support/shops.js';
import { jsonSender, type Send, type Shop } from '../../../tests/support/shops.js';
import { accessCookie, openSyncDatabase, seedUser, syncApi } from '../../../tests/support/sync-server.js';

const stamp = () => new Date().toISOString();

const address = shops.deliveryAddress;

const review = { rating: 4, title: 'Rich and smooth', content: 'Melts slowly, not too sweet. Bought two more.' };

for (const target of testDatabases()) {
  describe(`marketplace reviews and wishlists on ${target.name}`, () => {
    let db: Db;
    let h: BillingHarness;
    let send: Send;
    let shop: Shop;
    let other: Shop;
    const ids = { chocolate: randomUUID(), fudge: randomUUID(), hidden: randomUUID(), scarf: randomUUID() };
    const pub = (ws: number, id: string) => `${ws}-${id}`;
    let chocolate: string;
    let fudge: string;

    /** A shop whose storefront is open, with no storefront settings saved. */
    const openShop = (name: string) => shops.openShop(db, h.server, name, null);

    async function product(s: Shop, id: string, name: string, price: number, isPublic = true) {
      const res = await syncApi(h.server.url, s.cookie).push('products', s.ws, [
        {
          newDocumentState: {
            id,
            workspace_id: s.ws,
            updated_at: stamp(),
            product_type: 'physical',
            status: 'active',
            name,
            price_cents: price,
            is_public: isPublic,
            published_in_marketplace: isPublic,
            track_inventory: false,
          },
        },
      ]);
      expect(res.body).toEqual({ conflicts: [], rejected: [] });
    }

    async function person(fullName: string): Promise<{ id: number; cookie: string }> {
      const id = await seedUser(db);
      await db.query('UPDATE users SET full_name = $2 WHERE id = $1', [id, fullName]);
      return { id, cookie: await accessCookie(h.server.deps, id) };
    }

    /** Buys the products through the real checkout and pays on the sandbox card page. */
    async function buy(cookie: string, productIds: string[], pay = true) {
      for (const p of productIds) expect((await send(cookie, 'POST', '/api/cart/items', { product_id: p, quantity: 1 })).status).toBe(200);
      const started = checkoutResult.parse((await send(cookie, 'POST', '/api/checkout', { address })).body);
      if (started.outcome !== 'pay') throw new Error('expected a payment');
      if (pay) {
        await payOnCheckout(started.authorization_url);
        await h.sandbox.idle();
      }
    }

    const reviewsOf = async (cookie: string | null, productId: string) =>
      productReviewsDto.parse((await send(cookie, 'GET', `/api/marketplace/products/${productId}/reviews`)).body);
    const reviewRows = async () => Number((await db.query<{ n: string }>('SELECT count(*) AS n FROM product_reviews'))[0].n);

    beforeAll(async () => {
      db = await openSyncDatabase(target);
      h = await startBillingHarness(db);
      send = jsonSender(h.server);
      shop = await openShop('Soweto Sweets');
      other = await openShop('Durban Knits');
      await product(shop, ids.chocolate, 'Dark chocolate slab', 4_500);
      await product(shop, ids.fudge, 'Fudge box', 12_000);
      await product(shop, ids.hidden, 'Private recipe', 1_000, false);
      await product(other, ids.scarf, 'Wool scarf', 35_000);
      chocolate = pub(shop.ws, ids.chocolate);
      fudge = pub(shop.ws, ids.fudge);
    });
    afterAll(async () => {
      await h?.close();
      await db?.close();
    });

    it('a buyer who paid reviews the product once; the page shows it verified with the average and count', async () => {
      const buyer = await person('Thandi Nomsa Mokoena');
      expect((await reviewsOf(null, chocolate)).viewer).toBe('sign_in');
      // Before buying: not a buyer; the server refuses the same.
      expect((await reviewsOf(buyer.cookie, chocolate)).viewer).toBe('not_buyer');
      const early = await send(buyer.cookie, 'POST', `/api/marketplace/products/${chocolate}/reviews`, review);
      expect(early).toMatchObject({ status: 403, body: { message: reviewMessages.notBuyer } });

      // An order started but never paid is not a purchase.
      await buy(buyer.cookie, [fudge], false);
      expect((await send(buyer.cookie, 'POST', `/api/marketplace/products/${fudge}/reviews`, review)).status).toBe(403);
      await send(buyer.cookie, 'DELETE', `/api/cart/items/${fudge}`);

      await buy(buyer.cookie, [chocolate]);
      expect((await reviewsOf(buyer.cookie, chocolate)).viewer).toBe('can_review');
      const made = await send(buyer.cookie, 'POST', `/api/marketplace/products/${chocolate}/reviews`, {
        ...review,
        title: `  ${review.title}  `,
      });
      expect(made.status, JSON.stringify(made.body)).toBe(200);
      expect(made.body).toMatchObject({
        rating: 4,
        title: review.title,
        author_name: 'Thandi M.',
        verified_purchase: true,
        status: 'published',
        seller_response: null,
      });

      const second = await send(buyer.cookie, 'POST', `/api/marketplace/products/${chocolate}/reviews`, { ...review, rating: 1 });
      expect(second).toMatchObject({ status: 409, body: { message: reviewMessages.alreadyReviewed } });
      const page = await reviewsOf(null, chocolate);
      expect(page).toMatchObject({ average: 4, count: 1, viewer: 'sign_in' });
      expect(page.reviews.map((r) => [r.title, r.rating, r.verified_purchase])).toEqual([[review.title, 4, true]]);
      expect((await reviewsOf(buyer.cookie, chocolate)).viewer).toBe('reviewed');
      // Reviews are per product: the other product's page has none.
      expect(await reviewsOf(null, fudge)).toMatchObject({ average: null, count: 0, reviews: [] });
    });

    it('a seller who bought their own product through the marketplace cannot review it as a verified purchase', async () => {
      // The shop's owner, and a member of its workspace, each pay for its product like any buyer.
      const member = await person('Sipho Staff');
      await db.query(`INSERT INTO workspace_members (workspace_id, user_id, role, is_active) VALUES ($1, $2, 'member', true)`, [
        shop.ws,
        member.id,
      ]);
      for (const seller of [{ cookie: shop.cookie }, member]) {
        await buy(seller.cookie, [fudge]);
        expect((await reviewsOf(seller.cookie, fudge)).viewer).toBe('seller');
        const before = await reviewRows();
        const refused = await send(seller.cookie, 'POST', `/api/marketplace/products/${fudge}/reviews`, review);
        expect(refused).toMatchObject({ status: 403, body: { message: reviewMessages.ownProduct } });
        expect(await reviewRows()).toBe(before);
      }
    });

    it('refuses bad reviews field by field, and reviews by someone who did not buy, changing nothing', async () => {
      const buyer = await person('Sipho Dlamini');
      await buy(buyer.cookie, [fudge]);
      const before = await reviewRows();
      const bad = async (body: unknown) => send(buyer.cookie, 'POST', `/api/marketplace/products/${fudge}/reviews`, body);
      for (const rating of [0, 6, 3.5, '5']) {
        expect(await bad({ ...review, rating })).toMatchObject({ status: 400, body: { errors: { rating: [reviewMessages.rating] } } });
      }
      expect(await bad({ ...review, content: '   ' })).toMatchObject({
        status: 400,
        body: { errors: { content: [reviewMessages.contentRequired] } },
      });
      expect(await bad({ ...review, title: '' })).toMatchObject({
        status: 400,
        body: { errors: { title: [reviewMessages.titleRequired] } },
      });
      expect(await bad({ ...review, content: 'x'.repeat(2001) })).toMatchObject({
        status: 400,
        body: { errors: { content: [reviewMessages.contentMax] } },
      });
      // Not signed in, a product not for sale, a product of another shop the buyer never bought.
      expect((await send(null, 'POST', `/api/marketplace/products/${fudge}/reviews`, review)).status).toBe(401);
      const hidden = await send(buyer.cookie, 'POST', `/api/marketplace/products/${pub(shop.ws, ids.hidden)}/reviews`, review);
      expect(hidden.status).toBe(404);
      expect((await send(null, 'GET', `/api/marketplace/products/${pub(shop.ws, ids.hidden)}/reviews`)).status).toBe(404);
      const scarf = await send(buyer.cookie, 'POST', `/api/marketplace/products/${pub(other.ws, ids.scarf)}/reviews`, review);
      expect(scarf).toMatchObject({ status: 403, body: { message: reviewMessages.notBuyer } });
      expect(await reviewRows()).toBe(before);
    });

    it('the seller answers and hides a review; a hidden one leaves the page and the average; other workspaces cannot touch it', async () => {
      const buyer = await person('Lerato Khumalo');
      await buy(buyer.cookie, [chocolate]);
      const made = await send(buyer.cookie, 'POST', `/api/marketplace/products/${chocolate}/reviews`, {
        rating: 1,
        title: 'Melted',
        content: 'Arrived soft.',
      });
      expect(made.status).toBe(200);
      const id = String(made.body.id);
      expect(await reviewsOf(null, chocolate)).toMatchObject({ average: 2.5, count: 2 });

      const list = sellerReviewList.parse((await send(shop.cookie, 'GET', `/api/workspaces/${shop.ws}/reviews`)).body).reviews;
      expect(list.map((r) => [r.title, r.product_name])).toEqual([
        ['Melted', 'Dark chocolate slab'],
        [review.title, 'Dark chocolate slab'],
      ]);
      const answered = await send(shop.cookie, 'PUT', `/api/workspaces/${shop.ws}/reviews/${id}`, {
        seller_response: 'Sorry! We now ship with an ice pack.',
      });
      expect(answered).toMatchObject({
        status: 200,
        body: { seller_response: 'Sorry! We now ship with an ice pack.', status: 'published' },
      });
      expect((await reviewsOf(null, chocolate)).reviews[0].seller_response).toBe('Sorry! We now ship with an ice pack.');

      // Another shop's owner, and the buyer, cannot answer or hide it.
      expect((await send(other.cookie, 'PUT', `/api/workspaces/${shop.ws}/reviews/${id}`, { status: 'hidden' })).status).toBe(403);
      expect((await send(other.cookie, 'PUT', `/api/workspaces/${other.ws}/reviews/${id}`, { status: 'hidden' })).status).toBe(404);
      expect((await send(buyer.cookie, 'PUT', `/api/workspaces/${shop.ws}/reviews/${id}`, { status: 'hidden' })).status).toBe(403);
      expect((await send(shop.cookie, 'PUT', `/api/workspaces/${shop.ws}/reviews/${id}`, {})).status).toBe(400);
      expect((await send(shop.cookie, 'PUT', `/api/workspaces/${shop.ws}/reviews/${id}`, { status: 'deleted' })).status).toBe(400);
      expect(await reviewsOf(null, chocolate)).toMatchObject({ average: 2.5, count: 2 });

      const hidden = await send(shop.cookie, 'PUT', `/api/workspaces/${shop.ws}/reviews/${id}`, { status: 'hidden' });
      expect(hidden).toMatchObject({ status: 200, body: { status: 'hidden' } });
      const page = await reviewsOf(null, chocolate);
      expect(page).toMatchObject({ average: 4, count: 1 });
      expect(page.reviews.map((r) => r.title)).toEqual([review.title]);
      // Hidden is not deleted: the buyer still cannot write a second one.
      expect((await send(buyer.cookie, 'POST', `/api/marketplace/products/${chocolate}/reviews`, review)).status).toBe(409);
      await send(shop.cookie, 'PUT', `/api/workspaces/${shop.ws}/reviews/${id}`, { status: 'published', seller_response: '' });
      const shown = await reviewsOf(null, chocolate);
      expect(shown).toMatchObject({ average: 2.5, count: 2 });
      expect(shown.reviews.find((r) => r.id === id)?.seller_response).toBeNull();
    });

    it('a signed-in buyer keeps products in a wishlist once each, and removes them; a guest is asked to sign in', async () => {
      const me = await person('Ayanda Zulu');
      expect((await send(null, 'GET', '/api/wishlist')).status).toBe(401);
      expect((await send(null, 'PUT', `/api/wishlist/${chocolate}`)).status).toBe(401);
      expect(wishlistDto.parse((await send(me.cookie, 'GET', '/api/wishlist')).body)).toEqual([]);

      expect((await send(me.cookie, 'PUT', `/api/wishlist/${chocolate}`)).status).toBe(200);
      expect((await send(me.cookie, 'PUT', `/api/wishlist/${chocolate}`)).status).toBe(200);
      const list = wishlistDto.parse((await send(me.cookie, 'PUT', `/api/wishlist/${pub(other.ws, ids.scarf)}`)).body);
      expect(list.map((e) => [e.product.name, e.for_sale])).toEqual([
        ['Wool scarf', true],
        ['Dark chocolate slab', true],
      ]);
      // Not for sale, or not a product at all: refused, nothing kept.
      expect((await send(me.cookie, 'PUT', `/api/wishlist/${pub(shop.ws, ids.hidden)}`)).status).toBe(404);
      expect((await send(me.cookie, 'PUT', `/api/wishlist/${pub(shop.ws, randomUUID())}`)).status).toBe(404);
      expect((await send(me.cookie, 'PUT', '/api/wishlist/not-a-product')).status).toBe(400);
      // Someone else's wishlist is their own.
      const someone = await person('Bongani Nkosi');
      expect(wishlistDto.parse((await send(someone.cookie, 'GET', '/api/wishlist')).body)).toEqual([]);

      const after = wishlistDto.parse((await send(me.cookie, 'DELETE', `/api/wishlist/${chocolate}`)).body);
      expect(after.map((e) => e.product.name)).toEqual(['Wool scarf']);
      expect(wishlistDto.parse((await send(me.cookie, 'DELETE', `/api/wishlist/${chocolate}`)).body)).toHaveLength(1);

      // A product taken off sale stays on the list, marked.
      await db.query('UPDATE products SET is_public = false WHERE workspace_id = $1 AND id = $2', [other.ws, ids.scarf]);
      const off = wishlistDto.parse((await send(me.cookie, 'GET', '/api/wishlist')).body);
      expect(off.map((e) => [e.product.name, e.for_sale])).toEqual([['Wool scarf', false]]);
      await db.query('UPDATE products SET is_public = true WHERE workspace_id = $1 AND id = $2', [other.ws, ids.scarf]);
      const rows = await db.query('SELECT 1 FROM wishlists WHERE user_id = $1', [me.id]);
      expect(rows).toHaveLength(1);
    });
  });
}
