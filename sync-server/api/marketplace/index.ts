/**
 * What other modules may use of the marketplace (DESIGN.md §12): the shape of a cart line, which
 * event tickets fill, and a seller's payout account, which their card payments are settled to.
 */
export type { CartProduct } from './cart-products.repo.js';
export { payoutAccount } from './checkouts.repo.js';
