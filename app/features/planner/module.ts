import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { z } from 'zod';
import { defineModule } from '../../module';
import { workspaceRoute } from '../workspaces/workspace-route';

/** ?view=month|week|agenda and ?date=YYYY-MM-DD (the day the view is on); the phone default is agenda. */
export const plannerSearch = z.object({
  view: z.enum(['month', 'week', 'agenda']).optional().catch(undefined),
  date: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional()
    .catch(undefined),
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
