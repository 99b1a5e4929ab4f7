import type { Queryable } from '../../db/db.js';
import { toPublicProductId } from '../../../schema/marketplace/marketplace.js';
import type { ReviewDto, ReviewStatus, SellerReviewDto } from '../../../schema/marketplace/marketplace-reviews.js';

/** spec §3 product_reviews and wishlists: the SQL. Buyers' statements always name the buyer's own id. */

interface ReviewRow {
  workspace_id: number;
  id: string;
  product_id: string;
  user_id: number | null;
  author_name: string;
  rating: number;
  title: string;
  content: string;
  verified_purchase: boolean;
  status: ReviewStatus;
  seller_response: string | null;
  created_at: Date | string;
}

const REVIEW_COLUMNS = `r.workspace_id, r.id, r.product_id, r.user_id, r.author_name, r.rating, r.title, r.content,
  r.verified_purchase, r.status, r.seller_response, r.created_at`;

function toReview(r: ReviewRow): ReviewDto {
  return {
    id: r.id,
    rating: Number(r.rating),
    title: r.title,
    content: r.content,
    author_name: r.author_name,
    verified_purchase: r.verified_purchase,
    status: r.status,
    seller_response: r.seller_response,
    created_at: new Date(r.created_at).toISOString(),
  };
}

/** Whether the user owns the workspace or is an active member of it: a review from inside the shop is no buyer's word. */
export async function sellsIn(q: Queryable, userId: number, workspaceId: number): Promise<boolean> {
  const rows = await q.query(
    `SELECT 1 FROM workspaces w
      WHERE w.id = $2 AND (w.owner_id = $1 OR EXISTS (
              SELECT 1 FROM workspace_members m WHERE m.workspace_id = w.id AND m.user_id = $1 AND m.is_active))`,
    [userId, workspaceId],
  );
  return rows.length > 0;
}

/** Whether the user paid for this product in a marketplace order (a later refund does not undo the purchase). */
export async function hasBought(q: Queryable, userId: number, workspaceId: number, productId: string): Promise<boolean> {
  const rows = await q.query(
    `SELECT 1 FROM marketplace_orders o
       JOIN marketplace_order_items i ON i.workspace_id = o.workspace_id AND i.order_id = o.id
      WHERE o.buyer_id = $1 AND o.workspace_id = $2 AND i.product_id = $3 AND o.paid_at IS NOT NULL
      LIMIT 1`,
    [userId, workspaceId, productId],
  );
  return rows.length > 0;
}

export async function hasReviewed(q: Queryable, userId: number, workspaceId: number, productId: string): Promise<boolean> {
  const rows = await q.query(`SELECT 1 FROM product_reviews WHERE user_id = $1 AND workspace_id = $2 AND product_id = $3`, [
    userId,
    workspaceId,
    productId,
  ]);
  return rows.length > 0;
}

export async function authorName(q: Queryable, userId: number): Promise<string | null> {
  const [row] = await q.query<{ full_name: string | null }>('SELECT full_name FROM users WHERE id = $1', [userId]);
  return row?.full_name ?? null;
}

/** Adds the review unless the user has one for this product already (then null). */
export async function insertReview(
  q: Queryable,
  r: {
    workspaceId: number;
    id: string;
    productId: string;
    userId: number;
    author: string;
    rating: number;
    title: string;
    content: string;
    verified: boolean;
    at: Date;
  },
): Promise<ReviewDto | null> {
  const rows = await q.query<ReviewRow>(
    `INSERT INTO product_reviews AS r (workspace_id, id, product_id, user_id, author_name, rating, title, content, verified_purchase, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10)
     ON CONFLICT (workspace_id, product_id, user_id) DO NOTHING
     RETURNING ${REVIEW_COLUMNS}`,
    [r.workspaceId, r.id, r.productId, r.userId, r.author, r.rating, r.title, r.content, r.verified, r.at],
  );
  return rows[0] ? toReview(rows[0]) : null;
}

/** The product page's reviews: published ones, newest first. */
export async function publishedReviews(q: Queryable, workspaceId: number, productId: string, limit: number): Promise<ReviewDto[]> {
  const rows = await q.query<ReviewRow>(
    `SELECT ${REVIEW_COLUMNS} FROM product_reviews r
      WHERE r.workspace_id = $1 AND r.product_id = $2 AND r.status = 'published'
      ORDER BY r.created_at DESC, r.id LIMIT $3`,
    [workspaceId, productId, limit],
  );
  return rows.map(toReview);
}

/** Average (one decimal) and count of a product's published ratings. */
export async function ratingOf(q: Queryable, workspaceId: number, productId: string): Promise<{ average: number | null; count: number }> {
  const [row] = await q.query<{ average: string | number | null; count: string | number }>(
    `SELECT round(avg(rating), 1) AS average, count(*) AS count FROM product_reviews
      WHERE workspace_id = $1 AND product_id = $2 AND status = 'published'`,
    [workspaceId, productId],
  );
  return { average: row?.average === null || row?.average === undefined ? null : Number(row.average), count: Number(row?.count ?? 0) };
}

interface SellerReviewRow extends ReviewRow {
  product_name: string | null;
}

const toSellerReview = (r: SellerReviewRow): SellerReviewDto => ({
  ...toReview(r),
  product_id: toPublicProductId(r.workspace_id, r.product_id),
  product_name: r.product_name ?? 'Product',
});

/** A workspace's reviews, every status, newest first (run in the workspace's scope). */
export async function sellerReviews(q: Queryable, workspaceId: number, limit: number): Promise<SellerReviewDto[]> {
  const rows = await q.query<SellerReviewRow>(
    `SELECT ${REVIEW_COLUMNS}, p.name AS product_name FROM product_reviews r
       LEFT JOIN products p ON p.workspace_id = r.workspace_id AND p.id = r.product_id
      WHERE r.workspace_id = $1 ORDER BY r.created_at DESC, r.id LIMIT $2`,
    [workspaceId, limit],
  );
  return rows.map(toSellerReview);
}

/** The seller's answer and status; `response` null takes the answer away, undefined leaves it. */
export async function moderateReview(
  q: Queryable,
  workspaceId: number,
  reviewId: string,
  change: { status?: ReviewStatus; response?: string | null },
  at: Date,
): Promise<SellerReviewDto | null> {
  const changed = await q.query(
    `UPDATE product_reviews SET
        status = coalesce($3, status),
        seller_response = CASE WHEN $4::boolean THEN $5 ELSE seller_response END,
        responded_at = CASE WHEN $4::boolean THEN $6 ELSE responded_at END,
        updated_at = $6
      WHERE workspace_id = $1 AND id = $2 RETURNING 1`,
    [workspaceId, reviewId, change.status ?? null, change.response !== undefined, change.response ?? null, at],
  );
  if (changed.length === 0) return null;
  const rows = await q.query<SellerReviewRow>(
    `SELECT ${REVIEW_COLUMNS}, p.name AS product_name FROM product_reviews r
       LEFT JOIN products p ON p.workspace_id = r.workspace_id AND p.id = r.product_id
      WHERE r.workspace_id = $1 AND r.id = $2`,
    [workspaceId, reviewId],
  );
  return rows[0] ? toSellerReview(rows[0]) : null;
}

// ---- wishlists (spec §3: unique per user and product) ----

export interface WishlistRow {
  workspace_id: number;
  product_id: string;
  created_at: Date | string;
}

export async function wishlistRows(q: Queryable, userId: number, limit: number): Promise<WishlistRow[]> {
  return q.query<WishlistRow>(
    `SELECT workspace_id, product_id, created_at FROM wishlists WHERE user_id = $1 ORDER BY created_at DESC, workspace_id, product_id LIMIT $2`,
    [userId, limit],
  );
}

export async function addToWishlist(q: Queryable, userId: number, workspaceId: number, productId: string, at: Date): Promise<void> {
  await q.query(`INSERT INTO wishlists (user_id, workspace_id, product_id, created_at) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING`, [
    userId,
    workspaceId,
    productId,
    at,
  ]);
}

export async function removeFromWishlist(q: Queryable, userId: number, workspaceId: number, productId: string): Promise<void> {
  await q.query(`DELETE FROM wishlists WHERE user_id = $1 AND workspace_id = $2 AND product_id = $3`, [userId, workspaceId, productId]);
}

/** Serialises one buyer's wishlist additions, so two tabs cannot pass the limit together. */
export async function lockWishlist(q: Queryable, userId: number): Promise<void> {
  await q.query(`SELECT pg_advisory_xact_lock(7281031, $1)`, [userId]);
}
