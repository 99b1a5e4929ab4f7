import { useState } from 'react';
import { Radio, RadioGroup, Label } from 'react-aria-components';
import {
  ANNUAL_DISCOUNT_PERCENT,
  billingCycle,
  formatZarCents,
  subscriptionPriceCents,
  type BillingCycle,
  type BillingOverview,
  type PromoQuote,
} from '../../../schema/billing/billing';
import { PRO_TRIAL_DAYS, plans } from '../../../schema/billing/plans';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { ModalDialog } from '../../ui/modal-dialog';
import { Spinner } from '../../ui/spinner';
import { Notice, LoadError } from '../../ui/feedback';
import { useWorkspaceDates } from '../../kit/date-format';
import { serverMessage } from '../../kit/workspace-queries';
import * as s from '../../ui/page.css';
import { useBillingOverview, useCancelSubscription, useStartCheckout, useStartTrial } from './billing-queries';
import { dueNow } from './billing-format';
import { CheckoutReturn } from './checkout-return';
import { PromoField } from './promo-field';
import * as b from './billing.css';

const pro = plans.pro;

/** The plan, its subscription and the way to upgrade or cancel, for any page that shows billing. */
export function SubscriptionPanel({
  returnPath,
  reference,
  onDismissReturn,
}: {
  returnPath: string;
  reference?: string;
  onDismissReturn: () => void;
}) {
  const overview = useBillingOverview();
  return (
    <div className={s.stack}>
      <CheckoutReturn reference={reference} onDismiss={onDismissReturn} />
      {overview.isPending ? (
        <Spinner label="Loading your plan..." />
      ) : overview.isError ? (
        <LoadError title="Could not load your plan" message={serverMessage(overview.error)} onRetry={() => void overview.refetch()} />
      ) : (
        <>
          <CurrentPlan overview={overview.data} />
          {overview.data.subscription ? (
            overview.data.subscription.cancel_at_period_end ? null : (
              <CancelCard endsOn={overview.data.subscription.current_period_end} />
            )
          ) : overview.data.trial_available ? (
            <TrialCard />
          ) : (
            <UpgradeCard
              returnPath={returnPath}
              enabled={overview.data.payments_enabled}
              onTrial={overview.data.plan === 'pro' && overview.data.trial_ends_at !== null}
            />
          )}
        </>
      )}
    </div>
  );
}

function CurrentPlan({ overview }: { overview: BillingOverview }) {
  const dates = useWorkspaceDates();
  const sub = overview.subscription;
  const current = plans[overview.plan];
  let line: string;
  if (sub && sub.status === 'attention') {
    line = `Your last renewal payment did not go through. Your ${pro.name} Plan stays active until ${dates.date(sub.current_period_end)}; check your card to keep it.`;
  } else if (sub && sub.cancel_at_period_end) {
    line = `Your ${pro.name} Plan is cancelled and stays active until ${dates.date(sub.current_period_end)}. After that your account moves to the ${plans.free.name} Plan.`;
  } else if (sub) {
    const price = sub.cycle === 'annual' ? `${formatZarCents(sub.amount_cents)} a year` : `${formatZarCents(sub.amount_cents)} a month`;
    line = `Your ${pro.name} Plan is active. It renews on ${dates.date(sub.current_period_end)} for ${price}.`;
  } else if (overview.trial_ends_at && overview.plan === 'pro') {
    line = `You are on a free trial of the ${pro.name} Plan until ${dates.date(overview.trial_ends_at)}. Subscribe to keep it.`;
  } else if (overview.trial_ends_at) {
    line = `Your free trial of the ${pro.name} Plan ended on ${dates.date(overview.trial_ends_at)}. You are on the free ${plans.free.name} Plan.`;
  } else {
    line = `You are on the free ${plans.free.name} Plan.`;
  }
  return (
    <Card aria-labelledby="billing-plan-title">
      <h2 className={s.sectionTitle} id="billing-plan-title">
        Your plan
      </h2>
      <div className={s.stack}>
        <p className={`${s.row} ${b.plain}`}>
          <span className={overview.plan === 'pro' ? s.badge.accent : s.badge.neutral}>{current.badge}</span>
          <strong>{current.name} Plan</strong>
        </p>
        <p className={b.plain} data-testid="plan-status">
          {line}
        </p>
        <p className={s.muted}>AI credits on your account: {overview.credits}</p>
      </div>
    </Card>
  );
}

/** spec §1: the first upgrade is a free trial that asks for no card. */
function TrialCard() {
  const start = useStartTrial();
  return (
    <Card aria-labelledby="trial-title">
      <h2 className={s.sectionTitle} id="trial-title">
        Try the {pro.name} Plan free for {PRO_TRIAL_DAYS} days
      </h2>
      <div className={s.stack}>
        <p className={s.muted}>
          Unlimited workspaces, products, events and classifieds, social media scheduling, API access and {pro.limits.aiCreditsPerMonth} AI
          credits every month. No credit card needed: the trial starts at once, and when it ends your account moves back to the{' '}
          {plans.free.name} Plan unless you subscribe.
        </p>
        {start.isError ? (
          <Notice tone="error" title="The trial could not start">
            <p className={s.muted}>{serverMessage(start.error)}</p>
          </Notice>
        ) : null}
        <Button wide isPending={start.isPending} onPress={() => start.mutate()}>
          Start {PRO_TRIAL_DAYS}-day free trial
        </Button>
      </div>
    </Card>
  );
}

function UpgradeCard({ returnPath, enabled, onTrial }: { returnPath: string; enabled: boolean; onTrial: boolean }) {
  const [cycle, setCycle] = useState<BillingCycle>('monthly');
  const [quote, setQuote] = useState<PromoQuote | null>(null);
  const start = useStartCheckout();
  const item = cycle === 'annual' ? 'pro_annual' : 'pro_monthly';
  const due = dueNow(item, subscriptionPriceCents(cycle), quote);
  const yearly = subscriptionPriceCents('annual');

  return (
    <Card aria-labelledby="upgrade-title">
      <h2 className={s.sectionTitle} id="upgrade-title">
        {onTrial ? `Subscribe to keep the ${pro.name} Plan` : `Upgrade to the ${pro.name} Plan`}
      </h2>
      {!enabled ? (
        <Notice tone="warning" title="Card payments are not set up on this server yet">
          <p className={s.muted}>Ask the person who runs this server to configure the card payment provider.</p>
        </Notice>
      ) : (
        <div className={s.stack}>
          <p className={s.muted}>
            Unlimited workspaces, products, events and classifieds, social media scheduling, API access and {pro.limits.aiCreditsPerMonth}{' '}
            AI credits every month.{' '}
            {onTrial ? 'Subscribing ends your free trial and starts the paid plan today.' : 'The upgrade takes effect at once.'}
          </p>
          <RadioGroup
            value={cycle}
            onChange={(v) => {
              const parsed = billingCycle.safeParse(v);
              if (parsed.success) setCycle(parsed.data);
            }}
          >
            <Label className={b.groupLabel}>Billing cycle</Label>
            <div className={b.choices}>
              <Radio value="monthly" className={b.choice}>
                <p className={b.choiceTitle}>Monthly</p>
                <p className={b.choicePrice}>{formatZarCents(subscriptionPriceCents('monthly'))}</p>
                <p className={s.muted}>per month</p>
              </Radio>
              <Radio value="annual" className={b.choice}>
                <p className={b.choiceTitle}>Annual · save {ANNUAL_DISCOUNT_PERCENT}%</p>
                <p className={b.choicePrice}>{formatZarCents(yearly)}</p>
                <p className={s.muted}>per year ({formatZarCents(Math.round(yearly / 12))} a month)</p>
              </Radio>
            </div>
          </RadioGroup>
          <PromoField item={item} onApplied={setQuote} />
          <p className={b.total}>
            <span>Due today</span>
            <span className={b.amount}>{formatZarCents(due.total)}</span>
          </p>
          {start.isError ? (
            <Notice tone="error" title="Checkout could not start">
              <p className={s.muted}>{serverMessage(start.error)}</p>
            </Notice>
          ) : null}
          <Button
            wide
            isPending={start.isPending || start.isSuccess}
            onPress={() => start.mutate({ kind: 'subscription', cycle, promo: due.code, returnPath })}
          >
            Upgrade to the {pro.name} Plan
          </Button>
          <p className={`${s.muted} ${s.small}`}>
            You pay on the card provider's secure page and come back here. We never see or store your card number.
          </p>
        </div>
      )}
    </Card>
  );
}

function CancelCard({ endsOn }: { endsOn: string }) {
  const dates = useWorkspaceDates();
  const [open, setOpen] = useState(false);
  const cancel = useCancelSubscription();
  return (
    <Card aria-labelledby="cancel-title">
      <h2 className={s.sectionTitle} id="cancel-title">
        Cancel subscription
      </h2>
      <div className={s.stack}>
        <p className={s.muted}>
          You can cancel at any time. You keep the {pro.name} Plan until {dates.date(endsOn)}, the end of the period you paid for.
        </p>
        <div className={s.row}>
          <Button variant="secondary" onPress={() => setOpen(true)}>
            Cancel subscription
          </Button>
        </div>
      </div>
      <ModalDialog title={`Cancel your ${pro.name} Plan?`} isOpen={open} onOpenChange={setOpen}>
        <div className={s.dialogBody}>
          <p className={s.muted}>
            Nothing more will be charged. Your {pro.name} Plan stays active until {dates.date(endsOn)}; after that your account moves to the{' '}
            {plans.free.name} Plan and its limits apply.
          </p>
          {cancel.isError ? (
            <Notice tone="error" title="Could not cancel">
              <p className={s.muted}>{serverMessage(cancel.error)}</p>
            </Notice>
          ) : null}
          <div className={s.formActions}>
            <Button variant="secondary" onPress={() => setOpen(false)}>
              Keep my plan
            </Button>
            <Button
              variant="danger"
              isPending={cancel.isPending}
              onPress={() => cancel.mutate(undefined, { onSuccess: () => setOpen(false) })}
            >
              Cancel subscription
            </Button>
          </div>
        </div>
      </ModalDialog>
    </Card>
  );
}
