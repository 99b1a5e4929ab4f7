import type { Queryable } from '../../db/db.js';
import { withOption } from '../../../schema/inventory/product-variants.js';
import {
  MARKET_CURRENCY,
  stockStateOf,
  toPublicProductId,
  type MarketProduct,
  type MarketProductDetail,
  type MarketVariant,
  type StockState,
} from '../../../schema/marketplace/marketplace.js';

/**
 * The marketplace's SQL. Buyers' reads cross workspaces, so they run as the server (not in a
 * workspace scope) and every one of them states the same rule, `PUBLIC_PRODUCT`: a product is seen
 * only when its workspace has an open storefront selling in rand and the product is public, active,
 * priced and not deleted. Here: that rule, product cards and pages, and the sitemap; cart products,
 * search, storefronts and storefront settings each have their own repository.
 */

export const OPEN_STOREFRONT = `w.storefront_enabled AND coalesce(ws.currency, '') = '${MARKET_CURRENCY}'`;
/** The product's own part of the rule (its storefront's is OPEN_STOREFRONT). */
export const LISTED_PRODUCT = `p.is_public AND NOT p.deleted AND p.status = 'active'
   AND p.name IS NOT NULL AND coalesce(p.sale_price_cents, p.price_cents) IS NOT NULL`;
export const PUBLIC_PRODUCT = `${OPEN_STOREFRONT} AND ${LISTED_PRODUCT}`;
export const IN_MARKETPLACE = `${PUBLIC_PRODUCT} AND p.published_in_marketplace`;
/**
 * Lists show one card per group of variants: the group's main product (or a product without
 * variants), never a variant on its own; the card's price and stock then cover the whole group.
 */
export const GROUP_CARD = `p.variant_of IS NULL`;

export const FROM_PRODUCTS = `FROM products p
  JOIN workspaces w ON w.id = p.workspace_id
  LEFT JOIN workspace_settings ws ON ws.workspace_id = w.id AND ws.id = 1`;

export const OWN_COLUMNS = `p.workspace_id, p.id, p.name, p.price_cents, p.sale_price_cents, p.category, p.image_file_id,
  p.track_inventory, p.stock_on_hand, p.low_stock_threshold, p.variant_of, p.variant_name`;
export const PRODUCT_COLUMNS = `${OWN_COLUMNS}, w.name AS seller_name, w.slug AS seller_slug`;

export interface ProductRow {
  workspace_id: number;
  id: string;
  name: string;
  price_cents: string | number | null;
  sale_price_cents: string | number | null;
  category: string | null;
  image_file_id: string | null;
  track_inventory: boolean | null;
  stock_on_hand: number;
  low_stock_threshold: number | null;
  variant_of: string | null;
  variant_name: string | null;
  seller_name: string;
  seller_slug: string;
}

const num = (v: string | number | null): number | null => (v === null ? null : Number(v));

/** What the buyer pays: the sale price when it is set and below the price, else the price. */
function prices(r: ProductRow): { price_cents: number; was_cents: number | null } {
  const price = num(r.price_cents);
  const sale = num(r.sale_price_cents);
  if (sale !== null && price !== null && sale < price) return { price_cents: sale, was_cents: price };
  return { price_cents: sale ?? price ?? 0, was_cents: null };
}

function stockOf(r: ProductRow): { stock: StockState; stock_left: number | null } {
  const tracked = r.track_inventory !== false;
  const stock = stockStateOf({ track_inventory: tracked, on_hand: r.stock_on_hand, low_stock_threshold: r.low_stock_threshold });
  return { stock, stock_left: tracked && stock === 'low' ? Math.max(0, r.stock_on_hand) : null };
}

/** A product as buyers see it; `named: 'option'` names its option too ("T-shirt — Red / M"), as a cart line does. */
export function toProduct(r: ProductRow, named: 'product' | 'option' = 'product'): MarketProduct {
  const publicId = toPublicProductId(r.workspace_id, r.id);
  return {
    id: publicId,
    name: named === 'option' ? withOption(r.name, r.variant_name) : r.name,
    ...prices(r),
    category: r.category,
    image: r.image_file_id ? `/api/marketplace/products/${publicId}/picture` : null,
    ...stockOf(r),
    seller: { name: r.seller_name, slug: r.seller_slug },
  };
}

const STOCK_RANK: Record<StockState, number> = { in_stock: 0, low: 1, out: 2 };

/**
 * Group cards: each listed main product's card takes in its variants buyers can have (one query by
 * the variants index for the whole page): the lowest price, "from" when the prices differ, and the
 * best stock state (sold out only when every option is).
 */
export async function groupCards(q: Queryable, rows: ProductRow[]): Promise<MarketProduct[]> {
  const cards = rows.map((r) => toProduct(r));
  if (rows.length === 0) return cards;
  const variants = await q.query<ProductRow>(
    `SELECT ${PRODUCT_COLUMNS} ${FROM_PRODUCTS}
      WHERE p.workspace_id = ANY($1::int[]) AND p.variant_of = ANY($2::text[]) AND ${PUBLIC_PRODUCT}`,
    [[...new Set(rows.map((r) => r.workspace_id))], rows.map((r) => r.id)],
  );
  if (variants.length === 0) return cards;
  const byGroup = new Map<string, ProductRow[]>();
  for (const v of variants) {
    if (v.variant_of === null) continue;
    const key = toPublicProductId(v.workspace_id, v.variant_of);
    byGroup.set(key, [...(byGroup.get(key) ?? []), v]);
  }
  return cards.map((card, i) => {
    const options = byGroup.get(card.id);
    if (!options) return card;
    const all = [card, ...options.map((o) => toProduct(o))];
    const cheapest = all.reduce((a, b) => (b.price_cents < a.price_cents ? b : a));
    const best = all.reduce((a, b) => (STOCK_RANK[b.stock] < STOCK_RANK[a.stock] ? b : a));
    const varies = all.some((o) => o.price_cents !== cheapest.price_cents);
    return {
      ...toProduct(rows[i]),
      price_cents: cheapest.price_cents,
      was_cents: varies ? null : cheapest.was_cents,
      stock: best.stock,
      stock_left: null,
      price_from: varies,
    };
  });
}

interface DetailRow extends ProductRow {
  product_type: string;
  tags: unknown;
  sku: string | null;
  shipping_required: boolean | null;
  updated_at: Date | string;
}

/**
 * A product page: the product asked for and, when it belongs to a group of variants, the group's
 * options buyers can have (public, active, priced), the main product first, then by option name.
 */
export async function productDetail(q: Queryable, workspaceId: number, productId: string): Promise<MarketProductDetail | null> {
  const DETAIL_COLUMNS = `${PRODUCT_COLUMNS}, p.product_type, p.tags, p.sku, p.shipping_required, p.updated_at`;
  const rows = await q.query<DetailRow>(
    `SELECT ${DETAIL_COLUMNS} ${FROM_PRODUCTS} WHERE p.workspace_id = $1 AND p.id = $2 AND ${PUBLIC_PRODUCT}`,
    [workspaceId, productId],
  );
  const r = rows[0];
  if (!r) return null;
  const groupId = r.variant_of ?? r.id;
  const group = await q.query<DetailRow>(
    `SELECT ${DETAIL_COLUMNS} ${FROM_PRODUCTS}
      WHERE p.workspace_id = $1 AND (p.id = $2 OR p.variant_of = $2) AND ${PUBLIC_PRODUCT}
      ORDER BY p.variant_of IS NOT NULL, lower(coalesce(p.variant_name, p.name)), p.id`,
    [workspaceId, groupId],
  );
  const grouped = r.variant_of !== null || group.length > 1;
  return {
    ...toProduct(r),
    product_type: r.product_type,
    tags: Array.isArray(r.tags) ? r.tags.filter((t): t is string => typeof t === 'string') : [],
    sku: r.sku,
    shipping_required: r.shipping_required !== false && r.product_type === 'physical',
    updated_at: new Date(r.updated_at).toISOString(),
    group_id: toPublicProductId(workspaceId, groupId),
    variants: grouped ? group.map(toVariant) : [],
  };
}

function toVariant(r: DetailRow): MarketVariant {
  const option = r.variant_name?.trim() || r.name;
  return {
    id: toPublicProductId(r.workspace_id, r.id),
    option,
    name: withOption(r.name, r.variant_name),
    ...prices(r),
    ...stockOf(r),
    sku: r.sku,
  };
}

/** The drive file behind a public product's photo. */
export async function publicPictureId(q: Queryable, workspaceId: number, productId: string): Promise<string | null> {
  const rows = await q.query<{ image_file_id: string | null }>(
    `SELECT p.image_file_id ${FROM_PRODUCTS} WHERE p.workspace_id = $1 AND p.id = $2 AND ${PUBLIC_PRODUCT}`,
    [workspaceId, productId],
  );
  return rows[0]?.image_file_id ?? null;
}

/** Every public product and open storefront, for sitemap.xml. */
export async function sitemapEntries(q: Queryable) {
  const products = await q.query<{ workspace_id: number; id: string; updated_at: Date | string }>(
    `SELECT p.workspace_id, p.id, p.updated_at ${FROM_PRODUCTS} WHERE ${PUBLIC_PRODUCT} AND ${GROUP_CARD} ORDER BY p.workspace_id, p.id LIMIT 45000`,
  );
  const storefronts = await q.query<{ slug: string; updated_at: Date | string }>(
    `SELECT w.slug, w.updated_at FROM workspaces w LEFT JOIN workspace_settings ws ON ws.workspace_id = w.id AND ws.id = 1
      WHERE ${OPEN_STOREFRONT} ORDER BY w.id LIMIT 5000`,
  );
  return {
    products: products.map((p) => ({ id: toPublicProductId(p.workspace_id, p.id), updated_at: new Date(p.updated_at) })),
    storefronts: storefronts.map((s) => ({ slug: s.slug, updated_at: new Date(s.updated_at) })),
  };
}
