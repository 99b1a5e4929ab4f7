import { brand } from '../../../../schema/brand';
import { PRO_TRIAL_DAYS } from '../../../../schema/billing/plans';
import { SiteLink } from '../../../kit/site-link';
import { LEGAL_LAST_UPDATED, LegalPage, type LegalSection } from './legal-page';

const p = brand.product;

/** The 14 numbered sections of the Terms of Service (spec §1 "Terms and privacy facts"). */
export const termsSections: readonly LegalSection[] = [
  {
    title: 'Agreement to these Terms',
    body: (
      <p>
        These Terms of Service are an agreement between you and {brand.company.legalName} ({brand.company.registration}
        ), the company behind {p}. By creating an account, opening a workspace or otherwise using {p}, you accept them. If you use {p} for a
        business, you accept them for that business too. If you do not agree, please do not use {p}.
      </p>
    ),
  },
  {
    title: 'Who may use the service',
    body: (
      <>
        <p>
          You must be at least 18 years old to register. When you register you confirm your age and that the information you give us — your
          name, e-mail address and business details — is accurate and complete, and you agree to keep it up to date.
        </p>
        <p>You are responsible for keeping your password safe and for everything done through your account.</p>
      </>
    ),
  },
  {
    title: 'What the service includes',
    body: (
      <p>
        {p} is an online platform for small businesses. A workspace holds point of sale, inventory, invoices and quotes, customer contacts
        and a planner. Other tools, such as orders and a storefront, events and ticketing, bookings, classified ads, a file drive and AI
        generation, are announced on our website as coming soon; they are part of the service only once they are available. We keep
        improving {p}, so features may change over time.
      </p>
    ),
  },
  {
    title: 'Plans, fees and payment',
    body: (
      <>
        <p>
          {p} offers a free Mahala Plan and the paid {p} Plan. All fees are quoted in South African Rand (ZAR). Prices shown in other
          currencies are estimates only.
        </p>
        <p>
          Payments are accepted only through our card payment partner. We never see or store your full card number; the partner processes
          the payment and gives us a reference to your card so it can be charged again for renewals.
        </p>
        <p>
          Each account may try the {p} Plan free once, for {PRO_TRIAL_DAYS} days, without a credit card. Annual billing, where offered on
          the checkout page, saves up to 20% compared with paying monthly.
        </p>
      </>
    ),
  },
  {
    title: 'Upgrades, downgrades and cancellation',
    body: (
      <p>
        An upgrade takes effect immediately. A downgrade takes effect at the end of the current billing cycle. You may cancel at any time;
        you keep access to paid features until the end of the billing period you have paid for.
      </p>
    ),
  },
  {
    title: 'Credits and AI features',
    body: (
      <p>
        Some features, such as AI generation, use credits. Plan credits refresh at the start of each billing cycle and do not carry over
        unless we say otherwise. AI output can be wrong or incomplete: check it before you publish or rely on it.
      </p>
    ),
  },
  {
    title: 'Your content and data',
    body: (
      <p>
        You own the content and business data you put into {p}. You give us permission to store, copy and display it only as needed to run
        the service for you — for example to sync it between your devices or show your listings on the marketplace. How we handle personal
        information is described in our <SiteLink to="/privacy">Privacy Policy</SiteLink>.
      </p>
    ),
  },
  {
    title: 'Acceptable use',
    body: (
      <>
        <p>You agree not to:</p>
        <ul>
          <li>break any law, or sell or advertise anything illegal, counterfeit or stolen;</li>
          <li>mislead buyers, clients or other users, or post false reviews or listings;</li>
          <li>send spam, or upload malware or anything that harms the service or other users;</li>
          <li>try to reach data or workspaces that are not yours, or overload our systems.</li>
        </ul>
      </>
    ),
  },
  {
    title: 'Marketplace and dealings between users',
    body: (
      <p>
        When you buy from or sell to another user through the marketplace, a storefront or an event page, the agreement is between you and
        that user. Sellers are responsible for their listings, prices, delivery and after-sales service. We may remove listings that break
        these Terms.
      </p>
    ),
  },
  {
    title: 'Our intellectual property',
    body: (
      <p>
        The {p} software, name, logo and design belong to {brand.company.legalName}. Your subscription gives you the right to use them while
        your account is active, but not to copy, resell or reverse-engineer the service.
      </p>
    ),
  },
  {
    title: 'Suspension and termination',
    body: (
      <>
        <p>
          We may suspend or terminate your account at any time and without notice if you break these Terms, if the law requires it, or if
          your use puts the service or other users at risk. You may close your account whenever you like.
        </p>
        <p>
          When an account is deleted, its data is disposed of within 90 days after deletion, except where the law requires us to keep
          certain records for longer.
        </p>
      </>
    ),
  },
  {
    title: 'Disclaimers and limitation of liability',
    body: (
      <p>
        We work hard to keep {p} available and your data safe, but the service is provided “as is”. To the extent the law allows, we are not
        liable for indirect or consequential losses such as lost profits, and our total liability to you is limited to the fees you paid us
        in the three months before the claim. Nothing in these Terms limits rights you have under the Consumer Protection Act where it
        applies.
      </p>
    ),
  },
  {
    title: 'Changes to these Terms',
    body: (
      <p>
        We may update these Terms. We will give you 30 days’ notice of any material change, by e-mail or in the app, before it takes effect.
        If you keep using {p} after that, the new Terms apply.
      </p>
    ),
  },
  {
    title: 'Governing law and contact',
    body: (
      <p>
        These Terms are governed by the laws of the Republic of South Africa. Questions? Write to{' '}
        <a href={`mailto:${brand.email}`}>{brand.email}</a> or use our <SiteLink to="/contact">contact page</SiteLink>.{' '}
        {brand.company.legalName}, {brand.company.address}.
      </p>
    ),
  },
];

export function TermsPage() {
  return (
    <LegalPage
      title="Terms of Service"
      description={`The terms that apply when you use ${brand.product}: accounts, plans and fees in ZAR, payments, acceptable use and termination.`}
      lastUpdated={LEGAL_LAST_UPDATED}
      intro={<p>Please read these Terms carefully. They explain your rights and ours when you use {brand.product}.</p>}
      sections={termsSections}
    />
  );
}
