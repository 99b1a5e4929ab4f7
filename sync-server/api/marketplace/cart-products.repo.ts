import type { Queryable } from '../../db/db.js';
import type { MarketProduct } from '../../../schema/marketplace/marketplace.js';
import { FROM_PRODUCTS, PRODUCT_COLUMNS, PUBLIC_PRODUCT, type ProductRow, toProduct } from './marketplace.repo.js';

/** The products a cart names, with what a buyer may still take of each. */

/** Units a buyer may still take: null when the seller does not track stock. */
export function unitsLeft(r: { track_inventory: boolean | null; stock_on_hand: number }): number | null {
  return r.track_inventory === false ? null : Math.max(0, r.stock_on_hand);
}

export interface CartProduct {
  product: MarketProduct;
  /** Units a buyer may still take (null: not tracked). */
  left: number | null;
  /** Public, active and priced in an open storefront right now. */
  forSale: boolean;
  /** Why it is not for sale, when there is more to say than that. */
  reason?: string;
  /** Posted to the buyer: a physical product that needs shipping (a ticket, a download or a service is not). */
  ships: boolean;
  /** The product's own VAT rate (zero-rated goods), when it has one; absent: the seller's standard rate. */
  ownTaxRateBp?: number | null;
}

/**
 * Products named in carts, by public id, whether or not they are still for sale (a cart shows a line
 * that went off sale, with why, rather than dropping it silently). Unknown ids are absent.
 */
export async function cartProducts(q: Queryable, keys: readonly { workspaceId: number; productId: string }[]) {
  const out = new Map<string, CartProduct>();
  if (keys.length === 0) return out;
  const rows = await q.query<ProductRow & { for_sale: boolean; ships: boolean; own_tax_rate_bp: number | null }>(
    `SELECT ${PRODUCT_COLUMNS}, coalesce(${PUBLIC_PRODUCT}, false) AS for_sale, p.tax_rate_bp AS own_tax_rate_bp,
            (p.product_type = 'physical' AND p.shipping_required IS DISTINCT FROM false) AS ships ${FROM_PRODUCTS}
      WHERE (p.workspace_id, p.id) IN (SELECT * FROM unnest($1::int[], $2::text[]))`,
    [keys.map((k) => k.workspaceId), keys.map((k) => k.productId)],
  );
  for (const r of rows) {
    const product = toProduct({ ...r, name: r.name ?? 'Product' }, 'option');
    out.set(product.id, {
      product,
      left: unitsLeft(r),
      forSale: r.for_sale,
      ships: r.ships === true,
      ownTaxRateBp: r.own_tax_rate_bp === null ? null : Number(r.own_tax_rate_bp),
    });
  }
  return out;
}
