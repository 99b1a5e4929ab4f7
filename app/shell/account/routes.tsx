import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { protectedRoute } from '../../routes/protected';
import { settingsSearch } from '../../routes/settings-search';
import { billingReturnSearch } from '../billing/billing-search';

export const profileRoute = createRoute({
  getParentRoute: () => protectedRoute,
  path: '/profile',
  component: lazyRouteComponent(() => import('./profile-page'), 'ProfilePage'),
});

export const settingsRoute = createRoute({
  getParentRoute: () => protectedRoute,
  path: '/settings',
  validateSearch: settingsSearch,
  component: lazyRouteComponent(() => import('./account-settings-page'), 'SettingsPage'),
});

export const accountRoute = createRoute({
  getParentRoute: () => protectedRoute,
  path: '/account',
  component: lazyRouteComponent(() => import('./account-page'), 'AccountPage'),
});

export const topupRoute = createRoute({
  getParentRoute: () => protectedRoute,
  path: '/subscription/topup',
  validateSearch: billingReturnSearch,
  component: lazyRouteComponent(() => import('../billing/account-billing-pages'), 'TopupPage'),
});

export const paymentMethodsRoute = createRoute({
  getParentRoute: () => protectedRoute,
  path: '/payment-methods',
  component: lazyRouteComponent(() => import('../billing/account-billing-pages'), 'PaymentMethodsPage'),
});

export const accountRoutes = [profileRoute, settingsRoute, accountRoute, topupRoute, paymentMethodsRoute] as const;
