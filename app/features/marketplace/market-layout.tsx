import { useEffect, useId, useLayoutEffect, useState, type ReactNode } from 'react';
import { useRouterState } from '@tanstack/react-router';
import { brand } from '../../../schema/brand';
import { countries, currencyCodes, type CurrencyCode } from '../../../schema/kit/currency-rules';
import { useAuth } from '../../data/auth-store';
import { AccountMenu } from '../../shell/account/account-menu';
import { countrySetting, currencySetting } from '../../shell/public/currency/currency-settings';
import { DesktopNotice } from '../../shell/public/layout/desktop-notice';
import { PublicFooter } from '../../shell/public/layout/public-footer';
import * as l from '../../shell/public/layout/layout.css';
import { SiteLink } from '../../kit/site-link';
import { signInPath } from '../../routes/return-path';
import * as cs from '../../shell/public/currency/currency-select.css';
import { badgeText } from './cart/guest-cart';
import { useCart, useGuestCartMerge } from './cart/use-cart';
import * as s from './market.css';
import * as r from './reviews/reviews.css';

/** Spec §2 marketplace header: Marketplace, Events, Services, Classifieds, Editorial. */
const marketLinks = [
  { to: '/marketplace', label: 'Marketplace' },
  { to: '/events', label: 'Events' },
  { to: '/marketplace/services', label: 'Services' },
  { to: '/classifieds', label: 'Classifieds' },
  { to: '/magazine', label: 'Editorial' },
] as const;

/** Header (marketplace flavour), phone notice, page and footer of every marketplace page. */
export function MarketLayout({ children }: { children: ReactNode }) {
  useLayoutEffect(() => {
    document.documentElement.dataset.theme = 'public';
  }, []);
  useGuestCartMerge();
  return (
    <div className={l.page}>
      <a href="#main" className={l.skip}>
        Skip to content
      </a>
      <MarketHeader />
      <DesktopNotice />
      <main id="main" className={l.main} tabIndex={-1}>
        {children}
      </main>
      <PublicFooter />
    </div>
  );
}

function MarketHeader() {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const pathname = useRouterState({ select: (st) => st.location.pathname });
  // Signing in from a marketplace page (the cart, say) comes back to it.
  const here = useRouterState({ select: (st) => st.location.href });
  const signIn = signInPath(here);
  const { status } = useAuth();
  useEffect(() => setOpen(false), [pathname]);
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setOpen(false);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);

  return (
    <header className={l.header}>
      <div className={l.bar}>
        <SiteLink to="/" className={l.logo} aria-label={`${brand.product} home`}>
          {brand.product}
        </SiteLink>
        <nav className={s.topLinks} aria-label="Marketplace">
          {marketLinks.map((link) => (
            <SiteLink key={link.to} to={link.to} className={l.navLink} aria-current={pathname === link.to ? 'page' : undefined}>
              {link.label}
            </SiteLink>
          ))}
        </nav>
        <div className={s.headerTools}>
          <span className={s.desktopOnly}>
            <CountrySelect compact />
          </span>
          {status === 'authenticated' ? (
            <SiteLink to="/account/wishlist" className={s.cartLink} aria-label="My Wishlist">
              <span aria-hidden="true" className={r.heartGlyph}>
                ♡
              </span>
            </SiteLink>
          ) : null}
          <CartIcon />
          {status === 'authenticated' ? (
            <AccountMenu />
          ) : (
            <span className={s.desktopOnly}>
              <SiteLink to={signIn} variant="secondary">
                Sign In
              </SiteLink>
            </span>
          )}
          <button type="button" className={l.menuToggle} aria-expanded={open} aria-controls={menuId} onClick={() => setOpen((v) => !v)}>
            {open ? 'Close' : 'Menu'}
          </button>
        </div>
      </div>
      {open ? (
        <div id={menuId} className={l.mobileMenu}>
          <nav aria-label="Marketplace menu">
            <ul className={l.mobileList}>
              {marketLinks.map((link) => (
                <li key={link.to}>
                  <SiteLink to={link.to}>{link.label}</SiteLink>
                </li>
              ))}
              <li>
                <SiteLink to="/directory">Directory</SiteLink>
              </li>
              {status === 'authenticated' ? (
                <li>
                  <SiteLink to="/account/wishlist">My Wishlist</SiteLink>
                </li>
              ) : null}
            </ul>
          </nav>
          <CountrySelect />
          {status === 'authenticated' ? null : (
            <div className={l.mobileActions}>
              <SiteLink to={signIn} variant="primary">
                Sign In
              </SiteLink>
            </div>
          )}
        </div>
      ) : null}
    </header>
  );
}

function CartIcon() {
  const { count } = useCart();
  const badge = badgeText(count);
  const label = count === 0 ? 'Cart, empty' : `Cart, ${count} ${count === 1 ? 'item' : 'items'}`;
  return (
    <SiteLink to="/cart" className={s.cartLink} aria-label={label}>
      <svg width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
        <path d="M3 3h2l2.4 12.2a2 2 0 0 0 2 1.8h8.2a2 2 0 0 0 2-1.6L21 8H6" strokeLinecap="round" strokeLinejoin="round" />
        <circle cx="10" cy="20.5" r="1.5" />
        <circle cx="18" cy="20.5" r="1.5" />
      </svg>
      {badge ? (
        <span className={s.cartBadge} data-testid="cart-badge">
          {badge}
        </span>
      ) : null}
    </SiteLink>
  );
}

const isDisplayCurrency = (code: string): code is CurrencyCode => (currencyCodes as readonly string[]).includes(code);

/**
 * The country selector (spec §2, §9 list), kept on this device. Choosing a country whose currency
 * prices can be shown in also shows prices in it.
 */
function CountrySelect({ compact = false }: { compact?: boolean }) {
  const id = useId();
  const country = countrySetting.use();
  return (
    <div className={cs.wrap}>
      <label htmlFor={id} className={compact ? cs.hiddenLabel : cs.label}>
        Country
      </label>
      <select
        id={id}
        className={cs.select}
        value={country}
        data-testid="country-select"
        onChange={(e) => {
          const next = countries.find((c) => c.code === e.target.value);
          if (!next) return;
          countrySetting.set(next.code);
          if (isDisplayCurrency(next.currency)) currencySetting.set(next.currency);
        }}
      >
        {countries.map((c) => (
          <option key={c.code} value={c.code}>
            {compact ? c.code : `${c.name} (${c.symbol})`}
          </option>
        ))}
      </select>
    </div>
  );
}
