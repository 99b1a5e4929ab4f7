import { brand } from '../../../../schema/brand';
import { PublicLayout } from '../layout/public-layout';
import { socialLinks } from '../layout/public-footer';
import { JsonLd, siteOrigin, usePageMeta } from '../../../kit/page-meta';
import { SiteLink } from '../../../kit/site-link';
import { ContactForm } from './contact-form';
import * as p from '../page.css';
import * as s from './contact.css';

export const CONTACT_HOURS = 'Monday - Friday: 8:00 AM - 5:00 PM (SAST)';

/** /contact, exactly as spec §2 "Contact page" describes it. */
export function ContactPage() {
  usePageMeta({
    title: `Contact Us | ${brand.product}`,
    description: `Questions or feedback about ${brand.product}? E-mail ${brand.email} or send us a message. We answer Monday to Friday, 8:00 AM to 5:00 PM (SAST).`,
  });
  const origin = siteOrigin();
  return (
    <PublicLayout>
      <JsonLd
        data={{
          '@context': 'https://schema.org',
          '@type': 'ContactPage',
          name: `Contact ${brand.product}`,
          url: `${origin}/contact`,
          mainEntity: {
            '@type': 'Organization',
            name: brand.company.legalName,
            email: brand.email,
            sameAs: socialLinks.map((l) => l.href),
            contactPoint: {
              '@type': 'ContactPoint',
              email: brand.email,
              contactType: 'customer support',
              hoursAvailable: {
                '@type': 'OpeningHoursSpecification',
                dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
                opens: '08:00',
                closes: '17:00',
              },
            },
          },
        }}
      />
      <JsonLd
        data={{
          '@context': 'https://schema.org',
          '@type': 'BreadcrumbList',
          itemListElement: [
            { '@type': 'ListItem', position: 1, name: 'Home', item: `${origin}/` },
            { '@type': 'ListItem', position: 2, name: 'Contact Us', item: `${origin}/contact` },
          ],
        }}
      />
      <section className={p.section}>
        <div className={p.container}>
          <nav aria-label="Breadcrumb" style={{ marginBottom: 16, fontSize: 14 }}>
            <SiteLink to="/">Home</SiteLink> <span aria-hidden="true">/</span> <span aria-current="page">Contact Us</span>
          </nav>
          <h1 className={p.h1}>Contact Us</h1>
          <p className={p.lead}>Have questions or feedback? We'd love to hear from you!</p>
          <div className={s.layout}>
            <section className={s.card} aria-labelledby="contact-info-title">
              <h2 id="contact-info-title" className={s.cardTitle}>
                Our Information
              </h2>
              <ul className={s.infoList}>
                <li>
                  <span className={s.infoLabel}>Email</span>
                  <a href={`mailto:${brand.email}`}>{brand.email}</a>
                </li>
                <li>
                  <span className={s.infoLabel}>Hours</span>
                  {CONTACT_HOURS}
                </li>
                <li>
                  <span className={s.infoLabel}>Follow us</span>
                  <ul className={s.social}>
                    {socialLinks.map((l) => (
                      <li key={l.label}>
                        <a href={l.href} target="_blank" rel="noopener noreferrer">
                          {l.label}
                        </a>
                      </li>
                    ))}
                  </ul>
                </li>
              </ul>
            </section>
            <ContactForm />
          </div>
        </div>
      </section>
      <section className={p.sectionAlt} aria-labelledby="contact-faq-title">
        <div className={p.container}>
          <h2 id="contact-faq-title" className={p.h2}>
            Frequently Asked Questions
          </h2>
          <div className={p.faq}>
            <details className={p.faqItem}>
              <summary>How do I upgrade my plan?</summary>
              <p>In your workspace dashboard, open Settings, then Subscription, and choose a plan.</p>
            </details>
            <details className={p.faqItem}>
              <summary>Can I cancel my subscription?</summary>
              <p>Yes, you can cancel at any time. You keep access until the end of your billing period.</p>
            </details>
            <details className={p.faqItem}>
              <summary>How do I get technical support?</summary>
              <p>
                Use the help center in your dashboard, or e-mail us at <a href={`mailto:${brand.email}`}>{brand.email}</a>.
              </p>
            </details>
            <details className={p.faqItem}>
              <summary>Is my data secure?</summary>
              <p>
                Yes. We protect your data with industry-standard security. Read our <SiteLink to="/privacy">Privacy Policy</SiteLink> to
                learn more.
              </p>
            </details>
          </div>
        </div>
      </section>
    </PublicLayout>
  );
}
