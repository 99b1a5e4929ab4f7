import type { Queryable } from '../../db/db.js';
import { countries, isCountryCode } from '../../../schema/kit/countries.js';
import type { DirectoryEntry } from '../../../schema/marketplace/marketplace.js';
import {
  FROM_PRODUCTS,
  GROUP_CARD,
  LISTED_PRODUCT,
  OPEN_STOREFRONT,
  PRODUCT_COLUMNS,
  PUBLIC_PRODUCT,
  type ProductRow,
  groupCards,
} from './marketplace.repo.js';

/** Storefronts: the directory of open ones, one by its slug, and its public products. */

interface StorefrontRow {
  id: number;
  name: string;
  slug: string;
  description: string | null;
  industry: string | null;
  country: string | null;
  address: string | null;
  product_count: string | number;
}

/** "Johannesburg, South Africa": the last line of the address, then the country. */
function areaOf(r: { country: string | null; address: string | null }): string | null {
  const lastLine =
    r.address
      ?.split(/\r?\n|,/)
      .map((l) => l.trim())
      .filter(Boolean)
      .at(-1) ?? null;
  const country = r.country && isCountryCode(r.country) ? countries[r.country].name : null;
  const parts = [lastLine, country].filter((p): p is string => p !== null && p !== '');
  return parts.length ? [...new Set(parts)].join(', ') : null;
}

const STOREFRONT_SELECT = `SELECT w.id, w.name, w.slug, w.description, w.industry, ws.country, ws.address,
    (SELECT count(*) FROM products p WHERE p.workspace_id = w.id AND ${GROUP_CARD} AND ${LISTED_PRODUCT}) AS product_count
   FROM workspaces w LEFT JOIN workspace_settings ws ON ws.workspace_id = w.id AND ws.id = 1`;

export async function directory(q: Queryable, filter: { q?: string; category?: string; area?: string }): Promise<DirectoryEntry[]> {
  const params: unknown[] = [];
  const where = [OPEN_STOREFRONT];
  const like = (v: string) => `%${v.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  if (filter.q) {
    params.push(like(filter.q));
    where.push(`(w.name ILIKE $${params.length} OR w.description ILIKE $${params.length})`);
  }
  if (filter.category) {
    params.push(filter.category);
    where.push(`lower(w.industry) = lower($${params.length})`);
  }
  if (filter.area) {
    params.push(like(filter.area));
    const countryCodesMatching = Object.entries(countries)
      .filter(([, c]) => c.name.toLowerCase().includes(filter.area?.toLowerCase() ?? ''))
      .map(([code]) => code);
    params.push(countryCodesMatching);
    where.push(`(ws.address ILIKE $${params.length - 1} OR ws.country = ANY ($${params.length}::text[]))`);
  }
  const rows = await q.query<StorefrontRow>(
    `${STOREFRONT_SELECT} WHERE ${where.join(' AND ')} ORDER BY lower(w.name), w.id LIMIT 200`,
    params,
  );
  return rows.map((r) => ({
    name: r.name,
    slug: r.slug,
    description: r.description,
    industry: r.industry,
    area: areaOf(r),
    product_count: Number(r.product_count),
  }));
}

export async function directoryCategories(q: Queryable): Promise<string[]> {
  const rows = await q.query<{ industry: string }>(
    `SELECT DISTINCT ON (lower(w.industry)) w.industry FROM workspaces w
       LEFT JOIN workspace_settings ws ON ws.workspace_id = w.id AND ws.id = 1
      WHERE ${OPEN_STOREFRONT} AND coalesce(trim(w.industry), '') <> '' ORDER BY lower(w.industry) LIMIT 50`,
  );
  return rows.map((r) => r.industry);
}

export interface StorefrontFound extends DirectoryEntry {
  workspaceId: number;
}

export async function storefrontBySlug(q: Queryable, slug: string): Promise<StorefrontFound | null> {
  const rows = await q.query<StorefrontRow>(`${STOREFRONT_SELECT} WHERE w.slug = $1 AND ${OPEN_STOREFRONT}`, [slug]);
  const r = rows[0];
  if (!r) return null;
  return {
    workspaceId: r.id,
    name: r.name,
    slug: r.slug,
    description: r.description,
    industry: r.industry,
    area: areaOf(r),
    product_count: Number(r.product_count),
  };
}

/** One storefront's public products (the marketplace flag not needed: a shop shows all it made public). */
export async function storefrontProducts(q: Queryable, workspaceId: number) {
  const rows = await q.query<ProductRow>(
    `SELECT ${PRODUCT_COLUMNS} ${FROM_PRODUCTS} WHERE p.workspace_id = $1 AND ${PUBLIC_PRODUCT} AND ${GROUP_CARD}
      ORDER BY lower(p.name), p.id LIMIT 500`,
    [workspaceId],
  );
  return groupCards(q, rows);
}
