import { Navigate } from '@tanstack/react-router';
import { useAuth } from '../../../data/auth-store';
import { EmptyState } from '../../../ui/feedback';
import { PageSpinner } from '../../../ui/spinner';
import { usePageMeta } from '../../public/page-meta';
import { SiteLink } from '../../public/site-link';
import { MarketLayout } from '../market-layout';
import * as s from '../market.css';

/**
 * /orders, My Orders (spec §2: login required, like the protected routes: a spinner while the user
 * loads, /auth when signed out). Marketplace checkout is not open yet, so no account has orders.
 */
export function OrdersPage() {
  usePageMeta({ title: 'My Orders', description: 'Your marketplace orders.' });
  const { status } = useAuth();
  if (status === 'loading') return <PageSpinner />;
  if (status === 'anonymous') return <Navigate to="/auth" replace />;
  return (
    <MarketLayout>
      <div className={`${s.container} ${s.stack}`} style={{ maxWidth: '860px' }}>
        <h1 className={s.h1}>My Orders</h1>
        <EmptyState title="No orders yet">
          <p className={s.muted}>Orders you pay for in the marketplace will appear here with their status and tracking number.</p>
          <SiteLink to="/cart" variant="primary">
            Go to your cart
          </SiteLink>
        </EmptyState>
      </div>
    </MarketLayout>
  );
}
