/** Global cookie consent dialog (spec §4). Replaced by the public-site work. */
export function CookieConsent() {
  return null;
}
