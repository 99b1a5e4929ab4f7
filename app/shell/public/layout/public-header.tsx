import { useEffect, useId, useState } from 'react';
import { useRouterState } from '@tanstack/react-router';
import { brand } from '../../../../schema/brand';
import { CurrencySelect } from '../currency/currency-select';
import { SiteLink } from '../../../kit/site-link';
import * as s from './layout.css';

const mainLinks = [
  { to: '/', label: 'Home' },
  { to: '/pricing', label: 'Pricing' },
  { to: '/marketplace', label: 'Marketplace' },
] as const;

const exploreLinks = [
  { to: '/marketplace', label: 'Marketplace' },
  { to: '/classifieds', label: 'Classifieds' },
  { to: '/directory', label: 'Directory' },
  { to: '/events', label: 'Events' },
] as const;

/** Spec §2 public header: Home, Pricing, Marketplace, currency, Login, 'Launch Your Business'. */
export function PublicHeader() {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const pathname = useRouterState({ select: (st) => st.location.pathname });

  // Navigating closes the menu; Escape closes it too.
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
    <header className={s.header}>
      <div className={s.bar}>
        <SiteLink to="/" className={s.logo} aria-label={`${brand.product} home`}>
          {brand.product}
        </SiteLink>
        <nav className={s.nav} aria-label="Main">
          {mainLinks.map((l) => (
            <SiteLink key={l.to} to={l.to} className={s.navLink} aria-current={pathname === l.to ? 'page' : undefined}>
              {l.label}
            </SiteLink>
          ))}
        </nav>
        <div className={s.actions}>
          <CurrencySelect compact />
          <SiteLink to="/auth" variant="ghost">
            Login
          </SiteLink>
          <SiteLink to="/register" variant="primary">
            Launch Your Business
          </SiteLink>
        </div>
        <button type="button" className={s.menuToggle} aria-expanded={open} aria-controls={menuId} onClick={() => setOpen((v) => !v)}>
          {open ? 'Close' : 'Menu'}
        </button>
      </div>
      {open ? (
        <div id={menuId} className={s.mobileMenu}>
          <nav aria-label="Mobile">
            <ul className={s.mobileList}>
              {mainLinks.map((l) => (
                <li key={l.to}>
                  <SiteLink to={l.to}>{l.label}</SiteLink>
                </li>
              ))}
            </ul>
          </nav>
          <nav aria-labelledby={`${menuId}-explore`}>
            <h2 id={`${menuId}-explore`} className={s.mobileHeading}>
              Explore
            </h2>
            <ul className={s.mobileList}>
              {exploreLinks.map((l) => (
                <li key={l.to}>
                  <SiteLink to={l.to}>{l.label}</SiteLink>
                </li>
              ))}
            </ul>
          </nav>
          <CurrencySelect />
          <div className={s.mobileActions}>
            <SiteLink to="/auth" variant="secondary">
              Login
            </SiteLink>
            <SiteLink to="/register" variant="primary">
              Launch Your Business
            </SiteLink>
          </div>
        </div>
      ) : null}
    </header>
  );
}
