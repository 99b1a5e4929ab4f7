import { bookingsSeo } from '../api/bookings/bookings.seo.js';
import { classifiedsSeo } from '../api/classifieds/classifieds.seo.js';
import { magazineSeo } from '../api/content/magazine.seo.js';
import { eventsSeo } from '../api/events/events.seo.js';
import { marketplaceSeo } from '../api/marketplace/marketplace.seo.js';
import type { SeoSource } from './page-meta.js';

/** The marketing pages that are always there (their text lives in the app). */
const siteSeo: SeoSource = {
  sitemap: async () => [
    { path: '/', changefreq: 'weekly', priority: 1 },
    { path: '/pricing', changefreq: 'monthly', priority: 0.9 },
    { path: '/contact', changefreq: 'yearly', priority: 0.5 },
    { path: '/terms', lastmod: new Date('2025-05-20'), changefreq: 'yearly', priority: 0.3 },
    { path: '/privacy', lastmod: new Date('2025-05-20'), changefreq: 'yearly', priority: 0.3 },
  ],
};

/**
 * Every module's public pages for search engines (DESIGN.md §16), one line each: the server writes
 * a matching page's meta into the HTML shell, and sitemap.xml lists every source's URLs.
 */
export const seoSources: readonly SeoSource[] = [siteSeo, marketplaceSeo, classifiedsSeo, eventsSeo, bookingsSeo, magazineSeo];
