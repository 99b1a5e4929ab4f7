import { z } from 'zod';
import { replicatedEntity } from './replicated-entity.js';

const cents = z.number().int().min(-9_999_999_999).max(9_999_999_999);
const text = (max: number) => z.string().max(max);

/**
 * spec §3 products. Money is integer cents. Nothing is marked required by the spec, so every field
 * is optional or takes the spec's default. `stock_on_hand` is computed from the stock ledger by the
 * server and is never taken from a client.
 */
export const products = replicatedEntity({
  name: 'products',
  version: 0,
  // Add one strategy per version bump; stored documents outlive app versions.
  migrationStrategies: {},
  fields: {
    name: text(255).optional(),
    sku: text(100).optional(),
    barcode: text(100).optional(),
    price_cents: cents.optional(),
    cost_cents: cents.optional(),
    sale_price_cents: cents.optional(),
    compare_at_price_cents: cents.optional(),
    low_stock_threshold: z.number().int().min(0).optional(),
    category: text(255).optional(),
    images: z.array(z.string().max(2000)).max(20).optional(),
    tags: z.array(z.string().max(100)).max(50).optional(),
    product_type: z.enum(['physical', 'digital', 'service', 'booking']).default('physical'),
    status: z.enum(['active', 'draft', 'archived']).default('active'),
    weight_grams: z.number().int().min(0).optional(),
    /** Tax rate in hundredths of a percent (1500 = 15.00 %), spec §9 precision 5 scale 2. */
    tax_rate_bp: z.number().int().min(0).max(99_999).optional(),
    shipping_required: z.boolean().optional(),
    is_public: z.boolean().optional(),
    published_in_marketplace: z.boolean().optional(),
    pos_enabled: z.boolean().optional(),
    track_inventory: z.boolean().optional(),
  },
  serverOnly: {
    stock_on_hand: z.number().int().optional(),
  },
  columns: {
    name: 'text', sku: 'text', barcode: 'text', price_cents: 'bigint', cost_cents: 'bigint',
    sale_price_cents: 'bigint', compare_at_price_cents: 'bigint', low_stock_threshold: 'int',
    category: 'text', images: 'jsonb', tags: 'jsonb', product_type: 'text', status: 'text',
    weight_grams: 'int', tax_rate_bp: 'int', shipping_required: 'bool', is_public: 'bool',
    published_in_marketplace: 'bool', pos_enabled: 'bool', track_inventory: 'bool', stock_on_hand: 'int',
  },
});
export type Product = z.infer<typeof products.doc>;
export type ProductInput = z.input<typeof products.fields>;

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
    product_id: z.string().min(1).max(64),
    quantity: z.number().int().min(-1_000_000).max(1_000_000),
    reason: stockReason.default('adjustment'),
    note: text(500).optional(),
    reference: text(100).optional(),
    created_at: z.iso.datetime({ offset: true }).optional(),
  },
  serverOnly: {},
  columns: {
    product_id: 'text', quantity: 'int', reason: 'text', note: 'text', reference: 'text', created_at: 'timestamptz',
  },
  indexes: [['product_id']],
});
export type StockMovement = z.infer<typeof stockMovements.doc>;
export type StockMovementInput = z.input<typeof stockMovements.fields>;
