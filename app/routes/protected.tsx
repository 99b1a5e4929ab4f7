import { createRoute, Navigate, Outlet } from '@tanstack/react-router';
import { useAuth } from '../data/auth-store';
import { PageSpinner } from '../ui/spinner';
import { rootRoute } from './root';

/**
 * The protected-route guard (spec §2): a centred spinner while the user loads, then the page when
 * signed in, otherwise /auth. Every login-only page is a child of this pathless layout.
 */
export const protectedRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'protected',
  component: ProtectedLayout,
});

function ProtectedLayout() {
  const { status } = useAuth();
  if (status === 'loading') return <PageSpinner />;
  if (status === 'anonymous') return <Navigate to="/auth" replace />;
  return <Outlet />;
}
