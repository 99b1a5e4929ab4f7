import { createRoute, lazyRouteComponent, notFound } from '@tanstack/react-router';
import { z } from 'zod';
import { protectedRoute } from '../../routes/protected';

/** A workspace id in the path: a positive integer, or the page does not exist. */
const workspaceIdParam = z.string().regex(/^\d+$/).transform(Number).pipe(z.number().int().positive());

/**
 * /workspace/{id}: the parent of every workspace page. Its own file, so modules can hang their pages
 * under it while the tree itself is assembled from the module list (app/modules.ts).
 */
export const workspaceRoute = createRoute({
  getParentRoute: () => protectedRoute,
  path: '/workspace/$workspaceId',
  params: {
    parse: (raw) => {
      const parsed = workspaceIdParam.safeParse(raw.workspaceId);
      if (!parsed.success) throw notFound();
      return { workspaceId: parsed.data };
    },
    stringify: ({ workspaceId }) => ({ workspaceId: String(workspaceId) }),
  },
  component: lazyRouteComponent(() => import('./workspace-layout'), 'WorkspaceLayout'),
});
