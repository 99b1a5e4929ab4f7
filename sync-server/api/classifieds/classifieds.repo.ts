import type { Queryable } from '../../db/db.js';
import {
  firstName,
  type ClassifiedCategory,
  type ClassifiedDto,
  type ClassifiedStatus,
  type PublicListingDto,
} from '../../../schema/classifieds/classifieds.js';

/**
 * The classifieds' SQL. The seller's functions run inside the workspace's scope (row-level
 * security); the public and buyer functions run as owner with the listing's workspace and the
 * buyer named in every statement, because a buyer is not a member of the seller's workspace.
 * Here: the seller's listings; the public reads, inquiries, messages and reports each have their own
 * repository.
 */

export const iso = (v: Date | string) => new Date(v).toISOString();
export const isoOrNull = (v: Date | string | null) => (v === null ? null : iso(v));
export const num = (v: number | string | null) => (v === null ? null : Number(v));

export interface ListingRow {
  workspace_id: number;
  id: string;
  title: string;
  description: string;
  category: ClassifiedCategory;
  price_cents: string | number | null;
  currency: string;
  images: string[];
  area: string;
  expires_at: Date | string;
  allow_appointments: boolean;
  status: ClassifiedStatus;
  reserved_for: number | null;
  created_by: number | null;
  published_at: Date | string | null;
  created_at: Date | string;
  open_inquiries?: number | string;
  seller_name?: string | null;
  removed_reason?: string | null;
}

export const listingDto = (r: ListingRow): ClassifiedDto => ({
  id: r.id,
  workspace_id: Number(r.workspace_id),
  title: r.title,
  description: r.description,
  category: r.category,
  price_cents: num(r.price_cents),
  currency: r.currency,
  images: r.images,
  area: r.area,
  expires_at: iso(r.expires_at),
  allow_appointments: r.allow_appointments,
  status: r.status,
  published_at: isoOrNull(r.published_at),
  created_at: iso(r.created_at),
  open_inquiries: Number(r.open_inquiries ?? 0),
  removed_reason: r.status === 'removed' ? (r.removed_reason ?? null) : null,
});

export function publicDto(r: ListingRow): PublicListingDto {
  return {
    id: r.id,
    workspace_id: Number(r.workspace_id),
    title: r.title,
    description: r.description,
    category: r.category,
    price_cents: num(r.price_cents),
    currency: r.currency,
    images: r.images,
    area: r.area,
    status: r.status === 'reserved' ? 'reserved' : 'published',
    allow_appointments: r.allow_appointments,
    seller_first_name: firstName(r.seller_name),
    published_at: iso(r.published_at ?? r.created_at),
    expires_at: iso(r.expires_at),
  };
}

export const LISTING_COLUMNS = `c.workspace_id, c.id, c.title, c.description, c.category, c.price_cents, c.currency, c.images::text[] AS images,
       c.area, c.expires_at, c.allow_appointments, c.status, c.reserved_for, c.created_by, c.published_at, c.created_at, c.removed_reason`;

const OPEN_INQUIRIES = `(SELECT count(*) FROM classified_inquiries i
          WHERE i.workspace_id = c.workspace_id AND i.classified_id = c.id AND i.status = 'new') AS open_inquiries`;

/** The workspace's listings, newest first (scoped). */
export async function listListings(q: Queryable, ws: number): Promise<ListingRow[]> {
  return q.query<ListingRow>(
    `SELECT ${LISTING_COLUMNS}, ${OPEN_INQUIRIES} FROM classifieds c WHERE c.workspace_id = $1 ORDER BY c.created_at DESC, c.id`,
    [ws],
  );
}

/** One listing of the workspace (scoped). */
export async function findListing(q: Queryable, ws: number, id: string): Promise<ListingRow | undefined> {
  const rows = await q.query<ListingRow>(
    `SELECT ${LISTING_COLUMNS}, ${OPEN_INQUIRIES} FROM classifieds c WHERE c.workspace_id = $1 AND c.id = $2`,
    [ws, id],
  );
  return rows[0];
}

/** Listings that count against the plan's limit: every one not sold, expired or taken down. */
export async function countLiveListings(q: Queryable, ws: number): Promise<number> {
  const [row] = await q.query<{ n: number | string }>(
    `SELECT count(*) AS n FROM classifieds WHERE workspace_id = $1 AND status NOT IN ('sold', 'expired', 'removed')`,
    [ws],
  );
  return Number(row?.n ?? 0);
}

export interface NewListing {
  ws: number;
  id: string;
  title: string;
  description: string;
  category: string;
  priceCents: number | null;
  images: readonly string[];
  area: string;
  expiresAt: Date;
  allowAppointments: boolean;
  status: 'draft' | 'published';
  userId: number;
  now: Date;
}

export async function insertListing(q: Queryable, l: NewListing): Promise<void> {
  await q.query(
    `INSERT INTO classifieds (workspace_id, id, title, description, category, price_cents, images, area, expires_at,
                              allow_appointments, status, created_by, published_at, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7::uuid[], $8, $9, $10, $11, $12, CASE WHEN $11 = 'published' THEN $13::timestamptz END, $13, $13)`,
    [
      l.ws,
      l.id,
      l.title,
      l.description,
      l.category,
      l.priceCents,
      l.images,
      l.area,
      l.expiresAt,
      l.allowAppointments,
      l.status,
      l.userId,
      l.now,
    ],
  );
}

export interface ListingChange {
  title?: string;
  description?: string;
  category?: string;
  price_cents?: number | null;
  images?: readonly string[];
  area?: string;
  allow_appointments?: boolean;
  status?: ClassifiedStatus;
  expires_at?: Date;
  published_at?: Date;
  /** Clears the buyer it was reserved for (a reserved item back on sale). */
  clearReservation?: boolean;
  /** Clears the renewal notice, so the next expiry gets one again. */
  clearNotice?: boolean;
}

export async function updateListing(q: Queryable, ws: number, id: string, c: ListingChange, now: Date): Promise<void> {
  await q.query(
    `UPDATE classifieds SET
        title = coalesce($3, title), description = coalesce($4, description), category = coalesce($5, category),
        price_cents = CASE WHEN $6 THEN $7::bigint ELSE price_cents END,
        images = coalesce($8::uuid[], images), area = coalesce($9, area), allow_appointments = coalesce($10, allow_appointments),
        status = coalesce($11, status), expires_at = coalesce($12, expires_at), published_at = coalesce($13, published_at),
        reserved_for = CASE WHEN $14 THEN NULL ELSE reserved_for END,
        renewal_notice_at = CASE WHEN $15 THEN NULL ELSE renewal_notice_at END,
        updated_at = $16
      WHERE workspace_id = $1 AND id = $2`,
    [
      ws,
      id,
      c.title ?? null,
      c.description ?? null,
      c.category ?? null,
      c.price_cents !== undefined,
      c.price_cents ?? null,
      c.images ?? null,
      c.area ?? null,
      c.allow_appointments ?? null,
      c.status ?? null,
      c.expires_at ?? null,
      c.published_at ?? null,
      c.clearReservation === true,
      c.clearNotice === true,
      now,
    ],
  );
}

/** Which of `ids` are pictures in the workspace's drive, not trashed (scoped). */
export async function drivePictures(q: Queryable, ws: number, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await q.query<{ id: string }>(
    `SELECT id FROM drive_files WHERE workspace_id = $1 AND id = ANY ($2::uuid[]) AND trashed_at IS NULL`,
    [ws, ids],
  );
  return new Set(rows.map((r) => r.id));
}

/** Locks the listing's row for the rest of the transaction (offers accepted at once reserve once). */
export async function lockListing(q: Queryable, ws: number, id: string): Promise<ListingRow | undefined> {
  const rows = await q.query<ListingRow>(
    `SELECT ${LISTING_COLUMNS} FROM classifieds c WHERE c.workspace_id = $1 AND c.id = $2 FOR UPDATE`,
    [ws, id],
  );
  return rows[0];
}
