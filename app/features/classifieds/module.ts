import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { browseSorts, classifiedCategories } from '../../../schema/classifieds/classified-terms';
import { defineModule } from '../../module';
import { rootRoute } from '../../routes/root';
import { oneOf, searchOf, text, uuid } from '../../routes/search-params';
import { workspaceRoute } from '../../shell/workspace-route';

const listingId = uuid();
const inquiryId = uuid();
const listingParams = {
  parse: (raw: { classifiedId: string }) => ({ classifiedId: listingId.parse(raw.classifiedId) }),
  stringify: ({ classifiedId }: { classifiedId: string }) => ({ classifiedId }),
};

export const classifiedsRoute = createRoute({ getParentRoute: () => workspaceRoute, path: 'classifieds' });

const listRoute = createRoute({
  getParentRoute: () => classifiedsRoute,
  path: '/',
  component: lazyRouteComponent(() => import('./classifieds-page'), 'ClassifiedsPage'),
});

const newRoute = createRoute({
  getParentRoute: () => classifiedsRoute,
  path: 'new',
  component: lazyRouteComponent(() => import('./new-listing-page'), 'NewListingPage'),
});

const listingRoute = createRoute({
  getParentRoute: () => classifiedsRoute,
  path: '$classifiedId',
  params: listingParams,
  component: lazyRouteComponent(() => import('./listing-page'), 'ListingPage'),
});

const inquiryRoute = createRoute({
  getParentRoute: () => classifiedsRoute,
  path: 'inquiries/$inquiryId',
  params: {
    parse: (raw) => ({ inquiryId: inquiryId.parse(raw.inquiryId) }),
    stringify: ({ inquiryId }) => ({ inquiryId }),
  },
  component: lazyRouteComponent(() => import('./inquiry-page'), 'InquiryPage'),
});

/** Browse filters in the address, so a filtered list can be shared and comes back on reload. */
const browseSearch = searchOf({ category: oneOf(classifiedCategories), area: text(100), q: text(100), sort: oneOf(browseSorts) });

/** spec §2: the public classifieds, at both addresses the headers link to. */
const publicListRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/classifieds',
  validateSearch: browseSearch,
  component: lazyRouteComponent(() => import('./public/browse-page'), 'BrowsePage'),
});
const marketplaceListRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/marketplace/classifieds',
  validateSearch: browseSearch,
  component: lazyRouteComponent(() => import('./public/browse-page'), 'BrowsePage'),
});

/** spec §2 Welcome: Post an Ad lands here (signed in), in the user's own workspace. */
const postAdRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/classifieds/new',
  component: lazyRouteComponent(() => import('./post-ad-page'), 'PostAdPage'),
});

const publicListingRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/classifieds/$classifiedId',
  params: listingParams,
  component: lazyRouteComponent(() => import('./public/listing-public-page'), 'PublicListingPage'),
});

/** Reported ads and messages, in the Control Hub's area (spec §2: /controlhub is the admins'). */
const reportsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/controlhub/reports',
  component: lazyRouteComponent(() => import('./reports-page'), 'ReportsPage'),
});

export const classifiedsModule = defineModule({
  id: 'classifieds',
  routes: [classifiedsRoute.addChildren([listRoute, newRoute, listingRoute, inquiryRoute])],
  publicRoutes: [publicListRoute, marketplaceListRoute, postAdRoute, publicListingRoute, reportsRoute],
  nav: { label: 'Classifieds', to: '/workspace/$workspaceId/classifieds' },
  // Viewings buyers asked for, on the planner's calendar.
  calendar: () => import('./calendar-source').then((m) => m.viewingTimes),
});
