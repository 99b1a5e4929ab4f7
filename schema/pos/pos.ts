import { z } from 'zod';
import { computeTotals, paymentSummary } from './pos-totals.js';
import { cents, id, instant, text } from '../kit/input.js';
import { sendRequest } from '../invoices/invoices.js';
import { replicatedEntity } from '../sync/replicated-entity.js';

const datetime = instant;
/** Largest sale the till takes (R 1 000 000 000.00): keeps every sum exact in a JS number. */
export const MAX_ORDER_CENTS = 100_000_000_000;
const amount = cents(0, MAX_ORDER_CENTS);
/** 128 random bits or more, base64url. */
export const shareToken = text().regex(/^[A-Za-z0-9_-]{22,64}$/, 'Not a receipt link');

/** The receipt's public page: its link carries the sale's random token. */
export function receiptUrl(origin: string, token: string): string {
  return `${origin}/r/${encodeURIComponent(token)}`;
}

/** One line of a sale: a snapshot of the product as sold (later price or name changes don't alter it). */
export const posItem = z
  .object({
    product_id: text().min(1).max(64),
    name: text().trim().min(1, 'Item name is required').max(255),
    sku: text(100).optional(),
    unit_price_cents: amount,
    quantity: z.number().int().min(1, 'Quantity must be at least 1').max(10_000),
    /** Hundredths of a percent (1500 = 15 % VAT), copied from the product at sale time. */
    tax_rate_bp: z.number().int().min(0).max(99_999),
    discount_cents: amount.optional(),
    /** Whether the product counted stock when sold (a void returns stock only for these). */
    tracks_stock: z.boolean().optional(),
  })
  .refine((it) => (it.discount_cents ?? 0) <= it.unit_price_cents * it.quantity, {
    message: 'A line discount cannot be more than the line',
    path: ['discount_cents'],
  });
export type PosItem = z.infer<typeof posItem>;

export const paymentMethod = z.enum(['cash', 'card', 'eft', 'other']);
export type PaymentMethod = z.infer<typeof paymentMethod>;

/**
 * One payment. For cash, `tendered_cents` is what the customer handed over and `change_cents` what
 * went back, so `amount_cents` (what the sale received) = tendered − change.
 */
export const posPayment = z
  .object({
    method: paymentMethod,
    amount_cents: amount,
    tendered_cents: amount.optional(),
    change_cents: amount.optional(),
  })
  .refine((p) => p.tendered_cents === undefined || p.tendered_cents - (p.change_cents ?? 0) === p.amount_cents, {
    message: 'Cash tendered minus change must equal the amount paid',
    path: ['change_cents'],
  });
export type PosPayment = z.infer<typeof posPayment>;

/**
 * `sale` is a sale. `void` and `refund` are new records that reference the original sale
 * (`original_order_id`): a completed sale is never edited (DESIGN.md §5). Their amounts are
 * positive and mean money given back.
 */
export const orderKind = z.enum(['sale', 'void', 'refund']);
export type OrderKind = z.infer<typeof orderKind>;

/**
 * spec §3 pos_orders, items and payments embedded. subtotal/tax/discount/total and the payment
 * method and status are server-owned: the server derives them from the items and payments with the
 * same `computeTotals` the till uses offline, and its values win.
 */
export const posOrders = replicatedEntity({
  name: 'pos_orders',
  version: 4,
  // Add one strategy per version bump; stored documents outlive app versions.
  migrationStrategies: {
    // 1: receipts may carry a share token; older ones simply have none.
    1: (doc) => doc,
    // 2: a sale may carry an e-mail request for its receipt; older ones have none.
    2: (doc) => doc,
    // 3: a sale rung up before the choice existed keeps its VAT-inclusive arithmetic.
    3: (doc) => ({ ...doc, prices_include_vat: doc.prices_include_vat ?? true }),
    // 4: a sale may carry its seller's VAT number as it stood; an older one has none (its receipt reads the settings).
    4: (doc) => doc,
  },
  fields: {
    kind: orderKind.default('sale'),
    original_order_id: text().min(1).max(64).optional(),
    /** A short reference made on the device, there even before a receipt number is. */
    order_number: text(50).optional(),
    /** From the device's reserved `receipt` numbers; absent until a number could be drawn. */
    receipt_number: z.number().int().positive().optional(),
    status: z.enum(['pending', 'completed']).default('pending'),
    items: z
      .array(posItem)
      .max(500)
      .refine((items) => items.reduce((a, it) => a + it.unit_price_cents * it.quantity, 0) <= MAX_ORDER_CENTS, 'The sale is too large')
      .default([]),
    /** Discount on the whole order, as priced (VAT included when the prices include it). */
    order_discount_cents: amount.default(0),
    /** The workspace's setting when the sale was rung up; its totals follow it, not a later change. */
    prices_include_vat: z.boolean().default(true),
    /**
     * The seller's VAT number when the sale was rung up, '' when not VAT registered then: its receipt
     * shows this, never a later setting (a sent document never changes). Absent on older sales.
     */
    seller_vat_number: text(30).optional(),
    payments: z.array(posPayment).max(20).default([]),
    shift_id: text().min(1).max(64).optional(),
    device_id: text(64).optional(),
    contact_id: text().min(1).max(64).optional(),
    note: text(1000).optional(),
    /** Why a void or refund was made. */
    reason: text(500).optional(),
    /**
     * The receipt's public link (`/r/<token>`): random, made on the device with the sale, so the link
     * can be shared offline and works once the sale has synced. Knowing it is the only way to read it.
     */
    share_token: shareToken.optional(),
    /**
     * "E-mail this receipt", recorded on the sale so it syncs from offline (DESIGN.md §12). The one
     * change a completed sale takes besides a late receipt number; the server mails each request once.
     */
    receipt_email: sendRequest.optional(),
    completed_at: datetime.optional(),
    voided_at: datetime.optional(),
  },
  serverOnly: {
    subtotal_cents: z.number().int().optional(),
    tax_cents: z.number().int().optional(),
    discount_cents: z.number().int().optional(),
    total_cents: z.number().int().optional(),
    payment_method: z.enum(['cash', 'card', 'eft', 'other', 'split']).optional(),
    payment_status: z.enum(['unpaid', 'partial', 'paid']).optional(),
  },
  columns: {
    kind: 'text',
    original_order_id: 'text',
    order_number: 'text',
    receipt_number: 'bigint',
    status: 'text',
    items: 'jsonb',
    order_discount_cents: 'bigint',
    prices_include_vat: 'bool',
    seller_vat_number: 'text',
    payments: 'jsonb',
    shift_id: 'text',
    device_id: 'text',
    contact_id: 'text',
    note: 'text',
    reason: 'text',
    share_token: 'text',
    receipt_email: 'jsonb',
    completed_at: 'timestamptz',
    voided_at: 'timestamptz',
    subtotal_cents: 'bigint',
    tax_cents: 'bigint',
    discount_cents: 'bigint',
    total_cents: 'bigint',
    payment_method: 'text',
    payment_status: 'text',
  },
});
export type PosOrder = z.infer<typeof posOrders.doc>;
export type PosOrderInput = z.input<typeof posOrders.fields>;

/** The server-owned figures of an order, from its items and payments. */
export function orderFigures(order: {
  items?: readonly PosItem[];
  order_discount_cents?: number;
  prices_include_vat?: boolean;
  payments?: readonly PosPayment[];
}) {
  const totals = computeTotals(order.items ?? [], order.order_discount_cents ?? 0, order.prices_include_vat !== false);
  const pay = paymentSummary(order.payments ?? [], totals.total_cents);
  return {
    subtotal_cents: totals.subtotal_cents,
    tax_cents: totals.tax_cents,
    discount_cents: totals.discount_cents,
    total_cents: totals.total_cents,
    payment_method: pay.payment_method,
    payment_status: pay.payment_status,
  };
}

export const posMessages = {
  saleFrozen: 'A completed sale cannot be changed. Void it instead; the void is recorded as a new sale record.',
  shiftFrozen: 'A closed shift cannot be changed. Open a new shift instead.',
  originalMissing: 'The sale this refers to is not a completed sale in this workspace. Sync the till, then void the sale again.',
  returnRefused: 'Stock taken back: the refund or void that returned it was refused',
  emailNotSale: 'Only a completed sale with a receipt link can be e-mailed.',
} as const;

/** A till session on one device: opened with a float, closed with the cash counted. */
export const posShifts = replicatedEntity({
  name: 'pos_shifts',
  version: 0,
  // Add one strategy per version bump; stored documents outlive app versions.
  migrationStrategies: {},
  fields: {
    status: z.enum(['open', 'closed']).default('open'),
    device_id: text(64).optional(),
    opened_by: id.optional(),
    opened_at: datetime,
    closed_at: datetime.optional(),
    opening_float_cents: amount.default(0),
    /** Cash counted in the drawer at close. */
    counted_cash_cents: amount.optional(),
    /** Float + cash sales − change − cash refunds, as the till computed it at close. */
    expected_cash_cents: cents(-MAX_ORDER_CENTS, MAX_ORDER_CENTS).optional(),
    note: text(1000).optional(),
  },
  serverOnly: {},
  columns: {
    status: 'text',
    device_id: 'text',
    opened_by: 'int',
    opened_at: 'timestamptz',
    closed_at: 'timestamptz',
    opening_float_cents: 'bigint',
    counted_cash_cents: 'bigint',
    expected_cash_cents: 'bigint',
    note: 'text',
  },
});
export type PosShift = z.infer<typeof posShifts.doc>;
export type PosShiftInput = z.input<typeof posShifts.fields>;

/** The VAT number a receipt shows: the one fixed on the sale ('' for none), else, for a sale from before, the seller's current one. */
export function receiptVatNumber(order: { seller_vat_number?: string }, current: string | null): string | null {
  return order.seller_vat_number === undefined ? current : order.seller_vat_number || null;
}
