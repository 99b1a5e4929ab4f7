import { randomBytes } from 'node:crypto';

const MAX = 100;

/** "Mama Ngozi's Café!" → "mama-ngozis-cafe"; names with no latin letters or digits become "workspace". */
export function slugify(name: string): string {
  const base = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, MAX)
    .replace(/-+$/g, '');
  return base || 'workspace';
}

/**
 * Candidate slugs in the order to try them: the name's slug, then "-2" … "-9", then random suffixes,
 * each cut so the whole stays within 100 characters.
 */
export function* slugCandidates(name: string): Generator<string> {
  const base = slugify(name);
  yield base;
  for (let n = 2; n <= 9; n++) yield withSuffix(base, String(n));
  for (;;) yield withSuffix(base, randomBytes(4).toString('hex'));
}

function withSuffix(base: string, suffix: string): string {
  const head = base.slice(0, MAX - suffix.length - 1).replace(/-+$/g, '');
  return `${head}-${suffix}`;
}
