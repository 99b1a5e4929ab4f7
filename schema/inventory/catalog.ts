import { z } from 'zod';
import { cents, instant, intColumn, MAX_INT, text } from '../kit/input.js';
import { VARIANT_NAME_MAX } from './product-variants.js';
import { replicatedEntity } from '../sync/replicated-entity.js';

const price = cents(-9_999_999_999, 9_999_999_999);

/**
 * spec §3 products. Money is integer cents. Nothing is marked required by the spec, so every field
 * is optional or takes the spec's default. `stock_on_hand` is computed from the stock ledger by the
 * server and is never taken from a client.
 */
export const products = replicatedEntity({
  name: 'products',
  version: 3,
  // Add one strategy per version bump; stored documents outlive app versions.
  migrationStrategies: {
    // 1: `image_file_id` (the product's photo in the drive) is new and optional: stored products stay as they are.
    1: (old) => old,
    // 2: `description` (written by hand or by AI writing) is new and optional: stored products stay as they are.
    2: (old) => old,
    // 3: `variant_of` and `variant_name` are new and optional: a stored product is one without variants, as it was.
    3: (old) => old,
  },
  fields: {
    name: text(255).optional(),
    /** What the shop says about the product, in plain text. */
    description: text(5000).optional(),
    sku: text(100).optional(),
    barcode: text(100).optional(),
    price_cents: price.optional(),
    cost_cents: price.optional(),
    sale_price_cents: price.optional(),
    compare_at_price_cents: price.optional(),
    low_stock_threshold: intColumn.optional(),
    category: text(255).optional(),
    images: z.array(text(2000)).max(20).optional(),
    /** The product's photo: a drive file of the workspace (its picture endpoint serves it sized). */
    image_file_id: z.uuid().optional(),
    tags: z.array(text(100)).max(50).optional(),
    product_type: z.enum(['physical', 'digital', 'service', 'booking']).default('physical'),
    status: z.enum(['active', 'draft', 'archived']).default('active'),
    weight_grams: intColumn.optional(),
    /** Tax rate in hundredths of a percent (1500 = 15.00 %), spec §9 precision 5 scale 2. */
    tax_rate_bp: z.number().int().min(0).max(99_999).optional(),
    shipping_required: z.boolean().optional(),
    is_public: z.boolean().optional(),
    published_in_marketplace: z.boolean().optional(),
    pos_enabled: z.boolean().optional(),
    track_inventory: z.boolean().optional(),
    /**
     * The main product of the group this product is a variant of (a T-shirt's "Blue / M"), or absent.
     * A variant is a product of its own (price, SKU, barcode, stock); `variantProblem` and the push
     * rules keep groups one level deep.
     */
    variant_of: text().min(1).max(64).optional(),
    /** The option this product is in its group ("Red / M"); the main product names its own option too. */
    variant_name: text(VARIANT_NAME_MAX).optional(),
  },
  serverOnly: {
    stock_on_hand: z.number().int().optional(),
  },
  columns: {
    name: 'text',
    description: 'text',
    sku: 'text',
    barcode: 'text',
    price_cents: 'bigint',
    cost_cents: 'bigint',
    sale_price_cents: 'bigint',
    compare_at_price_cents: 'bigint',
    low_stock_threshold: 'int',
    category: 'text',
    images: 'jsonb',
    image_file_id: 'text',
    tags: 'jsonb',
    product_type: 'text',
    status: 'text',
    weight_grams: 'int',
    tax_rate_bp: 'int',
    shipping_required: 'bool',
    is_public: 'bool',
    published_in_marketplace: 'bool',
    pos_enabled: 'bool',
    track_inventory: 'bool',
    variant_of: 'text',
    variant_name: 'text',
    stock_on_hand: 'int',
  },
});
export type Product = z.infer<typeof products.doc>;
export type ProductInput = z.input<typeof products.fields>;

/**
 * Stock on hand is the sum of a product's movements and is stored in an `integer` column: a movement
 * that would take it past that column's range either way is refused with this message.
 */
export const stockMessages = {
  onHandRange: `This movement would take the product's stock on hand past ${MAX_INT.toLocaleString('en-US')} units. Record a smaller quantity.`,
} as const;

export const stockReason = z.enum(['sale', 'purchase', 'adjustment', 'return', 'void', 'transfer']);

/**
 * The stock ledger: one row per change in quantity (negative for a sale). Append-only, so two
 * devices selling the same item offline both count: on hand is the sum, on both sides.
 */
export const stockMovements = replicatedEntity({
  name: 'stock_movements',
  version: 0,
  // Add one strategy per version bump; stored documents outlive app versions.
  migrationStrategies: {},
  fields: {
    product_id: text().min(1).max(64),
    quantity: z.number().int().min(-1_000_000).max(1_000_000),
    reason: stockReason.default('adjustment'),
    note: text(500).optional(),
    reference: text(100).optional(),
    created_at: instant.optional(),
  },
  serverOnly: {},
  columns: {
    product_id: 'text',
    quantity: 'int',
    reason: 'text',
    note: 'text',
    reference: 'text',
    created_at: 'timestamptz',
  },
  indexes: [['product_id']],
});
export type StockMovement = z.infer<typeof stockMovements.doc>;
export type StockMovementInput = z.input<typeof stockMovements.fields>;
