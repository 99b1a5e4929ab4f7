import { describe, expect, it } from 'vitest';
import { productDraft, productDraftOf, stockDraft, type ProductDraft } from './product-model';

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
