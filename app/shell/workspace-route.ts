import { createRoute, lazyRouteComponent, notFound } from '@tanstack/react-router';
import { protectedRoute } from '../routes/protected';

/** A workspace id in the path: a positive integer, or the page does not exist. */
function workspaceIdParam(raw: string): number | null {
  const id = /^\d+$/.test(raw) ? Number(raw) : 0;
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/**
 * /workspace/{id}: the parent of every workspace page. Its own file, so modules can hang their pages
 * under it while the tree itself is assembled from the module list (app/modules.ts).
 */
export const workspaceRoute = createRoute({
  getParentRoute: () => protectedRoute,
  path: '/workspace/$workspaceId',
  params: {
    parse: (raw) => {
      const workspaceId = workspaceIdParam(raw.workspaceId);
      if (workspaceId === null) throw notFound();
      return { workspaceId };
    },
    stringify: ({ workspaceId }) => ({ workspaceId: String(workspaceId) }),
  },
  component: lazyRouteComponent(() => import('./workspace-layout'), 'WorkspaceLayout'),
});
