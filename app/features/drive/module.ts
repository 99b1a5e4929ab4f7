import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { lazy } from 'react';
import { defineModule } from '../../module';
import { literal, searchOf, text, uuid } from '../../routes/search-params';
import { workspaceRoute } from '../../shell/workspace-route';

/** ?folder=<id> (the root when absent), ?trash=1 for the trash, ?q= for a search across the drive. */
export const driveSearch = searchOf({ folder: uuid(), trash: literal('1'), q: text(100) });

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
  settingsSections: [
    { order: 30, place: 'after', component: lazy(() => import('./storage-section').then((m) => ({ default: m.StorageSection }))) },
  ],
});
