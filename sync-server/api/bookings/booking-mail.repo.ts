import type { SaleVat } from '../../../schema/kit/vat.js';
import { storedSaleVat, type StoredSaleVat } from '../../payments/seller-vat.js';
import type { Queryable } from '../../db/db.js';
import { MAIL_TABLE, mailTemplateId, recordMail, recordMailAgain, wakeMailOutbox, withdrawMails, type MailKey } from '../../mail/outbox.js';
import { noCountryDefaults } from '../../../schema/kit/countries.js';

/** The booking e-mails' SQL: recording them in the outbox (in the caller's transaction), and the reminder sweep's. */

export const bookingMailKinds = ['confirmation', 'reminder_24h', 'reminder_1h', 'cancelled', 'rescheduled'] as const;
export type BookingMailKind = (typeof bookingMailKinds)[number];

export interface BookingMailKey {
  workspaceId: number;
  appointmentId: string;
  kind: BookingMailKind;
}

/** The outbox template of a booking mail (`AreaDefinition.mails` names them by kind). */
export const bookingTemplate = (kind: BookingMailKind) => mailTemplateId('bookings', kind);

const outboxKey = (key: BookingMailKey): MailKey => ({
  workspaceId: key.workspaceId,
  template: bookingTemplate(key.kind),
  subjectId: key.appointmentId,
});

/** Records that a mail is due (once per appointment and kind) and wakes the outbox. */
export async function recordBookingMail(tx: Queryable, key: BookingMailKey): Promise<void> {
  await recordMail(tx, outboxKey(key));
}

/**
 * After a move: the reminders for the old time are withdrawn (the sweep records them again for the
 * new one, whether or not they went out), and the customer is mailed the new time: a "moved" mail
 * already waiting is left to go (it reads the appointment when it sends, so it carries the latest
 * time), one already sent is queued again. A mail being sent at this moment is left to finish.
 */
export async function recordMove(tx: Queryable, key: Omit<BookingMailKey, 'kind'>): Promise<void> {
  await withdrawMails(tx, {
    workspaceId: key.workspaceId,
    subjectId: key.appointmentId,
    templates: [bookingTemplate('reminder_24h'), bookingTemplate('reminder_1h')],
  });
  await recordMailAgain(tx, outboxKey({ ...key, kind: 'rescheduled' }));
}

/**
 * The reminders now due, recorded at once: 24 h before for appointments booked earlier than that,
 * 1 h before for every live one (a hold still waiting for its deposit is not one yet), counting from when the time was last set (a move). A reminder whose moment passed while nothing ran is not sent late
 * (an hour-before reminder an hour after is noise): only starts still ahead count. An online
 * booking's reminders wait for its address to be confirmed, as its confirmation does.
 */
export async function recordDueReminders(q: Queryable, now: Date): Promise<number> {
  const rows = await q.query(
    `INSERT INTO ${MAIL_TABLE} (workspace_id, template, subject_id)
     SELECT a.workspace_id, k.template, a.id FROM appointments a
       CROSS JOIN (VALUES ($2, interval '24 hours', interval '1 hour'), ($3, interval '1 hour', interval '0')) AS k(template, lead, floor)
      WHERE a.status IN ('pending', 'confirmed') AND a.customer_email <> ''
        AND NOT (a.payment_status = 'unpaid' AND a.payment_reference IS NOT NULL)
        AND a.start_at > $1::timestamptz + k.floor AND a.start_at <= $1::timestamptz + k.lead AND coalesce(a.scheduled_at, a.created_at) < a.start_at - k.lead
        -- An online booking's reminders go only to an address that asked for mail (issue 35), or
        -- one whose deposit was paid by card (its confirmation went out the same way).
        AND (a.source <> 'online' OR a.payment_status <> 'unpaid' OR app_mail_confirmed(a.customer_email))
     ON CONFLICT DO NOTHING RETURNING 1`,
    [now, bookingTemplate('reminder_24h'), bookingTemplate('reminder_1h')],
  );
  if (rows.length > 0) await wakeMailOutbox(q);
  return rows.length;
}

export interface MailedAppointment {
  id: string;
  customer_name: string;
  customer_email: string;
  start_at: Date;
  end_at: Date;
  /** The calendar entry's revision (RFC 5545 SEQUENCE), raised by each move. */
  sequence: number;
  status: string;
  price_cents: number;
  currency: string;
  /** A deposit paid by card online, and whether it was given back. */
  paid_cents: number;
  payment_status: 'unpaid' | 'paid' | 'refunded';
  service_title: string;
  staff_name: string;
  business: string;
  timezone: string;
  cancel_cutoff_hours: number | null;
  /** 'online' when the customer booked it; otherwise a member made it (the diary, a synced device). */
  source: string;
  /** Whether the workspace owner's address is verified (mail a member asked for goes only then). */
  owner_verified: boolean;
  /** The VAT fixed when it was booked (null on a booking from before). */
  vat: SaleVat | null;
}

export async function mailedAppointment(q: Queryable, key: Omit<BookingMailKey, 'kind'>): Promise<MailedAppointment | undefined> {
  const [row] = await q.query<
    Omit<MailedAppointment, 'start_at' | 'end_at' | 'timezone' | 'price_cents' | 'paid_cents' | 'vat'> &
      StoredSaleVat & {
        start_at: Date | string;
        end_at: Date | string;
        timezone: string | null;
        price_cents: string | number;
        paid_cents: string | number;
      }
  >(
    `SELECT a.id, a.customer_name, a.customer_email, a.start_at, a.end_at, a.sequence, a.status, a.price_cents, a.currency, a.paid_cents, a.payment_status,
            a.tax_rate_bp, a.tax_cents, a.tax_included, a.source, (SELECT o.verified FROM users o WHERE o.id = w.owner_id) AS owner_verified,
            s.title AS service_title,
            c.name AS staff_name, w.name AS business, ws.timezone
       FROM appointments a
       JOIN services s ON s.workspace_id = a.workspace_id AND s.id = a.service_id
       JOIN consultants c ON c.workspace_id = a.workspace_id AND c.id = a.consultant_id
       JOIN workspaces w ON w.id = a.workspace_id
       LEFT JOIN workspace_settings ws ON ws.workspace_id = w.id AND ws.id = 1
      WHERE a.workspace_id = $1 AND a.id = $2`,
    [key.workspaceId, key.appointmentId],
  );
  if (!row) return undefined;
  const { tax_rate_bp, tax_cents, tax_included, ...rest } = row;
  return {
    ...rest,
    vat: storedSaleVat({ tax_rate_bp, tax_cents, tax_included }),
    start_at: new Date(row.start_at),
    end_at: new Date(row.end_at),
    price_cents: Number(row.price_cents),
    paid_cents: Number(row.paid_cents),
    timezone: row.timezone ?? noCountryDefaults.timezone,
    cancel_cutoff_hours: null,
  };
}
