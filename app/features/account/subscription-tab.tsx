import type { UserDto } from '../../../schema/accounts';
import { limitNouns, plans, PRO_TRIAL_DAYS, type Plan } from '../../../schema/plans';
import { Card } from '../../ui/card';
import { Notice } from '../workspaces/feedback';
import { formatBytes, formatDate } from '../workspaces/format';
import * as s from '../workspaces/workspaces.css';
import * as a from './account.css';

const zar = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'ZAR', maximumFractionDigits: 0 });

function limitLine(count: number | null, nouns: readonly [string, string]): string {
  if (count === null) return `Unlimited ${nouns[1]}`;
  return `${count} ${count === 1 ? nouns[0] : nouns[1]}`;
}

function planLines(plan: Plan): string[] {
  const l = plan.limits;
  return [
    limitLine(l.workspaces, limitNouns.workspaces),
    limitLine(l.teamMembers, limitNouns.teamMembers),
    limitLine(l.products, limitNouns.products),
    limitLine(l.classifieds, limitNouns.classifieds),
    limitLine(l.events, limitNouns.events),
    limitLine(l.aiCreditsPerMonth, limitNouns.aiCreditsPerMonth),
    `Social media: ${plan.pricingText.socialMedia.toLowerCase()}`,
    plan.features.apiAccess ? 'API access' : 'No API access',
    ...(l.storageBytes !== null ? [`${formatBytes(l.storageBytes)} storage`] : []),
    ...(plan.pricingText.support ? [`${plan.pricingText.support} support`] : []),
  ];
}

/** /settings?tab=subscription: the current plan and what each plan includes. Billing is not built yet. */
export function SubscriptionTab({ user }: { user: UserDto }) {
  const current = plans[user.plan];
  return (
    <div className={s.stack}>
      <Card aria-labelledby="current-plan-title">
        <h2 className={s.sectionTitle} id="current-plan-title">
          Your plan
        </h2>
        <p className={s.row}>
          <span className={user.plan === 'pro' ? s.badge.accent : s.badge.neutral}>{current.badge}</span>
          <strong>{current.name} Plan</strong>
        </p>
        {user.trialEndsAt ? (
          <p className={s.muted}>Your free trial of the {plans.pro.name} Plan ends on {formatDate(user.trialEndsAt)}.</p>
        ) : null}
        <p className={s.muted}>AI credits on your account: {user.credits}</p>
      </Card>
      <Notice tone="info" title="Card payments are coming soon">
        <p className={s.muted}>
          You can't pay for a plan here yet. The {plans.pro.name} Plan has a {PRO_TRIAL_DAYS}-day free trial with no card
          needed: sign up through the pricing page's "Choose {plans.pro.name} Plan".
        </p>
      </Notice>
      <div className={a.plans}>
        {Object.values(plans).map((plan) => (
          <section
            key={plan.code}
            className={[a.planCard, plan.code === user.plan ? a.planCurrent : ''].join(' ')}
            aria-labelledby={`plan-${plan.code}`}
          >
            <p className={s.row}>
              <span className={plan.code === 'pro' ? s.badge.accent : s.badge.neutral}>{plan.badge}</span>
              {plan.mostPopular ? <span className={s.badge.neutral}>MOST POPULAR</span> : null}
              {plan.code === user.plan ? <span className={s.badge.neutral}>Current plan</span> : null}
            </p>
            <h3 className={s.sectionTitle} id={`plan-${plan.code}`}>
              {plan.name} Plan
            </h3>
            <p className={a.price}>
              {plan.priceZarCents === 0 ? 'Free' : `${zar.format(plan.priceZarCents / 100)} / month`}
            </p>
            {plan.priceZarCents === 0 ? <p className={s.muted}>Pay as you go</p> : null}
            <ul className={s.bullets}>
              {planLines(plan).map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </div>
  );
}
