import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { protectedRoute } from '../../routes/protected';
import { settingsSearch } from './settings-tabs';

export const profileRoute = createRoute({
  getParentRoute: () => protectedRoute,
  path: '/profile',
  component: lazyRouteComponent(() => import('./profile-page'), 'ProfilePage'),
});

export const settingsRoute = createRoute({
  getParentRoute: () => protectedRoute,
  path: '/settings',
  validateSearch: settingsSearch,
  component: lazyRouteComponent(() => import('./settings-page'), 'SettingsPage'),
});

export const accountRoute = createRoute({
  getParentRoute: () => protectedRoute,
  path: '/account',
  component: lazyRouteComponent(() => import('./account-page'), 'AccountPage'),
});

export const accountRoutes = [profileRoute, settingsRoute, accountRoute] as const;
