import { limitNouns, plans, storageLabel, type Plan } from '../../../../schema/billing/plans';
import { MAHALA_PLAN_ZAR, VUKA_PLAN_ZAR } from '../content';
import { Price } from '../currency/price';
import { SiteLink } from '../../../kit/site-link';
import * as s from '../page.css';

/** "1 workspace", "Unlimited workspaces": a limit in words. */
function amount(n: number | null, nouns: readonly [string, string]): string {
  if (n === null) return `unlimited ${nouns[1]}`;
  return `${n} ${n === 1 ? nouns[0] : nouns[1]}`;
}

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** What a plan card lists, read from the plan definition so the cards and the table agree. */
export function planHighlights(plan: Plan): string[] {
  const l = plan.limits;
  const items = [l.classifieds, l.events, l.products];
  const allUnlimited = items.every((n) => n === null);
  return [
    capital(`${amount(l.workspaces, limitNouns.workspaces)}, ${amount(l.teamMembers, limitNouns.teamMembers)}`),
    allUnlimited
      ? 'Unlimited classifieds, events and products'
      : `${amount(l.classifieds, limitNouns.classifieds)}, ${amount(l.events, limitNouns.events)}, ${amount(l.products, limitNouns.products)}`,
    plan.features.socialScheduling ? 'Social media scheduling' : 'Social media profile connection',
    `${amount(l.aiCreditsPerMonth, limitNouns.aiCreditsPerMonth)}${plan.features.apiAccess ? ', API access' : ''}`,
    `${storageLabel(l.storageBytes)} storage`,
    `${plan.text.support} support`,
  ];
}

/** The two plan cards (spec §1 Plans); prices converted to the visitor's currency. */
export function PlanCards({ headingLevel = 3 }: { headingLevel?: 2 | 3 }) {
  const H = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div className={s.plans}>
      <article className={s.planCard} aria-labelledby="plan-mahala" data-plan="free">
        <div className={s.badges}>
          <span className={s.badge}>Free</span>
        </div>
        <H id="plan-mahala">{plans.free.name} Plan</H>
        <div>
          <Price zar={MAHALA_PLAN_ZAR} className={s.price} />
          <span className={s.per}>/month · pay as you go</span>
        </div>
        <ul className={s.checkList}>
          {planHighlights(plans.free).map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
        <SiteLink to="/register?plan=free" variant="secondary" className={s.planCta}>
          Get Started Free
        </SiteLink>
      </article>
      <article className={s.planCardFeatured} aria-labelledby="plan-vuka" data-plan="pro">
        <div className={s.badges}>
          <span className={s.badgeStrong}>Pro</span>
          <span className={s.badge}>MOST POPULAR</span>
        </div>
        <H id="plan-vuka">{plans.pro.name} Plan</H>
        <div>
          <Price zar={VUKA_PLAN_ZAR} className={s.price} />
          <span className={s.per}>/month</span>
        </div>
        <ul className={s.checkList}>
          {planHighlights(plans.pro).map((line) => (
            <li key={line}>{line}</li>
          ))}
          <li>Request missing features — we build them free</li>
        </ul>
        <SiteLink to="/register?plan=pro" variant="primary" className={s.planCta}>
          Choose {plans.pro.name} Plan
        </SiteLink>
      </article>
    </div>
  );
}
