import { createRoute } from '@tanstack/react-router';
import { protectedRoute } from '../../routes/protected';

/** Profile, settings and account pages. Replaced by the account screens work. */
export const profileRoute = createRoute({
  getParentRoute: () => protectedRoute,
  path: '/profile',
  component: () => <main><h1>Profile</h1></main>,
});

export const accountRoutes = [profileRoute] as const;
