import type { Queryable } from '../../db/db.js';
import type { BrowseSort } from '../../../schema/classifieds/classifieds.js';
import { LISTING_COLUMNS, type ListingRow } from './classifieds.repo.js';

/** Listings as buyers and the public see them: as owner, the workspace named in each statement. */

const PUBLIC_ROWS = `SELECT ${LISTING_COLUMNS}, u.full_name AS seller_name
       FROM classifieds c LEFT JOIN users u ON u.id = c.created_by`;
const SHOWN = `c.status IN ('published', 'reserved') AND c.expires_at > $1`;

const ORDER: Record<BrowseSort, string> = {
  newest: 'c.published_at DESC NULLS LAST, c.id',
  price_asc: 'c.price_cents ASC NULLS LAST, c.published_at DESC, c.id',
  price_desc: 'c.price_cents DESC NULLS LAST, c.published_at DESC, c.id',
};

/** Escapes LIKE's wildcards so a search for "50%" finds "50%". */
const likeTerm = (s: string) => `%${s.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;

/** Published and reserved listings that have not expired, filtered and ordered (at most 60). */
export async function browse(
  q: Queryable,
  now: Date,
  f: { category?: string; area?: string; q?: string; sort: BrowseSort },
): Promise<ListingRow[]> {
  return q.query<ListingRow>(
    `${PUBLIC_ROWS}
      WHERE ${SHOWN}
        AND ($2::text IS NULL OR c.category = $2)
        AND ($3::text IS NULL OR c.area ILIKE $3)
        AND ($4::text IS NULL OR c.title ILIKE $4 OR c.description ILIKE $4)
      ORDER BY ${ORDER[f.sort]}
      LIMIT 60`,
    [now, f.category ?? null, f.area ? likeTerm(f.area) : null, f.q ? likeTerm(f.q) : null],
  );
}

/** The areas of listings shown now, for the browse filter. */
export async function shownAreas(q: Queryable, now: Date): Promise<string[]> {
  const rows = await q.query<{ area: string }>(
    `SELECT DISTINCT c.area FROM classifieds c WHERE ${SHOWN} AND c.area <> '' ORDER BY c.area LIMIT 100`,
    [now],
  );
  return rows.map((r) => r.area);
}

/** A listing anyone may open (published or reserved, not expired). */
export async function shownListing(q: Queryable, now: Date, id: string): Promise<ListingRow | undefined> {
  const rows = await q.query<ListingRow>(`${PUBLIC_ROWS} WHERE c.id = $2 AND ${SHOWN}`, [now, id]);
  return rows[0];
}

/** Every listing shown now, for sitemap.xml (newest change first, at most 5000). */
export async function sitemapListings(q: Queryable, now: Date): Promise<Array<{ id: string; updated_at: Date | string }>> {
  return q.query(`SELECT c.id, c.updated_at FROM classifieds c WHERE ${SHOWN} ORDER BY c.updated_at DESC, c.id LIMIT 5000`, [now]);
}

/** A listing by id alone, whatever its state (as owner: the inquiry rules read it). */
export async function anyListing(q: Queryable, id: string): Promise<ListingRow | undefined> {
  const rows = await q.query<ListingRow>(`${PUBLIC_ROWS} WHERE c.id = $1`, [id]);
  return rows[0];
}

export async function isMember(q: Queryable, ws: number, userId: number): Promise<boolean> {
  const rows = await q.query(`SELECT 1 FROM workspace_members WHERE workspace_id = $1 AND user_id = $2 AND is_active`, [ws, userId]);
  return rows.length > 0;
}

/** The drive file behind a listing's photo, when the listing shows it. */
export async function listingPhoto(q: Queryable, now: Date, listing: string, fileId: string) {
  const rows = await q.query<{ workspace_id: number }>(
    `SELECT c.workspace_id FROM classifieds c WHERE c.id = $2 AND ${SHOWN} AND $3::uuid = ANY (c.images)`,
    [now, listing, fileId],
  );
  return rows[0]?.workspace_id;
}
