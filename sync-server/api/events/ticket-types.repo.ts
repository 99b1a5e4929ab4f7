import type { Queryable } from '../../db/db.js';
import type { TicketTypeDto } from '../../../schema/events/events.js';

/** An event's ticket types and their seats, in the workspace scope. */

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
