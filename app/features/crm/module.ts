import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { defineModule } from '../../module';
import { workspaceRoute } from '../../shell/workspace-route';

export const crmRoute = createRoute({
  getParentRoute: () => workspaceRoute,
  path: 'crm',
  component: lazyRouteComponent(() => import('./crm-page'), 'ContactsPage'),
});

export const crmModule = defineModule({
  id: 'crm',
  routes: [crmRoute],
  nav: { label: 'CRM', to: '/workspace/$workspaceId/crm' },
  collections: { contacts: { label: 'Contact', recordName: (c) => c.name } },
});
