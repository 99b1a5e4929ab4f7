import type { Queryable } from '../../db/db.js';
import type { AttendeeDto } from '../../../schema/events/events.js';
import { releaseTickets } from './ticket-types.repo.js';

/** Tickets (attendees): issued per registration line, listed, cancelled, and opened by their e-mail's link. */

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

export async function liveRecipients(q: Queryable, ws: number, eventId: string): Promise<{ email: string; name: string }[]> {
  return q.query(
    `SELECT DISTINCT ON (lower(email)) email, name FROM attendees
      WHERE workspace_id = $1 AND event_id = $2 AND status IN ('registered', 'checked_in') ORDER BY lower(email), created_at`,
    [ws, eventId],
  );
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
