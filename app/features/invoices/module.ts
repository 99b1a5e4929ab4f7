import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { defineModule } from '../../module';
import { oneOf, searchOf } from '../../routes/search-params';
import { workspaceRoute } from '../../shell/workspace-route';

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
  nav: { label: 'Invoices', to: '/workspace/$workspaceId/invoices' },
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
