import { describe, expect, it } from 'vitest';
import { slugCandidates, slugify } from './slug.js';

function first(name: string, n: number): string[] {
  const out: string[] = [];
  for (const s of slugCandidates(name)) {
    out.push(s);
    if (out.length === n) break;
  }
  return out;
}

describe('workspace slugs', () => {
  it('are lowercase words joined by dashes, accents dropped', () => {
    expect(slugify("  Mama Ngozi's Café & Grill!  ")).toBe('mama-ngozis-cafe-grill');
    expect(slugify('Ubuntu -- Tech')).toBe('ubuntu-tech');
  });

  it('fall back to "workspace" when the name has no latin letters or digits', () => {
    expect(slugify('商店')).toBe('workspace');
  });

  it('get a numeric then random suffix on a clash, never longer than 100 characters', () => {
    const long = 'a'.repeat(120);
    const c = first(long, 11);
    expect(c[0]).toBe('a'.repeat(100));
    expect(c[1]).toBe(`${'a'.repeat(98)}-2`);
    expect(c[9]).toMatch(/^a+-[0-9a-f]{8}$/);
    for (const s of c) expect(s.length).toBeLessThanOrEqual(100);
    expect(new Set(c).size).toBe(c.length);
    expect(first('Shop', 3)).toEqual(['shop', 'shop-2', 'shop-3']);
  });
});
