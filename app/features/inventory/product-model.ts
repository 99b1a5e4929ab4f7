import { z } from 'zod';
import { products, stockMovements, type Product, type StockMovement } from '../../../schema/inventory/catalog';
import { text } from '../../../schema/kit/input';
import { VARIANT_NAME_MAX, variantMessages, variantProblem } from '../../../schema/inventory/product-variants';
import { centsToInput } from '../../../schema/kit/money';
import { moneyField as amount } from '../../kit/forms/money-field';

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
  /** The product's option in its group of variants ("Red / M"); blank outside a group. */
  variant_name: string;
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
    variant_name: p?.variant_name ?? '',
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
    variant_name: optionalText(VARIANT_NAME_MAX),
  })
  .superRefine((fields, ctx) => {
    const stored = products.fields.partial().safeParse(fields);
    if (!stored.success)
      for (const issue of stored.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
  });

export type ProductFields = z.output<typeof productDraft>;

/**
 * The product form for one product: its fields, then the variant rule the server checks too (a variant
 * names its option). `hasVariants`: the product is the main one of a group, whose own option can be
 * renamed but not cleared.
 */
export function productDraftFor(product: Pick<Product, 'id' | 'variant_of'> | null, hasVariants = false) {
  return productDraft.superRefine((fields, ctx) => {
    const problem = variantProblem({ id: product?.id ?? '', variant_of: product?.variant_of, variant_name: fields.variant_name });
    if (problem) ctx.addIssue({ code: 'custom', message: problem.message, path: [problem.field] });
    else if (hasVariants && !fields.variant_name?.trim())
      ctx.addIssue({ code: 'custom', message: variantMessages.nameRequired, path: ['variant_name'] });
  });
}

/** A main product that names its own option, as the first of a group of variants does. */
export function isGroupMain(product: Pick<Product, 'variant_of' | 'variant_name'> | null): boolean {
  return product !== null && product.variant_of === undefined && product.variant_name !== undefined;
}

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

/** The variant form's fields as typed (the option, its own price, codes, and opening stock when new). */
export type VariantDraft = {
  variant_name: string;
  main_option: string;
  price_cents: string;
  sku: string;
  barcode: string;
  opening: string;
};

export function variantDraftOf(v: Product | null): VariantDraft {
  return {
    variant_name: v?.variant_name ?? '',
    main_option: '',
    price_cents: centsToInput(v?.price_cents),
    sku: v?.sku ?? '',
    barcode: v?.barcode ?? '',
    opening: '',
  };
}

/** An option name as typed: trimmed, 1 to 60 characters (the rule the server checks too). */
const optionName = z
  .string()
  .transform((v) => v.trim())
  .pipe(text(VARIANT_NAME_MAX).min(1, variantMessages.nameRequired).max(VARIANT_NAME_MAX, variantMessages.nameTooLong));

/**
 * One variant, checked: its option, its price and codes as the product form checks them, and the
 * opening stock (a whole number, 0 or more). `needsMainOption`: the main product has no option name
 * yet, so the form asks for it too ("Red / M" for the T-shirt first made).
 */
export function variantDraft(needsMainOption: boolean) {
  return z.object({
    variant_name: optionName,
    main_option: needsMainOption ? optionName : z.string().transform(() => undefined),
    price_cents: amount('Price'),
    sku: optionalText(100),
    barcode: optionalText(100),
    opening: z.string().transform((value, ctx) => {
      const t = value.trim();
      if (t === '') return 0;
      if (/^\d+$/.test(t) && Number(t) <= 1_000_000) return Number(t);
      ctx.addIssue({ code: 'custom', message: 'Opening stock must be a whole number, 0 or more' });
      return z.NEVER;
    }),
  });
}
export type VariantFields = z.output<ReturnType<typeof variantDraft>>;

/**
 * A new variant of `main`: a product of its own in main's group, taking main's name, category,
 * pictures, type, tax, flags and low-stock level; the option, price and codes are its own.
 */
export function newVariantOf(main: Product, fields: VariantFields, id: string, updated_at: string): Product {
  const { server_seq: _seq, server_version: _version, stock_on_hand: _stock, id: _id, sku: _sku, barcode: _barcode, ...shared } = main;
  const variant: Product = {
    ...shared,
    id,
    updated_at,
    variant_of: main.id,
    variant_name: fields.variant_name,
  };
  delete variant.price_cents;
  delete variant.sale_price_cents;
  delete variant.compare_at_price_cents;
  if (fields.price_cents !== undefined) variant.price_cents = fields.price_cents;
  if (fields.sku !== undefined) variant.sku = fields.sku;
  if (fields.barcode !== undefined) variant.barcode = fields.barcode;
  return variant;
}
