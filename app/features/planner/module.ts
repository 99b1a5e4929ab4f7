import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { defineModule } from '../../module';
import { matching, oneOf, searchOf } from '../../routes/search-params';
import { workspaceRoute } from '../../shell/workspace-route';

/** ?view=month|week|agenda and ?date=YYYY-MM-DD (the day the view is on); the phone default is agenda. */
export const plannerSearch = searchOf({
  view: oneOf(['month', 'week', 'agenda']),
  date: matching(/^\d{4}-\d{2}-\d{2}$/, 'a date (YYYY-MM-DD)'),
});

export const plannerRoute = createRoute({
  getParentRoute: () => workspaceRoute,
  path: 'planner',
  validateSearch: plannerSearch,
  component: lazyRouteComponent(() => import('./planner-page'), 'PlannerPage'),
});

export const plannerModule = defineModule({
  id: 'planner',
  routes: [plannerRoute],
  nav: { label: 'Planner', to: '/workspace/$workspaceId/planner' },
  collections: { planner_items: { label: 'Planner item', recordName: (item) => item.title } },
  calendar: () => import('./calendar-source').then((m) => m.plannerEntries),
});
