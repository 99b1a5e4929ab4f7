import { createHash } from 'node:crypto';
import { z } from 'zod';
import { mailConsentMessages, type MailOutcome } from '../../schema/mail-consent.js';
import type { Queryable } from '../db/db.js';
import type { AppDeps } from '../deps.js';
import { HttpError } from '../http/errors.js';
import { bookingMailKinds, recordBookingMail, recordMove, type BookingMailKey } from '../api/bookings/booking-mail.repo.js';
import { recordTicketMail, ticketMailKinds, type TicketMailKey } from '../api/events/ticket-mail.repo.js';

/**
 * Double opt-in (SECURITY.md; issue 35). Mail a stranger asked for, with text they or a business
 * chose, goes only to an address that asked for it: one confirmed from the opt-in mail, or a
 * verified account's own address. Anything else is held here, and the address gets at most one
 * short opt-in mail a day with no text anyone chose; confirming it releases what was held.
 */

/** The channel a commit that asks for an opt-in mail NOTIFYs (its job area listens on it). */
export const MAIL_CONSENT_CHANNEL = 'vuka_mail_consents';

export const normalAddress = (address: string) => address.trim().toLowerCase();
export const hashConsentToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** A mail that can wait for its address: which outbox, and its key there. */
export type HeldMail = { kind: 'ticket'; key: TicketMailKey } | { kind: 'booking'; key: BookingMailKey };

const heldRef = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('ticket'), registrationId: z.uuid(), mail: z.enum(ticketMailKinds) }),
  z.object({ kind: z.literal('booking'), appointmentId: z.string().min(1), mail: z.enum(bookingMailKinds) }),
]);

function refOf(held: HeldMail): string {
  return JSON.stringify(
    held.kind === 'ticket'
      ? { kind: 'ticket', registrationId: held.key.registrationId, mail: held.key.kind }
      : { kind: 'booking', appointmentId: held.key.appointmentId, mail: held.key.kind },
  );
}

/** Whether mail a stranger asked for may go to `address` (confirmed, or a verified account's). */
export async function mailConfirmed(q: Queryable, address: string): Promise<boolean> {
  const [row] = await q.query<{ ok: boolean }>('SELECT app_mail_confirmed($1) AS ok', [normalAddress(address)]);
  return row?.ok === true;
}

/** Records a held mail in its own outbox (it goes out through its normal job). */
async function record(tx: Queryable, held: HeldMail): Promise<void> {
  if (held.kind === 'ticket') return recordTicketMail(tx, held.key);
  if (held.key.kind === 'rescheduled') return recordMove(tx, held.key);
  return recordBookingMail(tx, held.key);
}

/**
 * Records `mail` in its outbox when its address is confirmed, else holds it; `optIn` asks for the
 * one opt-in mail as well (an anonymous caller's request: a workspace-scoped transaction cannot, and
 * the address was asked when the stranger first typed it). Runs in the caller's transaction.
 * `send` records it the way the flow needs (a move also withdraws old reminders).
 */
export async function mailOrHold(
  tx: Queryable,
  deps: AppDeps,
  to: string,
  mail: HeldMail,
  opts: { optIn: boolean; send?: () => Promise<void> },
): Promise<MailOutcome> {
  if (await mailConfirmed(tx, to)) {
    await (opts.send ? opts.send() : record(tx, mail));
    return 'sent';
  }
  await tx.query(`INSERT INTO held_mails (workspace_id, kind, ref, address, held_at) VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING`, [
    mail.key.workspaceId,
    mail.kind,
    refOf(mail),
    normalAddress(to),
    deps.now(),
  ]);
  if (opts.optIn) await requestOptIn(tx, to, deps.now());
  return 'awaiting_confirmation';
}

/**
 * Asks for the opt-in mail to `address`: the first time, or again a day after the last one went
 * (never twice a day, however often a stranger types the address). Runs unscoped (anonymous flows).
 */
export async function requestOptIn(tx: Queryable, address: string, now: Date): Promise<void> {
  const rows = await tx.query(
    `INSERT INTO mail_consents (address, requested_at) VALUES ($1, $2)
     ON CONFLICT (address) DO UPDATE
        SET status = 'queued', job_id = NULL, claimed_at = NULL, error = NULL, sent_at = NULL, requested_at = $2
      WHERE mail_consents.confirmed_at IS NULL AND mail_consents.status IN ('sent', 'failed')
        AND mail_consents.requested_at <= $2::timestamptz - interval '1 day'
     RETURNING 1`,
    [normalAddress(address), now],
  );
  if (rows.length > 0) await tx.query(`SELECT pg_notify('${MAIL_CONSENT_CHANNEL}', '')`);
}

/** Confirms the address the token was mailed to and releases every mail held for it. */
export async function confirmMailAddress(deps: AppDeps, token: string): Promise<{ message: string }> {
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const [found] = await tx.query<{ address: string }>(
      `UPDATE mail_consents SET confirmed_at = $2, token_hash = NULL, token_expires_at = NULL
        WHERE token_hash = $1 AND token_expires_at > $2 AND confirmed_at IS NULL
        RETURNING address`,
      [hashConsentToken(token), now],
    );
    if (!found) throw new HttpError(404, mailConsentMessages.invalidLink, { code: 'mail_link_invalid' });
    const held = await tx.query<{ workspace_id: number; ref: string }>(
      'DELETE FROM held_mails WHERE address = $1 RETURNING workspace_id, ref',
      [found.address],
    );
    for (const row of held) {
      const ref = heldRef.parse(JSON.parse(row.ref));
      const workspaceId = Number(row.workspace_id);
      await record(
        tx,
        ref.kind === 'ticket'
          ? { kind: 'ticket', key: { workspaceId, registrationId: ref.registrationId, kind: ref.mail } }
          : { kind: 'booking', key: { workspaceId, appointmentId: ref.appointmentId, kind: ref.mail } },
      );
    }
  });
  return { message: mailConsentMessages.confirmed };
}

/**
 * A request that mails the address later (a registration the organiser will approve): asks for the
 * opt-in now, while the stranger is on the page to be told, unless the address is confirmed.
 */
export async function optInUnlessConfirmed(tx: Queryable, deps: AppDeps, to: string): Promise<MailOutcome> {
  if (await mailConfirmed(tx, to)) return 'sent';
  await requestOptIn(tx, to, deps.now());
  return 'awaiting_confirmation';
}
