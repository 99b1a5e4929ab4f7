import { useQuery } from '@tanstack/react-query';
import { Navigate } from '@tanstack/react-router';
import { marketplaceContract as c } from '../../../../schema/marketplace/contract';
import { call } from '../../../data/api';
import { useAuth } from '../../../data/auth-store';
import { EmptyState, LoadError } from '../../../ui/feedback';
import { PageSpinner, Spinner } from '../../../ui/spinner';
import { usePageMeta } from '../../../kit/page-meta';
import { SiteLink } from '../../../kit/site-link';
import { serverMessage } from '../../../kit/workspace-queries';
import { MarketLayout } from '../market-layout';
import * as s from '../market.css';
import { OrderSummary } from '../orders/order-view';

export const myOrdersKey = ['my-orders'] as const;

/**
 * /orders, My Orders (spec §2: login required, like the protected routes: a spinner while the user
 * loads, /auth when signed out): each order with its seller, status, payment and tracking number.
 */
export function OrdersPage() {
  usePageMeta({ title: 'My Orders', description: 'Your marketplace orders.' });
  const { status } = useAuth();
  const orders = useQuery({
    queryKey: myOrdersKey,
    enabled: status === 'authenticated',
    queryFn: () => call(c.myOrders, {}),
  });
  if (status === 'loading') return <PageSpinner />;
  if (status === 'anonymous') return <Navigate to="/auth" replace />;
  return (
    <MarketLayout>
      <div className={`${s.container} ${s.stack}`} style={{ maxWidth: '860px' }}>
        <h1 className={s.h1}>My Orders</h1>
        {orders.isPending ? (
          <Spinner label="Loading your orders" />
        ) : orders.isError ? (
          <LoadError title="Could not load your orders" message={serverMessage(orders.error)} onRetry={() => void orders.refetch()} />
        ) : orders.data.orders.length === 0 ? (
          <EmptyState title="No orders yet">
            <p className={s.muted}>Orders you pay for in the marketplace will appear here with their status and tracking number.</p>
            <SiteLink to="/cart" variant="primary">
              Go to your cart
            </SiteLink>
          </EmptyState>
        ) : (
          <div className={s.stack} style={{ gap: '1rem' }}>
            {orders.data.orders.map((o) => (
              <OrderSummary
                key={o.id}
                order={o}
                heading={
                  <h2 className={s.cardName}>
                    <SiteLink to={`/storefront/${encodeURIComponent(o.seller.slug)}`}>{o.seller.name}</SiteLink>
                  </h2>
                }
              />
            ))}
          </div>
        )}
      </div>
    </MarketLayout>
  );
}
