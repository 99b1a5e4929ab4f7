import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { z } from 'zod';
import { defineModule } from '../../module';
import { workspaceRoute } from '../workspaces/workspace-route';

/** ?folder=<id> (the root when absent), ?trash=1 for the trash, ?q= for a search across the drive. */
export const driveSearch = z.object({
  folder: z.uuid().optional().catch(undefined),
  trash: z.literal('1').optional().catch(undefined),
  q: z.string().max(100).optional().catch(undefined),
});

export const driveRoute = createRoute({
  getParentRoute: () => workspaceRoute,
  path: 'drive',
  validateSearch: driveSearch,
  component: lazyRouteComponent(() => import('./drive-page'), 'DrivePage'),
});

/** The workspace's files: online-only data from the server, not a replicated collection. */
export const driveModule = defineModule({
  id: 'drive',
  routes: [driveRoute],
  nav: { label: 'Drive', to: '/workspace/$workspaceId/drive' },
});
