import type { Queryable } from '../../db/db.js';
import {
  firstName,
  type BrowseSort,
  type ClassifiedCategory,
  type ClassifiedDto,
  type ClassifiedStatus,
  type InquiryDto,
  type InquiryStatus,
  type MessageDto,
  type PublicListingDto,
  type ReportDto,
  type RequestType,
} from '../../../schema/classifieds.js';

/**
 * The classifieds' SQL. The seller's functions run inside the workspace's scope (row-level
 * security); the public and buyer functions run as owner with the listing's workspace and the
 * buyer named in every statement, because a buyer is not a member of the seller's workspace.
 */

const iso = (v: Date | string) => new Date(v).toISOString();
const isoOrNull = (v: Date | string | null) => (v === null ? null : iso(v));
const num = (v: number | string | null) => (v === null ? null : Number(v));

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

const LISTING_COLUMNS = `c.workspace_id, c.id, c.title, c.description, c.category, c.price_cents, c.currency, c.images::text[] AS images,
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

// ---- Public and buyer side (as owner, the workspace named in each statement) ----

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

interface InquiryRow {
  workspace_id: number;
  id: string;
  classified_id: string;
  buyer_id: number;
  listing_title: string;
  listing_status: ClassifiedStatus;
  currency: string;
  request_type: RequestType;
  offer_amount_cents: string | number | null;
  counter_amount_cents: string | number | null;
  viewing_at: Date | string | null;
  status: InquiryStatus;
  seller_response: string | null;
  buyer_name: string | null;
  created_at: Date | string;
  updated_at: Date | string;
}
export type { InquiryRow };

const INQUIRY_ROWS = `SELECT i.workspace_id, i.id, i.classified_id, i.buyer_id, c.title AS listing_title, c.status AS listing_status, c.currency,
       i.request_type, i.offer_amount_cents, i.counter_amount_cents, i.viewing_at, i.status, i.seller_response,
       u.full_name AS buyer_name, i.created_at, i.updated_at
  FROM classified_inquiries i
  JOIN classifieds c ON c.workspace_id = i.workspace_id AND c.id = i.classified_id
  LEFT JOIN users u ON u.id = i.buyer_id`;

export const inquiryDto = (r: InquiryRow, role: 'buyer' | 'seller'): InquiryDto => ({
  id: r.id,
  classified_id: r.classified_id,
  workspace_id: Number(r.workspace_id),
  listing_title: r.listing_title,
  listing_status: r.listing_status,
  currency: r.currency,
  request_type: r.request_type,
  offer_amount_cents: num(r.offer_amount_cents),
  counter_amount_cents: num(r.counter_amount_cents),
  viewing_at: isoOrNull(r.viewing_at),
  status: r.status,
  seller_response: r.seller_response,
  buyer: firstName(r.buyer_name),
  role,
  created_at: iso(r.created_at),
  updated_at: iso(r.updated_at),
});

export async function inquiryById(q: Queryable, id: string): Promise<InquiryRow | undefined> {
  const rows = await q.query<InquiryRow>(`${INQUIRY_ROWS} WHERE i.id = $1`, [id]);
  return rows[0];
}

/** Locks the listing's row for the rest of the transaction (offers accepted at once reserve once). */
export async function lockListing(q: Queryable, ws: number, id: string): Promise<ListingRow | undefined> {
  const rows = await q.query<ListingRow>(
    `SELECT ${LISTING_COLUMNS} FROM classifieds c WHERE c.workspace_id = $1 AND c.id = $2 FOR UPDATE`,
    [ws, id],
  );
  return rows[0];
}

export async function listingInquiries(q: Queryable, ws: number, listing: string): Promise<InquiryRow[]> {
  return q.query<InquiryRow>(`${INQUIRY_ROWS} WHERE i.workspace_id = $1 AND i.classified_id = $2 ORDER BY i.updated_at DESC, i.id`, [
    ws,
    listing,
  ]);
}

export async function buyerInquiries(q: Queryable, listing: string, buyer: number): Promise<InquiryRow[]> {
  return q.query<InquiryRow>(`${INQUIRY_ROWS} WHERE i.classified_id = $1 AND i.buyer_id = $2 ORDER BY i.created_at DESC, i.id`, [
    listing,
    buyer,
  ]);
}

export async function insertInquiry(
  q: Queryable,
  i: {
    ws: number;
    id: string;
    listing: string;
    buyer: number;
    type: RequestType;
    offer: number | null;
    viewingAt: string | null;
    now: Date;
  },
): Promise<void> {
  await q.query(
    `INSERT INTO classified_inquiries (workspace_id, id, classified_id, buyer_id, request_type, offer_amount_cents, viewing_at,
                                       seller_mail, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, 'queued', $8, $8)`,
    [i.ws, i.id, i.listing, i.buyer, i.type, i.offer, i.viewingAt, i.now],
  );
}

export async function updateInquiry(
  q: Queryable,
  ws: number,
  id: string,
  c: { status?: InquiryStatus; offer?: number; counter?: number | null; response?: string },
  now: Date,
): Promise<void> {
  await q.query(
    `UPDATE classified_inquiries SET status = coalesce($3, status), offer_amount_cents = coalesce($4, offer_amount_cents),
            counter_amount_cents = CASE WHEN $5 THEN $6::bigint ELSE counter_amount_cents END,
            seller_response = coalesce($7, seller_response), updated_at = $8
      WHERE workspace_id = $1 AND id = $2`,
    [ws, id, c.status ?? null, c.offer ?? null, c.counter !== undefined, c.counter ?? null, c.response ?? null, now],
  );
}

export async function insertMessage(
  q: Queryable,
  m: { ws: number; id: string; inquiry: string; sender: number; kind: MessageDto['kind']; body: string; amount: number | null; now: Date },
): Promise<void> {
  await q.query(
    `INSERT INTO classified_messages (workspace_id, id, inquiry_id, sender_id, kind, body, amount_cents, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [m.ws, m.id, m.inquiry, m.sender, m.kind, m.body, m.amount, m.now],
  );
}

export async function threadMessages(q: Queryable, ws: number, inquiry: string, caller: number): Promise<MessageDto[]> {
  const rows = await q.query<{
    id: string;
    kind: MessageDto['kind'];
    body: string;
    amount_cents: string | number | null;
    sender_name: string | null;
    sender_id: number | null;
    created_at: Date | string;
  }>(
    `SELECT m.id, m.kind, m.body, m.amount_cents, u.full_name AS sender_name, m.sender_id, m.created_at
       FROM classified_messages m LEFT JOIN users u ON u.id = m.sender_id
      WHERE m.workspace_id = $1 AND m.inquiry_id = $2 ORDER BY m.created_at, m.id`,
    [ws, inquiry],
  );
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    body: r.body,
    amount_cents: num(r.amount_cents),
    sender: r.sender_id === null ? null : firstName(r.sender_name),
    mine: r.sender_id === caller,
    created_at: iso(r.created_at),
  }));
}

/** Messages the user sent since `since`, across every thread (the hourly limit). */
export async function messagesSentSince(q: Queryable, userId: number, since: Date): Promise<number> {
  const [row] = await q.query<{ n: number | string }>(
    `SELECT count(*) AS n FROM classified_messages WHERE sender_id = $1 AND created_at > $2`,
    [userId, since],
  );
  return Number(row?.n ?? 0);
}

/** Serialises one user's sends, so two at once cannot both pass the hourly limit. */
export async function lockSender(q: Queryable, userId: number): Promise<void> {
  await q.query(`SELECT pg_advisory_xact_lock(hashtext('classified-messages'), $1)`, [userId]);
}

export async function messageInListing(q: Queryable, ws: number, listing: string, message: string): Promise<boolean> {
  const rows = await q.query(
    `SELECT 1 FROM classified_messages m JOIN classified_inquiries i ON i.workspace_id = m.workspace_id AND i.id = m.inquiry_id
      WHERE m.workspace_id = $1 AND i.classified_id = $2 AND m.id = $3`,
    [ws, listing, message],
  );
  return rows.length > 0;
}

export async function insertReport(
  q: Queryable,
  r: { ws: number; id: string; listing: string; message: string | null; reporter: number; reason: string; now: Date },
): Promise<void> {
  await q.query(
    `INSERT INTO classified_reports (workspace_id, id, classified_id, message_id, reporter_id, reason, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [r.ws, r.id, r.listing, r.message, r.reporter, r.reason, r.now],
  );
}

interface ReportRow {
  id: string;
  workspace_id: number;
  classified_id: string;
  listing_title: string;
  listing_status: ClassifiedStatus;
  message_id: string | null;
  message_body: string | null;
  reason: string;
  reporter: string | null;
  created_at: Date | string;
  resolution: 'dismissed' | 'removed' | null;
  resolved_by: string | null;
  resolved_at: Date | string | null;
  resolution_note: string | null;
}

const REPORT_ROWS = `SELECT r.id, r.workspace_id, r.classified_id, c.title AS listing_title, c.status AS listing_status, r.message_id,
       m.body AS message_body, r.reason, u.email AS reporter, r.created_at, r.resolution, a.email AS resolved_by, r.resolved_at,
       r.resolution_note
  FROM classified_reports r
  JOIN classifieds c ON c.workspace_id = r.workspace_id AND c.id = r.classified_id
  LEFT JOIN classified_messages m ON m.workspace_id = r.workspace_id AND m.id = r.message_id
  LEFT JOIN users u ON u.id = r.reporter_id
  LEFT JOIN users a ON a.id = r.resolved_by`;

export const reportDto = (r: ReportRow): ReportDto => ({
  id: r.id,
  classified_id: r.classified_id,
  listing_title: r.listing_title,
  listing_status: r.listing_status,
  message_id: r.message_id,
  message_body: r.message_body,
  reason: r.reason,
  reporter: r.reporter,
  created_at: iso(r.created_at),
  status: r.resolution ?? 'open',
  resolved_by: r.resolved_by,
  resolved_at: isoOrNull(r.resolved_at),
  resolution_note: r.resolution_note,
});

/** Open reports oldest first (the queue to work through), or resolved ones newest resolved first. */
export async function reports(q: Queryable, status: 'open' | 'resolved'): Promise<ReportDto[]> {
  const rows = await q.query<ReportRow>(
    status === 'open'
      ? `${REPORT_ROWS} WHERE r.resolved_at IS NULL ORDER BY r.created_at, r.id LIMIT 200`
      : `${REPORT_ROWS} WHERE r.resolved_at IS NOT NULL ORDER BY r.resolved_at DESC, r.id LIMIT 200`,
  );
  return rows.map(reportDto);
}

export async function reportById(q: Queryable, id: string): Promise<ReportDto | undefined> {
  const rows = await q.query<ReportRow>(`${REPORT_ROWS} WHERE r.id = $1`, [id]);
  return rows[0] && reportDto(rows[0]);
}

/** Locks a report for the rest of the transaction (two admins resolving it at once: one wins). */
export async function lockReport(
  q: Queryable,
  id: string,
): Promise<{ workspace_id: number; classified_id: string; resolved_at: Date | string | null } | undefined> {
  const rows = await q.query<{ workspace_id: number; classified_id: string; resolved_at: Date | string | null }>(
    `SELECT workspace_id, classified_id, resolved_at FROM classified_reports WHERE id = $1 FOR UPDATE`,
    [id],
  );
  return rows[0];
}

/** Resolves open reports: one by id, or with `listing`, every open one about that ad. */
export async function resolveReports(
  q: Queryable,
  r: { ws: number; id?: string; listing?: string; resolution: 'dismissed' | 'removed'; by: number; note: string | null; now: Date },
): Promise<void> {
  await q.query(
    `UPDATE classified_reports SET resolution = $4, resolved_by = $5, resolution_note = $6, resolved_at = $7
      WHERE workspace_id = $1 AND resolved_at IS NULL AND ($2::uuid IS NULL OR id = $2) AND ($3::uuid IS NULL OR classified_id = $3)`,
    [r.ws, r.id ?? null, r.listing ?? null, r.resolution, r.by, r.note, r.now],
  );
}

/** Takes an ad down: no longer public, its seller sees why. */
export async function takeDownListing(q: Queryable, ws: number, id: string, reason: string, by: number, now: Date): Promise<void> {
  await q.query(
    `UPDATE classifieds SET status = 'removed', removed_reason = $3, removed_by = $4, removed_at = $5, updated_at = $5
      WHERE workspace_id = $1 AND id = $2`,
    [ws, id, reason, by, now],
  );
}

/** Viewings asked for on the workspace's listings between two instants (scoped). */
export async function viewings(q: Queryable, ws: number, from: string, to: string) {
  const rows = await q.query<{
    inquiry_id: string;
    classified_id: string;
    listing_title: string;
    buyer_name: string | null;
    viewing_at: Date | string;
    status: InquiryStatus;
  }>(
    `SELECT i.id AS inquiry_id, i.classified_id, c.title AS listing_title, u.full_name AS buyer_name, i.viewing_at, i.status
       FROM classified_inquiries i
       JOIN classifieds c ON c.workspace_id = i.workspace_id AND c.id = i.classified_id
       LEFT JOIN users u ON u.id = i.buyer_id
      WHERE i.workspace_id = $1 AND i.request_type = 'viewing' AND i.status <> 'declined'
        AND i.viewing_at >= $2::date - interval '1 day' AND i.viewing_at < $3::date + interval '2 days'
      ORDER BY i.viewing_at`,
    [ws, from, to],
  );
  return rows.map((r) => ({
    inquiry_id: r.inquiry_id,
    classified_id: r.classified_id,
    listing_title: r.listing_title,
    buyer: firstName(r.buyer_name),
    viewing_at: iso(r.viewing_at),
    status: r.status,
  }));
}
