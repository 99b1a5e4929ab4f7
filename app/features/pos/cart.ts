import type { Product } from '../../../schema/inventory/catalog';
import { productTitle } from '../../../schema/inventory/product-variants';
import type { PosItem } from '../../../schema/pos/pos';
import { lineRateBp, type VatStatus } from '../../../schema/kit/vat';

/** The till's price for a product: its sale price when set, else its price; undefined when it has none. */
export function tillPrice(product: Pick<Product, 'price_cents' | 'sale_price_cents'>): number | undefined {
  return product.sale_price_cents ?? product.price_cents;
}

/** Products the till offers: active and not switched off for the point of sale. */
export function sellable(products: readonly Product[]): Product[] {
  return products.filter((p) => p.status === 'active' && p.pos_enabled !== false);
}

/** Finds a product by an exact barcode or SKU (what a scanner types), ignoring case and spaces. */
export function findByCode(products: readonly Product[], code: string): Product | undefined {
  const wanted = code.trim().toLowerCase();
  if (wanted === '') return undefined;
  return products.find((p) => p.barcode?.trim().toLowerCase() === wanted) ?? products.find((p) => p.sku?.trim().toLowerCase() === wanted);
}

export type CartResult = { ok: true; items: PosItem[] } | { ok: false; message: string };

/**
 * Adds one of the product (a new line, or one more on its line), at the rate the VAT rule gives
 * (schema/kit/vat.ts): a registered seller's product without its own VAT rate sells at the
 * workspace's rate, one set to 0 (zero-rated bread) stays at 0; a seller not registered charges none.
 */
export function addToCart(
  items: readonly PosItem[],
  product: Product,
  vat: Pick<VatStatus, 'registered' | 'rateBp'> = { registered: false, rateBp: 0 },
): CartResult {
  const price = tillPrice(product);
  if (price === undefined) return { ok: false, message: `${product.name ?? 'This product'} has no price. Set one in Inventory.` };
  const i = items.findIndex((it) => it.product_id === product.id);
  if (i >= 0) return setQuantity(items, product.id, items[i].quantity + 1);
  const line: PosItem = {
    product_id: product.id,
    name: productTitle(product),
    unit_price_cents: price,
    quantity: 1,
    tax_rate_bp: lineRateBp(vat, product.tax_rate_bp),
    tracks_stock: product.track_inventory !== false,
  };
  if (product.sku) line.sku = product.sku;
  return { ok: true, items: [...items, line] };
}

/** Sets a line's quantity; 0 removes the line. */
export function setQuantity(items: readonly PosItem[], productId: string, quantity: number): CartResult {
  if (!Number.isInteger(quantity) || quantity < 0) return { ok: false, message: 'Quantity must be a whole number' };
  if (quantity > 10_000) return { ok: false, message: 'Quantity can be at most 10000' };
  if (quantity === 0) return { ok: true, items: items.filter((it) => it.product_id !== productId) };
  return { ok: true, items: items.map((it) => (it.product_id === productId ? { ...it, quantity } : it)) };
}

/**
 * Whether selling `quantity` of a product goes beyond what this device counts in stock: the count, or
 * null when it does not (or the product counts no stock). A warning only: the count may be stale.
 */
export function overStock(product: Pick<Product, 'track_inventory'>, quantity: number, onHand: number): { inStock: number } | null {
  if (product.track_inventory === false) return null;
  return quantity > onHand ? { inStock: onHand } : null;
}
