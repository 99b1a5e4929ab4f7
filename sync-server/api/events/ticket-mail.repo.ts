import type { Queryable } from '../../db/db.js';

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

/** Records that a registration's mail is due (once: a second request for it changes nothing) and wakes the job area. */
export async function recordTicketMail(tx: Queryable, key: TicketMailKey): Promise<void> {
  await tx.query(`INSERT INTO ticket_mails (workspace_id, registration_id, kind) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`, [
    key.workspaceId,
    key.registrationId,
    key.kind,
  ]);
  await tx.query(`SELECT pg_notify('${TICKET_MAIL_CHANNEL}', $1)`, [String(key.workspaceId)]);
}

/** Mails due and not yet handed to the job queue, of every workspace, oldest first. */
export async function unqueuedTicketMails(q: Queryable, limit: number): Promise<TicketMailKey[]> {
  const rows = await q.query<{ workspace_id: number; registration_id: string; kind: TicketMailKind }>(
    `SELECT workspace_id, registration_id, kind FROM ticket_mails WHERE job_id IS NULL AND status = 'queued' ORDER BY requested_at LIMIT $1`,
    [limit],
  );
  return rows.map((r) => ({ workspaceId: r.workspace_id, registrationId: r.registration_id, kind: r.kind }));
}

/**
 * Takes a due mail for queueing: one caller only (two wake-ups at once, or two instances woken by one
 * NOTIFY, would otherwise both hand it to the queue). The empty job id marks it taken until
 * `markEnqueued` records the real one, or `releaseEnqueue` gives it back when the queue refused.
 */
export async function reserveEnqueue(q: Queryable, key: TicketMailKey): Promise<boolean> {
  const rows = await q.query(
    `UPDATE ticket_mails SET job_id = '' WHERE workspace_id = $1 AND registration_id = $2 AND kind = $3 AND job_id IS NULL AND status = 'queued'
     RETURNING 1`,
    [key.workspaceId, key.registrationId, key.kind],
  );
  return rows.length > 0;
}

export async function markEnqueued(q: Queryable, key: TicketMailKey, jobId: string): Promise<void> {
  await q.query(`UPDATE ticket_mails SET job_id = $4 WHERE workspace_id = $1 AND registration_id = $2 AND kind = $3 AND job_id = ''`, [
    key.workspaceId,
    key.registrationId,
    key.kind,
    jobId,
  ]);
}

export async function releaseEnqueue(q: Queryable, key: TicketMailKey): Promise<void> {
  await q.query(`UPDATE ticket_mails SET job_id = NULL WHERE workspace_id = $1 AND registration_id = $2 AND kind = $3 AND job_id = ''`, [
    key.workspaceId,
    key.registrationId,
    key.kind,
  ]);
}

/**
 * Takes a due mail for sending. Only one run ever gets it: a second job, or a retry of a run that
 * got as far as sending, finds it no longer queued, so nobody gets the mail twice.
 */
export async function claimTicketMail(q: Queryable, key: TicketMailKey, at: Date): Promise<boolean> {
  const rows = await q.query(
    `UPDATE ticket_mails SET status = 'sending', claimed_at = $4
      WHERE workspace_id = $1 AND registration_id = $2 AND kind = $3 AND status = 'queued'
     RETURNING 1`,
    [key.workspaceId, key.registrationId, key.kind, at],
  );
  return rows.length > 0;
}

/**
 * Gives claims older than `claimedBefore` whose run never finished back to the queue, and frees the
 * reservations of queueing runs that stopped before recording their job (unscoped: the job area).
 */
export async function requeueStaleTicketMails(q: Queryable, claimedBefore: Date): Promise<number> {
  await q.query(`UPDATE ticket_mails SET job_id = NULL WHERE job_id = '' AND status = 'queued' AND requested_at < $1`, [claimedBefore]);
  const rows = await q.query(
    `UPDATE ticket_mails SET status = 'queued', job_id = NULL, claimed_at = NULL, error = 'Sending was interrupted; sending again'
      WHERE status = 'sending' AND coalesce(claimed_at, requested_at) < $1
     RETURNING 1`,
    [claimedBefore],
  );
  return rows.length;
}

export async function finishTicketMail(
  q: Queryable,
  key: TicketMailKey,
  outcome: { status: 'sent'; at: Date } | { status: 'queued' | 'failed'; error: string },
): Promise<void> {
  if (outcome.status === 'sent') {
    await q.query(
      `UPDATE ticket_mails SET status = 'sent', error = NULL, sent_at = $4 WHERE workspace_id = $1 AND registration_id = $2 AND kind = $3`,
      [key.workspaceId, key.registrationId, key.kind, outcome.at],
    );
    return;
  }
  await q.query(
    `UPDATE ticket_mails SET status = $4, error = $5 WHERE workspace_id = $1 AND registration_id = $2 AND kind = $3 AND status <> 'sent'`,
    [key.workspaceId, key.registrationId, key.kind, outcome.status, outcome.error],
  );
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
