import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from '../../routes/root';
import { searchOf, text } from '../../routes/search-params';
import { LandingPage } from './landing/landing-page';

/** The landing page ships in the main bundle (first paint); the other public pages load on demand. */
export const landingRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  component: LandingPage,
});

export const pricingRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/pricing',
  component: lazyRouteComponent(() => import('./pricing/pricing-page'), 'PricingPage'),
});

export const termsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/terms',
  component: lazyRouteComponent(() => import('./legal/terms-page'), 'TermsPage'),
});

export const privacyRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/privacy',
  component: lazyRouteComponent(() => import('./legal/privacy-page'), 'PrivacyPage'),
});

export const contactRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/contact',
  component: lazyRouteComponent(() => import('./contact/contact-page'), 'ContactPage'),
});

/** The link of the opt-in mail (issue 35): a page whose button confirms the address. */
export const mailConfirmRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/mail/confirm',
  validateSearch: searchOf({ token: text(64) }),
  component: lazyRouteComponent(() => import('./mail-confirm-page'), 'MailConfirmPage'),
});

export const publicRoutes = [landingRoute, pricingRoute, termsRoute, privacyRoute, contactRoute, mailConfirmRoute] as const;

export { PublicFooter } from './layout/public-footer';
export { PublicHeader } from './layout/public-header';
export { PublicLayout } from './layout/public-layout';
