import { getRouteApi, useNavigate } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { OnlineOnly } from '../pwa/online-only';
import { LinkButton } from '../../routes/link-button';
import * as s from '../../ui/page.css';
import { CreditsPanel } from './credits-panel';
import { HistoryPanel } from './history-panel';
import { PaymentMethodsPanel } from './payment-methods-panel';
import { SubscriptionPanel } from './subscription-panel';
import * as b from './billing.css';

const subscriptionRoute = getRouteApi('/protected/workspace/$workspaceId/billing/subscription');
const creditsRoute = getRouteApi('/protected/workspace/$workspaceId/billing/credits');
const historyRoute = getRouteApi('/protected/workspace/$workspaceId/billing/history');
const cardsRoute = getRouteApi('/protected/workspace/$workspaceId/billing/cards');

/** The frame of the workspace billing pages: title, links between them, and the online-only guard. */
function BillingFrame({ workspaceId, intro, children }: { workspaceId: number; intro: string; children: ReactNode }) {
  const current = { 'aria-current': 'page' as const, className: b.subnavCurrent };
  return (
    <>
      <header className={s.pageHeader}>
        <div>
          <h1 className={s.title}>Billing</h1>
          <p className={s.muted}>{intro}</p>
        </div>
      </header>
      <nav aria-label="Billing" className={b.subnav}>
        <LinkButton variant="ghost" to="/workspace/$workspaceId/billing/subscription" params={{ workspaceId }} activeProps={current}>
          Subscription
        </LinkButton>
        <LinkButton variant="ghost" to="/workspace/$workspaceId/billing/credits" params={{ workspaceId }} activeProps={current}>
          AI credits
        </LinkButton>
        <LinkButton variant="ghost" to="/workspace/$workspaceId/billing/history" params={{ workspaceId }} activeProps={current}>
          History
        </LinkButton>
        <LinkButton variant="ghost" to="/workspace/$workspaceId/billing/cards" params={{ workspaceId }} activeProps={current}>
          Saved cards
        </LinkButton>
      </nav>
      <OnlineOnly what="Billing">{children}</OnlineOnly>
    </>
  );
}

const intro = 'Your account’s plan, AI credits and payments. Every workspace you own uses your plan.';

export function BillingSubscriptionPage() {
  const { workspaceId } = subscriptionRoute.useParams();
  const { reference } = subscriptionRoute.useSearch();
  const navigate = useNavigate();
  return (
    <BillingFrame workspaceId={workspaceId} intro={intro}>
      <SubscriptionPanel
        returnPath={`/workspace/${workspaceId}/billing/subscription`}
        reference={reference}
        onDismissReturn={() =>
          void navigate({ to: '/workspace/$workspaceId/billing/subscription', params: { workspaceId }, search: {}, replace: true })
        }
      />
    </BillingFrame>
  );
}

export function BillingCreditsPage() {
  const { workspaceId } = creditsRoute.useParams();
  const { reference } = creditsRoute.useSearch();
  const navigate = useNavigate();
  return (
    <BillingFrame workspaceId={workspaceId} intro={intro}>
      <CreditsPanel
        returnPath={`/workspace/${workspaceId}/billing/credits`}
        reference={reference}
        onDismissReturn={() =>
          void navigate({ to: '/workspace/$workspaceId/billing/credits', params: { workspaceId }, search: {}, replace: true })
        }
      />
    </BillingFrame>
  );
}

export function BillingHistoryPage() {
  const { workspaceId } = historyRoute.useParams();
  return (
    <BillingFrame workspaceId={workspaceId} intro={intro}>
      <HistoryPanel />
    </BillingFrame>
  );
}

/** The account's saved cards, inside the workspace's billing (the same cards as /payment-methods). */
export function BillingCardsPage() {
  const { workspaceId } = cardsRoute.useParams();
  return (
    <BillingFrame workspaceId={workspaceId} intro={intro}>
      <PaymentMethodsPanel />
    </BillingFrame>
  );
}
