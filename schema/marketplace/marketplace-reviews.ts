import { z } from 'zod';
import { text } from '../kit/input.js';
import { marketProduct } from './marketplace.js';

/**
 * Product reviews and wishlists (spec §3 "Commerce": product_reviews with rating, title, content,
 * verified purchase and status, default published; wishlists unique per user and product).
 */

export const REVIEW_TITLE_MAX = 120;
export const REVIEW_CONTENT_MAX = 2000;
export const WISHLIST_MAX = 200;

export const reviewMessages = {
  rating: 'Choose a rating from 1 to 5 stars',
  titleRequired: 'Give your review a title',
  titleMax: `A title can be at most ${REVIEW_TITLE_MAX} characters`,
  contentRequired: 'Write a few words about the product',
  contentMax: `A review can be at most ${REVIEW_CONTENT_MAX} characters`,
  notBuyer: 'Only buyers who paid for this product in the marketplace can review it.',
  alreadyReviewed: 'You have already reviewed this product.',
  ownProduct: 'You cannot review a product your own business sells.',
  signIn: 'Sign in to review this product.',
  reviewNotFound: 'This review does not exist.',
  responseMax: `A response can be at most ${REVIEW_CONTENT_MAX} characters`,
  nothingToChange: 'Choose a status or write a response',
  wishlistFull: `A wishlist holds at most ${WISHLIST_MAX} products.`,
  wishlistSignIn: 'Sign in to keep products in your wishlist.',
} as const;

/** spec §3: status (default published). The seller hides a review; hidden ones leave the product page. */
export const reviewStatus = z.enum(['published', 'hidden']);
export type ReviewStatus = z.infer<typeof reviewStatus>;
export const reviewStatusLabels: Record<ReviewStatus, string> = { published: 'Published', hidden: 'Hidden' };

export const reviewRating = z
  .number({ error: reviewMessages.rating })
  .int(reviewMessages.rating)
  .min(1, reviewMessages.rating)
  .max(5, reviewMessages.rating);

export const reviewInput = z.object({
  rating: reviewRating,
  title: text().trim().min(1, reviewMessages.titleRequired).max(REVIEW_TITLE_MAX, reviewMessages.titleMax),
  content: text().trim().min(1, reviewMessages.contentRequired).max(REVIEW_CONTENT_MAX, reviewMessages.contentMax),
});
export type ReviewInput = z.infer<typeof reviewInput>;

export const reviewDto = z.object({
  id: z.string(),
  rating: z.number().int(),
  title: z.string(),
  content: z.string(),
  author_name: z.string(),
  verified_purchase: z.boolean(),
  status: reviewStatus,
  seller_response: z.string().nullable(),
  created_at: z.string(),
});
export type ReviewDto = z.infer<typeof reviewDto>;

/**
 * What the viewer may do: a guest is asked to sign in; a buyer of the product may write one review;
 * someone who has not bought it, or has reviewed it already, is told why not.
 */
/** `seller`: the viewer owns or works in the selling workspace, so their purchase is not a buyer's word. */
export const reviewEligibility = z.enum(['sign_in', 'can_review', 'not_buyer', 'reviewed', 'seller']);
export type ReviewEligibility = z.infer<typeof reviewEligibility>;

export const productReviewsDto = z.object({
  /** Mean of the published ratings, one decimal; null with none. */
  average: z.number().nullable(),
  count: z.number().int(),
  reviews: z.array(reviewDto),
  viewer: reviewEligibility,
});
export type ProductReviewsDto = z.infer<typeof productReviewsDto>;

/** A review as its seller sees it: with the product it is about, whatever its status. */
export const sellerReviewDto = reviewDto.extend({ product_id: z.string(), product_name: z.string() });
export type SellerReviewDto = z.infer<typeof sellerReviewDto>;
export const sellerReviewList = z.object({ reviews: z.array(sellerReviewDto) });

/** The seller answers a review (an empty response takes the answer away) and/or hides or shows it. */
export const reviewModeration = z
  .object({
    status: reviewStatus.optional(),
    seller_response: text().trim().max(REVIEW_CONTENT_MAX, reviewMessages.responseMax).optional(),
  })
  .refine((b) => b.status !== undefined || b.seller_response !== undefined, { message: reviewMessages.nothingToChange });

// ---- wishlists ----

export const wishlistEntry = z.object({
  product: marketProduct,
  /** Still public and priced in an open storefront. */
  for_sale: z.boolean(),
  added_at: z.string(),
});
export type WishlistEntry = z.infer<typeof wishlistEntry>;
export const wishlistDto = z.array(wishlistEntry);

/** "4.5 out of 5" with the count, for the product page and screen readers. */
export function ratingSummary(average: number | null, count: number): string {
  if (average === null || count === 0) return 'No reviews yet';
  return `${average.toFixed(1)} out of 5 (${count} ${count === 1 ? 'review' : 'reviews'})`;
}
