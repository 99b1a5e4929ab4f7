import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { defineModule } from '../../module';
import { rootRoute } from '../../routes/root';
import { searchOf, text, uuid } from '../../routes/search-params';
import { workspaceRoute } from '../../shell/workspace-route';

const entryId = uuid();

export const contentRoute = createRoute({ getParentRoute: () => workspaceRoute, path: 'content' });

const listRoute = createRoute({
  getParentRoute: () => contentRoute,
  path: '/',
  component: lazyRouteComponent(() => import('./content-page'), 'ContentPage'),
});

const newRoute = createRoute({
  getParentRoute: () => contentRoute,
  path: 'new',
  component: lazyRouteComponent(() => import('./editor-page'), 'NewEntryPage'),
});

const entryRoute = createRoute({
  getParentRoute: () => contentRoute,
  path: '$entryId',
  params: {
    parse: (raw: { entryId: string }) => ({ entryId: entryId.parse(raw.entryId) }),
    stringify: ({ entryId }: { entryId: string }) => ({ entryId }),
  },
  component: lazyRouteComponent(() => import('./editor-page'), 'EditEntryPage'),
});

/** spec §2: the public magazine, filtered by category or author in the address. */
const magazineRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/magazine',
  validateSearch: searchOf({ category: text(100), author: text(100) }),
  component: lazyRouteComponent(() => import('./public/magazine-page'), 'MagazinePage'),
});

const articleRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/magazine/article/$slug',
  component: lazyRouteComponent(() => import('./public/article-page'), 'ArticlePage'),
});

export const contentModule = defineModule({
  id: 'content',
  routes: [contentRoute.addChildren([listRoute, newRoute, entryRoute])],
  publicRoutes: [magazineRoute, articleRoute],
  nav: { label: 'Content', to: '/workspace/$workspaceId/content' },
});
