import type { Queryable } from '../../db/db.js';
import type { AttendeeDto, DoubleAdmit, EventDto, PublicEventDto, RegistrationRequest, TicketTypeDto } from '../../../schema/events.js';

/** The events' SQL. Organiser calls run in the workspace scope; public ones as owner, naming the event. */

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

interface TicketTypeRow {
  id: string;
  name: string;
  price_cents: number | string;
  currency: string;
  quantity: number;
  sold: number;
  sale_starts: string | null;
  sale_ends: string | null;
}

const typeDto = (r: TicketTypeRow): TicketTypeDto => ({
  id: r.id,
  name: r.name,
  price_cents: Number(r.price_cents),
  currency: r.currency,
  quantity: Number(r.quantity),
  sold: Number(r.sold),
  sale_starts: r.sale_starts,
  sale_ends: r.sale_ends,
});

export async function ticketTypes(q: Queryable, ws: number, eventId: string): Promise<TicketTypeDto[]> {
  const rows = await q.query<TicketTypeRow>(
    `SELECT id, name, price_cents, currency, quantity, sold, sale_starts, sale_ends FROM ticket_types
      WHERE workspace_id = $1 AND event_id = $2 ORDER BY created_at, id`,
    [ws, eventId],
  );
  return rows.map(typeDto);
}

export async function insertTicketType(
  q: Queryable,
  t: {
    ws: number;
    id: string;
    eventId: string;
    name: string;
    price: number;
    currency: string;
    quantity: number;
    saleStarts: string | null;
    saleEnds: string | null;
  },
): Promise<void> {
  await q.query(
    `INSERT INTO ticket_types (workspace_id, id, event_id, name, price_cents, currency, quantity, sale_starts, sale_ends)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [t.ws, t.id, t.eventId, t.name, t.price, t.currency, t.quantity, t.saleStarts, t.saleEnds],
  );
}

/** Changes a ticket type; false when the new quantity is below what is already sold. */
export async function updateTicketType(
  q: Queryable,
  t: {
    ws: number;
    id: string;
    eventId: string;
    name: string;
    price: number;
    quantity: number;
    saleStarts: string | null;
    saleEnds: string | null;
  },
): Promise<boolean> {
  const rows = await q.query(
    `UPDATE ticket_types SET name = $4, price_cents = $5, quantity = $6, sale_starts = $7, sale_ends = $8
      WHERE workspace_id = $1 AND id = $2 AND event_id = $3 AND sold <= $6 RETURNING 1`,
    [t.ws, t.id, t.eventId, t.name, t.price, t.quantity, t.saleStarts, t.saleEnds],
  );
  return rows.length > 0;
}

/**
 * Takes `count` tickets of a type, or none: the row's own lock serialises racing buyers, and the
 * condition is checked again on the row each waiter finally sees, so `sold` never passes `quantity`.
 */
export async function takeTickets(q: Queryable, ws: number, typeId: string, count: number): Promise<boolean> {
  const rows = await q.query(
    `UPDATE ticket_types SET sold = sold + $3 WHERE workspace_id = $1 AND id = $2 AND sold + $3 <= quantity RETURNING 1`,
    [ws, typeId, count],
  );
  return rows.length > 0;
}

export async function releaseTickets(q: Queryable, ws: number, typeId: string, count: number): Promise<void> {
  await q.query(`UPDATE ticket_types SET sold = greatest(sold - $3, 0) WHERE workspace_id = $1 AND id = $2`, [ws, typeId, count]);
}

/** Tickets sold or held across the event's types (for max_attendees). */
export async function heldForEvent(q: Queryable, ws: number, eventId: string): Promise<number> {
  const [row] = await q.query<{ n: number | string }>(
    `SELECT coalesce(sum(sold), 0) AS n FROM ticket_types WHERE workspace_id = $1 AND event_id = $2`,
    [ws, eventId],
  );
  return Number(row?.n ?? 0);
}

// ---- public side (as owner) ----

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

export async function insertRegistration(
  q: Queryable,
  r: {
    ws: number;
    id: string;
    eventId: string;
    userId: number | null;
    name: string;
    email: string;
    lines: unknown;
    status: 'pending' | 'confirmed';
    payment: 'unpaid' | 'free';
    amount: number;
    currency: string;
    reference: string | null;
    needsApproval: boolean;
    /** The organiser's marketplace order the registration's tickets are paid in. */
    orderId?: string;
    /** When it was made, when not now (a checkout's one moment). */
    at?: Date;
  },
): Promise<void> {
  await q.query(
    `INSERT INTO registrations (workspace_id, id, event_id, user_id, name, email, lines, registration_status, payment_status,
                                amount_cents, currency, reference, needs_approval, order_id, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8, $9, $10, $11, $12, $13, $14, coalesce($15::timestamptz, now()))`,
    [
      r.ws,
      r.id,
      r.eventId,
      r.userId,
      r.name,
      r.email,
      JSON.stringify(r.lines),
      r.status,
      r.payment,
      r.amount,
      r.currency,
      r.reference,
      r.needsApproval,
      r.orderId ?? null,
      r.at ?? null,
    ],
  );
}

export interface RegistrationRow {
  workspace_id: number;
  id: string;
  event_id: string;
  name: string;
  email: string;
  lines: { ticket_type_id: string; quantity: number }[];
  registration_status: 'pending' | 'confirmed' | 'cancelled';
  payment_status: AttendeeDto['payment_status'];
  amount_cents: number | string;
  amount_paid_cents: number | string;
  currency: string;
  reference: string | null;
  needs_approval: boolean;
}

/** A checkout's registration, locked for settling (the webhook, as owner). */
export async function registrationByReference(q: Queryable, reference: string): Promise<RegistrationRow | undefined> {
  const [row] = await q.query<RegistrationRow>(`SELECT * FROM registrations WHERE reference = $1 FOR UPDATE`, [reference]);
  return row;
}

/** Marks a checkout paid; it is confirmed too unless it waits for the organiser's approval. */
export async function setRegistrationPaid(q: Queryable, ws: number, id: string, amount: number, at: Date): Promise<void> {
  await q.query(
    `UPDATE registrations SET payment_status = 'paid', amount_paid_cents = $3, paid_at = $4,
            registration_status = CASE WHEN needs_approval THEN registration_status ELSE 'confirmed' END
      WHERE workspace_id = $1 AND id = $2`,
    [ws, id, amount, at],
  );
}

/** Waiting for the organiser: taken as a request, and free or already paid (a checkout under way is not yet). */
const AWAITING = `r.needs_approval AND r.registration_status = 'pending' AND r.payment_status IN ('free', 'paid')`;

/** The event's registrations waiting for approval, oldest first, with their lines' ticket type names. */
export async function registrationRequests(q: Queryable, ws: number, eventId: string): Promise<RegistrationRequest[]> {
  const rows = await q.query<{
    id: string;
    name: string;
    email: string;
    lines: RegistrationRequest['lines'] | null;
    payment_status: RegistrationRequest['payment_status'];
    amount_paid_cents: number | string;
    currency: string;
    created_at: Date | string;
  }>(
    `SELECT r.id, r.name, r.email, r.payment_status, r.amount_paid_cents, r.currency, r.created_at,
            (SELECT json_agg(json_build_object('ticket_type', coalesce(t.name, ''), 'quantity', (l.value->>'quantity')::int) ORDER BY l.ordinality)
               FROM jsonb_array_elements(r.lines) WITH ORDINALITY AS l(value, ordinality)
               LEFT JOIN ticket_types t ON t.workspace_id = r.workspace_id AND t.id::text = l.value->>'ticket_type_id') AS lines
       FROM registrations r
      WHERE r.workspace_id = $1 AND r.event_id = $2 AND ${AWAITING}
      ORDER BY r.created_at, r.id`,
    [ws, eventId],
  );
  return rows.map((r) => ({
    ...r,
    lines: r.lines ?? [],
    amount_paid_cents: Number(r.amount_paid_cents),
    created_at: new Date(r.created_at).toISOString(),
  }));
}

/** A registration of the event waiting for approval, locked for the decision; none when it is not (any more). */
export async function awaitingRegistration(q: Queryable, ws: number, eventId: string, id: string): Promise<RegistrationRow | undefined> {
  const [row] = await q.query<RegistrationRow>(
    `SELECT r.* FROM registrations r WHERE r.workspace_id = $1 AND r.event_id = $2 AND r.id = $3 AND ${AWAITING} FOR UPDATE`,
    [ws, eventId, id],
  );
  return row;
}

/** Whether the event has this registration at all (to tell "not found" from "already decided"). */
export async function hasRegistration(q: Queryable, ws: number, eventId: string, id: string): Promise<boolean> {
  const rows = await q.query(`SELECT 1 FROM registrations WHERE workspace_id = $1 AND event_id = $2 AND id = $3`, [ws, eventId, id]);
  return rows.length > 0;
}

export async function decideRegistration(q: Queryable, ws: number, id: string, status: 'confirmed' | 'cancelled', at: Date): Promise<void> {
  await q.query(`UPDATE registrations SET registration_status = $3, decided_at = $4 WHERE workspace_id = $1 AND id = $2`, [
    ws,
    id,
    status,
    at,
  ]);
}

/** A declined registration whose card payment is owed back (the refund itself is in card_refunds_due). */
export async function setRegistrationRefunded(q: Queryable, ws: number, id: string): Promise<void> {
  await q.query(`UPDATE registrations SET payment_status = 'refunded' WHERE workspace_id = $1 AND id = $2`, [ws, id]);
}

export async function setRegistrationFailed(q: Queryable, ws: number, id: string): Promise<void> {
  await q.query(
    `UPDATE registrations SET payment_status = 'failed', registration_status = 'cancelled' WHERE workspace_id = $1 AND id = $2`,
    [ws, id],
  );
}

export async function insertAttendee(
  q: Queryable,
  a: {
    ws: number;
    id: string;
    eventId: string;
    registrationId: string;
    typeId: string;
    name: string;
    email: string;
    code: string;
    token: string;
  },
): Promise<void> {
  await q.query(
    `INSERT INTO attendees (workspace_id, id, event_id, registration_id, ticket_type_id, name, email, code, token)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [a.ws, a.id, a.eventId, a.registrationId, a.typeId, a.name, a.email, a.code, a.token],
  );
}

interface AttendeeRow {
  id: string;
  registration_id: string;
  name: string;
  email: string;
  ticket_type: string;
  status: AttendeeDto['status'];
  payment_status: AttendeeDto['payment_status'];
  registration_status: AttendeeDto['registration_status'];
  amount_paid_cents: number | string;
  created_at: Date | string;
}

export async function attendees(q: Queryable, ws: number, eventId: string): Promise<AttendeeDto[]> {
  const rows = await q.query<AttendeeRow>(
    `SELECT a.id, a.registration_id, a.name, a.email, t.name AS ticket_type, a.status, r.payment_status, r.registration_status,
            r.amount_paid_cents, a.created_at
       FROM attendees a
       JOIN ticket_types t ON t.workspace_id = a.workspace_id AND t.id = a.ticket_type_id
       JOIN registrations r ON r.workspace_id = a.workspace_id AND r.id = a.registration_id
      WHERE a.workspace_id = $1 AND a.event_id = $2
      ORDER BY a.created_at, a.id`,
    [ws, eventId],
  );
  return rows.map((r) => ({ ...r, amount_paid_cents: Number(r.amount_paid_cents), created_at: new Date(r.created_at).toISOString() }));
}

/** Cancels one ticket; its seat goes back on sale. False when there is no such live ticket. */
export async function cancelAttendee(q: Queryable, ws: number, eventId: string, id: string): Promise<boolean> {
  const rows = await q.query<{ ticket_type_id: string }>(
    `UPDATE attendees SET status = 'cancelled' WHERE workspace_id = $1 AND event_id = $2 AND id = $3 AND status IN ('registered', 'checked_in')
     RETURNING ticket_type_id`,
    [ws, eventId, id],
  );
  const row = rows[0];
  if (!row) return false;
  await releaseTickets(q, ws, row.ticket_type_id, 1);
  return true;
}

/** The revocation list: tickets cancelled or refunded. */
export async function revokedTickets(q: Queryable, ws: number, eventId: string): Promise<string[]> {
  const rows = await q.query<{ id: string }>(
    `SELECT id FROM attendees WHERE workspace_id = $1 AND event_id = $2 AND status IN ('cancelled', 'refunded') ORDER BY id`,
    [ws, eventId],
  );
  return rows.map((r) => r.id);
}

export async function liveRecipients(q: Queryable, ws: number, eventId: string): Promise<{ email: string; name: string }[]> {
  return q.query(
    `SELECT DISTINCT ON (lower(email)) email, name FROM attendees
      WHERE workspace_id = $1 AND event_id = $2 AND status IN ('registered', 'checked_in') ORDER BY lower(email), created_at`,
    [ws, eventId],
  );
}

/** Tickets admitted more than once (two offline doors), each with every admission. */
export async function doubleAdmits(q: Queryable, ws: number, eventId: string): Promise<DoubleAdmit[]> {
  const rows = await q.query<{
    ticket_id: string;
    holder: string | null;
    ticket_type: string | null;
    admissions: DoubleAdmit['admissions'];
  }>(
    `SELECT c.ticket_id, a.name AS holder, t.name AS ticket_type,
            json_agg(json_build_object('device_id', c.device_id, 'device_name', coalesce(c.device_name, ''),
                     'scanned_at', to_char(c.scanned_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) ORDER BY c.scanned_at, c.id) AS admissions
       FROM check_ins c
       LEFT JOIN attendees a ON a.workspace_id = c.workspace_id AND a.id::text = c.ticket_id
       LEFT JOIN ticket_types t ON t.workspace_id = a.workspace_id AND t.id = a.ticket_type_id
      WHERE c.workspace_id = $1 AND c.event_id = $2 AND NOT c.deleted
      GROUP BY c.ticket_id, a.name, t.name
     HAVING count(*) > 1
      ORDER BY min(c.scanned_at), c.ticket_id`,
    [ws, eventId],
  );
  return rows.map((r) => ({ ticket_id: r.ticket_id, holder: r.holder ?? '', ticket_type: r.ticket_type ?? '', admissions: r.admissions }));
}

export interface TicketRow {
  workspace_id: number;
  id: string;
  name: string;
  email: string;
  status: AttendeeDto['status'];
  code: string;
  token: string;
  ticket_type: string;
  event_title: string;
  event_slug: string;
  start_date: string;
  start_time: string | null;
  location: string;
  organiser: string;
}

const SELECT_TICKET = `SELECT a.workspace_id, a.id, a.name, a.email, a.status, a.code, a.token, t.name AS ticket_type, e.title AS event_title,
       e.slug AS event_slug, e.start_date, e.start_time, e.location, w.name AS organiser
  FROM attendees a
  JOIN ticket_types t ON t.workspace_id = a.workspace_id AND t.id = a.ticket_type_id
  JOIN events e ON e.workspace_id = a.workspace_id AND e.id = a.event_id
  JOIN workspaces w ON w.id = a.workspace_id`;

/** A ticket by the token its e-mail links with (as owner). */
export async function ticketByToken(q: Queryable, token: string): Promise<TicketRow | undefined> {
  const [row] = await q.query<TicketRow>(`${SELECT_TICKET} WHERE a.token = $1`, [token]);
  return row;
}

export async function ticketsOfRegistration(q: Queryable, ws: number, registrationId: string): Promise<TicketRow[]> {
  return q.query<TicketRow>(`${SELECT_TICKET} WHERE a.workspace_id = $1 AND a.registration_id = $2 ORDER BY a.created_at, a.id`, [
    ws,
    registrationId,
  ]);
}
