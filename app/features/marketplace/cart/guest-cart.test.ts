import { describe, expect, it } from 'vitest';
import { badgeText, withAdded, withQuantity, without } from './guest-cart';

describe('the guest cart', () => {
  it('adds to an existing line and keeps the first price seen', () => {
    const one = withAdded([], '1-a', 2, 4500);
    const two = withAdded(one, '1-a', 3, 5000);
    expect(two).toEqual([{ product_id: '1-a', quantity: 5, price_seen_cents: 4500 }]);
  });

  it('never holds more than 999 of a product', () => {
    expect(withAdded([{ product_id: '1-a', quantity: 998 }], '1-a', 5, 100)[0].quantity).toBe(999);
  });

  it('sets and removes lines', () => {
    const items = [
      { product_id: '1-a', quantity: 1 },
      { product_id: '2-b', quantity: 1 },
    ];
    expect(withQuantity(items, '2-b', 4)).toEqual([items[0], { product_id: '2-b', quantity: 4 }]);
    expect(without(items, '1-a')).toEqual([items[1]]);
  });
});

describe('the cart badge (spec §9: capped at "99+")', () => {
  it('shows nothing for an empty cart, the count up to 99, then 99+', () => {
    expect(badgeText(0)).toBeNull();
    expect(badgeText(7)).toBe('7');
    expect(badgeText(99)).toBe('99');
    expect(badgeText(100)).toBe('99+');
  });
});
