import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from '../../routes/root';
import { searchOf, text } from '../../routes/search-params';

/** spec §2: the public invoice view, opened by its link's token (?t=), no sign-in. */
export const publicInvoiceRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/storefront/$slug/invoice/$invoiceNumber',
  // reference: the card checkout the customer came back from ("Pay now").
  validateSearch: searchOf({ t: text(200), reference: text(64) }),
  component: lazyRouteComponent(() => import('./public/public-invoice-page'), 'PublicInvoicePage'),
});

/** The public quote view with "Accept quote", opened by the e-mail's link (?t=), no sign-in. */
export const publicQuoteRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/storefront/$slug/quote/$quoteNumber',
  validateSearch: searchOf({ t: text(200) }),
  component: lazyRouteComponent(() => import('./public/public-quote-page'), 'PublicQuotePage'),
});

export const invoicePublicRoutes = [publicInvoiceRoute, publicQuoteRoute] as const;
