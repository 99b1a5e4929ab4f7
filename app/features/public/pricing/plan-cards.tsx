import { brand } from '../../../../schema/brand';
import { MAHALA_PLAN_ZAR, VUKA_PLAN_ZAR } from '../content';
import { Price } from '../currency/price';
import { SiteLink } from '../site-link';
import * as s from '../page.css';

/** The two plan cards (spec §1 Plans); prices converted to the visitor's currency. */
export function PlanCards({ headingLevel = 3 }: { headingLevel?: 2 | 3 }) {
  const H = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div className={s.plans}>
      <article className={s.planCard} aria-labelledby="plan-mahala" data-plan="free">
        <div className={s.badges}>
          <span className={s.badge}>Free</span>
        </div>
        <H id="plan-mahala">Mahala Plan</H>
        <div>
          <Price zar={MAHALA_PLAN_ZAR} className={s.price} />
          <span className={s.per}>/month · pay as you go</span>
        </div>
        <ul className={s.checkList}>
          <li>1 workspace, unlimited team members</li>
          <li>10 classified listings, 5 events, 10 products</li>
          <li>Social media profile connection</li>
          <li>5 AI credits per month</li>
          <li>Community support</li>
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
        <H id="plan-vuka">{brand.product} Plan</H>
        <div>
          <Price zar={VUKA_PLAN_ZAR} className={s.price} />
          <span className={s.per}>/month</span>
        </div>
        <ul className={s.checkList}>
          <li>Unlimited workspaces and team members</li>
          <li>Unlimited classifieds, events and products</li>
          <li>Social media scheduling</li>
          <li>100 AI credits per month, API access, 10GB storage</li>
          <li>Request missing features — we build them free</li>
        </ul>
        <SiteLink to="/register?plan=pro" variant="primary" className={s.planCta}>
          Choose {brand.product} Plan
        </SiteLink>
      </article>
    </div>
  );
}
