import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { protectedRoute } from '../../routes/protected';
import { rootRoute } from '../../routes/root';
import { authSearch, registerSearch, resetPasswordSearch } from './auth-search';

/** /auth: login, register and reset-password tabs (`?tab=register`, `?social=verify`). */
export const authRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/auth',
  validateSearch: authSearch,
  component: lazyRouteComponent(() => import('./auth-page'), 'AuthPage'),
});

export const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/login',
  beforeLoad: () => {
    throw redirect({ to: '/auth', replace: true });
  },
});

/** /register?plan=lite|free|pro opens the register tab and keeps the plan. */
export const registerRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/register',
  validateSearch: registerSearch,
  beforeLoad: ({ search }) => {
    throw redirect({ to: '/auth', search: { tab: 'register', plan: search.plan }, replace: true });
  },
});

export const resetPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/reset-password',
  validateSearch: resetPasswordSearch,
  component: lazyRouteComponent(() => import('./reset-password-page'), 'ResetPasswordPage'),
});

/** Pages under the root. */
export const authRoutes = [authRoute, loginRoute, registerRoute, resetPasswordRoute] as const;

export const welcomeRoute = createRoute({
  getParentRoute: () => protectedRoute,
  path: '/welcome',
  component: lazyRouteComponent(() => import('./welcome-page'), 'WelcomePage'),
});

/** Pages behind the sign-in guard. */
export const welcomeRoutes = [welcomeRoute] as const;
