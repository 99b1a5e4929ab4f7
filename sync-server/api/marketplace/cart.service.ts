import type { z } from 'zod';
import {
  beyondStockMessage,
  MAX_CART_LINES,
  MAX_CART_QUANTITY,
  marketMessages,
  parseCartItemId,
  toPublicProductId,
  type CartLine,
  type guestCart,
} from '../../../schema/marketplace/marketplace.js';
import type { Queryable } from '../../db/db.js';
import type { AppDeps } from '../../deps.js';
import { badRequest, conflict, notFound } from '../../http/errors.js';
import * as repo from './cart.repo.js';
import { cartTickets } from '../events/index.js';
import { cartProducts, type CartProduct } from './cart-products.repo.js';

type Key = { workspaceId: number; productId: string };

function keyOf(publicId: string): Key {
  const key = parseCartItemId(publicId);
  if (!key) throw badRequest(marketMessages.productId);
  return key;
}

/** What a cart's lines name as they stand now: products, and ticket types of events (keyed by cart item id). */
export async function cartItems(q: Queryable, keys: readonly Key[], now = new Date()): Promise<Map<string, CartProduct>> {
  const products = await cartProducts(q, keys);
  for (const [id, ticket] of await cartTickets(q, keys, now)) products.set(id, ticket);
  return products;
}

/** Why a quantity of this product cannot be bought now, or null. */
export function lineProblem(found: CartProduct | undefined, quantity: number): string | null {
  if (!found) return marketMessages.notForSale;
  if (!found.forSale) return found.reason ?? marketMessages.notForSale;
  if (found.left === null) return null;
  if (found.left === 0) return marketMessages.outOfStock;
  return quantity > found.left ? beyondStockMessage(found.left) : null;
}

export async function linesOf(q: Queryable, rows: repo.CartRow[]): Promise<CartLine[]> {
  const found = await cartItems(
    q,
    rows.map((r) => ({ workspaceId: r.workspace_id, productId: r.product_id })),
  );
  const lines: CartLine[] = [];
  for (const r of rows) {
    const f = found.get(toPublicProductId(r.workspace_id, r.product_id));
    // A product deleted for good (its row gone) has nothing left to show.
    if (!f) continue;
    lines.push({
      product: f.product,
      quantity: r.quantity,
      price_seen_cents: Number(r.price_seen_cents),
      problem: lineProblem(f, r.quantity),
    });
  }
  return lines;
}

export async function cart(deps: AppDeps, userId: number): Promise<CartLine[]> {
  return linesOf(deps.db, await repo.cartRows(deps.db, userId));
}

/**
 * Puts `quantity` units of a product in the cart (`mode: 'add'` adds to what is there). A product
 * not for sale, out of stock or with fewer units left is refused with the reason, and the cart is
 * left as it was.
 */
async function place(tx: Queryable, userId: number, publicId: string, quantity: number, mode: 'add' | 'set') {
  const key = keyOf(publicId);
  const rows = await repo.cartRows(tx, userId);
  const current = rows.find((r) => r.workspace_id === key.workspaceId && r.product_id === key.productId);
  const found = (await cartItems(tx, [key])).get(publicId);
  if (!found || !found.forSale) throw notFound(lineProblem(found, quantity) ?? marketMessages.notForSale);
  if (mode === 'set' && !current) throw notFound(marketMessages.notInCart);
  const wanted = mode === 'add' ? (current?.quantity ?? 0) + quantity : quantity;
  if (wanted > MAX_CART_QUANTITY) throw badRequest(marketMessages.quantityMax);
  const problem = lineProblem(found, wanted);
  if (problem) throw conflict(problem);
  if (!current && rows.length >= MAX_CART_LINES) throw conflict(marketMessages.cartFull);
  await repo.putLine(tx, userId, { ...key, quantity: wanted, priceCents: found.product.price_cents });
}

export async function addToCart(deps: AppDeps, userId: number, publicId: string, quantity: number): Promise<CartLine[]> {
  return deps.db.transaction(async (tx) => {
    await repo.lockCart(tx, userId);
    await place(tx, userId, publicId, quantity, 'add');
    return linesOf(tx, await repo.cartRows(tx, userId));
  });
}

export async function setQuantity(deps: AppDeps, userId: number, publicId: string, quantity: number): Promise<CartLine[]> {
  return deps.db.transaction(async (tx) => {
    await repo.lockCart(tx, userId);
    await place(tx, userId, publicId, quantity, 'set');
    return linesOf(tx, await repo.cartRows(tx, userId));
  });
}

export async function removeFromCart(deps: AppDeps, userId: number, publicId: string): Promise<CartLine[]> {
  const key = keyOf(publicId);
  return deps.db.transaction(async (tx) => {
    await repo.lockCart(tx, userId);
    if (!(await repo.removeLine(tx, userId, key.workspaceId, key.productId))) throw notFound(marketMessages.notInCart);
    return linesOf(tx, await repo.cartRows(tx, userId));
  });
}

/**
 * The device's guest cart joins the buyer's at sign-in: each guest line is added to the server
 * line (capped at what is left in stock); lines that cannot be bought come back with the reason.
 */
export async function mergeCart(deps: AppDeps, userId: number, body: z.output<typeof guestCart>) {
  return deps.db.transaction(async (tx) => {
    await repo.lockCart(tx, userId);
    const refused: { product_id: string; message: string }[] = [];
    for (const item of body.items) {
      const rows = await repo.cartRows(tx, userId);
      const key = keyOf(item.product_id);
      const current = rows.find((r) => r.workspace_id === key.workspaceId && r.product_id === key.productId);
      const found = (await cartItems(tx, [key])).get(item.product_id);
      const left = found?.left ?? null;
      const wanted = Math.min(MAX_CART_QUANTITY, (current?.quantity ?? 0) + item.quantity, left ?? MAX_CART_QUANTITY);
      const problem = !current && rows.length >= MAX_CART_LINES ? marketMessages.cartFull : lineProblem(found, Math.max(1, wanted));
      if (problem || !found) {
        refused.push({ product_id: item.product_id, message: problem ?? marketMessages.notForSale });
        continue;
      }
      // A new line keeps the price the guest saw, so a change since stays visible after sign-in.
      const seen = current ? Number(current.price_seen_cents) : (item.price_seen_cents ?? found.product.price_cents);
      await repo.putLine(tx, userId, { ...key, quantity: wanted, priceCents: seen });
    }
    return { cart: await linesOf(tx, await repo.cartRows(tx, userId)), refused };
  });
}

/** A guest cart's lines as they stand now: the device keeps only ids and quantities. */
export async function previewCart(deps: AppDeps, body: z.output<typeof guestCart>) {
  const keys = body.items.map((i) => keyOf(i.product_id));
  const found = await cartItems(deps.db, keys);
  return body.items.map((item) => {
    const f = found.get(item.product_id);
    // Someone without the line on the server learns nothing of a product that is not for sale (an
    // event's ticket says why: its sale window and approval are on its public page anyway).
    if (!f || !f.forSale) return { product_id: item.product_id, line: null, message: f?.reason ?? marketMessages.notForSale };
    const problem = lineProblem(f, item.quantity);
    return {
      product_id: item.product_id,
      line: { product: f.product, quantity: item.quantity, price_seen_cents: item.price_seen_cents ?? f.product.price_cents, problem },
      message: problem,
    };
  });
}
