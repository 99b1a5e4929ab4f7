import type { Queryable } from '../../db/db.js';
import type { EventDto } from '../../../schema/events/events.js';

/**
 * The events' SQL. Organiser calls run in the workspace scope; public ones as owner, naming the event.
 * Here: events themselves; ticket types, public reads, registrations, tickets and check-ins each
 * have their own repository.
 */

export interface EventRow {
  workspace_id: number;
  id: string;
  title: string;
  slug: string;
  description: string;
  category: string | null;
  start_date: string;
  start_time: string | null;
  end_date: string | null;
  end_time: string | null;
  location: string;
  is_online: boolean;
  max_attendees: number | null;
  price: string;
  currency: string;
  visibility: EventDto['visibility'];
  status: EventDto['status'];
  cover_image: string | null;
  gallery: string[];
  requires_approval: boolean;
  public_key: string;
  created_at: Date | string;
  sold: number | string;
  admitted: number | string;
}

export const eventDtoOf = (r: EventRow): EventDto => ({
  id: r.id,
  title: r.title,
  slug: r.slug,
  description: r.description,
  category: r.category,
  start_date: r.start_date,
  start_time: r.start_time,
  end_date: r.end_date,
  end_time: r.end_time,
  location: r.location,
  is_online: r.is_online,
  max_attendees: r.max_attendees === null ? null : Number(r.max_attendees),
  price: r.price,
  currency: r.currency,
  visibility: r.visibility,
  status: r.status,
  cover_image: r.cover_image,
  gallery: r.gallery,
  requires_approval: r.requires_approval,
  sold: Number(r.sold),
  admitted: Number(r.admitted),
  created_at: new Date(r.created_at).toISOString(),
});

/** An event's own columns; the pictures' uuids as text (pg reads no uuid[] into an array). */
const EVENT_COLUMNS = `e.workspace_id, e.id, e.title, e.slug, e.description, e.category, e.start_date, e.start_time, e.end_date,
       e.end_time, e.location, e.is_online, e.max_attendees, e.price, e.currency, e.visibility, e.status,
       e.cover_image::text AS cover_image, e.gallery::text[] AS gallery, e.requires_approval, e.public_key, e.created_at`;

const SELECT_EVENT = `SELECT ${EVENT_COLUMNS},
       (SELECT count(*) FROM attendees a WHERE a.workspace_id = e.workspace_id AND a.event_id = e.id
           AND a.status IN ('registered', 'checked_in')) AS sold,
       (SELECT count(DISTINCT c.ticket_id) FROM check_ins c WHERE c.workspace_id = e.workspace_id AND c.event_id = e.id::text) AS admitted
  FROM events e`;

export async function listEvents(q: Queryable, ws: number): Promise<EventRow[]> {
  return q.query<EventRow>(`${SELECT_EVENT} WHERE e.workspace_id = $1 ORDER BY e.start_date DESC, e.start_time DESC NULLS LAST, e.id`, [
    ws,
  ]);
}

export async function findEvent(q: Queryable, ws: number, id: string, lock = false): Promise<EventRow | undefined> {
  const [row] = await q.query<EventRow>(`${SELECT_EVENT} WHERE e.workspace_id = $1 AND e.id = $2${lock ? ' FOR UPDATE OF e' : ''}`, [
    ws,
    id,
  ]);
  return row;
}

export async function countEvents(q: Queryable, ws: number): Promise<number> {
  const [row] = await q.query<{ n: number | string }>(`SELECT count(*) AS n FROM events WHERE workspace_id = $1`, [ws]);
  return Number(row?.n ?? 0);
}

/** Serialises event creation per workspace, so two at once cannot both pass the plan's count. */
export async function lockEventCount(q: Queryable, ws: number): Promise<void> {
  await q.query(`SELECT pg_advisory_xact_lock(hashtext('vuka_events'), $1)`, [ws]);
}

/** Slugs already taken among `candidates` (run as owner: slugs are unique across workspaces). */
export async function takenSlugs(q: Queryable, candidates: readonly string[]): Promise<Set<string>> {
  const rows = await q.query<{ slug: string }>(`SELECT slug FROM events WHERE slug = ANY ($1::text[])`, [candidates]);
  return new Set(rows.map((r) => r.slug));
}

export interface EventValues {
  title: string;
  description: string;
  category: string | null;
  start_date: string;
  start_time: string | null;
  end_date: string | null;
  end_time: string | null;
  location: string;
  is_online: boolean;
  max_attendees: number | null;
  price: string;
  visibility: string;
  status: string;
  cover_image: string | null;
  gallery: string[];
  requires_approval: boolean;
}

export async function insertEvent(
  q: Queryable,
  e: EventValues & { ws: number; id: string; slug: string; currency: string; publicKey: string; privateKey: string; userId: number },
): Promise<void> {
  await q.query(
    `INSERT INTO events (workspace_id, id, title, slug, description, category, start_date, start_time, end_date, end_time, location,
                         is_online, max_attendees, price, currency, visibility, status, cover_image, gallery, requires_approval,
                         public_key, created_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18::uuid, $19::uuid[], $20, $21, $22)`,
    [
      e.ws,
      e.id,
      e.title,
      e.slug,
      e.description,
      e.category,
      e.start_date,
      e.start_time,
      e.end_date,
      e.end_time,
      e.location,
      e.is_online,
      e.max_attendees,
      e.price,
      e.currency,
      e.visibility,
      e.status,
      e.cover_image,
      e.gallery,
      e.requires_approval,
      e.publicKey,
      e.userId,
    ],
  );
  await q.query(`INSERT INTO event_keys (workspace_id, event_id, private_key) VALUES ($1, $2, $3)`, [e.ws, e.id, e.privateKey]);
  if (e.category) {
    await q.query(`INSERT INTO event_categories (workspace_id, name) VALUES ($1, $2) ON CONFLICT DO NOTHING`, [e.ws, e.category]);
  }
}

export async function updateEvent(q: Queryable, ws: number, id: string, e: EventValues): Promise<void> {
  await q.query(
    `UPDATE events SET title = $3, description = $4, category = $5, start_date = $6, start_time = $7, end_date = $8, end_time = $9,
            location = $10, is_online = $11, max_attendees = $12, price = $13, visibility = $14, status = $15, cover_image = $16::uuid,
            gallery = $17::uuid[], requires_approval = $18, updated_at = now()
      WHERE workspace_id = $1 AND id = $2`,
    [
      ws,
      id,
      e.title,
      e.description,
      e.category,
      e.start_date,
      e.start_time,
      e.end_date,
      e.end_time,
      e.location,
      e.is_online,
      e.max_attendees,
      e.price,
      e.visibility,
      e.status,
      e.cover_image,
      e.gallery,
      e.requires_approval,
    ],
  );
  if (e.category) {
    await q.query(`INSERT INTO event_categories (workspace_id, name) VALUES ($1, $2) ON CONFLICT DO NOTHING`, [ws, e.category]);
  }
}

export async function categories(q: Queryable, ws: number): Promise<string[]> {
  const rows = await q.query<{ name: string }>(`SELECT name FROM event_categories WHERE workspace_id = $1 ORDER BY name`, [ws]);
  return rows.map((r) => r.name);
}

export async function privateKey(q: Queryable, ws: number, eventId: string): Promise<string | undefined> {
  const [row] = await q.query<{ private_key: string }>(`SELECT private_key FROM event_keys WHERE workspace_id = $1 AND event_id = $2`, [
    ws,
    eventId,
  ]);
  return row?.private_key;
}
