import { z } from 'zod';
import { pictureQuery } from '../pictures/pictures.js';
import { endpoint } from '../kit/http.js';
import { idParam, text } from '../kit/input.js';
import {
  cartDto,
  cartItemInput,
  cartMergeDto,
  cartQuantityInput,
  directoryDto,
  directoryQuery,
  guestCart,
  guestPreviewDto,
  marketHome,
  marketProductDetail,
  marketSearchQuery,
  publicProductId,
  cartItemId,
  storefrontDto,
  storefrontSettingsDto,
  storefrontSettingsInput,
} from './marketplace.js';
import {
  checkoutInput,
  checkoutQuote,
  checkoutResult,
  checkoutState,
  orderDto,
  orderList,
  orderReference,
  orderStatus,
  orderStatusInput,
  payoutDto,
  payoutInput,
  refundInput,
  shippingChoice,
} from './marketplace-orders.js';
import {
  productReviewsDto,
  reviewDto,
  reviewInput,
  reviewModeration,
  sellerReviewDto,
  sellerReviewList,
  wishlistDto,
} from './marketplace-reviews.js';

const product = z.object({ productId: publicProductId });
const cartItem = z.object({ productId: cartItemId });
const slug = z.object({ slug: text(100) });
const sellerOrder = z.object({ id: idParam, orderId: z.string().uuid() });
const sellerReview = z.object({ id: idParam, reviewId: z.string().uuid() });

/**
 * The marketplace: a seller's storefront settings, what buyers browse (no sign-in), and the cart
 * (spec §7: GET /api/cart returns an array; the badge counts its lines).
 */
export const marketplaceContract = {
  settings: endpoint({
    method: 'GET',
    path: '/api/workspaces/:id/storefront',
    params: z.object({ id: idParam }),
    response: storefrontSettingsDto,
  }),
  saveSettings: endpoint({
    method: 'PUT',
    path: '/api/workspaces/:id/storefront',
    params: z.object({ id: idParam }),
    body: storefrontSettingsInput,
    response: storefrontSettingsDto,
  }),
  home: endpoint({ method: 'GET', path: '/api/marketplace', query: marketSearchQuery, response: marketHome }),
  product: endpoint({ method: 'GET', path: '/api/marketplace/products/:productId', params: product, response: marketProductDetail }),
  /** A public product's photo (its drive picture), sized like the drive's pictures. */
  picture: endpoint({
    method: 'GET',
    path: '/api/marketplace/products/:productId/picture',
    params: product,
    query: pictureQuery,
    response: z.void(),
  }),
  storefront: endpoint({ method: 'GET', path: '/api/marketplace/storefronts/:slug', params: slug, response: storefrontDto }),
  directory: endpoint({ method: 'GET', path: '/api/directory', query: directoryQuery, response: directoryDto }),
  cart: endpoint({ method: 'GET', path: '/api/cart', response: cartDto }),
  addToCart: endpoint({ method: 'POST', path: '/api/cart/items', body: cartItemInput, response: cartDto }),
  setQuantity: endpoint({
    method: 'PUT',
    path: '/api/cart/items/:productId',
    params: cartItem,
    body: cartQuantityInput,
    response: cartDto,
  }),
  removeFromCart: endpoint({ method: 'DELETE', path: '/api/cart/items/:productId', params: cartItem, response: cartDto }),
  /** The device's guest cart, folded into the signed-in buyer's at sign-in. */
  mergeCart: endpoint({ method: 'POST', path: '/api/cart/merge', body: guestCart, response: cartMergeDto }),
  /** A guest cart's lines as they stand now (prices, stock), with no sign-in. */
  previewCart: endpoint({ method: 'POST', path: '/api/cart/preview', body: guestCart, response: guestPreviewDto }),

  /** The checkout page's figures: each seller's lines, shipping options, tax and total. */
  checkoutQuote: endpoint({
    method: 'POST',
    path: '/api/checkout/quote',
    body: z.object({ shipping: z.array(shippingChoice).max(100).default([]) }),
    response: checkoutQuote,
  }),
  /** Pays the whole cart in one card payment: one order per seller; a price change answers with the new cart. */
  checkout: endpoint({ method: 'POST', path: '/api/checkout', body: checkoutInput, response: checkoutResult }),
  /** Where a checkout stands when the buyer returns from the card page. */
  checkoutState: endpoint({
    method: 'GET',
    path: '/api/checkout/:reference',
    params: z.object({ reference: orderReference }),
    response: checkoutState,
  }),
  /** My Orders. */
  myOrders: endpoint({ method: 'GET', path: '/api/orders', response: orderList }),
  sellerOrders: endpoint({
    method: 'GET',
    path: '/api/workspaces/:id/orders',
    params: z.object({ id: idParam }),
    query: z.object({ status: orderStatus.optional() }),
    response: orderList,
  }),
  sellerOrder: endpoint({ method: 'GET', path: '/api/workspaces/:id/orders/:orderId', params: sellerOrder, response: orderDto }),
  setOrderStatus: endpoint({
    method: 'PUT',
    path: '/api/workspaces/:id/orders/:orderId/status',
    params: sellerOrder,
    body: orderStatusInput,
    response: orderDto,
  }),
  refundOrder: endpoint({
    method: 'POST',
    path: '/api/workspaces/:id/orders/:orderId/refunds',
    params: sellerOrder,
    body: refundInput,
    response: orderDto,
  }),
  /** The seller's payout account (a card-partner subaccount) that receives their share of each sale. */
  payout: endpoint({
    method: 'GET',
    path: '/api/workspaces/:id/storefront/payout',
    params: z.object({ id: idParam }),
    response: payoutDto,
  }),
  savePayout: endpoint({
    method: 'PUT',
    path: '/api/workspaces/:id/storefront/payout',
    params: z.object({ id: idParam }),
    body: payoutInput,
    response: payoutDto,
  }),

  /** A product's published reviews, their average and count, and whether the viewer may write one. */
  reviews: endpoint({ method: 'GET', path: '/api/marketplace/products/:productId/reviews', params: product, response: productReviewsDto }),
  /** A buyer who paid for the product reviews it, once. */
  writeReview: endpoint({
    method: 'POST',
    path: '/api/marketplace/products/:productId/reviews',
    params: product,
    body: reviewInput,
    response: reviewDto,
  }),
  sellerReviews: endpoint({
    method: 'GET',
    path: '/api/workspaces/:id/reviews',
    params: z.object({ id: idParam }),
    response: sellerReviewList,
  }),
  /** The seller answers a review or hides it from the product page. */
  moderateReview: endpoint({
    method: 'PUT',
    path: '/api/workspaces/:id/reviews/:reviewId',
    params: sellerReview,
    body: reviewModeration,
    response: sellerReviewDto,
  }),
  /** The signed-in buyer's wishlist (spec §3 wishlists). */
  wishlist: endpoint({ method: 'GET', path: '/api/wishlist', response: wishlistDto }),
  addToWishlist: endpoint({ method: 'PUT', path: '/api/wishlist/:productId', params: product, response: wishlistDto }),
  removeFromWishlist: endpoint({ method: 'DELETE', path: '/api/wishlist/:productId', params: product, response: wishlistDto }),
} as const;
