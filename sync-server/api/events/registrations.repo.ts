import type { SaleVat } from '../../../schema/kit/vat.js';
import type { Queryable } from '../../db/db.js';
import type { AttendeeDto, RegistrationRequest } from '../../../schema/events/events.js';

/** Registrations: a checkout's claim on seats, paid or free, and the organiser's approval of it. */

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
    /** The VAT fixed on the order now (amount is what the buyer pays, VAT on top included). */
    vat: SaleVat;
  },
): Promise<void> {
  await q.query(
    `INSERT INTO registrations (workspace_id, id, event_id, user_id, name, email, lines, registration_status, payment_status,
                                amount_cents, currency, reference, needs_approval, order_id, created_at, tax_rate_bp, tax_cents, tax_included)
     VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8, $9, $10, $11, $12, $13, $14, coalesce($15::timestamptz, now()), $16, $17, $18)`,
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
      r.vat.tax_rate_bp,
      r.vat.tax_cents,
      r.vat.tax_included,
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
