import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { lazy } from 'react';
import { defineModule } from '../../module';
import { workspaceRoute } from '../../shell/workspace-route';
import { receiptRoute } from './public-routes';

export const posRoute = createRoute({
  getParentRoute: () => workspaceRoute,
  path: 'pos',
  component: lazyRouteComponent(() => import('./pos-page'), 'PosPage'),
});

export const posModule = defineModule({
  id: 'pos',
  routes: [posRoute],
  publicRoutes: [receiptRoute],
  nav: { label: 'Point of Sale', to: '/workspace/$workspaceId/pos' },
  settingsSections: [
    {
      order: 20,
      place: 'settings',
      component: lazy(() => import('./till-settings-section').then((m) => ({ default: m.TillSettingsSection }))),
    },
  ],
  todayFigures: [lazy(() => import('./today-sales').then((m) => ({ default: m.TodaySales })))],
  // Receipt numbers reserved ahead, for sales made with no signal.
  workspaceTasks: [() => import('./till').then((m) => m.keepReceiptNumbers)],
  collections: {
    pos_orders: { label: 'Sale' },
    pos_shifts: { label: 'Till shift' },
  },
});
