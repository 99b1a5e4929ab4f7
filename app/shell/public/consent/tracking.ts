import { brand } from '../../../../schema/brand';

/**
 * Third-party analytics and marketing tags (spec §7 "Other"), loaded ONLY with consent (spec §4).
 * Their ids are build configuration (VITE_ANALYTICS_ID, VITE_MARKETING_PIXEL_ID); with none set —
 * the default — nothing is ever loaded. Our CSP (script-src 'self') must also list the tag hosts
 * before a deployer's tags can run.
 */
export interface TrackingIds {
  analyticsId?: string;
  marketingPixelId?: string;
}

export interface ConsentFlags {
  analytics: boolean;
  marketing: boolean;
}

export const ANALYTICS_SCRIPT_ID = `${brand.storagePrefix}-analytics-script`;
export const MARKETING_SCRIPT_ID = `${brand.storagePrefix}-marketing-script`;

export function configuredTrackingIds(): TrackingIds {
  const clean = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : undefined);
  return {
    analyticsId: clean(import.meta.env.VITE_ANALYTICS_ID),
    marketingPixelId: clean(import.meta.env.VITE_MARKETING_PIXEL_ID),
  };
}

export interface TagScript {
  id: string;
  src: string;
}

/** Which tag scripts the page may load for this consent and configuration. Pure. */
export function scriptsFor(consent: ConsentFlags | null, ids: TrackingIds): TagScript[] {
  if (!consent) return [];
  const out: TagScript[] = [];
  if (consent.analytics && ids.analyticsId) {
    out.push({
      id: ANALYTICS_SCRIPT_ID,
      src: `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(ids.analyticsId)}`,
    });
  }
  if (consent.marketing && ids.marketingPixelId) {
    out.push({ id: MARKETING_SCRIPT_ID, src: 'https://connect.facebook.net/en_US/fbevents.js' });
  }
  return out;
}

/** The parts of a document the loader touches, so tests can pass a fake one. */
export interface ScriptHost {
  has(id: string): boolean;
  append(script: TagScript): void;
}

export function documentHost(doc: Document): ScriptHost {
  return {
    has: (id) => doc.getElementById(id) !== null,
    append(script) {
      const el = doc.createElement('script');
      el.id = script.id;
      el.async = true;
      el.src = script.src;
      doc.head.appendChild(el);
    },
  };
}

type Gtag = (...args: unknown[]) => void;
type Fbq = ((...args: unknown[]) => void) & { queue?: unknown[][]; callMethod?: (...args: unknown[]) => void };

declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: Gtag;
    fbq?: Fbq;
    _fbq?: Fbq;
  }
}

/**
 * Records the consent for the tags (Google consent mode and the pixel's consent call) and appends the
 * scripts consent allows. A tag already loaded stays loaded (a script can't be unloaded), but its
 * consent flags are set to denied so it stops collecting. Returns the scripts appended now.
 */
export function applyConsent(
  consent: ConsentFlags | null,
  ids: TrackingIds = configuredTrackingIds(),
  host: ScriptHost | null = typeof document === 'undefined' ? null : documentHost(document),
  win: Window | null = typeof window === 'undefined' ? null : window,
): TagScript[] {
  if (!consent || !host) return [];
  if (win && ids.analyticsId) updateGoogleConsent(win, ids.analyticsId, consent);
  if (win && ids.marketingPixelId) updatePixelConsent(win, ids.marketingPixelId, consent);
  const added: TagScript[] = [];
  for (const script of scriptsFor(consent, ids)) {
    if (host.has(script.id)) continue;
    host.append(script);
    added.push(script);
  }
  return added;
}

function updateGoogleConsent(win: Window, id: string, consent: ConsentFlags) {
  const layer = (win.dataLayer ??= []);
  if (!win.gtag) {
    // gtag.js reads `arguments` objects from the data layer, so the helper must push `arguments`.
    win.gtag = function gtag() {
      layer.push(arguments);
    };
    win.gtag('consent', 'default', { analytics_storage: 'denied', ad_storage: 'denied' });
    win.gtag('js', new Date());
    win.gtag('config', id);
  }
  const marketing = consent.marketing ? 'granted' : 'denied';
  win.gtag('consent', 'update', {
    analytics_storage: consent.analytics ? 'granted' : 'denied',
    ad_storage: marketing,
    ad_user_data: marketing,
    ad_personalization: marketing,
  });
}

function updatePixelConsent(win: Window, id: string, consent: ConsentFlags) {
  if (!win.fbq) {
    const queue: unknown[][] = [];
    const fbq: Fbq = (...args: unknown[]) => {
      if (fbq.callMethod) fbq.callMethod(...args);
      else queue.push(args);
    };
    fbq.queue = queue;
    win.fbq = fbq;
    win._fbq = fbq;
    fbq('consent', consent.marketing ? 'grant' : 'revoke');
    fbq('init', id);
    fbq('track', 'PageView');
    return;
  }
  win.fbq('consent', consent.marketing ? 'grant' : 'revoke');
}
