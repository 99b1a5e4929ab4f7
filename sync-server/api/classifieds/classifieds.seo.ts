import { brand } from '../../../schema/brand.js';
import { classifiedCategoryLabels, firstName } from '../../../schema/classifieds/classifieds.js';
import { formatCents } from '../../../schema/kit/money.js';
import type { AppDeps } from '../../deps.js';
import { absolute, breadcrumbs, siteOrigin, type PageMeta, type SeoSource } from '../../seo/page-meta.js';
import * as repo from './classifieds.repo.js';
import * as publicRepo from './public-listings.repo.js';

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const short = (s: string, n = 155) => (s.length > n ? `${s.slice(0, n - 1).trimEnd()}…` : s);
const oneLine = (s: string) => s.replace(/\s+/g, ' ').trim();

/** The public address of a listing's photo at the width link previews use. */
export const listingPhotoPath = (listingId: string, fileId: string) => `/api/classifieds/${listingId}/photos/${fileId}?w=1024`;

const browseMeta = (): PageMeta => ({
  title: 'Classifieds: buy and sell near you',
  description: `Second-hand and new items, vehicles, property, jobs and services from people near you, on ${brand.product}. Keep the conversation on ${brand.product}.`,
  path: '/classifieds',
});

/**
 * A shown listing as search engines and link previews see it: a Product with one Offer in the
 * listing's currency (a classified ad is one item offered by one seller). Drafts, paused, sold,
 * expired and taken-down ads answer null, like the API's public read.
 */
async function listingMeta(deps: AppDeps, id: string): Promise<PageMeta | null> {
  const row = await publicRepo.shownListing(deps.db, deps.now(), id);
  if (!row) return null;
  const l = repo.publicDto(row);
  const origin = siteOrigin(deps);
  const path = `/classifieds/${l.id}`;
  const price = l.price_cents === null ? null : formatCents(l.price_cents, l.currency);
  const category = classifiedCategoryLabels[l.category];
  const photo = l.images[0] ? listingPhotoPath(l.id, l.images[0]) : undefined;
  const seller = firstName(row.seller_name);
  const facts = [price, category, l.area, l.status === 'reserved' ? 'reserved' : null].filter(Boolean).join(' · ');
  const about = oneLine(l.description);
  return {
    title: price ? `${l.title} – ${price}` : l.title,
    description: short(about ? `${facts}. ${about}` : `${l.title}: ${facts}.`),
    path,
    type: 'product',
    image: photo,
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'Product',
        name: l.title,
        ...(about ? { description: short(about, 500) } : {}),
        category,
        ...(photo ? { image: l.images.map((f) => absolute(origin, listingPhotoPath(l.id, f))) } : {}),
        url: absolute(origin, path),
        ...(l.price_cents === null
          ? {}
          : {
              offers: {
                '@type': 'Offer',
                price: (l.price_cents / 100).toFixed(2),
                priceCurrency: l.currency,
                availability: `https://schema.org/${l.status === 'reserved' ? 'LimitedAvailability' : 'InStock'}`,
                validFrom: l.published_at,
                priceValidUntil: l.expires_at.slice(0, 10),
                url: absolute(origin, path),
                seller: { '@type': 'Person', name: seller },
                ...(l.area
                  ? { availableAtOrFrom: { '@type': 'Place', address: { '@type': 'PostalAddress', addressLocality: l.area } } }
                  : {}),
              },
            }),
      },
      breadcrumbs(origin, [
        ['Classifieds', '/classifieds'],
        [category, `/classifieds?category=${l.category}`],
        [l.title, path],
      ]),
    ],
  };
}

/** The classifieds' public pages for search engines (DESIGN.md §16), and their part of sitemap.xml. */
export const classifiedsSeo: SeoSource = {
  pages: [
    { pattern: /^\/(?:marketplace\/)?classifieds\/?$/, load: async () => browseMeta() },
    { pattern: new RegExp(`^/classifieds/(${UUID})/?$`, 'i'), load: (deps, match) => listingMeta(deps, match[1].toLowerCase()) },
  ],
  async sitemap(deps: AppDeps) {
    const shown = await publicRepo.sitemapListings(deps.db, deps.now());
    return [
      { path: '/classifieds', changefreq: 'daily' as const, priority: 0.7 },
      ...shown.map((l) => ({
        path: `/classifieds/${l.id}`,
        lastmod: new Date(l.updated_at),
        changefreq: 'weekly' as const,
        priority: 0.5,
      })),
    ];
  },
};
