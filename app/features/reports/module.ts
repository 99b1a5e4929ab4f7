import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { defineModule } from '../../module';
import { matching, oneOf, searchOf } from '../../routes/search-params';
import { workspaceRoute } from '../../shell/workspace-route';

const day = matching(/^\d{4}-\d{2}-\d{2}$/, 'a date (YYYY-MM-DD)');

/** ?range=today|week|month|last_month|custom, with ?from and ?to for a custom range, and ?by=day|week|month. */
export const reportsSearch = searchOf({
  range: oneOf(['today', 'week', 'month', 'last_month', 'custom']),
  from: day,
  to: day,
  by: oneOf(['day', 'week', 'month']),
});

export const reportsRoute = createRoute({
  getParentRoute: () => workspaceRoute,
  path: 'reports',
  validateSearch: reportsSearch,
  // Not `reports-page`: that chunk name is the classifieds' online-only screen, left out of the install.
  component: lazyRouteComponent(() => import('./sales-reports-page'), 'SalesReportsPage'),
});

/** Reports from the device database: the till's figures, stock at cost and what invoices still owe, offline too. */
export const reportsModule = defineModule({
  id: 'reports',
  routes: [reportsRoute],
  nav: { label: 'Reports', to: '/workspace/$workspaceId/reports' },
});
