import { brand } from '../../../../schema/brand';
import { plans } from '../../../../schema/billing/plans';
import { InstallButton } from '../../pwa/install-button';
import { availableModules, hustlerTypes } from '../content';
import { CurrencySelect } from '../currency/currency-select';
import { PublicLayout } from '../layout/public-layout';
import { ModuleCards } from '../module-cards';
import { PageSection } from '../page-section';
import { usePageMeta } from '../../../kit/page-meta';
import { PlanCards } from '../pricing/plan-cards';
import { SiteLink } from '../../../kit/site-link';
import { Comparison } from './comparison';
import * as s from '../page.css';

const features = [
  { title: 'Works offline', text: 'Keep selling and invoicing when the network or power goes; changes sync when you are back.' },
  {
    title: 'Priced in Rand',
    text: `Pay R${plans.pro.priceZarCents / 100} a month for everything, or start on the free ${plans.free.name} Plan. No dollar surprises.`,
  },
  { title: 'All in one place', text: 'Till, invoices, stock and contacts share one set of customers and products.' },
  { title: 'Built with you', text: 'Pro subscribers request the features they miss, and we build them into the platform for free.' },
  { title: 'Your team included', text: 'Invite unlimited team members on every plan, each with the access they need.' },
  {
    title: 'Install it like an app',
    text: `Add ${brand.product} to your phone or laptop home screen; it opens fast, even on a slow line.`,
  },
] as const;

const words = ['No', 'One', 'Two', 'Three', 'Four', 'Five', 'Six', 'Seven', 'Eight', 'Nine', 'Ten'];
const numberWord = (n: number) => words[n] ?? String(n);

export function LandingPage() {
  usePageMeta({
    title: `${brand.product}: run your whole business from one app`,
    description: `${brand.product} gives African small businesses point of sale, invoices and quotes, stock, contacts and a planner in one app priced in Rand. Works offline.`,
  });
  return (
    <PublicLayout>
      <section className={s.section} aria-labelledby="hero-title">
        <div className={s.container}>
          <p className={s.eyebrow}>Built in Africa for hustlers</p>
          <h1 id="hero-title" className={s.h1}>
            Run your whole business from one app.
          </h1>
          <p className={s.lead}>
            Sell, invoice, track stock, keep your customers and plan your week with {brand.product}: one workspace that keeps working when
            the signal doesn’t, priced in Rand.
          </p>
          <div className={s.ctaRow}>
            <SiteLink to="/register" variant="primary">
              Launch Your Business
            </SiteLink>
            <SiteLink to="/pricing" variant="secondary">
              See Pricing
            </SiteLink>
            <InstallButton />
          </div>
        </div>
      </section>

      <PageSection alt titleId="hustlers-title" eyebrow="Made for every hustle" title={<>Whatever you do, {brand.product} fits</>}>
        <ul className={s.grid}>
          {hustlerTypes.map((h) => (
            <li key={h.name} className={s.tile}>
              <h3>{h.name}</h3>
              <p>{h.text}</p>
            </li>
          ))}
        </ul>
      </PageSection>

      <PageSection id="features" titleId="features-title" eyebrow="Features" title={<>Why small businesses choose {brand.product}</>}>
        <ul className={s.grid}>
          {features.map((f) => (
            <li key={f.title} className={s.tile}>
              <h3>{f.title}</h3>
              <p>{f.text}</p>
            </li>
          ))}
        </ul>
      </PageSection>

      <PageSection alt titleId="modules-title" eyebrow="Modules" title="Everything your business needs">
        <p className={s.lead}>
          {numberWord(availableModules.length)} modules are ready in every workspace today, and more are on the way. Each one marked “Coming
          soon” is not available yet.
        </p>
        <ModuleCards />
        <div className={s.ctaRow} style={{ marginTop: 24 }}>
          <SiteLink to="/register" variant="primary">
            Explore All Modules
          </SiteLink>
        </div>
      </PageSection>

      <PageSection titleId="crowd-title" eyebrow="Crowdfunded software" title="Missing a feature? Ask, and we build it free.">
        <p className={s.lead}>
          Every {brand.product} Plan subscription funds the platform. As a Pro subscriber you can request the feature your business is
          missing, and we add it for free — for you and every other hustler.
        </p>
      </PageSection>

      <PageSection id="pricing" alt titleId="pricing-title" eyebrow="Pricing" title="Simple pricing, in your currency">
        <div style={{ margin: '0 0 24px' }}>
          <CurrencySelect />
        </div>
        <PlanCards />
        <p style={{ marginTop: 16 }}>
          <SiteLink to="/pricing">Compare plans in detail</SiteLink>
        </p>
      </PageSection>

      <PageSection titleId="compare-title" eyebrow="Compare" title="One platform instead of three tools">
        <Comparison />
      </PageSection>

      <section className={s.section} aria-labelledby="closing-title">
        <div className={s.container}>
          <div className={s.band}>
            <h2 id="closing-title" className={s.h2}>
              Ready to grow your hustle?
            </h2>
            <p>Start free today. Upgrade when you need more.</p>
            <div className={s.bandRow}>
              <SiteLink to="/register" variant="secondary" className={s.onAccent}>
                Get Started Free
              </SiteLink>
              <SiteLink to="/contact" variant="secondary" className={s.onAccentOutline}>
                Contact Us
              </SiteLink>
            </div>
          </div>
        </div>
      </section>
    </PublicLayout>
  );
}
