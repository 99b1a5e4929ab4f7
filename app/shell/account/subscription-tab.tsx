import type { UserDto } from '../../../schema/accounts/accounts';
import { useNavigate } from '@tanstack/react-router';
import { formatZarCents } from '../../../schema/billing/billing';
import { limitNouns, plans, type Plan } from '../../../schema/billing/plans';
import { SubscriptionPanel } from '../billing/subscription-panel';
import { OnlineOnly } from '../pwa/online-only';
import { formatBytes } from '../../kit/format';
import * as s from '../../ui/page.css';
import * as a from './account.css';

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
    limitLine(l.documentMailsPerDay, limitNouns.documentMailsPerDay),
    `Social media: ${plan.text.socialMedia.toLowerCase()}`,
    plan.features.apiAccess ? 'API access' : 'No API access',
    ...(l.storageBytes !== null ? [`${formatBytes(l.storageBytes)} storage`] : []),
    `${plan.text.support} support`,
  ];
}

/**
 * /settings?tab=subscription: the plan, the card subscription (upgrade, cancel) and what each plan
 * includes. Paying needs the network, so offline the billing part says so plainly.
 */
export function SubscriptionTab({ user, reference }: { user: UserDto; reference?: string }) {
  const navigate = useNavigate();
  return (
    <div className={s.stack}>
      <OnlineOnly what="Your subscription">
        <SubscriptionPanel
          returnPath="/settings?tab=subscription"
          reference={reference}
          onDismissReturn={() => void navigate({ to: '/settings', search: { tab: 'subscription' }, replace: true })}
        />
      </OnlineOnly>
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
            <p className={a.price}>{plan.priceZarCents === 0 ? 'Free' : `${formatZarCents(plan.priceZarCents)} / month`}</p>
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
