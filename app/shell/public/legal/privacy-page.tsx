import { brand } from '../../../../schema/brand';
import { openConsentSettings } from '../consent/consent-store';
import { SiteLink } from '../../../kit/site-link';
import { LegalPage, type LegalSection } from './legal-page';
import { LEGAL_LAST_UPDATED } from './legal-page';

const p = brand.product;

/** The 16 sections of the Privacy Policy (spec §1 "Terms and privacy facts"; POPIA). */
export const privacySections: readonly LegalSection[] = [
  {
    title: 'Who we are',
    body: (
      <p>
        {p} is run by {brand.company.legalName} ({brand.company.registration}), {brand.company.address}. Under the Protection of Personal
        Information Act, 2013 (POPIA), South Africa’s privacy law, we are the responsible party for the personal information described here.
      </p>
    ),
  },
  {
    title: 'What this policy covers',
    body: (
      <p>
        This policy covers our website, the {p} app, the public marketplace, directory and magazine, and the e-mails we send. Businesses
        that use {p} are responsible for the information they keep about their own customers in their workspaces; we process that
        information on their behalf.
      </p>
    ),
  },
  {
    title: 'Information we collect',
    body: (
      <ul>
        <li>
          Account details: your name, e-mail address, password (stored only as a secure hash) and confirmation that you are 18 or older.
        </li>
        <li>Business data you enter: products, customers, invoices, sales, bookings, files and other workspace content.</li>
        <li>
          Billing details: your plan, payment history and a reference to your card from our payment partner — never your full card number.
        </li>
        <li>Messages you send us, for example through the contact form.</li>
        <li>Technical data: device and browser type, IP address, and log records of sign-ins and errors.</li>
      </ul>
    ),
  },
  {
    title: 'How we collect it',
    body: (
      <p>
        Mostly from you, when you register, fill in forms or use a workspace. Some comes from your device as you use the app, from our
        payment partner when you pay, and from Facebook or X if you choose to sign in with them.
      </p>
    ),
  },
  {
    title: 'How we use it',
    body: (
      <ul>
        <li>to create your account and run the workspaces and features you use;</li>
        <li>to process subscriptions and payments, and to send receipts;</li>
        <li>to keep the service secure, prevent fraud and fix problems;</li>
        <li>to answer your questions and send important notices about your account;</li>
        <li>with your consent, to understand how the site is used and to measure our adverts.</li>
      </ul>
    ),
  },
  {
    title: 'Our lawful grounds',
    body: (
      <p>
        POPIA lets us process personal information when it is needed to perform our agreement with you, to meet a legal obligation, for our
        legitimate interests (such as security), or with your consent. Where we rely on consent, you can withdraw it at any time.
      </p>
    ),
  },
  {
    title: 'Cookies and similar technologies',
    body: (
      <p>
        Necessary cookies keep you signed in and the site secure; they are always on. Analytics and marketing cookies are used only if you
        accept them in our cookie banner. You can change your choice at any time in{' '}
        <button
          type="button"
          onClick={openConsentSettings}
          style={{
            font: 'inherit',
            textDecoration: 'underline',
            background: 'none',
            border: 'none',
            padding: 0,
            cursor: 'pointer',
            color: 'inherit',
          }}
        >
          Cookie Settings
        </button>
        .
      </p>
    ),
  },
  {
    title: 'Payments',
    body: (
      <p>
        Payments are made only through our card payment partner. Your card details go directly to the partner; we keep only the card brand,
        last four digits, expiry date and the partner’s reference, so we can show your saved cards and renew your subscription.
      </p>
    ),
  },
  {
    title: 'Who we share it with',
    body: (
      <p>
        We do not sell personal information. We share it only with service providers who help us run {p} — hosting, e-mail delivery, payment
        processing and, if you consent, analytics — under agreements that require them to protect it, and with authorities when the law
        requires.
      </p>
    ),
  },
  {
    title: 'Public information',
    body: (
      <p>
        Listings, storefronts, events and directory entries you publish are visible to anyone. Do not include personal information in them
        that you do not want to be public.
      </p>
    ),
  },
  {
    title: 'Transfers outside South Africa',
    body: (
      <p>
        Some of our service providers may store or process information outside South Africa. When that happens, we make sure the information
        is protected to a standard at least equal to POPIA’s.
      </p>
    ),
  },
  {
    title: 'How we protect it',
    body: (
      <p>
        We use industry-standard security: encrypted connections, hashed passwords, access controls that keep each workspace’s data
        separate, and monitoring of our systems. No system is perfectly secure, so we will tell you and the Information Regulator promptly
        if a breach affects your information.
      </p>
    ),
  },
  {
    title: 'How long we keep it',
    body: (
      <p>
        We keep your information while your account is active. After you delete your account, your data is disposed of within 90 days after
        deletion, unless the law requires us to keep some records (such as tax invoices) for longer.
      </p>
    ),
  },
  {
    title: 'Your rights',
    body: (
      <>
        <p>
          You may ask to see the personal information we hold about you, to correct or delete it, or object to how we use it. Send your
          request to <a href={`mailto:${brand.email}`}>{brand.email}</a>; we answer rights requests within 30 days.
        </p>
        <p>If you are unhappy with our answer, you may complain to the Information Regulator of South Africa.</p>
      </>
    ),
  },
  {
    title: 'Age limit',
    body: <p>{p} is for people aged 18 and older. We do not knowingly collect information from anyone younger.</p>,
  },
  {
    title: 'Changes and contact',
    body: (
      <p>
        We may update this policy and will tell you about material changes by e-mail or in the app before they take effect. Questions about
        privacy: <a href={`mailto:${brand.email}`}>{brand.email}</a> or our <SiteLink to="/contact">contact page</SiteLink>.
      </p>
    ),
  },
];

export function PrivacyPage() {
  return (
    <LegalPage
      title="Privacy Policy"
      description={`How ${brand.product} collects, uses and protects personal information under POPIA, and the rights you have.`}
      lastUpdated={LEGAL_LAST_UPDATED}
      intro={<p>Your privacy matters to us. This policy explains what we collect, why, and the choices you have.</p>}
      sections={privacySections}
    />
  );
}
