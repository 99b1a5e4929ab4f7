import { brand } from '../../../schema/brand.js';
import { noCountryDefaults } from '../../../schema/kit/countries.js';
import { eventPicturePath } from '../../../schema/events/contract.js';
import type { TicketTypeDto } from '../../../schema/events/events.js';
import { formatCents } from '../../../schema/kit/money.js';
import type { AppDeps } from '../../deps.js';
import { absolute, breadcrumbs, siteOrigin, type PageMeta, type SeoSource } from '../../seo/page-meta.js';
import { publicPictures } from './event-pictures.service.js';
import * as publicRepo from './public-events.repo.js';
import * as typesRepo from './ticket-types.repo.js';

const short = (s: string, n = 155) => (s.length > n ? `${s.slice(0, n - 1).trimEnd()}…` : s);

/** The zone's UTC offset (+02:00) at a wall-clock moment, or '' when the zone is unknown. */
function offsetAt(date: string, time: string, zone: string): string {
  try {
    const at = new Date(`${date}T${time}:00Z`);
    const name = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' })
      .formatToParts(at)
      .find((p) => p.type === 'timeZoneName')?.value;
    if (!name) return '';
    return name === 'GMT' ? '+00:00' : name.replace(/^GMT/, '');
  } catch {
    return '';
  }
}

/** An event moment as schema.org reads it: a date, or a date and time at the venue's offset. */
export function schemaDate(date: string, time: string | null, zone: string): string {
  return time ? `${date}T${time}:00${offsetAt(date, time, zone)}` : date;
}

/** The width link previews and search engines get an event's pictures at. */
const SHARE_WIDTH = 1024;

function offers(event: publicRepo.PublicEventRow, types: readonly TicketTypeDto[], url: string): Record<string, unknown>[] {
  if (types.length === 0) {
    return [{ '@type': 'Offer', price: Number(event.price).toFixed(2), priceCurrency: event.currency, url }];
  }
  return types.map((t) => ({
    '@type': 'Offer',
    name: t.name,
    price: (t.price_cents / 100).toFixed(2),
    priceCurrency: t.currency,
    availability: `https://schema.org/${t.sold >= t.quantity ? 'SoldOut' : 'InStock'}`,
    url,
  }));
}

const priceText = (event: publicRepo.PublicEventRow, types: readonly TicketTypeDto[]) => {
  const cheapest = types.length ? Math.min(...types.map((t) => t.price_cents)) : null;
  if (cheapest === null) return event.price === '0' ? 'Free' : formatCents(Math.round(Number(event.price) * 100), event.currency);
  return cheapest === 0 ? 'Free entry' : `Tickets from ${formatCents(cheapest, types[0]?.currency ?? event.currency)}`;
};

/** A published public event's page: title, description, canonical URL, cover (og:image) and Event JSON-LD with its pictures. */
async function eventPage(deps: AppDeps, slug: string): Promise<PageMeta | null> {
  const event = await publicRepo.publicEventBySlug(deps.db, slug);
  // Drafts and cancelled events are not published; a private event opens by its link only and stays out of search.
  if (!event || event.visibility !== 'public') return null;
  const types = await typesRepo.ticketTypes(deps.db, event.workspace_id, event.id);
  const origin = siteOrigin(deps);
  const path = `/marketplace/events/${event.slug}`;
  const url = absolute(origin, path);
  const zone = event.timezone ?? noCountryDefaults.timezone;
  const when = event.start_time ? `${event.start_date} ${event.start_time}` : event.start_date;
  const place = event.is_online ? 'Online' : event.location;
  // The cover first, then the gallery: the first image is the one a link preview shows.
  const pictures = publicPictures(event);
  const images = [...(pictures.cover_image ? [pictures.cover_image] : []), ...pictures.gallery].map((id) =>
    eventPicturePath(event.slug, id, SHARE_WIDTH),
  );
  const facts = [when, place, priceText(event, types), `by ${event.organiser}`].filter(Boolean).join(' · ');
  return {
    title: `${event.title} – ${event.start_date}`,
    description: short(event.description ? `${facts}. ${event.description}` : `${event.title}: ${facts}.`),
    path,
    image: images[0],
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'Event',
        name: event.title,
        ...(event.description ? { description: short(event.description, 500) } : {}),
        startDate: schemaDate(event.start_date, event.start_time, zone),
        ...(event.end_date ? { endDate: schemaDate(event.end_date, event.end_time, zone) } : {}),
        eventStatus: 'https://schema.org/EventScheduled',
        eventAttendanceMode: `https://schema.org/${event.is_online ? 'OnlineEventAttendanceMode' : 'OfflineEventAttendanceMode'}`,
        location: event.is_online
          ? { '@type': 'VirtualLocation', url }
          : { '@type': 'Place', name: event.location || 'To be announced', address: event.location || 'To be announced' },
        ...(images.length ? { image: images.map((p) => absolute(origin, p)) } : {}),
        url,
        organizer: { '@type': 'Organization', name: event.organiser },
        offers: offers(event, types, url),
      },
      breadcrumbs(origin, [
        ['Events', '/marketplace/events'],
        [event.title, path],
      ]),
    ],
  };
}

const listing = (path: '/events' | '/marketplace/events'): PageMeta => ({
  title: 'Events: concerts, markets and workshops',
  description: `Upcoming events from businesses on ${brand.product}: dates, places and tickets, free or paid.`,
  path,
});

/** The events' public pages as search engines see them, and their part of sitemap.xml. */
export const eventsSeo: SeoSource = {
  pages: [
    { pattern: /^\/events\/?$/, load: async () => listing('/events') },
    { pattern: /^\/marketplace\/events\/?$/, load: async () => listing('/marketplace/events') },
    { pattern: /^\/marketplace\/events\/([^/]+)\/?$/, load: (deps, match) => eventPage(deps, decodeURIComponent(match[1])) },
  ],
  async sitemap(deps) {
    const events = await publicRepo.sitemapEvents(deps.db, 5000);
    return [
      { path: '/marketplace/events', changefreq: 'daily', priority: 0.7 },
      ...events.map((e) => ({
        path: `/marketplace/events/${encodeURIComponent(e.slug)}`,
        lastmod: new Date(e.updated_at),
        changefreq: 'weekly' as const,
        priority: 0.5,
      })),
    ];
  },
};
