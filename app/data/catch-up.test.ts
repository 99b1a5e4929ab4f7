import { describe, expect, it } from 'vitest';
import { CatchUp } from './catch-up';

describe('catching up', () => {
  it('shows nothing while pages are not full: an ordinary sync has nothing to wait for', () => {
    const c = new CatchUp();
    expect(c.note('products', 0, 40, 40, false)).toBeNull();
  });

  it('moves from the first full page to the last page, over every collection catching up', () => {
    const c = new CatchUp();
    expect(c.note('products', 0, 500, 2000, true)).toEqual({ done: 500, total: 2000 });
    expect(c.note('contacts', 0, 300, 2000, true)).toEqual({ done: 800, total: 4000 });
    expect(c.note('products', 500, 1000, 2000, true)).toEqual({ done: 1300, total: 4000 });
    // Contacts end with a short page: only products is left.
    expect(c.note('contacts', 300, 350, 2000, false)).toEqual({ done: 1000, total: 2000 });
    expect(c.note('products', 1000, 1800, 2000, false)).toBeNull();
  });

  it('a head that grows while it catches up grows the total; a stopped collection stops counting', () => {
    const c = new CatchUp();
    c.note('products', 0, 500, 1000, true);
    expect(c.note('products', 500, 1000, 1500, true)).toEqual({ done: 1000, total: 1500 });
    expect(c.forget('products')).toBeNull();
  });
});
