import { describe, expect, it } from 'vitest';
import { marketMessages, orderNumber, storefrontDefaults, storefrontSettingsInput } from '../../../../schema/marketplace/marketplace';
import { draftOf, inputOf, orderNumberHint } from './storefront-draft';

const parse = (changes: Partial<ReturnType<typeof draftOf>>) =>
  storefrontSettingsInput.safeParse({ ...inputOf({ ...draftOf(storefrontDefaults), ...changes }), featured_product_ids: [] });

describe('the storefront settings form', () => {
  it('round-trips the defaults (spec §3: gateway eft, prefix ORD)', () => {
    const parsed = parse({});
    expect(parsed.success && parsed.data).toEqual(storefrontDefaults);
  });

  it('reads rates typed as text; the storefront has no tax rate of its own (VAT follows the workspace)', () => {
    const parsed = parse({ shipping_enabled: true, rates: [{ name: 'Courier', price: '99.50' }], order_prefix: 'shop' });
    expect(parsed.success && parsed.data).toMatchObject({
      shipping_rates: [{ name: 'Courier', price_cents: 9950 }],
      order_prefix: 'SHOP',
    });
    expect(parsed.success && 'tax_rate_bp' in parsed.data).toBe(false);
  });

  it('refuses a bad prefix and shipping with no rate, with the spec messages', () => {
    const messages = (changes: Parameters<typeof parse>[0]) => {
      const parsed = parse(changes);
      return parsed.success ? [] : parsed.error.issues.map((i) => i.message);
    };
    expect(messages({ order_prefix: 'OR-D' })).toEqual([marketMessages.orderPrefix]);
    expect(messages({ shipping_enabled: true })).toEqual([marketMessages.shippingNeedsRate]);
    expect(messages({ shipping_enabled: true, rates: [{ name: '', price: 'x' }] })).toEqual([
      marketMessages.shippingRateName,
      marketMessages.shippingRatePrice,
    ]);
  });

  it('says what order numbers look like in the form the checkout gives them', () => {
    expect(orderNumber('SHOP', 7)).toBe('SHOP-000007');
    expect(orderNumberHint(' shop ')).toContain(`like ${orderNumber('SHOP', 1042)}:`);
    expect(orderNumberHint('')).toContain(`like ${orderNumber('ORD', 1042)}:`);
  });
});
