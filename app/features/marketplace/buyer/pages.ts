/**
 * Every public marketplace page, as one lazily loaded chunk: each route imports this same module, so
 * the landing page's entry carries one short preload list for all of them instead of one per page.
 */
export { CartPage } from './cart-page';
export { CheckoutCompletePage } from './checkout-complete-page';
export { CheckoutPage } from './checkout-page';
export { DirectoryPage } from './directory-page';
export { MarketHomePage } from './market-home-page';
export { OrdersPage } from './orders-page';
export { ProductPage } from './product-page';
export { StorefrontPage } from './storefront-page';
export { WishlistPage } from '../wishlist/wishlist-page';
