import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { defineModule } from '../../module';
import { workspaceRoute } from '../../shell/workspace-route';

export const crmRoute = createRoute({
  getParentRoute: () => workspaceRoute,
  path: 'crm',
  component: lazyRouteComponent(() => import('./crm-page'), 'ContactsPage'),
});

/** The sales board (issue 38): a pipeline's stages and their deals, on the device. */
export const dealsRoute = createRoute({
  getParentRoute: () => workspaceRoute,
  path: 'crm/deals',
  component: lazyRouteComponent(() => import('./deals/deals-page'), 'DealsPage'),
});

export const crmModule = defineModule({
  id: 'crm',
  routes: [crmRoute, dealsRoute],
  nav: { label: 'CRM', to: '/workspace/$workspaceId/crm' },
  collections: {
    contacts: { label: 'Contact', recordName: (c) => c.name },
    deals: { label: 'Deal', recordName: (d) => d.title },
  },
  calendar: () => import('./deals/calendar-source').then((m) => m.dealCloseDates),
});
