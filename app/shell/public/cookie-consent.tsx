export { CookieConsent } from './consent/cookie-consent';
