import { z } from 'zod';
import { text } from '../kit/input.js';

/**
 * The marketplace (spec §3 "Storefront and services" and "Commerce"): a workspace's storefront
 * settings, what buyers see of its public products, and the cart. Money is integer ZAR cents: the
 * marketplace sells in rand (spec §9), and only workspaces whose currency is ZAR reach buyers.
 */

export const MARKET_CURRENCY = 'ZAR';
export const ORDER_PREFIX_DEFAULT = 'ORD';

/**
 * A marketplace order's number: the seller's prefix and six digits from one series across the
 * marketplace (spec §3: order numbers are unique), so two sellers' orders never share a number.
 */
export function orderNumber(prefix: string, n: number): string {
  return `${prefix}-${String(n).padStart(6, '0')}`;
}
/** A product line in a cart holds at most this many units. */
export const MAX_CART_QUANTITY = 999;
/** A cart holds at most this many lines. */
export const MAX_CART_LINES = 100;
/** Products a storefront may feature on the marketplace home. */
export const MAX_FEATURED = 8;

export const marketMessages = {
  quantityWhole: 'Quantity must be a whole number',
  quantityMin: 'Quantity must be at least 1',
  quantityMax: `Quantity can be at most ${MAX_CART_QUANTITY}`,
  notForSale: 'This product is not for sale online.',
  outOfStock: 'This product is out of stock.',
  cartFull: `A cart holds at most ${MAX_CART_LINES} different products.`,
  notInCart: 'This product is not in your cart.',
  productId: 'Not a marketplace product.',
  storefrontNotFound: 'This storefront does not exist or is closed.',
  orderPrefix: 'Order prefix must be 1 to 10 capital letters or digits',
  shippingRateName: 'Each shipping rate needs a name',
  shippingRatePrice: 'A shipping rate must be 0 or more',
  shippingNeedsRate: 'Add at least one shipping rate, or turn shipping off',
  tooManyFeatured: `Feature at most ${MAX_FEATURED} products`,
} as const;

/** "Only 3 left" when a buyer asks for more than there is. */
export function beyondStockMessage(left: number): string {
  return left === 1 ? 'Only 1 left in stock.' : `Only ${left} left in stock.`;
}

// ---- storefront settings (spec §3 storefront_settings) ----

export const paymentGateway = z.enum(['eft', 'paystack']);
export const checkoutField = z.enum(['phone', 'company', 'delivery_instructions', 'vat_number']);
export type CheckoutFieldCode = z.infer<typeof checkoutField>;
export const checkoutFieldLabels: Record<CheckoutFieldCode, string> = {
  phone: 'Phone number',
  company: 'Company name',
  delivery_instructions: 'Delivery instructions',
  vat_number: 'VAT number',
};

export const shippingRate = z.object({
  name: text(100).trim().min(1, marketMessages.shippingRateName),
  price_cents: z
    .number({ error: marketMessages.shippingRatePrice })
    .int(marketMessages.shippingRatePrice)
    .min(0, marketMessages.shippingRatePrice)
    .max(100_000_000),
});
export type ShippingRate = z.infer<typeof shippingRate>;

const settingsShape = {
  shipping_enabled: z.boolean(),
  shipping_rates: z.array(shippingRate).max(20),
  payment_gateway: paymentGateway,
  order_prefix: z
    .string()
    .trim()
    .regex(/^[A-Z0-9]{1,10}$/, marketMessages.orderPrefix),
  auto_fulfill_digital: z.boolean(),
  order_confirmation_email: z.boolean(),
  checkout_fields: z.array(checkoutField).max(checkoutField.options.length),
  terms: text(10_000),
  return_policy: text(10_000),
  /** Products (ids in the workspace) shown as featured on the marketplace home. */
  featured_product_ids: z.array(text(64)).max(MAX_FEATURED, marketMessages.tooManyFeatured),
};

export const storefrontSettings = z.object(settingsShape);
export type StorefrontSettings = z.infer<typeof storefrontSettings>;

/** What a new storefront starts with (spec §3 defaults: gateway eft, prefix ORD). */
export const storefrontDefaults: StorefrontSettings = {
  shipping_enabled: false,
  shipping_rates: [],
  payment_gateway: 'eft',
  order_prefix: ORDER_PREFIX_DEFAULT,
  auto_fulfill_digital: false,
  order_confirmation_email: true,
  checkout_fields: [],
  terms: '',
  return_policy: '',
  featured_product_ids: [],
};

/** Shipping on with no rate would leave a buyer nothing to choose. */
export const storefrontSettingsInput = storefrontSettings.superRefine((s, ctx) => {
  if (s.shipping_enabled && s.shipping_rates.length === 0) {
    ctx.addIssue({ code: 'custom', path: ['shipping_rates'], message: marketMessages.shippingNeedsRate });
  }
});

/** The seller's page: the settings, whether the storefront is switched on, and why buyers may not see it. */
export const storefrontSettingsDto = z.object({
  settings: storefrontSettings,
  slug: z.string(),
  storefront_enabled: z.boolean(),
  /** The workspace's currency; only ZAR workspaces sell in the marketplace. */
  currency: z.string(),
});
export type StorefrontSettingsDto = z.infer<typeof storefrontSettingsDto>;

// ---- what buyers see ----

/**
 * A public product's id in URLs: `<workspace id>-<product id>`. Product ids are made on devices and
 * are unique within their workspace only, so the workspace is part of the public name.
 */
export const publicProductId = z
  .string()
  .max(80)
  .regex(/^[1-9]\d{0,9}-[A-Za-z0-9_-]{1,64}$/, marketMessages.productId);

export function toPublicProductId(workspaceId: number, productId: string): string {
  return `${workspaceId}-${productId}`;
}

export function parsePublicProductId(value: string): { workspaceId: number; productId: string } | null {
  const m = /^([1-9]\d{0,9})-([A-Za-z0-9_-]{1,64})$/.exec(value);
  if (!m) return null;
  const workspaceId = Number(m[1]);
  return workspaceId <= 2_147_483_647 ? { workspaceId, productId: m[2] } : null;
}

/**
 * A cart line names a product (`<workspace>-<product id>`) or a ticket type of a public event
 * (`<workspace>-t.<ticket type uuid>`): tickets are bought in the same cart and checkout. A product id
 * never holds a dot, so the two cannot be mistaken for each other.
 */
const TICKET_LINE = /^t\.([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

export function toTicketCartId(workspaceId: number, ticketTypeId: string): string {
  return `${workspaceId}-t.${ticketTypeId}`;
}

/** The ticket type a cart line's item id names, or null for a product. */
export function ticketTypeOfLine(itemId: string): string | null {
  return TICKET_LINE.exec(itemId)?.[1] ?? null;
}

export function parseCartItemId(value: string): { workspaceId: number; productId: string } | null {
  const m = /^([1-9]\d{0,9})-(t\.[0-9a-f-]{36})$/.exec(value);
  if (m && ticketTypeOfLine(m[2])) {
    const workspaceId = Number(m[1]);
    return workspaceId <= 2_147_483_647 ? { workspaceId, productId: m[2] } : null;
  }
  return parsePublicProductId(value);
}

export const cartItemId = z
  .string()
  .max(80)
  .refine((v) => parseCartItemId(v) !== null, marketMessages.productId);

export const stockState = z.enum(['in_stock', 'low', 'out']);
export type StockState = z.infer<typeof stockState>;
export const stockLabels: Record<StockState, string> = { in_stock: 'In stock', low: 'Low stock', out: 'Out of stock' };

/** In stock unless tracked and at or under the low-stock level (or nothing left). */
export function stockStateOf(p: { track_inventory: boolean; on_hand: number; low_stock_threshold: number | null }): StockState {
  if (!p.track_inventory) return 'in_stock';
  if (p.on_hand <= 0) return 'out';
  if (p.low_stock_threshold !== null && p.on_hand <= p.low_stock_threshold) return 'low';
  return 'in_stock';
}

export const sellerRef = z.object({ name: z.string(), slug: z.string() });

export const marketProduct = z.object({
  id: z.string(),
  name: z.string(),
  /** What a buyer pays, ZAR cents (the sale price when there is one). */
  price_cents: z.number().int(),
  /** The price before the sale, when the product is on sale. */
  was_cents: z.number().int().nullable(),
  category: z.string().nullable(),
  /** Path of the product's picture (its drive photo), or null. */
  image: z.string().nullable(),
  stock: stockState,
  /** Units left when stock is tracked and low, else null. */
  stock_left: z.number().int().nullable(),
  seller: sellerRef,
  /** Where the line opens when it is not a product page (a ticket opens its event). */
  href: z.string().optional(),
  /**
   * A group of variants on a card: `price_cents` is its lowest option's price and the options'
   * prices differ ("From R…"). Absent on a product without variants.
   */
  price_from: z.boolean().optional(),
});
export type MarketProduct = z.infer<typeof marketProduct>;

/** One option of a product with variants, as the product page offers it ("Red / M"). */
export const marketVariant = z.object({
  id: z.string(),
  /** The option's own words ("Red / M"). */
  option: z.string(),
  /** The product and its option ("T-shirt — Red / M"), as the cart and orders name it. */
  name: z.string(),
  price_cents: z.number().int(),
  was_cents: z.number().int().nullable(),
  stock: stockState,
  stock_left: z.number().int().nullable(),
  sku: z.string().nullable(),
});
export type MarketVariant = z.infer<typeof marketVariant>;

export const marketProductDetail = marketProduct.extend({
  product_type: z.string(),
  tags: z.array(z.string()),
  sku: z.string().nullable(),
  shipping_required: z.boolean(),
  updated_at: z.string(),
  /** The public id of the group's main product (its own id when it has no variants). */
  group_id: z.string(),
  /** The group's options buyers can have (public, active, priced), main product first; empty without variants. */
  variants: z.array(marketVariant),
});
export type MarketProductDetail = z.infer<typeof marketProductDetail>;

export const categoryCount = z.object({ name: z.string(), count: z.number().int() });

export const marketSearchQuery = z.object({
  q: text(100).trim().optional(),
  category: text(255).trim().optional(),
});

/** /marketplace: search results when there is a query or category, else the home's sections. */
export const marketHome = z.object({
  results: z.array(marketProduct).nullable(),
  categories: z.array(categoryCount),
  featured: z.array(marketProduct),
  newest: z.array(marketProduct),
});
export type MarketHome = z.infer<typeof marketHome>;

export const storefrontDto = z.object({
  name: z.string(),
  slug: z.string(),
  description: z.string().nullable(),
  industry: z.string().nullable(),
  area: z.string().nullable(),
  terms: z.string(),
  return_policy: z.string(),
  shipping_enabled: z.boolean(),
  shipping_rates: z.array(shippingRate),
  products: z.array(marketProduct),
});
export type StorefrontDto = z.infer<typeof storefrontDto>;

export const directoryQuery = z.object({
  q: text(100).trim().optional(),
  category: text(100).trim().optional(),
  area: text(100).trim().optional(),
});

export const directoryEntry = z.object({
  name: z.string(),
  slug: z.string(),
  description: z.string().nullable(),
  industry: z.string().nullable(),
  area: z.string().nullable(),
  product_count: z.number().int(),
});
export type DirectoryEntry = z.infer<typeof directoryEntry>;
export const directoryDto = z.object({ businesses: z.array(directoryEntry), categories: z.array(z.string()) });
export type DirectoryDto = z.infer<typeof directoryDto>;

// ---- cart (spec §3 cart_items, §7 GET /api/cart returns an array) ----

export const cartQuantity = z
  .number({ error: marketMessages.quantityWhole })
  .int(marketMessages.quantityWhole)
  .min(1, marketMessages.quantityMin)
  .max(MAX_CART_QUANTITY, marketMessages.quantityMax);

export const cartItemInput = z.object({ product_id: cartItemId, quantity: cartQuantity.default(1) });
export const cartQuantityInput = z.object({ quantity: cartQuantity });
export const guestCartItem = z.object({
  product_id: cartItemId,
  quantity: cartQuantity,
  /** The price the guest saw when adding it. */
  price_seen_cents: z.number().int().min(0).max(1_000_000_000_000).optional(),
});
export type GuestCartItem = z.infer<typeof guestCartItem>;
export const guestCart = z.object({ items: z.array(guestCartItem).max(MAX_CART_LINES) });

export const cartLine = z.object({
  product: marketProduct,
  quantity: z.number().int(),
  /** The price when the buyer added it; differs from product.price_cents when the seller changed it since. */
  price_seen_cents: z.number().int(),
  /** Why this line cannot be bought as it stands (not for sale any more, out of stock, fewer left), or null. */
  problem: z.string().nullable(),
});
export type CartLine = z.infer<typeof cartLine>;
export const cartDto = z.array(cartLine);

/** A guest cart merged at sign-in: the cart, and the guest lines that could not be kept, with why. */
export const cartMergeDto = z.object({
  cart: cartDto,
  refused: z.array(z.object({ product_id: z.string(), message: z.string() })),
});

/** Lines with no `product` (gone from sale) are still shown, by the name kept at the time. */
export const guestPreviewLine = z.object({
  product_id: z.string(),
  line: cartLine.nullable(),
  message: z.string().nullable(),
});
export const guestPreviewDto = z.array(guestPreviewLine);
