import { createRoute } from '@tanstack/react-router';
import { rootRoute } from '../../routes/root';

/** /auth, /login, /register, /reset-password. Replaced by the auth screens work. */
export const authRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/auth',
  component: () => <main><h1>Sign in</h1></main>,
});

export const authRoutes = [authRoute] as const;
