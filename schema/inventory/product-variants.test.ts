import { describe, expect, it } from 'vitest';
import { productTitle, variantMainProblem, variantMessages, variantProblem, withOption } from './product-variants.js';

describe('variantProblem (the form and the server)', () => {
  it('a product without variants, and a main product naming its own option, are fine', () => {
    expect(variantProblem({ id: 'a' })).toBeNull();
    expect(variantProblem({ id: 'a', variant_name: 'Red / M' })).toBeNull();
    expect(variantProblem({ id: 'b', variant_of: 'a', variant_name: '  Blue / M ' })).toBeNull();
  });

  it('a variant must name its option: missing or only spaces is refused on its field', () => {
    expect(variantProblem({ id: 'b', variant_of: 'a' })).toEqual({ field: 'variant_name', message: variantMessages.nameRequired });
    expect(variantProblem({ id: 'b', variant_of: 'a', variant_name: '   ' })).toEqual({
      field: 'variant_name',
      message: variantMessages.nameRequired,
    });
  });

  it('an option name is 1 to 60 characters once trimmed', () => {
    expect(variantProblem({ id: 'b', variant_of: 'a', variant_name: ` ${'x'.repeat(60)} ` })).toBeNull();
    expect(variantProblem({ id: 'b', variant_of: 'a', variant_name: 'x'.repeat(61) })).toEqual({
      field: 'variant_name',
      message: variantMessages.nameTooLong,
    });
  });

  it('a product is never a variant of itself', () => {
    expect(variantProblem({ id: 'a', variant_of: 'a', variant_name: 'Red' })).toEqual({
      field: 'variant_of',
      message: variantMessages.notItself,
    });
  });
});

describe('variantMainProblem (the server, with the stored main product)', () => {
  it('the main product must exist, be live and be no variant itself', () => {
    expect(variantMainProblem({})).toBeNull();
    expect(variantMainProblem(undefined)).toBe(variantMessages.mainMissing);
    expect(variantMainProblem({ _deleted: true })).toBe(variantMessages.mainMissing);
    expect(variantMainProblem({ variant_of: 'z' })).toBe(variantMessages.mainIsVariant);
  });
});

describe('names', () => {
  it('a variant is named with its option, a product without one by its name', () => {
    expect(withOption('T-shirt', 'Red / M')).toBe('T-shirt — Red / M');
    expect(withOption('T-shirt', '  ')).toBe('T-shirt');
    expect(productTitle({ name: 'T-shirt', variant_name: 'Blue / M' })).toBe('T-shirt — Blue / M');
    expect(productTitle({})).toBe('Unnamed product');
  });
});
