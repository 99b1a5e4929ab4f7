import { brand } from '../../../../schema/brand';
import { openConsentSettings } from '../consent/consent-store';
import { SiteLink } from '../../../kit/site-link';
import * as s from './layout.css';

export const socialLinks = [
  { href: brand.social.facebook, label: 'Facebook' },
  { href: brand.social.instagram, label: 'Instagram' },
  { href: brand.social.x, label: 'X' },
  { href: brand.social.linkedin, label: 'LinkedIn' },
] as const;

/** Spec §2 footer: legal links, company registration details, social links, © current year. */
export function PublicFooter() {
  const year = new Date().getFullYear();
  return (
    <footer className={s.footer}>
      <div className={s.footerInner}>
        <div>
          <p className={s.footerHeading}>{brand.product}</p>
          <p className={s.muted}>Point of sale, invoices, stock, contacts and a planner for African small businesses. Works offline.</p>
        </div>
        <nav aria-label="Product">
          <p className={s.footerHeading}>Product</p>
          <ul className={s.footerList}>
            <li>
              <SiteLink to="/pricing">Pricing</SiteLink>
            </li>
            <li>
              <SiteLink to="/marketplace">Marketplace</SiteLink>
            </li>
            <li>
              <SiteLink to="/#features">Features</SiteLink>
            </li>
            <li>
              <SiteLink to="/register">Launch Your Business</SiteLink>
            </li>
          </ul>
        </nav>
        <nav aria-label="Legal">
          <p className={s.footerHeading}>Legal</p>
          <ul className={s.footerList}>
            <li>
              <SiteLink to="/terms">Terms of Service</SiteLink>
            </li>
            <li>
              <SiteLink to="/privacy">Privacy Policy</SiteLink>
            </li>
            <li>
              <SiteLink to="/contact">Contact</SiteLink>
            </li>
            <li>
              <button type="button" className={s.linkButton} onClick={openConsentSettings}>
                Cookie Settings
              </button>
            </li>
          </ul>
        </nav>
        <div>
          <p className={s.footerHeading}>Company</p>
          <address className={s.muted} style={{ fontStyle: 'normal' }}>
            {brand.company.legalName}
            <br />
            {brand.company.registration}
            <br />
            {brand.company.address}
            <br />
            <a href={`mailto:${brand.email}`}>{brand.email}</a>
          </address>
          <ul className={s.footerList} aria-label="Social media">
            {socialLinks.map((l) => (
              <li key={l.label}>
                <a href={l.href} target="_blank" rel="noopener noreferrer">
                  {l.label}
                </a>
              </li>
            ))}
          </ul>
        </div>
      </div>
      <p className={s.copyright}>
        © {year} {brand.product}. All rights reserved.
      </p>
    </footer>
  );
}
