import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicEventDetail } from '../../../schema/events/events.js';
import { lineRateBp, vatStatusOf } from '../../../schema/kit/vat.js';
import { checkoutQuote, checkoutResult, orderList } from '../../../schema/marketplace/marketplace-orders.js';
import { toPublicProductId } from '../../../schema/marketplace/marketplace.js';
import { computeTotals } from '../../../schema/pos/pos-totals.js';
import type { Db } from '../../db/db.js';
import { startBillingHarness, type BillingHarness } from '../../../tests/support/billing.js';
import { accessCookie, forEachDatabase, openSyncDatabase, seedUser, syncApi } from '../../../tests/support/db-kit.js';
import {
  deliveryAddress,
  jsonSender,
  openShop,
  registerForVat,
  TEST_VAT_NUMBER,
  type Send,
  type Shop,
} from '../../../tests/support/shops.js';

/**
 * One VAT rule everywhere (DESIGN.md §14, schema/kit/vat.ts): a marketplace order and a ticket order
 * from a VAT-registered seller carry the VAT the till shows for the same price, fixed on the order
 * with the seller's VAT number ("Tax Invoice"); an unregistered seller's carry none ("Invoice"),
 * whatever rate its settings or products still hold.
 */
forEachDatabase('one VAT rule for the till, the marketplace and tickets', (target) => {
  let db: Db;
  let h: BillingHarness;
  let send: Send;
  let registered: Shop;
  let unregistered: Shop;
  const shirt = randomUUID();
  const plainShirt = randomUUID();

  /** What the till charges for one of `price` in workspace `ws`: the same rule from the same settings. */
  async function tillVat(ws: number, price: number): Promise<number> {
    const [settings] = await db.query<{
      vat_registered: boolean | null;
      vat_number: string | null;
      vat_rate_bp: number;
      prices_include_vat: boolean;
    }>('SELECT vat_registered, vat_number, vat_rate_bp, prices_include_vat FROM workspace_settings WHERE workspace_id = $1', [ws]);
    const vat = vatStatusOf(settings);
    return computeTotals([{ unit_price_cents: price, quantity: 1, tax_rate_bp: lineRateBp(vat) }], 0, vat.pricesIncludeVat).tax_cents;
  }

  async function product(shop: Shop, id: string, ownRate: number | undefined) {
    const stamp = new Date().toISOString();
    const pushed = await syncApi(h.server.url, shop.cookie).push('products', shop.ws, [
      {
        newDocumentState: {
          id,
          workspace_id: shop.ws,
          updated_at: stamp,
          product_type: 'physical',
          status: 'active',
          name: 'Printed T-shirt',
          price_cents: 25_000,
          is_public: true,
          published_in_marketplace: true,
          track_inventory: false,
          ...(ownRate === undefined ? {} : { tax_rate_bp: ownRate }),
        },
      },
    ]);
    expect(pushed.body).toEqual({ conflicts: [], rejected: [] });
  }

  async function ticketCartId(shop: Shop): Promise<string> {
    const made = await send(shop.cookie, 'POST', `/api/workspaces/${shop.ws}/events`, {
      title: `Design night ${randomUUID().slice(0, 6)}`,
      start_date: '2030-09-12T19:00',
      status: 'published',
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const added = await send(shop.cookie, 'POST', `/api/workspaces/${shop.ws}/events/${String(made.body.id)}/ticket-types`, {
      name: 'Entry',
      price_cents: 25_000,
      quantity: 40,
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const page = publicEventDetail.parse((await send(null, 'GET', `/api/public/events/${String(made.body.slug)}`)).body);
    return page.ticket_types[0].cart_id;
  }

  async function buyer() {
    const id = await seedUser(db);
    return accessCookie(h.server.deps, id);
  }

  /** Checks out one line of `productId` and returns the quote's seller part and the order placed. */
  async function buy(productId: string) {
    const me = await buyer();
    const added = await send(me, 'POST', '/api/cart/items', { product_id: productId, quantity: 1 });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const quote = checkoutQuote.parse((await send(me, 'POST', '/api/checkout/quote', { shipping: [] })).body);
    const started = checkoutResult.parse((await send(me, 'POST', '/api/checkout', { address: deliveryAddress })).body);
    if (started.outcome !== 'pay') throw new Error('expected a payment');
    const [order] = orderList.parse((await send(me, 'GET', '/api/orders')).body).orders;
    return { quote: quote.sellers[0], order };
  }

  beforeAll(async () => {
    db = await openSyncDatabase(target);
    h = await startBillingHarness(db);
    send = jsonSender(h.server);
    registered = await openShop(db, h.server, 'Vilakazi Prints');
    await registerForVat(db, registered.ws, true);
    unregistered = await openShop(db, h.server, 'Orlando Tees');
    // Not registered, though its settings still hold a rate and its product one of its own: neither is charged.
    await db.query(
      `UPDATE workspace_settings SET vat_registered = false, vat_rate_bp = 1500, prices_include_vat = true WHERE workspace_id = $1`,
      [unregistered.ws],
    );
    await product(registered, shirt, undefined);
    await product(unregistered, plainShirt, 1500);
  });
  afterAll(async () => {
    await h?.close();
    await db?.close();
  });

  describe('a VAT-registered seller', () => {
    it('a R 250 T-shirt carries the VAT the till shows, R 32.61, inside its price, fixed on a "Tax Invoice" order', async () => {
      expect(await tillVat(registered.ws, 25_000)).toBe(3_261);
      const { quote, order } = await buy(toPublicProductId(registered.ws, shirt));
      expect(quote).toMatchObject({
        tax_cents: 3_261,
        tax_included: true,
        tax_rate_bp: 1500,
        total_cents: 25_000,
        seller_vat_number: TEST_VAT_NUMBER,
      });
      expect(order).toMatchObject({
        tax_cents: 3_261,
        tax_included: true,
        total_cents: 25_000,
        document_title: 'Tax Invoice',
        seller_vat_number: TEST_VAT_NUMBER,
      });

      // A later change of settings does not change the order placed.
      await db.query(`UPDATE workspace_settings SET vat_registered = false WHERE workspace_id = $1`, [registered.ws]);
      const [again] = orderList.parse((await send(registered.cookie, 'GET', `/api/workspaces/${registered.ws}/orders`)).body).orders;
      expect(again).toMatchObject({ tax_cents: 3_261, document_title: 'Tax Invoice', seller_vat_number: TEST_VAT_NUMBER });
      await registerForVat(db, registered.ws, true);
    });

    it('a R 250 ticket carries the same VAT as the till', async () => {
      const { quote, order } = await buy(await ticketCartId(registered));
      expect(quote).toMatchObject({ tax_cents: 3_261, tax_included: true, total_cents: 25_000 });
      expect(order).toMatchObject({ tax_cents: 3_261, total_cents: 25_000, document_title: 'Tax Invoice' });
    });
  });

  describe('a seller that is not VAT registered', () => {
    it('a T-shirt carries no VAT and an "Invoice", as the till charges none', async () => {
      expect(await tillVat(unregistered.ws, 25_000)).toBe(0);
      const { quote, order } = await buy(toPublicProductId(unregistered.ws, plainShirt));
      expect(quote).toMatchObject({ tax_cents: 0, tax_rate_bp: 0, total_cents: 25_000, seller_vat_number: null });
      expect(order).toMatchObject({ tax_cents: 0, total_cents: 25_000, document_title: 'Invoice', seller_vat_number: null });
    });

    it('a ticket carries no VAT and an "Invoice"', async () => {
      const { quote, order } = await buy(await ticketCartId(unregistered));
      expect(quote).toMatchObject({ tax_cents: 0, total_cents: 25_000, seller_vat_number: null });
      expect(order).toMatchObject({ tax_cents: 0, document_title: 'Invoice' });
    });
  });
});
