import type { Queryable } from '../../db/db.js';
import { countries, isCountryCode } from '../../../schema/countries.js';
import { withOption } from '../../../schema/product-variants.js';
import {
  MARKET_CURRENCY,
  stockStateOf,
  storefrontDefaults,
  toPublicProductId,
  type DirectoryEntry,
  type MarketProduct,
  type MarketProductDetail,
  type MarketVariant,
  type StockState,
  type StorefrontSettings,
} from '../../../schema/marketplace.js';

/**
 * The marketplace's SQL. Buyers' reads cross workspaces, so they run as the server (not in a
 * workspace scope) and every one of them states the same rule, `PUBLIC_PRODUCT`: a product is seen
 * only when its workspace has an open storefront selling in rand and the product is public, active,
 * priced and not deleted.
 */

const OPEN_STOREFRONT = `w.storefront_enabled AND coalesce(ws.currency, '') = '${MARKET_CURRENCY}'`;
/** The product's own part of the rule (its storefront's is OPEN_STOREFRONT). */
const LISTED_PRODUCT = `p.is_public AND NOT p.deleted AND p.status = 'active'
   AND p.name IS NOT NULL AND coalesce(p.sale_price_cents, p.price_cents) IS NOT NULL`;
const PUBLIC_PRODUCT = `${OPEN_STOREFRONT} AND ${LISTED_PRODUCT}`;
const IN_MARKETPLACE = `${PUBLIC_PRODUCT} AND p.published_in_marketplace`;
/**
 * Lists show one card per group of variants: the group's main product (or a product without
 * variants), never a variant on its own; the card's price and stock then cover the whole group.
 */
const GROUP_CARD = `p.variant_of IS NULL`;

const FROM_PRODUCTS = `FROM products p
  JOIN workspaces w ON w.id = p.workspace_id
  LEFT JOIN workspace_settings ws ON ws.workspace_id = w.id AND ws.id = 1`;

const OWN_COLUMNS = `p.workspace_id, p.id, p.name, p.price_cents, p.sale_price_cents, p.category, p.image_file_id,
  p.track_inventory, p.stock_on_hand, p.low_stock_threshold, p.variant_of, p.variant_name`;
const PRODUCT_COLUMNS = `${OWN_COLUMNS}, w.name AS seller_name, w.slug AS seller_slug`;

interface ProductRow {
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
function toProduct(r: ProductRow, named: 'product' | 'option' = 'product'): MarketProduct {
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
async function groupCards(q: Queryable, rows: ProductRow[]): Promise<MarketProduct[]> {
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
}

/**
 * Products named in carts, by public id, whether or not they are still for sale (a cart shows a line
 * that went off sale, with why, rather than dropping it silently). Unknown ids are absent.
 */
export async function cartProducts(q: Queryable, keys: readonly { workspaceId: number; productId: string }[]) {
  const out = new Map<string, CartProduct>();
  if (keys.length === 0) return out;
  const rows = await q.query<ProductRow & { for_sale: boolean }>(
    `SELECT ${PRODUCT_COLUMNS}, coalesce(${PUBLIC_PRODUCT}, false) AS for_sale ${FROM_PRODUCTS}
      WHERE (p.workspace_id, p.id) IN (SELECT * FROM unnest($1::int[], $2::text[]))`,
    [keys.map((k) => k.workspaceId), keys.map((k) => k.productId)],
  );
  for (const r of rows) {
    const product = toProduct({ ...r, name: r.name ?? 'Product' }, 'option');
    out.set(product.id, { product, left: unitsLeft(r), forSale: r.for_sale });
  }
  return out;
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

/**
 * Marketplace search, typo-tolerant: each word of the term that no product has is widened to the
 * known marketplace words within a typo or two (trigram similarity on `marketplace_words`, nearest
 * first) and to the words it begins; products are then found by full-text search alone, through its
 * index, and those with the term's exact words rank first. Without a term: the newest products.
 */
export async function searchProducts(q: Queryable, term: string | undefined, category: string | undefined, limit: number) {
  if (!term) return groupCards(q, await newestProducts(q, category, limit));
  const widened = await widenTerm(q, term.toLowerCase());
  if (!widened) return [];
  return groupCards(q, await rankedMatches(q, { widened, term: term.toLowerCase(), category, limit }));
}

/** The category's (or the whole marketplace's) cards, newest first. */
function newestProducts(q: Queryable, category: string | undefined, limit: number) {
  const params: unknown[] = category ? [limit, category.toLowerCase()] : [limit];
  const inCategory = category ? 'AND lower(p.category) = $2' : '';
  return q.query<ProductRow>(
    `SELECT ${PRODUCT_COLUMNS} ${FROM_PRODUCTS} WHERE ${IN_MARKETPLACE} AND ${GROUP_CARD} ${inCategory}
      ORDER BY p.updated_at DESC, p.id LIMIT $1`,
    params,
  );
}

/**
 * The term as a tsquery over known words (null when it has none). The similarity threshold is set
 * for this transaction only; both statements go out together (one round trip on the pg driver).
 */
async function widenTerm(q: Queryable, term: string): Promise<string | null> {
  const [, [widened]] = await Promise.all([
    q.query(`SELECT set_config('pg_trgm.similarity_threshold', '${WORD_SIMILARITY}', true)`),
    q.query<{ query: string | null }>(
      `SELECT string_agg('(' || array_to_string(array_prepend(${tsLexeme('i.w')} || ':*', array(
                SELECT ${tsLexeme('m.word')} FROM marketplace_words m
                WHERE m.word % i.w AND NOT EXISTS (SELECT 1 FROM marketplace_words k WHERE k.word = i.w)
                ORDER BY m.word <-> i.w LIMIT ${WORD_ALTERNATIVES}
              )), ' | ') || ')', ' & ') AS query
         FROM (SELECT DISTINCT w FROM unnest(tsvector_to_array(to_tsvector('simple', $1))) AS w) i`,
      [term],
    ),
  ]);
  return widened?.query ?? null;
}

/**
 * Cards matching the widened query, exact words first, then by ts_rank. The matches are gathered
 * first, on their own (MATERIALIZED): through the full-text index, with each one's text made once
 * and kept for ranking. Left to plan the join as a whole, Postgres misjudges how few storefronts
 * pass their filter and reads every product of each shop, making every product's text two or three
 * times over.
 */
function rankedMatches(q: Queryable, s: { widened: string; term: string; category: string | undefined; limit: number }) {
  const params: unknown[] = [s.widened, s.term, s.limit];
  if (s.category) params.push(s.category.toLowerCase());
  const inCategory = s.category ? 'AND lower(p.category) = $4' : '';
  return q.query<ProductRow>(
    `WITH hits AS MATERIALIZED (
       SELECT ${OWN_COLUMNS}, ${PRODUCT_TEXT} AS doc FROM products p
        WHERE ${PRODUCT_TEXT} @@ to_tsquery('simple', $1) AND ${LISTED_PRODUCT} AND p.published_in_marketplace AND ${GROUP_CARD} ${inCategory}
     )
     SELECT ${PRODUCT_COLUMNS} FROM hits p
       JOIN workspaces w ON w.id = p.workspace_id
       LEFT JOIN workspace_settings ws ON ws.workspace_id = w.id AND ws.id = 1
      WHERE ${OPEN_STOREFRONT}
      ORDER BY (p.doc @@ plainto_tsquery('simple', $2)) DESC, ts_rank(p.doc, to_tsquery('simple', $1)) DESC, p.id LIMIT $3`,
    params,
  );
}

/** A product's searchable text, as the full-text index (migration 0030) has it. */
const PRODUCT_TEXT = `to_tsvector('simple', coalesce(p.name, '') || ' ' || coalesce(p.category, ''))`;
/** How alike a known word must be to a typed one to be searched for it (pg_trgm similarity). */
const WORD_SIMILARITY = '0.4';
/** Known words searched for each typed word, nearest first. */
const WORD_ALTERNATIVES = 4;
/** SQL quoting a word as one tsquery lexeme ('it''s'); not quote_literal, whose E'' form tsquery misreads. */
const tsLexeme = (word: string) => `'''' || replace(${word}, '''', '''''') || ''''`;

/** Products the sellers chose to feature, newest storefront choice first. */
export async function featuredProducts(q: Queryable, limit: number) {
  const rows = await q.query<ProductRow>(
    `SELECT ${PRODUCT_COLUMNS} ${FROM_PRODUCTS}
       JOIN storefront_settings s ON s.workspace_id = p.workspace_id AND s.featured_product_ids ? p.id
      WHERE ${IN_MARKETPLACE} AND ${GROUP_CARD}
      ORDER BY s.updated_at DESC, p.id LIMIT $1`,
    [limit],
  );
  return groupCards(q, rows);
}

export async function marketCategories(q: Queryable) {
  const rows = await q.query<{ name: string; count: string | number }>(
    `SELECT min(p.category) AS name, count(*) AS count ${FROM_PRODUCTS}
      WHERE ${IN_MARKETPLACE} AND ${GROUP_CARD} AND coalesce(trim(p.category), '') <> ''
      GROUP BY lower(p.category) ORDER BY count(*) DESC, lower(p.category) LIMIT 24`,
  );
  return rows.map((r) => ({ name: r.name, count: Number(r.count) }));
}

interface StorefrontRow {
  id: number;
  name: string;
  slug: string;
  description: string | null;
  industry: string | null;
  country: string | null;
  address: string | null;
  product_count: string | number;
}

/** "Johannesburg, South Africa": the last line of the address, then the country. */
function areaOf(r: { country: string | null; address: string | null }): string | null {
  const lastLine =
    r.address
      ?.split(/\r?\n|,/)
      .map((l) => l.trim())
      .filter(Boolean)
      .at(-1) ?? null;
  const country = r.country && isCountryCode(r.country) ? countries[r.country].name : null;
  const parts = [lastLine, country].filter((p): p is string => p !== null && p !== '');
  return parts.length ? [...new Set(parts)].join(', ') : null;
}

const STOREFRONT_SELECT = `SELECT w.id, w.name, w.slug, w.description, w.industry, ws.country, ws.address,
    (SELECT count(*) FROM products p WHERE p.workspace_id = w.id AND ${GROUP_CARD} AND ${LISTED_PRODUCT}) AS product_count
   FROM workspaces w LEFT JOIN workspace_settings ws ON ws.workspace_id = w.id AND ws.id = 1`;

export async function directory(q: Queryable, filter: { q?: string; category?: string; area?: string }): Promise<DirectoryEntry[]> {
  const params: unknown[] = [];
  const where = [OPEN_STOREFRONT];
  const like = (v: string) => `%${v.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  if (filter.q) {
    params.push(like(filter.q));
    where.push(`(w.name ILIKE $${params.length} OR w.description ILIKE $${params.length})`);
  }
  if (filter.category) {
    params.push(filter.category);
    where.push(`lower(w.industry) = lower($${params.length})`);
  }
  if (filter.area) {
    params.push(like(filter.area));
    const countryCodesMatching = Object.entries(countries)
      .filter(([, c]) => c.name.toLowerCase().includes(filter.area?.toLowerCase() ?? ''))
      .map(([code]) => code);
    params.push(countryCodesMatching);
    where.push(`(ws.address ILIKE $${params.length - 1} OR ws.country = ANY ($${params.length}::text[]))`);
  }
  const rows = await q.query<StorefrontRow>(
    `${STOREFRONT_SELECT} WHERE ${where.join(' AND ')} ORDER BY lower(w.name), w.id LIMIT 200`,
    params,
  );
  return rows.map((r) => ({
    name: r.name,
    slug: r.slug,
    description: r.description,
    industry: r.industry,
    area: areaOf(r),
    product_count: Number(r.product_count),
  }));
}

export async function directoryCategories(q: Queryable): Promise<string[]> {
  const rows = await q.query<{ industry: string }>(
    `SELECT DISTINCT ON (lower(w.industry)) w.industry FROM workspaces w
       LEFT JOIN workspace_settings ws ON ws.workspace_id = w.id AND ws.id = 1
      WHERE ${OPEN_STOREFRONT} AND coalesce(trim(w.industry), '') <> '' ORDER BY lower(w.industry) LIMIT 50`,
  );
  return rows.map((r) => r.industry);
}

export interface StorefrontFound extends DirectoryEntry {
  workspaceId: number;
}

export async function storefrontBySlug(q: Queryable, slug: string): Promise<StorefrontFound | null> {
  const rows = await q.query<StorefrontRow>(`${STOREFRONT_SELECT} WHERE w.slug = $1 AND ${OPEN_STOREFRONT}`, [slug]);
  const r = rows[0];
  if (!r) return null;
  return {
    workspaceId: r.id,
    name: r.name,
    slug: r.slug,
    description: r.description,
    industry: r.industry,
    area: areaOf(r),
    product_count: Number(r.product_count),
  };
}

/** One storefront's public products (the marketplace flag not needed: a shop shows all it made public). */
export async function storefrontProducts(q: Queryable, workspaceId: number) {
  const rows = await q.query<ProductRow>(
    `SELECT ${PRODUCT_COLUMNS} ${FROM_PRODUCTS} WHERE p.workspace_id = $1 AND ${PUBLIC_PRODUCT} AND ${GROUP_CARD}
      ORDER BY lower(p.name), p.id LIMIT 500`,
    [workspaceId],
  );
  return groupCards(q, rows);
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

// ---- storefront settings (in the seller's workspace scope) ----

interface SettingsRow {
  shipping_enabled: boolean;
  shipping_rates: StorefrontSettings['shipping_rates'];
  tax_rate_bp: number;
  payment_gateway: StorefrontSettings['payment_gateway'];
  order_prefix: string;
  auto_fulfill_digital: boolean;
  order_confirmation_email: boolean;
  checkout_fields: StorefrontSettings['checkout_fields'];
  terms: string;
  return_policy: string;
  featured_product_ids: string[];
}

const SETTINGS_COLUMN_NAMES = [
  'shipping_enabled',
  'shipping_rates',
  'tax_rate_bp',
  'payment_gateway',
  'order_prefix',
  'auto_fulfill_digital',
  'order_confirmation_email',
  'checkout_fields',
  'terms',
  'return_policy',
  'featured_product_ids',
] as const;
const SETTINGS_COLUMNS = SETTINGS_COLUMN_NAMES.join(', ');

export async function readSettings(q: Queryable, workspaceId: number): Promise<StorefrontSettings> {
  const rows = await q.query<SettingsRow>(`SELECT ${SETTINGS_COLUMNS} FROM storefront_settings WHERE workspace_id = $1`, [workspaceId]);
  return rows[0] ?? storefrontDefaults;
}

/**
 * Each seller's checkout terms in one query: their storefront settings (the defaults without a row)
 * and whether their prices already hold VAT (the workspace's setting; no settings row means not).
 */
export async function readCheckoutTerms(
  q: Queryable,
  workspaceIds: readonly number[],
): Promise<Map<number, { settings: StorefrontSettings; pricesIncludeVat: boolean }>> {
  const rows = await q.query<SettingsRow & { workspace_id: number; has_settings: boolean; prices_include_vat: boolean | null }>(
    `SELECT w.id AS workspace_id, s.workspace_id IS NOT NULL AS has_settings, ${SETTINGS_COLUMN_NAMES.map((c) => `s.${c}`).join(', ')}, ws.prices_include_vat
       FROM unnest($1::int[]) AS w(id)
       LEFT JOIN storefront_settings s ON s.workspace_id = w.id
       LEFT JOIN workspace_settings ws ON ws.workspace_id = w.id AND ws.id = 1`,
    [workspaceIds],
  );
  return new Map(
    rows.map(({ workspace_id, has_settings, prices_include_vat, ...settings }) => [
      workspace_id,
      { settings: has_settings ? settings : storefrontDefaults, pricesIncludeVat: prices_include_vat ?? false },
    ]),
  );
}

export async function writeSettings(q: Queryable, workspaceId: number, s: StorefrontSettings): Promise<void> {
  await q.query(
    `INSERT INTO storefront_settings (workspace_id, ${SETTINGS_COLUMNS}, updated_at)
     VALUES ($1, $2, $3::jsonb, $4, $5, $6, $7, $8, $9::jsonb, $10, $11, $12::jsonb, now())
     ON CONFLICT (workspace_id) DO UPDATE SET
       shipping_enabled = EXCLUDED.shipping_enabled, shipping_rates = EXCLUDED.shipping_rates, tax_rate_bp = EXCLUDED.tax_rate_bp,
       payment_gateway = EXCLUDED.payment_gateway, order_prefix = EXCLUDED.order_prefix,
       auto_fulfill_digital = EXCLUDED.auto_fulfill_digital, order_confirmation_email = EXCLUDED.order_confirmation_email,
       checkout_fields = EXCLUDED.checkout_fields, terms = EXCLUDED.terms, return_policy = EXCLUDED.return_policy,
       featured_product_ids = EXCLUDED.featured_product_ids, updated_at = now()`,
    [
      workspaceId,
      s.shipping_enabled,
      JSON.stringify(s.shipping_rates),
      s.tax_rate_bp,
      s.payment_gateway,
      s.order_prefix,
      s.auto_fulfill_digital,
      s.order_confirmation_email,
      JSON.stringify(s.checkout_fields),
      s.terms,
      s.return_policy,
      JSON.stringify(s.featured_product_ids),
    ],
  );
}

export async function workspaceFacts(q: Queryable, workspaceId: number) {
  const rows = await q.query<{ slug: string; storefront_enabled: boolean; currency: string | null }>(
    `SELECT w.slug, w.storefront_enabled, ws.currency FROM workspaces w
       LEFT JOIN workspace_settings ws ON ws.workspace_id = w.id AND ws.id = 1 WHERE w.id = $1`,
    [workspaceId],
  );
  return rows[0] ?? null;
}
