import type { Queryable } from '../../db/db.js';
import { outboxTable } from '../../jobs/outbox-table.js';
import { noCountryDefaults } from '../../../schema/kit/countries.js';

/** The booking e-mails' SQL (the job area runs unscoped; recording runs in the caller's transaction). */

export const BOOKING_MAIL_CHANNEL = 'vuka_booking_mails';
export const bookingMailKinds = ['confirmation', 'reminder_24h', 'reminder_1h', 'cancelled', 'rescheduled'] as const;
export type BookingMailKind = (typeof bookingMailKinds)[number];

export interface BookingMailKey {
  workspaceId: number;
  appointmentId: string;
  kind: BookingMailKind;
}

/** The outbox's shared SQL: queueing, claiming and finishing a booking mail (the job area runs it unscoped). */
export const bookingMailOutbox = outboxTable<BookingMailKey>('booking_mails', {
  columns: ['workspace_id', 'appointment_id', 'kind'],
  values: (k) => [k.workspaceId, k.appointmentId, k.kind],
  of: (r) => ({ workspaceId: Number(r.workspace_id), appointmentId: String(r.appointment_id), kind: r.kind as BookingMailKind }),
});

/** Records that a mail is due (once per appointment and kind) and wakes the job area. */
export async function recordBookingMail(tx: Queryable, key: BookingMailKey): Promise<void> {
  await tx.query(`INSERT INTO booking_mails (workspace_id, appointment_id, kind) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`, [
    key.workspaceId,
    key.appointmentId,
    key.kind,
  ]);
  await tx.query(`SELECT pg_notify('${BOOKING_MAIL_CHANNEL}', $1)`, [String(key.workspaceId)]);
}

/**
 * After a move: the reminders for the old time are withdrawn (the sweep records them again for the
 * new one, whether or not they went out), and the customer is mailed the new time: a "moved" mail
 * already waiting is left to go (it reads the appointment when it sends, so it carries the latest
 * time), one already sent is queued again. A mail being sent at this moment is left to finish.
 */
export async function recordMove(tx: Queryable, key: Omit<BookingMailKey, 'kind'>): Promise<void> {
  await tx.query(
    `DELETE FROM booking_mails WHERE workspace_id = $1 AND appointment_id = $2
        AND kind IN ('reminder_24h', 'reminder_1h') AND status <> 'sending'`,
    [key.workspaceId, key.appointmentId],
  );
  await tx.query(
    `INSERT INTO booking_mails (workspace_id, appointment_id, kind) VALUES ($1, $2, 'rescheduled')
     ON CONFLICT (workspace_id, appointment_id, kind) DO UPDATE
        SET status = 'queued', job_id = NULL, claimed_at = NULL, error = NULL, sent_at = NULL, requested_at = now()
      WHERE booking_mails.status IN ('sent', 'failed')`,
    [key.workspaceId, key.appointmentId],
  );
  await tx.query(`SELECT pg_notify('${BOOKING_MAIL_CHANNEL}', $1)`, [String(key.workspaceId)]);
}

/**
 * The reminders now due, recorded at once: 24 h before for appointments booked earlier than that,
 * 1 h before for every live one (a hold still waiting for its deposit is not one yet), counting from when the time was last set (a move). A reminder whose moment passed while nothing ran is not sent late
 * (an hour-before reminder an hour after is noise): only starts still ahead count. An online
 * booking's reminders wait for its address to be confirmed, as its confirmation does.
 */
export async function recordDueReminders(q: Queryable, now: Date): Promise<number> {
  const rows = await q.query(
    `INSERT INTO booking_mails (workspace_id, appointment_id, kind)
     SELECT a.workspace_id, a.id, k.kind FROM appointments a
       CROSS JOIN (VALUES ('reminder_24h', interval '24 hours', interval '1 hour'), ('reminder_1h', interval '1 hour', interval '0')) AS k(kind, lead, floor)
      WHERE a.status IN ('pending', 'confirmed') AND a.customer_email <> ''
        AND NOT (a.payment_status = 'unpaid' AND a.payment_reference IS NOT NULL)
        AND a.start_at > $1::timestamptz + k.floor AND a.start_at <= $1::timestamptz + k.lead AND coalesce(a.scheduled_at, a.created_at) < a.start_at - k.lead
        -- An online booking's reminders go only to an address that asked for mail (issue 35), or
        -- one whose deposit was paid by card (its confirmation went out the same way).
        AND (a.source <> 'online' OR a.payment_status <> 'unpaid' OR app_mail_confirmed(a.customer_email))
     ON CONFLICT DO NOTHING RETURNING 1`,
    [now],
  );
  if (rows.length > 0) await q.query(`SELECT pg_notify('${BOOKING_MAIL_CHANNEL}', '0')`);
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
}

export async function mailedAppointment(q: Queryable, key: BookingMailKey): Promise<MailedAppointment | undefined> {
  const [row] = await q.query<
    Omit<MailedAppointment, 'start_at' | 'end_at' | 'timezone' | 'price_cents' | 'paid_cents'> & {
      start_at: Date | string;
      end_at: Date | string;
      timezone: string | null;
      price_cents: string | number;
      paid_cents: string | number;
    }
  >(
    `SELECT a.id, a.customer_name, a.customer_email, a.start_at, a.end_at, a.sequence, a.status, a.price_cents, a.currency, a.paid_cents, a.payment_status,
            a.source, (SELECT o.verified FROM users o WHERE o.id = w.owner_id) AS owner_verified,
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
  return {
    ...row,
    start_at: new Date(row.start_at),
    end_at: new Date(row.end_at),
    price_cents: Number(row.price_cents),
    paid_cents: Number(row.paid_cents),
    timezone: row.timezone ?? noCountryDefaults.timezone,
    cancel_cutoff_hours: null,
  };
}
