import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { lazy } from 'react';
import { defineModule } from '../../module';
import { oneOf, searchOf } from '../../routes/search-params';
import { workspaceRoute } from '../../shell/workspace-route';
import { invoicePublicRoutes } from './public-routes';

/** ?kind=quote picks quotes on the invoices screens; anything else means invoices. */
const documentKindSearch = searchOf({ kind: oneOf(['invoice', 'quote']) });
/** The list also has a credit notes tab; a credit note is only ever written from its invoice. */
const documentListSearch = searchOf({ kind: oneOf(['invoice', 'quote', 'credit_note']) });

export const invoicesRoute = createRoute({
  getParentRoute: () => workspaceRoute,
  path: 'invoices',
});

const invoicesIndexRoute = createRoute({
  getParentRoute: () => invoicesRoute,
  path: '/',
  validateSearch: documentListSearch,
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

const creditNoteRoute = createRoute({
  getParentRoute: () => invoicesRoute,
  path: '$documentId/credit-note',
  component: lazyRouteComponent(() => import('../invoices/credit-note-page'), 'CreditNotePage'),
});

/** spec §2 lists both invoices and invoicing; they are one module. */
const invoicingRoute = createRoute({
  getParentRoute: () => workspaceRoute,
  path: 'invoicing',
  beforeLoad: ({ params }) => {
    throw redirect({ to: '/workspace/$workspaceId/invoices', params, replace: true });
  },
});

export const invoicesModule = defineModule({
  id: 'invoices',
  routes: [invoicesRoute.addChildren([invoicesIndexRoute, newDocumentRoute, documentRoute, creditNoteRoute]), invoicingRoute],
  publicRoutes: invoicePublicRoutes,
  nav: { label: 'Invoices', to: '/workspace/$workspaceId/invoices' },
  settingsSections: [
    {
      order: 10,
      place: 'settings',
      component: lazy(() => import('./invoice-settings-section').then((m) => ({ default: m.InvoiceSettingsSection }))),
    },
    // Document number series: their next numbers are for those who run the workspace.
    {
      order: 40,
      place: 'after',
      editorsOnly: true,
      component: lazy(() => import('./numbers-section').then((m) => ({ default: m.NumbersSection }))),
    },
  ],
  todayFigures: [lazy(() => import('./today-invoices').then((m) => ({ default: m.TodayInvoices })))],
  // Invoice and quote numbers reserved ahead, for documents written with no signal.
  workspaceTasks: [() => import('./numbering').then((m) => m.topUpAndAssign)],
  collections: {
    invoices: {
      label: 'Invoice',
      recordName: (d) =>
        d.kind === 'credit_note' ? `Credit note ${d.credit_note_number ?? ''}`.trim() : (d.invoice_number ?? d.customer_name),
    },
    quotes: { label: 'Quote', recordName: (d) => d.quote_number ?? d.customer_name },
  },
  // Invoice due dates and quote expiry dates on the planner's calendar.
  calendar: () => import('./calendar-entries').then((m) => m.documentDates),
});
