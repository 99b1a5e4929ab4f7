import type { Queryable } from '../../db/db.js';
import type { PublicEventDto } from '../../../schema/events/events.js';
import type { EventRow } from './events.repo.js';

/** Events as anyone sees them: read as owner, naming the event (by slug) or only published public ones. */

export interface PublicEventRow extends EventRow {
  organiser: string;
  from_cents: number | string | null;
  timezone: string | null;
}

/**
 * Anyone's view of an event. Its pictures are those still in the drive (a picture moved to the bin
 * leaves the page, in the gallery's order), so a public page never shows a broken image.
 */
const SELECT_PUBLIC = `SELECT e.workspace_id, e.id, e.title, e.slug, e.description, e.category, e.start_date, e.start_time, e.end_date,
       e.end_time, e.location, e.is_online, e.max_attendees, e.price, e.currency, e.visibility, e.status, e.requires_approval,
       e.public_key, e.created_at, 0 AS sold, 0 AS admitted, w.name AS organiser, s.timezone,
       (SELECT f.id::text FROM drive_files f
         WHERE f.workspace_id = e.workspace_id AND f.id = e.cover_image AND f.trashed_at IS NULL) AS cover_image,
       ARRAY(SELECT g.id::text FROM unnest(e.gallery) WITH ORDINALITY AS g(id, n)
               JOIN drive_files f ON f.workspace_id = e.workspace_id AND f.id = g.id AND f.trashed_at IS NULL
              ORDER BY g.n) AS gallery,
       (SELECT min(t.price_cents) FROM ticket_types t WHERE t.workspace_id = e.workspace_id AND t.event_id = e.id) AS from_cents
  FROM events e JOIN workspaces w ON w.id = e.workspace_id
  LEFT JOIN workspace_settings s ON s.workspace_id = e.workspace_id`;

export const publicDtoOf = (r: PublicEventRow): PublicEventDto => ({
  slug: r.slug,
  title: r.title,
  description: r.description,
  category: r.category,
  start_date: r.start_date,
  start_time: r.start_time,
  end_date: r.end_date,
  end_time: r.end_time,
  location: r.location,
  is_online: r.is_online,
  price: r.price,
  currency: r.currency,
  cover_image: r.cover_image,
  organiser: r.organiser,
  from_cents: r.from_cents === null ? null : Number(r.from_cents),
});

/** Published public events that have not ended by `today`, soonest first, optionally matching words. */
/** Upcoming published public events, matching `search` when given, of one storefront (workspace slug) when given. */
export async function publicEvents(
  q: Queryable,
  today: string,
  search: string | undefined,
  limit: number,
  storefront?: string,
): Promise<PublicEventRow[]> {
  const words = search?.trim() ? `%${search.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  return q.query<PublicEventRow>(
    `${SELECT_PUBLIC}
      WHERE e.status = 'published' AND e.visibility = 'public' AND coalesce(e.end_date, e.start_date) >= $1
        AND ($2::text IS NULL OR e.title ILIKE $2 OR e.location ILIKE $2 OR e.description ILIKE $2 OR e.category ILIKE $2)
        AND ($4::text IS NULL OR w.slug = $4)
      ORDER BY e.start_date, e.start_time NULLS FIRST, e.id LIMIT $3`,
    [today, words, limit, storefront ?? null],
  );
}

/** A published event by slug (public or private: a private one opens by its link only). */
export async function publicEventBySlug(q: Queryable, slug: string, lock = false): Promise<PublicEventRow | undefined> {
  const [row] = await q.query<PublicEventRow>(
    `${SELECT_PUBLIC} WHERE e.slug = $1 AND e.status = 'published'${lock ? ' FOR UPDATE OF e' : ''}`,
    [slug],
  );
  return row;
}

/**
 * The workspace whose drive holds `fileId`, when it is the cover or a gallery picture of the event
 * `slug` and that event is published and public (a private one keeps its pictures off the web).
 */
export async function shownPictureWorkspace(q: Queryable, slug: string, fileId: string): Promise<number | undefined> {
  const [row] = await q.query<{ workspace_id: number }>(
    `SELECT e.workspace_id FROM events e
      WHERE e.slug = $1 AND e.status = 'published' AND e.visibility = 'public' AND (e.cover_image = $2::uuid OR $2::uuid = ANY (e.gallery))`,
    [slug, fileId],
  );
  return row?.workspace_id;
}

/** Published public events for sitemap.xml (as owner), newest change first. */
export async function sitemapEvents(q: Queryable, limit: number): Promise<{ slug: string; updated_at: Date }[]> {
  return q.query(
    `SELECT slug, updated_at FROM events WHERE status = 'published' AND visibility = 'public' ORDER BY updated_at DESC, slug LIMIT $1`,
    [limit],
  );
}
