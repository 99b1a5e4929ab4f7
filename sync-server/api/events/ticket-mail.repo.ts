import type { Queryable } from '../../db/db.js';
import { outboxTable } from '../../jobs/outbox-table.js';

/** The ticket e-mails' SQL (the job area runs unscoped; recording runs in the caller's transaction). */

/** The channel a commit that records a ticket mail NOTIFYs (the job area listens on it). */
export const TICKET_MAIL_CHANNEL = 'vuka_ticket_mails';

export const ticketMailKinds = ['tickets', 'declined'] as const;
export type TicketMailKind = (typeof ticketMailKinds)[number];

export interface TicketMailKey {
  workspaceId: number;
  registrationId: string;
  kind: TicketMailKind;
}

/** The outbox's shared SQL: queueing, claiming and finishing a ticket mail (the job area runs it unscoped). */
export const ticketMailOutbox = outboxTable<TicketMailKey>('ticket_mails', {
  columns: ['workspace_id', 'registration_id', 'kind'],
  values: (k) => [k.workspaceId, k.registrationId, k.kind],
  of: (r) => ({ workspaceId: Number(r.workspace_id), registrationId: String(r.registration_id), kind: r.kind as TicketMailKind }),
});

/** Records that a registration's mail is due (once: a second request for it changes nothing) and wakes the job area. */
export async function recordTicketMail(tx: Queryable, key: TicketMailKey): Promise<void> {
  await tx.query(`INSERT INTO ticket_mails (workspace_id, registration_id, kind) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`, [
    key.workspaceId,
    key.registrationId,
    key.kind,
  ]);
  await tx.query(`SELECT pg_notify('${TICKET_MAIL_CHANNEL}', $1)`, [String(key.workspaceId)]);
}

export interface MailedRegistration {
  name: string;
  email: string;
  payment_status: string;
  amount_paid_cents: number | string;
  currency: string;
  event_title: string;
  start_date: string;
  start_time: string | null;
  location: string;
  organiser: string;
}

/** Who a registration's mail goes to, and the event it is for (unscoped: the job area). */
export async function mailedRegistration(
  q: Queryable,
  workspaceId: number,
  registrationId: string,
): Promise<MailedRegistration | undefined> {
  const [row] = await q.query<MailedRegistration>(
    `SELECT r.name, r.email, r.payment_status, r.amount_paid_cents, r.currency, e.title AS event_title, e.start_date, e.start_time,
            e.location, w.name AS organiser
       FROM registrations r
       JOIN events e ON e.workspace_id = r.workspace_id AND e.id = r.event_id
       JOIN workspaces w ON w.id = r.workspace_id
      WHERE r.workspace_id = $1 AND r.id = $2`,
    [workspaceId, registrationId],
  );
  return row;
}
