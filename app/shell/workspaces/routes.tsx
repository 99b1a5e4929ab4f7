import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { protectedRoute } from '../../routes/protected';
import { rootRoute } from '../../routes/root';
import { oneOf, searchOf, text } from '../../routes/search-params';
import { holdInvitation } from './pending-invitation';
import { billingReturnSearch } from '../billing/billing-search';
import { workspaceRoute } from '../workspace-route';

export { workspaceRoute };

export const controlHubRoute = createRoute({
  getParentRoute: () => protectedRoute,
  path: '/controlhub',
  // The installed app's shortcuts (sw/web-manifest.ts) come through here to find their workspace.
  validateSearch: searchOf({ open: oneOf(['pos', 'invoice']) }),
  component: lazyRouteComponent(() => import('./control-hub-page'), 'ControlHubPage'),
});

/** An admin's correction of an account's bought AI credits, in the Control Hub's area. */
export const adminCreditsRoute = createRoute({
  getParentRoute: () => protectedRoute,
  path: '/controlhub/credits',
  component: lazyRouteComponent(() => import('../billing/admin-credits-page'), 'AdminCreditsPage'),
});

/**
 * /dashboard (spec §2 protected routes): the dashboard of the workspace used last, or the Control
 * Hub when there is none. Signed out, the guard sends it to /auth like every protected route.
 */
export const dashboardRedirectRoute = createRoute({
  getParentRoute: () => protectedRoute,
  path: '/dashboard',
  component: lazyRouteComponent(() => import('../dashboard-redirect'), 'DashboardRedirect'),
});

export const createWorkspaceRoute = createRoute({
  getParentRoute: () => protectedRoute,
  path: '/workspace/create',
  component: lazyRouteComponent(() => import('./create-workspace-page'), 'CreateWorkspacePage'),
});

const workspaceIndexRoute = createRoute({
  getParentRoute: () => workspaceRoute,
  path: '/',
  beforeLoad: ({ params }) => {
    throw redirect({ to: '/workspace/$workspaceId/dashboard', params, replace: true });
  },
});

export const dashboardRoute = createRoute({
  getParentRoute: () => workspaceRoute,
  path: 'dashboard',
  component: lazyRouteComponent(() => import('../dashboard-page'), 'DashboardPage'),
});

export const workspaceSettingsRoute = createRoute({
  getParentRoute: () => workspaceRoute,
  path: 'settings',
  component: lazyRouteComponent(() => import('../settings/settings-page'), 'WorkspaceSettingsPage'),
});

export const syncRoute = createRoute({
  getParentRoute: () => workspaceRoute,
  path: 'sync',
  component: lazyRouteComponent(() => import('../sync/sync-page'), 'SyncPage'),
});

export const billingSubscriptionRoute = createRoute({
  getParentRoute: () => workspaceRoute,
  path: 'billing/subscription',
  validateSearch: billingReturnSearch,
  component: lazyRouteComponent(() => import('../billing/workspace-billing-pages'), 'BillingSubscriptionPage'),
});

export const billingCreditsRoute = createRoute({
  getParentRoute: () => workspaceRoute,
  path: 'billing/credits',
  validateSearch: billingReturnSearch,
  component: lazyRouteComponent(() => import('../billing/workspace-billing-pages'), 'BillingCreditsPage'),
});

export const billingHistoryRoute = createRoute({
  getParentRoute: () => workspaceRoute,
  path: 'billing/history',
  component: lazyRouteComponent(() => import('../billing/workspace-billing-pages'), 'BillingHistoryPage'),
});

/** The account's saved cards, inside the workspace, so billing never leaves it. */
export const billingCardsRoute = createRoute({
  getParentRoute: () => workspaceRoute,
  path: 'billing/cards',
  component: lazyRouteComponent(() => import('../billing/workspace-billing-pages'), 'BillingCardsPage'),
});

/**
 * The e-mailed invitation link. It sits outside the sign-in guard: signed out, the page itself sends
 * the person to register or log in and brings them back here to join.
 */
export const acceptInvitationRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/invitations/accept',
  validateSearch: searchOf({ token: text() }),
  // The token waits in this tab while the person detours through /auth, so that URL never holds it.
  beforeLoad: ({ search }) => {
    if (search.token) holdInvitation(search.token);
  },
  component: lazyRouteComponent(() => import('./accept-invitation-page'), 'AcceptInvitationPage'),
});

/** The workspace's own pages (dashboard, settings, sync, billing); modules add theirs (app/modules.ts). */
export const workspaceCoreRoutes = [
  workspaceIndexRoute,
  dashboardRoute,
  workspaceSettingsRoute,
  syncRoute,
  billingSubscriptionRoute,
  billingCreditsRoute,
  billingHistoryRoute,
  billingCardsRoute,
] as const;

/** Workspace pages outside a workspace (the tree is assembled in app/router.tsx). */
export const workspaceRoutes = [controlHubRoute, adminCreditsRoute, dashboardRedirectRoute, createWorkspaceRoute] as const;

/** Workspace pages open signed in or not. */
export const openWorkspaceRoutes = [acceptInvitationRoute] as const;
