import { useQuery, useQueryClient } from '@tanstack/react-query';
import { getRouteApi, Navigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { marketplaceContract as c } from '../../../../schema/marketplace/contract';
import { call } from '../../../data/api';
import { useAuth } from '../../../data/auth-store';
import { EmptyState, LoadError, Notice } from '../../../ui/feedback';
import { PageSpinner, Spinner } from '../../../ui/spinner';
import { usePageMeta } from '../../../kit/page-meta';
import { SiteLink } from '../../../kit/site-link';
import { serverMessage } from '../../../kit/workspace-queries';
import { MarketLayout } from '../market-layout';
import * as s from '../market.css';
import { OrderSummary } from '../orders/order-view';
import { myOrdersKey } from './orders-page';

const route = getRouteApi('/checkout/complete');

/**
 * /checkout/complete: where the card page sends the buyer back. The server asks the card partner
 * when the webhook has not told it yet; a payment still in progress is asked again shortly.
 */
export function CheckoutCompletePage() {
  usePageMeta({ title: 'Order confirmation', description: 'Your marketplace order.' });
  const { reference } = route.useSearch();
  const { status } = useAuth();
  const queryClient = useQueryClient();
  const state = useQuery({
    queryKey: ['checkout-state', reference],
    enabled: status === 'authenticated' && Boolean(reference),
    queryFn: () => call(c.checkoutState, { params: { reference: reference ?? '' } }),
    refetchInterval: (q) => (q.state.data?.status === 'pending' ? 3000 : false),
  });
  const paid = state.data?.status === 'paid';
  useEffect(() => {
    if (!paid) return;
    void queryClient.invalidateQueries({ queryKey: ['cart'] });
    void queryClient.invalidateQueries({ queryKey: myOrdersKey });
  }, [paid, queryClient]);

  if (status === 'loading') return <PageSpinner />;
  if (status === 'anonymous') return <Navigate to="/auth" replace />;
  return (
    <MarketLayout>
      <div className={`${s.container} ${s.stack}`} style={{ maxWidth: '860px' }}>
        {!reference ? (
          <EmptyState title="No payment to show">
            <SiteLink to="/orders" variant="primary">
              See your orders
            </SiteLink>
          </EmptyState>
        ) : state.isPending ? (
          <Spinner label="Checking your payment" />
        ) : state.isError ? (
          <LoadError title="Could not check your payment" message={serverMessage(state.error)} onRetry={() => void state.refetch()} />
        ) : state.data.status === 'failed' ? (
          <>
            {state.data.refund ? (
              <>
                <h1 className={s.h1}>Payment returned</h1>
                <Notice
                  tone="error"
                  title={state.data.refund === 'refunded' ? 'Your money is on its way back' : 'Your money is being returned'}
                >
                  <p className={s.muted}>
                    Your payment came after the checkout had closed and the items were no longer available, so your orders were cancelled
                    and the full amount goes back to your card. Banks take a few days to show it. Your cart is as you left it.
                  </p>
                </Notice>
              </>
            ) : (
              <>
                <h1 className={s.h1}>Payment not completed</h1>
                <Notice tone="error" title="Nothing was charged">
                  <p className={s.muted}>
                    The card payment did not go through, so your orders were cancelled. Your cart is as you left it.
                  </p>
                </Notice>
              </>
            )}
            <div>
              <SiteLink to="/checkout" variant="primary">
                Try again
              </SiteLink>
            </div>
          </>
        ) : (
          <>
            <h1 className={s.h1}>{paid ? 'Thank you, your order is placed' : 'Waiting for your payment'}</h1>
            {paid ? (
              <Notice tone="info">
                <p className={s.muted}>
                  A confirmation e-mail is on its way for each order. Follow them in <SiteLink to="/orders">My Orders</SiteLink>.
                </p>
              </Notice>
            ) : (
              <Notice tone="info">
                <p className={s.muted}>Your payment is being confirmed. This page updates by itself.</p>
              </Notice>
            )}
            {state.data.orders.map((o) => (
              <OrderSummary key={o.id} order={o} heading={<h2 className={s.cardName}>{o.seller.name}</h2>} />
            ))}
            <div>
              <SiteLink to="/marketplace" variant="secondary">
                Keep shopping
              </SiteLink>
            </div>
          </>
        )}
      </div>
    </MarketLayout>
  );
}
