import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { z } from 'zod';
import { rootRoute } from '../../routes/root';

/** spec §2: the public invoice view, opened by its link's token (?t=), no sign-in. */
export const publicInvoiceRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/storefront/$slug/invoice/$invoiceNumber',
  // reference: the card checkout the customer came back from ("Pay now").
  validateSearch: z.object({
    t: z.string().max(200).optional().catch(undefined),
    reference: z.string().max(64).optional().catch(undefined),
  }),
  component: lazyRouteComponent(() => import('./public/public-invoice-page'), 'PublicInvoicePage'),
});

export const invoicePublicRoutes = [publicInvoiceRoute] as const;
