import { z } from 'zod';
import { products, stockMovements, type Product, type StockMovement } from '../../../schema/catalog';
import { text } from '../../../schema/input';
import { centsToInput } from '../../../schema/money';
import { moneyField as amount } from '../forms/money-field';

/** The product form's fields as typed: named as the product's own fields, amounts still text. */
export type ProductDraft = {
  name: string;
  sku: string;
  barcode: string;
  category: string;
  price_cents: string;
  cost_cents: string;
  low_stock_threshold: string;
  tax_rate_bp: string;
  track_inventory: boolean;
  pos_enabled: boolean;
  status: Product['status'];
};

export function productDraftOf(p: Product | null): ProductDraft {
  return {
    name: p?.name ?? '',
    sku: p?.sku ?? '',
    barcode: p?.barcode ?? '',
    category: p?.category ?? '',
    price_cents: centsToInput(p?.price_cents),
    cost_cents: centsToInput(p?.cost_cents),
    low_stock_threshold: p?.low_stock_threshold === undefined ? '' : String(p.low_stock_threshold),
    tax_rate_bp: p?.tax_rate_bp === undefined ? '' : centsToInput(p.tax_rate_bp),
    track_inventory: p?.track_inventory ?? true,
    pos_enabled: p?.pos_enabled ?? true,
    status: p?.status ?? 'active',
  };
}

/** Typed text into cents ("12.5" → 1250), blank as not set; the person's own wording on failure. */
/** Blank as not set, else trimmed text within the stored field's own limit. */
function optionalText(max: number) {
  return z
    .string()
    .transform((v) => (v.trim() === '' ? undefined : v.trim()))
    .pipe(text(max).optional());
}

/**
 * The product form, checked: every field's message on that field, then the same schema the server
 * checks every pushed product with (lengths, ranges), so nothing the server would refuse is saved.
 */
export const productDraft = z
  .object({
    name: z
      .string()
      .transform((v) => v.trim())
      .pipe(text(255).min(1, 'Name is required')),
    sku: optionalText(100),
    barcode: optionalText(100),
    category: optionalText(255),
    price_cents: amount('Price'),
    cost_cents: amount('Cost'),
    low_stock_threshold: z.string().transform((value, ctx) => {
      const t = value.trim();
      if (t === '') return undefined;
      if (/^\d+$/.test(t) && Number(t) <= 2_147_483_647) return Number(t);
      ctx.addIssue({ code: 'custom', message: 'Low-stock level must be a whole number, 0 or more' });
      return z.NEVER;
    }),
    // A percentage with up to two decimals is a whole number of hundredths, like cents.
    tax_rate_bp: amount('VAT rate', 'VAT rate must be a percentage like 15').refine(
      (bp) => bp === undefined || bp <= 10_000,
      'VAT rate must be between 0 and 100',
    ),
    track_inventory: z.boolean(),
    pos_enabled: z.boolean(),
    status: products.fields.shape.status,
  })
  .superRefine((fields, ctx) => {
    const stored = products.fields.partial().safeParse(fields);
    if (!stored.success)
      for (const issue of stored.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
  });

export type ProductFields = z.output<typeof productDraft>;

export type StockDirection = 'add' | 'remove';

/** The stock dialog's fields as typed. */
export type StockDraft = { reason: StockMovement['reason']; direction: StockDirection; quantity: string; note: string };

/**
 * One stock change, checked: a whole quantity above 0 in the chosen direction, an optional note, then
 * the ledger's own rules (at most 1 000 000 at a time, the note's length) on the signed movement.
 */
export const stockDraft = z
  .object({
    reason: stockMovements.fields.shape.reason.unwrap(),
    direction: z.enum(['add', 'remove']),
    quantity: z.string().refine((q) => /^\d+$/.test(q.trim()) && Number(q.trim()) > 0, 'Quantity must be a whole number above 0'),
    note: optionalText(500),
  })
  .transform((d) => ({
    reason: d.reason,
    quantity: (d.direction === 'add' ? 1 : -1) * Number(d.quantity.trim()),
    note: d.note,
  }))
  .superRefine((movement, ctx) => {
    const stored = stockMovements.fields.pick({ quantity: true, reason: true, note: true }).safeParse(movement);
    if (!stored.success)
      for (const issue of stored.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
  });
