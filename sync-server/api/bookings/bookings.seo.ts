import { brand } from '../../../schema/brand.js';
import { formatCents } from '../../../schema/kit/money.js';
import type { AppDeps } from '../../deps.js';
import { absolute, breadcrumbs, siteOrigin, type PageMeta, type SeoSource } from '../../seo/page-meta.js';
import * as publicRepo from './public-bookings.repo.js';
import * as servicesRepo from './services.repo.js';
import * as staffRepo from './staff.repo.js';

const short = (s: string, n = 155) => (s.length > n ? `${s.slice(0, n - 1).trimEnd()}…` : s);

/** A service's id in its public URL (a booking's own link, under …/bookings/, is never one). */
const serviceId = /^\/marketplace\/services\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/?$/;

/**
 * A bookable service's page: title, description with duration, price and business, canonical URL
 * and Service JSON-LD with its provider and offer. A paused, private or unstaffed service is not
 * published, so it gets none (and the app shows it cannot be booked).
 */
async function servicePage(deps: AppDeps, id: string): Promise<PageMeta | null> {
  const row = await publicRepo.publicService(deps.db, id);
  if (!row) return null;
  const service = servicesRepo.serviceDtoOf(row);
  const staffed = (await staffRepo.listStaff(deps.db, row.workspace_id, service.staff_ids)).some((s) => s.active);
  if (!staffed) return null;
  const origin = siteOrigin(deps);
  const path = `/marketplace/services/${service.id}`;
  const url = absolute(origin, path);
  const price = service.price_cents === 0 ? 'Free' : formatCents(service.price_cents, service.currency);
  const facts = `${service.duration_minutes} min · ${price} · ${row.business}`;
  return {
    title: `${service.title} – book with ${row.business}`,
    description: short(service.description ? `${facts}. ${service.description}` : `Book ${service.title} online: ${facts}.`),
    path,
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'Service',
        name: service.title,
        ...(service.description ? { description: short(service.description, 500) } : {}),
        ...(service.category ? { serviceType: service.category } : {}),
        provider: { '@type': 'LocalBusiness', name: row.business },
        url,
        offers: {
          '@type': 'Offer',
          price: (service.price_cents / 100).toFixed(2),
          priceCurrency: service.currency,
          availability: 'https://schema.org/InStock',
          url,
        },
      },
      breadcrumbs(origin, [
        ['Services', '/marketplace/services'],
        [service.title, path],
      ]),
    ],
  };
}

/** The bookable services as search engines see them, and their part of sitemap.xml. */
export const bookingsSeo: SeoSource = {
  pages: [
    {
      pattern: /^\/marketplace\/services\/?$/,
      load: async () => ({
        title: 'Book a service: hair, beauty, repairs and lessons',
        description: `Services from businesses on ${brand.product}, booked online at a free time, with prices and durations shown.`,
        path: '/marketplace/services',
      }),
    },
    { pattern: serviceId, load: (deps, match) => servicePage(deps, match[1]) },
  ],
  async sitemap(deps) {
    const services = await publicRepo.publicServices(deps.db, undefined, undefined);
    return [
      { path: '/marketplace/services', changefreq: 'daily', priority: 0.7 },
      ...services.map((s) => ({ path: `/marketplace/services/${s.id}`, changefreq: 'weekly' as const, priority: 0.5 })),
    ];
  },
};
