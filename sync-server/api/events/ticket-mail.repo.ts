import type { SaleVat } from '../../../schema/kit/vat.js';
import { storedSaleVat, type StoredSaleVat } from '../../payments/seller-vat.js';
import type { Queryable } from '../../db/db.js';
import { mailTemplateId, recordMail } from '../../mail/outbox.js';

/** The ticket e-mails' SQL: recording them in the outbox (in the caller's transaction), and what they say. */

export const ticketMailKinds = ['tickets', 'declined'] as const;
export type TicketMailKind = (typeof ticketMailKinds)[number];

export interface TicketMailKey {
  workspaceId: number;
  registrationId: string;
  kind: TicketMailKind;
}

/** Records that a registration's mail is due (once: a second request for it changes nothing) and wakes the outbox. */
export async function recordTicketMail(tx: Queryable, key: TicketMailKey): Promise<void> {
  await recordMail(tx, { workspaceId: key.workspaceId, template: mailTemplateId('events', key.kind), subjectId: key.registrationId });
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
  /** The VAT fixed on the order when it was made (null on an older one). */
  vat: SaleVat | null;
}

/** Who a registration's mail goes to, and the event it is for (unscoped: the job area). */
export async function mailedRegistration(
  q: Queryable,
  workspaceId: number,
  registrationId: string,
): Promise<MailedRegistration | undefined> {
  const [row] = await q.query<Omit<MailedRegistration, 'vat'> & StoredSaleVat>(
    `SELECT r.name, r.email, r.payment_status, r.amount_paid_cents, r.currency, r.tax_rate_bp, r.tax_cents, r.tax_included, e.title AS event_title, e.start_date, e.start_time,
            e.location, w.name AS organiser
       FROM registrations r
       JOIN events e ON e.workspace_id = r.workspace_id AND e.id = r.event_id
       JOIN workspaces w ON w.id = r.workspace_id
      WHERE r.workspace_id = $1 AND r.id = $2`,
    [workspaceId, registrationId],
  );
  if (!row) return undefined;
  const { tax_rate_bp, tax_cents, tax_included, ...rest } = row;
  return { ...rest, vat: storedSaleVat({ tax_rate_bp, tax_cents, tax_included }) };
}
