import { brand } from '../../../../schema/brand';
import { PRO_TRIAL_DAYS, plans, storageLabel } from '../../../../schema/billing/plans';
import { planRows, VUKA_PLAN_USD_REFERENCE } from '../content';
import { CurrencySelect } from '../currency/currency-select';
import { PublicLayout } from '../layout/public-layout';
import { ModuleCards } from '../module-cards';
import { PageSection } from '../page-section';
import { JsonLd, siteOrigin, usePageMeta } from '../../../kit/page-meta';
import { SiteLink } from '../../../kit/site-link';
import { PlanCards } from './plan-cards';
import * as s from '../page.css';

const faq = [
  {
    q: `Is there a free trial of the ${brand.product} Plan?`,
    a: `Yes. You can try the ${brand.product} Plan free for ${PRO_TRIAL_DAYS} days, and no credit card is needed.`,
  },
  {
    q: 'Can I pay yearly?',
    a: 'Yes. Annual billing saves up to 20%; choose it on the checkout page.',
  },
  {
    q: 'What happens when I upgrade or downgrade?',
    a: 'An upgrade gives you the new features immediately. A downgrade takes effect at the end of your billing cycle.',
  },
  {
    q: 'Can I cancel any time?',
    a: 'Yes. Cancel whenever you like; you keep access until the end of the billing period you paid for.',
  },
  {
    q: 'When do my AI credits refresh?',
    a: 'Your monthly AI credits refresh at the start of each billing cycle.',
  },
  {
    q: 'Which currency will I be charged in?',
    a: 'Fees are quoted and charged in South African Rand (ZAR). Other currencies on this page are estimates at current exchange rates.',
  },
] as const;

export function PricingPage() {
  usePageMeta({
    title: `Pricing | ${brand.product}`,
    description: `Start free on the ${plans.free.name} Plan or get everything with the ${brand.product} Plan at R${plans.pro.priceZarCents / 100} a month. ${PRO_TRIAL_DAYS}-day free trial, no credit card needed.`,
  });
  const origin = siteOrigin();
  return (
    <PublicLayout>
      <JsonLd
        data={{
          '@context': 'https://schema.org',
          '@type': 'Product',
          name: `${brand.product} Plan`,
          description: `All ${brand.product} modules with unlimited workspaces, ${plans.pro.limits.aiCreditsPerMonth} AI credits per month, API access and ${storageLabel(plans.pro.limits.storageBytes)} storage.`,
          brand: { '@type': 'Brand', name: brand.product },
          offers: {
            '@type': 'Offer',
            price: String(VUKA_PLAN_USD_REFERENCE),
            priceCurrency: 'USD',
            availability: 'https://schema.org/InStock',
            url: `${origin}/pricing`,
          },
        }}
      />
      <section className={s.section} aria-labelledby="pricing-title">
        <div className={s.container}>
          <p className={s.eyebrow}>Pricing</p>
          <h1 id="pricing-title" className={s.h1}>
            Plans that grow with your hustle
          </h1>
          <p className={s.lead}>Start free, upgrade when you’re ready. Prices are set in Rand; pick a currency to see an estimate.</p>
          <div style={{ margin: '0 0 24px' }}>
            <CurrencySelect />
          </div>
          <PlanCards headingLevel={2} />
        </div>
      </section>

      <PageSection alt titleId="compare-title" title="Compare plans">
        <div className={s.tableWrap}>
          <table className={`${s.table} ${s.tableNarrow}`}>
            <thead>
              <tr>
                <th scope="col">Feature</th>
                <th scope="col">Mahala Plan</th>
                <th scope="col" className={s.highlightCol}>
                  {brand.product} Plan
                </th>
              </tr>
            </thead>
            <tbody>
              {planRows.map((r) => (
                <tr key={r.feature}>
                  <th scope="row">{r.feature}</th>
                  <td>{r.mahala}</td>
                  <td className={s.highlightCol}>{r.vuka}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </PageSection>

      <PageSection titleId="modules-title" title="The modules in your workspace">
        <p className={s.lead}>
          One workspace holds the modules that are ready today; those marked “Coming soon” are on the way. The table above shows each plan’s
          limits.
        </p>
        <ModuleCards />
      </PageSection>

      <PageSection alt titleId="faq-title" title="Frequently Asked Questions">
        <div className={s.faq}>
          {faq.map((f) => (
            <details key={f.q} className={s.faqItem}>
              <summary>{f.q}</summary>
              <p>{f.a}</p>
            </details>
          ))}
        </div>
      </PageSection>

      <section className={s.section} aria-labelledby="closing-title">
        <div className={s.container}>
          <div className={s.band}>
            <h2 id="closing-title" className={s.h2}>
              Start today
            </h2>
            <p>Start at R0 on the Mahala Plan, or get unlimited everything on the {brand.product} Plan.</p>
            <div className={s.bandRow}>
              <SiteLink to="/register?plan=free" variant="secondary" className={s.onAccent}>
                Get Started Free
              </SiteLink>
              <SiteLink to="/register?plan=pro" variant="secondary" className={s.onAccentOutline}>
                Choose {brand.product} Plan
              </SiteLink>
            </div>
          </div>
        </div>
      </section>
    </PublicLayout>
  );
}
