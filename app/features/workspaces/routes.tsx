import { createRoute } from '@tanstack/react-router';
import { protectedRoute } from '../../routes/protected';

/** Control hub and workspace pages. Replaced by the workspace screens work. */
export const controlHubRoute = createRoute({
  getParentRoute: () => protectedRoute,
  path: '/controlhub',
  component: () => <main><h1>My Workspaces</h1></main>,
});

export const workspaceRoutes = [controlHubRoute] as const;
