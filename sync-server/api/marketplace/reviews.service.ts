import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { marketMessages, parsePublicProductId, toPublicProductId } from '../../../schema/marketplace/marketplace.js';
import {
  reviewMessages,
  WISHLIST_MAX,
  type ProductReviewsDto,
  type ReviewDto,
  type ReviewEligibility,
  type ReviewInput,
  type reviewModeration,
  type SellerReviewDto,
  type WishlistEntry,
} from '../../../schema/marketplace/marketplace-reviews.js';
import { withScope, type Queryable } from '../../db/db.js';
import type { AppDeps } from '../../deps.js';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors.js';
import { requireMembership } from '../workspaces/membership.js';
import { cartProducts } from './cart-products.repo.js';
import { productDetail } from './marketplace.repo.js';
import * as repo from './reviews.repo.js';

const REVIEWS_SHOWN = 50;
const SELLER_LIST_LIMIT = 200;

type Key = { workspaceId: number; productId: string };

/** The product behind a public id, while it is for sale; a 404 (with why) otherwise. */
async function publicProduct(q: Queryable, publicId: string): Promise<Key> {
  const key = parsePublicProductId(publicId);
  if (!key || !(await productDetail(q, key.workspaceId, key.productId))) throw notFound(marketMessages.notForSale);
  return key;
}

async function eligibility(q: Queryable, userId: number | null, key: Key): Promise<ReviewEligibility> {
  if (userId === null) return 'sign_in';
  if (await repo.sellsIn(q, userId, key.workspaceId)) return 'seller';
  if (await repo.hasReviewed(q, userId, key.workspaceId, key.productId)) return 'reviewed';
  return (await repo.hasBought(q, userId, key.workspaceId, key.productId)) ? 'can_review' : 'not_buyer';
}

/** The product page's reviews: average and count of the published ones, the newest of them, and what the viewer may do. */
export async function productReviews(deps: AppDeps, publicId: string, viewerId: number | null): Promise<ProductReviewsDto> {
  const key = await publicProduct(deps.db, publicId);
  const [rating, reviews, viewer] = await Promise.all([
    repo.ratingOf(deps.db, key.workspaceId, key.productId),
    repo.publishedReviews(deps.db, key.workspaceId, key.productId, REVIEWS_SHOWN),
    eligibility(deps.db, viewerId, key),
  ]);
  return { ...rating, reviews, viewer };
}

/** "Thandi M.": a reviewer's first name and initial, so a review does not publish a buyer's full name. */
export function shortName(full: string | null): string {
  const parts = (full ?? '').trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0) return 'A buyer';
  if (parts.length === 1) return parts[0];
  return `${parts[0]} ${parts.at(-1)?.charAt(0).toUpperCase()}.`;
}

/**
 * A buyer reviews a product they paid for, once. Someone who has not bought it is refused (403), a
 * second review is refused (409), whatever the order of two racing submissions (the table's key).
 */
export async function writeReview(deps: AppDeps, userId: number, publicId: string, body: ReviewInput): Promise<ReviewDto> {
  const key = await publicProduct(deps.db, publicId);
  if (await repo.sellsIn(deps.db, userId, key.workspaceId)) throw forbidden(reviewMessages.ownProduct);
  if (!(await repo.hasBought(deps.db, userId, key.workspaceId, key.productId))) throw forbidden(reviewMessages.notBuyer);
  const review = await repo.insertReview(deps.db, {
    ...key,
    id: randomUUID(),
    userId,
    author: shortName(await repo.authorName(deps.db, userId)),
    rating: body.rating,
    title: body.title,
    content: body.content,
    verified: true,
    at: deps.now(),
  });
  if (!review) throw conflict(reviewMessages.alreadyReviewed);
  return review;
}

type Seller = { workspaceId: number; userId: number };

/** The seller's reviews page: every review of the workspace's products, hidden ones too. */
export async function sellerReviews(deps: AppDeps, s: Seller): Promise<{ reviews: SellerReviewDto[] }> {
  await requireMembership(deps.db, s.workspaceId, s.userId);
  return withScope(deps.db, s, async (tx) => ({ reviews: await repo.sellerReviews(tx, s.workspaceId, SELLER_LIST_LIMIT) }));
}

/** A member answers a review, or hides it from the product page (and shows it again). */
export async function moderateReview(
  deps: AppDeps,
  s: Seller,
  reviewId: string,
  body: z.output<typeof reviewModeration>,
): Promise<SellerReviewDto> {
  await requireMembership(deps.db, s.workspaceId, s.userId);
  const response = body.seller_response === undefined ? undefined : body.seller_response || null;
  const out = await withScope(deps.db, s, (tx) =>
    repo.moderateReview(tx, s.workspaceId, reviewId, { status: body.status, response }, deps.now()),
  );
  if (!out) throw notFound(reviewMessages.reviewNotFound);
  return out;
}

// ---- wishlists ----

export async function wishlist(deps: AppDeps, userId: number): Promise<WishlistEntry[]> {
  const rows = await repo.wishlistRows(deps.db, userId, WISHLIST_MAX);
  const found = await cartProducts(
    deps.db,
    rows.map((r) => ({ workspaceId: r.workspace_id, productId: r.product_id })),
  );
  const out: WishlistEntry[] = [];
  for (const r of rows) {
    const f = found.get(toPublicProductId(r.workspace_id, r.product_id));
    // A product deleted for good has nothing left to show.
    if (f) out.push({ product: f.product, for_sale: f.forSale, added_at: new Date(r.created_at).toISOString() });
  }
  return out;
}

/** Keeps a product for later (adding it twice keeps it once); only products for sale can be added. */
export async function addToWishlist(deps: AppDeps, userId: number, publicId: string): Promise<WishlistEntry[]> {
  const key = parsePublicProductId(publicId);
  if (!key) throw badRequest(marketMessages.productId);
  const found = (await cartProducts(deps.db, [key])).get(publicId);
  if (!found?.forSale) throw notFound(marketMessages.notForSale);
  await deps.db.transaction(async (tx) => {
    await repo.lockWishlist(tx, userId);
    const have = await repo.wishlistRows(tx, userId, WISHLIST_MAX);
    const already = have.some((r) => r.workspace_id === key.workspaceId && r.product_id === key.productId);
    if (!already && have.length >= WISHLIST_MAX) throw conflict(reviewMessages.wishlistFull);
    await repo.addToWishlist(tx, userId, key.workspaceId, key.productId, deps.now());
  });
  return wishlist(deps, userId);
}

/** Takes a product off the wishlist (one that is not there is already off it). */
export async function removeFromWishlist(deps: AppDeps, userId: number, publicId: string): Promise<WishlistEntry[]> {
  const key = parsePublicProductId(publicId);
  if (!key) throw badRequest(marketMessages.productId);
  await repo.removeFromWishlist(deps.db, userId, key.workspaceId, key.productId);
  return wishlist(deps, userId);
}
