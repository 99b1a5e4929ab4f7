import { describe, expect, it } from 'vitest';
import type { Product } from '../../../schema/inventory/catalog';
import { variantMessages } from '../../../schema/inventory/product-variants';
import {
  isGroupMain,
  newVariantOf,
  productDraft,
  productDraftFor,
  productDraftOf,
  stockDraft,
  variantDraft,
  variantDraftOf,
  type ProductDraft,
} from './product-model';

const blank: ProductDraft = productDraftOf(null);
const errorsOf = (r: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [String(i.path[0]), i.message]));

describe('product form schema', () => {
  it('turns typed text into the product fields', () => {
    const r = productDraft.safeParse({
      ...blank,
      name: '  Maize meal 5kg ',
      price_cents: 'R 89.9',
      tax_rate_bp: '15',
      low_stock_threshold: '4',
    });
    expect(r.success).toBe(true);
    expect(r.data).toMatchObject({ name: 'Maize meal 5kg', price_cents: 8990, tax_rate_bp: 1500, low_stock_threshold: 4 });
    expect(r.data?.sku).toBeUndefined();
    expect(r.data?.cost_cents).toBeUndefined();
  });

  it('puts each message on its own field, in words a person reads', () => {
    const r = productDraft.safeParse({ ...blank, name: ' ', price_cents: '12,50,1', tax_rate_bp: '150', sku: 'x'.repeat(101) });
    expect(r.success).toBe(false);
    expect(errorsOf(r)).toEqual({
      name: 'Name is required',
      price_cents: 'Price must be an amount like 12.50',
      tax_rate_bp: 'VAT rate must be between 0 and 100',
      sku: 'Must be at most 100 characters',
    });
  });

  it('says a VAT rate is a percentage and a low-stock level a whole number', () => {
    const r = productDraft.safeParse({ ...blank, name: 'Tea', tax_rate_bp: 'fifteen', low_stock_threshold: '2.5' });
    expect(errorsOf(r)).toEqual({
      tax_rate_bp: 'VAT rate must be a percentage like 15',
      low_stock_threshold: 'Low-stock level must be a whole number, 0 or more',
    });
  });

  it('refuses a name longer than the stored field in words, not zod wording', () => {
    const r = productDraft.safeParse({ ...blank, name: 'n'.repeat(256) });
    expect(errorsOf(r)).toEqual({ name: 'Must be at most 255 characters' });
  });
});

describe('stock change schema', () => {
  it('signs the quantity by direction', () => {
    expect(stockDraft.parse({ reason: 'sale', direction: 'remove', quantity: ' 3 ', note: '' })).toEqual({
      reason: 'sale',
      quantity: -3,
      note: undefined,
    });
  });

  it('refuses zero, fractions and more than the ledger takes at once', () => {
    for (const quantity of ['0', '1.5', '', '-2'])
      expect(errorsOf(stockDraft.safeParse({ reason: 'purchase', direction: 'add', quantity, note: '' }))).toEqual({
        quantity: 'Quantity must be a whole number above 0',
      });
    expect(errorsOf(stockDraft.safeParse({ reason: 'purchase', direction: 'add', quantity: '1000001', note: '' }))).toEqual({
      quantity: 'Must be 1,000,000 or less',
    });
  });
});

describe('variants on the device', () => {
  const main: Product = {
    id: 'main',
    workspace_id: 7,
    updated_at: '2026-11-27T08:00:00.000Z',
    server_seq: 4,
    server_version: 2,
    stock_on_hand: 3,
    name: 'T-shirt',
    category: 'Clothing',
    image_file_id: '0b7f7a8e-9d55-4b4e-9a84-3c1e0b1e6f10',
    product_type: 'physical',
    status: 'active',
    sku: 'TS-RM',
    barcode: '600100',
    price_cents: 15_000,
    sale_price_cents: 12_000,
    is_public: true,
    published_in_marketplace: true,
    variant_name: 'Red / M',
  };

  it('a variant of a product takes its name, category, photo and switches, with its own option, price and codes', () => {
    const fields = variantDraft(false).parse({ ...variantDraftOf(null), variant_name: ' Red / L ', price_cents: '170', sku: 'TS-RL' });
    const v = newVariantOf(main, fields, 'v1', '2026-11-27T09:00:00.000Z');
    expect(v).toEqual({
      id: 'v1',
      workspace_id: 7,
      updated_at: '2026-11-27T09:00:00.000Z',
      name: 'T-shirt',
      category: 'Clothing',
      image_file_id: main.image_file_id,
      product_type: 'physical',
      status: 'active',
      is_public: true,
      published_in_marketplace: true,
      variant_of: 'main',
      variant_name: 'Red / L',
      price_cents: 17_000,
      sku: 'TS-RL',
    });
    expect(fields.opening).toBe(0);
  });

  it("the variant form asks for the option (and the product's own the first time), and a whole opening stock", () => {
    const r = variantDraft(true).safeParse({ ...variantDraftOf(null), opening: '2.5' });
    expect(r.success).toBe(false);
    expect(errorsOf(r)).toEqual({
      variant_name: variantMessages.nameRequired,
      main_option: variantMessages.nameRequired,
      opening: 'Opening stock must be a whole number, 0 or more',
    });
  });

  it('a variant edited in the product form keeps an option, as the server requires', () => {
    const r = productDraftFor({ id: 'v1', variant_of: 'main' }).safeParse({ ...blank, name: 'T-shirt', variant_name: '  ' });
    expect(errorsOf(r)).toEqual({ variant_name: variantMessages.nameRequired });
    expect(productDraftFor({ id: 'main', variant_of: undefined }).safeParse({ ...blank, name: 'T-shirt' }).success).toBe(true);
  });

  it("a group's main product renames its own option in the product form, and keeps one while it has variants", () => {
    const main = { id: 'main', variant_of: undefined };
    const renamed = productDraftFor(main, true).safeParse({ ...blank, name: 'T-shirt', variant_name: ' Red / S ' });
    expect(renamed.data?.variant_name).toBe('Red / S');
    const cleared = productDraftFor(main, true).safeParse({ ...blank, name: 'T-shirt', variant_name: ' ' });
    expect(errorsOf(cleared)).toEqual({ variant_name: variantMessages.nameRequired });
    // Its last variant removed, the option may go.
    expect(productDraftFor(main, false).safeParse({ ...blank, name: 'T-shirt', variant_name: '' }).success).toBe(true);
    expect(isGroupMain({ variant_of: undefined, variant_name: 'Red / M' })).toBe(true);
    expect(isGroupMain({ variant_of: 'main', variant_name: 'Red / L' })).toBe(false);
    expect(isGroupMain({ variant_of: undefined, variant_name: undefined })).toBe(false);
  });
});
