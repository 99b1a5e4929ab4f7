/** What other modules may use of the marketplace (DESIGN.md §12): the shape of a cart line, which event tickets fill. */
export type { CartProduct } from './cart-products.repo.js';
