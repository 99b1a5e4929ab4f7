import { describe, expect, it } from 'vitest';
import { areaContext } from '../api/areas.js';
import { limitRegistry, pushedLimits, workspaceLimitKeys, type AreaLimit } from './limits.js';

const counter = (n: number): AreaLimit => ({ used: async () => n });

describe('plan limits claimed by the areas', () => {
  it('every workspace limit is claimed once by the area list, and only products are decided at a push', () => {
    expect(Object.keys(areaContext.limits).sort()).toEqual([...workspaceLimitKeys].sort());
    expect([...pushedLimits(areaContext.limits).keys()]).toEqual(['products']);
    expect(areaContext.rules.products.planLimit?.key).toBe('products');
    expect(areaContext.rules.contacts.planLimit).toBeUndefined();
  });

  it('a variant adds nothing to the products limit, a product does', () => {
    const products = pushedLimits(areaContext.limits).get('products');
    expect(products?.counts({ id: 'a', name: 'T-shirt' })).toBe(true);
    expect(products?.counts({ id: 'b', name: 'T-shirt', variant_of: 'a', variant_name: 'M' })).toBe(false);
  });

  it('a limit no area claims, or two areas claim, stops the start with its name', () => {
    const all = { products: counter(1), classifieds: counter(2), events: counter(3), storageBytes: counter(4) };
    expect(() => limitRegistry([{ id: 'a', limits: { products: all.products } }])).toThrow(
      'No area claims the plan limit classifieds, events, storageBytes',
    );
    expect(() =>
      limitRegistry([
        { id: 'a', limits: all },
        { id: 'b', limits: { events: counter(0) } },
      ]),
    ).toThrow('Two areas claim the plan limit events: a and b');
    expect(Object.keys(limitRegistry([{ id: 'a', limits: all }]))).toEqual(['products', 'classifieds', 'events', 'storageBytes']);
  });
});
