import { z } from 'zod';
import { guestCartItem, MAX_CART_LINES, MAX_CART_QUANTITY, type GuestCartItem } from '../../../../schema/marketplace/marketplace';
import { localSetting } from '../../../kit/local-setting';

/**
 * A signed-out buyer's cart, kept on the device (localStorage) as product ids, quantities and the
 * price seen; the server shows it as it stands now (POST /api/cart/preview) and folds it into the
 * buyer's own cart at sign-in (POST /api/cart/merge).
 */
export const guestCartSetting = localSetting('guest-cart', z.array(guestCartItem).max(MAX_CART_LINES), []);

/** The guest cart with `quantity` more of a product (a new line keeps the price the buyer saw). */
export function withAdded(items: readonly GuestCartItem[], productId: string, quantity: number, priceCents: number): GuestCartItem[] {
  const found = items.find((i) => i.product_id === productId);
  if (!found) return [...items, { product_id: productId, quantity, price_seen_cents: priceCents }];
  return items.map((i) => (i.product_id === productId ? { ...i, quantity: Math.min(MAX_CART_QUANTITY, i.quantity + quantity) } : i));
}

export function withQuantity(items: readonly GuestCartItem[], productId: string, quantity: number): GuestCartItem[] {
  return items.map((i) => (i.product_id === productId ? { ...i, quantity } : i));
}

export function without(items: readonly GuestCartItem[], productId: string): GuestCartItem[] {
  return items.filter((i) => i.product_id !== productId);
}

/** The header's badge: the number of lines (spec §7: the cart array's length), capped at "99+". */
export function badgeText(count: number): string | null {
  if (count <= 0) return null;
  return count > 99 ? '99+' : String(count);
}
