import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { defineModule } from '../../module';
import { workspaceRoute } from '../../shell/workspace-route';

const generatorRoute = createRoute({
  getParentRoute: () => workspaceRoute,
  path: 'ai-generator',
  component: lazyRouteComponent(() => import('./ai-pages'), 'GeneratorPage'),
});

const marketingRoute = createRoute({
  getParentRoute: () => workspaceRoute,
  path: 'ai-marketing',
  component: lazyRouteComponent(() => import('./ai-pages'), 'MarketingPage'),
});

const promptsRoute = createRoute({
  getParentRoute: () => workspaceRoute,
  path: 'prompt-management',
  component: lazyRouteComponent(() => import('./prompts-page'), 'PromptsPage'),
});

/** AI writing paid with credits (spec §1, §2; issue 22). Online only. */
export const aiModule = defineModule({
  id: 'ai',
  routes: [generatorRoute, marketingRoute, promptsRoute],
  nav: { label: 'AI Writing', to: '/workspace/$workspaceId/ai-generator' },
});
