import type { Queryable } from '../../db/db.js';
import {
  firstName,
  type ClassifiedStatus,
  type InquiryDto,
  type InquiryStatus,
  type RequestType,
} from '../../../schema/classifieds/classifieds.js';
import { iso, isoOrNull, num } from './classifieds.repo.js';

/** A buyer's inquiries on a listing (questions, offers, viewings) and the seller's answers. */

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
                                       created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8)`,
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
