import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { defineModule } from '../../module';
import { rootRoute } from '../../routes/root';
import { searchOf, text } from '../../routes/search-params';
import { workspaceRoute } from '../../shell/workspace-route';

/** /workspace/{id}/storefront: how the storefront sells, and which products buyers see. */
export const storefrontSettingsRoute = createRoute({
  getParentRoute: () => workspaceRoute,
  path: 'storefront',
  component: lazyRouteComponent(() => import('./seller/storefront-settings-page'), 'StorefrontSettingsPage'),
});

export const marketHomeRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/marketplace',
  validateSearch: searchOf({ q: text(100), category: text(255) }),
  component: lazyRouteComponent(() => import('./buyer/pages'), 'MarketHomePage'),
});

export const marketProductRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/marketplace/product/$productId',
  component: lazyRouteComponent(() => import('./buyer/pages'), 'ProductPage'),
});

export const storefrontRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/storefront/$slug',
  component: lazyRouteComponent(() => import('./buyer/pages'), 'StorefrontPage'),
});

export const directoryRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/directory',
  validateSearch: searchOf({ q: text(100), category: text(100), area: text(100) }),
  component: lazyRouteComponent(() => import('./buyer/pages'), 'DirectoryPage'),
});

export const cartRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/cart',
  component: lazyRouteComponent(() => import('./buyer/pages'), 'CartPage'),
});

/** Checkout of the whole cart (login required, as My Orders). */
export const checkoutRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/checkout',
  component: lazyRouteComponent(() => import('./buyer/pages'), 'CheckoutPage'),
});

/** Where the card page sends the buyer back: the payment's outcome and the orders it made. */
export const checkoutCompleteRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/checkout/complete',
  validateSearch: searchOf({ reference: text(100) }),
  component: lazyRouteComponent(() => import('./buyer/pages'), 'CheckoutCompletePage'),
});

/** /workspace/{id}/orders: the seller's marketplace orders. */
export const sellerOrdersRoute = createRoute({
  getParentRoute: () => workspaceRoute,
  path: 'orders',
  component: lazyRouteComponent(() => import('./seller/orders-pages'), 'SellerOrdersPage'),
});

export const sellerOrderRoute = createRoute({
  getParentRoute: () => workspaceRoute,
  path: 'orders/$orderId',
  component: lazyRouteComponent(() => import('./seller/orders-pages'), 'SellerOrderPage'),
});

/** My Orders (spec §2, login required: the page sends a signed-out visitor to /auth). */
export const myOrdersRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/orders',
  component: lazyRouteComponent(() => import('./buyer/pages'), 'OrdersPage'),
});

/** The buyer's wishlist (spec §3 wishlists), beside My Account; login required as My Orders. */
export const wishlistRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/account/wishlist',
  component: lazyRouteComponent(() => import('./buyer/pages'), 'WishlistPage'),
});

/** The marketplace: storefront settings in the workspace, and the public shop window around it. */
export const marketplaceModule = defineModule({
  id: 'marketplace',
  routes: [storefrontSettingsRoute],
  publicRoutes: [
    marketHomeRoute,
    marketProductRoute,
    storefrontRoute,
    directoryRoute,
    cartRoute,
    checkoutRoute,
    checkoutCompleteRoute,
    myOrdersRoute,
    wishlistRoute,
  ],
  nav: { label: 'Storefront', to: '/workspace/$workspaceId/storefront' },
});

/** The seller's marketplace orders, beside the storefront in the workspace navigation. */
export const marketplaceOrdersModule = defineModule({
  id: 'marketplace-orders',
  routes: [sellerOrdersRoute, sellerOrderRoute],
  nav: { label: 'Orders', to: '/workspace/$workspaceId/orders' },
  // Status changes made on a device (offline too) reach the server through the sync.
  collections: {
    order_changes: {
      label: 'Order status change',
      recordName: (c) => (c.tracking_number ? `${c.status} (${c.tracking_number})` : c.status),
    },
  },
});
