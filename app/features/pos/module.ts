import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { defineModule } from '../../module';
import { workspaceRoute } from '../../shell/workspace-route';

export const posRoute = createRoute({
  getParentRoute: () => workspaceRoute,
  path: 'pos',
  component: lazyRouteComponent(() => import('./pos-page'), 'PosPage'),
});

export const posModule = defineModule({
  id: 'pos',
  routes: [posRoute],
  nav: { label: 'Point of Sale', to: '/workspace/$workspaceId/pos' },
  collections: {
    pos_orders: { label: 'Sale' },
    pos_shifts: { label: 'Till shift' },
  },
});
