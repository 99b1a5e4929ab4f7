import { createRoute, lazyRouteComponent, notFound, redirect } from '@tanstack/react-router';
import { z } from 'zod';
import { protectedRoute } from '../../routes/protected';
import { holdInvitation } from './pending-invitation';
import { billingReturnSearch } from '../billing/billing-search';

/** A workspace id in the path: a positive integer, or the page does not exist. */
const workspaceIdParam = z.string().regex(/^\d+$/).transform(Number).pipe(z.number().int().positive());

export const controlHubRoute = createRoute({
  getParentRoute: () => protectedRoute,
  path: '/controlhub',
  // The installed app's shortcuts (sw/web-manifest.ts) come through here to find their workspace.
  validateSearch: z.object({ open: z.enum(['pos', 'invoice']).optional().catch(undefined) }),
  component: lazyRouteComponent(() => import('./control-hub-page'), 'ControlHubPage'),
});

export const createWorkspaceRoute = createRoute({
  getParentRoute: () => protectedRoute,
  path: '/workspace/create',
  component: lazyRouteComponent(() => import('./create-workspace-page'), 'CreateWorkspacePage'),
});

export const workspaceRoute = createRoute({
  getParentRoute: () => protectedRoute,
  path: '/workspace/$workspaceId',
  params: {
    parse: (raw) => {
      const parsed = workspaceIdParam.safeParse(raw.workspaceId);
      if (!parsed.success) throw notFound();
      return { workspaceId: parsed.data };
    },
    stringify: ({ workspaceId }) => ({ workspaceId: String(workspaceId) }),
  },
  component: lazyRouteComponent(() => import('./workspace-layout'), 'WorkspaceLayout'),
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
  component: lazyRouteComponent(() => import('./dashboard-page'), 'DashboardPage'),
});

export const workspaceSettingsRoute = createRoute({
  getParentRoute: () => workspaceRoute,
  path: 'settings',
  component: lazyRouteComponent(() => import('./settings/settings-page'), 'WorkspaceSettingsPage'),
});

export const crmRoute = createRoute({
  getParentRoute: () => workspaceRoute,
  path: 'crm',
  component: lazyRouteComponent(() => import('../crm/crm-page'), 'ContactsPage'),
});

export const inventoryRoute = createRoute({
  getParentRoute: () => workspaceRoute,
  path: 'inventory',
  component: lazyRouteComponent(() => import('../inventory/inventory-page'), 'InventoryPage'),
});

export const posRoute = createRoute({
  getParentRoute: () => workspaceRoute,
  path: 'pos',
  component: lazyRouteComponent(() => import('../pos/pos-page'), 'PosPage'),
});

/** ?kind=quote picks quotes on the invoices screens; anything else means invoices. */
const documentKindSearch = z.object({ kind: z.enum(['invoice', 'quote']).optional().catch(undefined) });

export const invoicesRoute = createRoute({
  getParentRoute: () => workspaceRoute,
  path: 'invoices',
});

const invoicesIndexRoute = createRoute({
  getParentRoute: () => invoicesRoute,
  path: '/',
  validateSearch: documentKindSearch,
  component: lazyRouteComponent(() => import('../invoices/invoices-page'), 'InvoicesPage'),
});

const newDocumentRoute = createRoute({
  getParentRoute: () => invoicesRoute,
  path: 'new',
  validateSearch: documentKindSearch,
  component: lazyRouteComponent(() => import('../invoices/new-document-page'), 'NewDocumentPage'),
});

const documentRoute = createRoute({
  getParentRoute: () => invoicesRoute,
  path: '$documentId',
  component: lazyRouteComponent(() => import('../invoices/document-page'), 'DocumentPage'),
});

/** spec §2 lists both invoices and invoicing; they are one module. */
const invoicingRoute = createRoute({
  getParentRoute: () => workspaceRoute,
  path: 'invoicing',
  beforeLoad: ({ params }) => {
    throw redirect({ to: '/workspace/$workspaceId/invoices', params, replace: true });
  },
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

export const acceptInvitationRoute = createRoute({
  getParentRoute: () => protectedRoute,
  path: '/invitations/accept',
  validateSearch: z.object({ token: z.string().optional().catch(undefined) }),
  // Runs before the sign-in guard can redirect, so the token survives a detour through /auth.
  beforeLoad: ({ search }) => {
    if (search.token) holdInvitation(search.token);
  },
  component: lazyRouteComponent(() => import('./accept-invitation-page'), 'AcceptInvitationPage'),
});

export const workspaceRoutes = [
  controlHubRoute,
  createWorkspaceRoute,
  workspaceRoute.addChildren([
    workspaceIndexRoute,
    dashboardRoute,
    workspaceSettingsRoute,
    crmRoute,
    inventoryRoute,
    posRoute,
    syncRoute,
    invoicesRoute.addChildren([invoicesIndexRoute, newDocumentRoute, documentRoute]),
    invoicingRoute,
    billingSubscriptionRoute,
    billingCreditsRoute,
    billingHistoryRoute,
  ]),
  acceptInvitationRoute,
] as const;
