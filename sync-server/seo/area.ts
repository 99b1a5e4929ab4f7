import { defineArea } from '../areas/area.js';
import type { SeoSource } from './page-meta.js';
import { sitemapRoutes } from './sitemap.routes.js';

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

/** Search engines (DESIGN.md §16): the site's own pages and sitemap.xml, which lists every area's. */
export const seoArea = defineArea({ id: 'seo', routes: [sitemapRoutes], seo: [siteSeo] });
