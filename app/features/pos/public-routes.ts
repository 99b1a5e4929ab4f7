import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from '../../routes/root';

/** A till receipt's public page, opened from the link the cashier shared. */
export const receiptRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/r/$token',
  component: lazyRouteComponent(() => import('./receipt-page'), 'ReceiptPage'),
});
