import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..');

/** Every screen file of the app (tests aside). */
function screens(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return screens(path);
    return name.endsWith('.tsx') && !name.endsWith('.test.tsx') ? [path] : [];
  });
}

/**
 * Pages the public reads outside any workspace (the magazine, a product's reviews, a public booking):
 * they have no workspace whose date style they could follow.
 */
const publicPages = new Set([
  'features/content/public/article-page.tsx',
  'features/content/public/magazine-page.tsx',
  'features/marketplace/reviews/product-reviews.tsx',
]);

describe('one date style (issue 37 §13)', () => {
  it("every workspace screen writes dates in the workspace's own style (useWorkspaceDates), not one of its own", () => {
    const ownStyle =
      /toLocaleDateString\(|toLocaleTimeString\(|new Date\([^)]*\)\.toLocaleString\(|toLocaleString\('en-ZA', \{[^}]*(day|month|hour)/;
    const offenders = screens(root)
      .map((path) => relative(root, path))
      .filter((file) => !publicPages.has(file) && ownStyle.test(readFileSync(join(root, file), 'utf8')));
    expect(offenders).toEqual([]);
  });
});
