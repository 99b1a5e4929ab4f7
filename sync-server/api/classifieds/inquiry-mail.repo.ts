import type { Queryable } from '../../db/db.js';
import type { RequestType } from '../../../schema/classifieds/classifieds.js';

/** The sellers' inquiry e-mails' SQL (unscoped: the job area, every workspace at once). */

/** The channel `ask` NOTIFYs when it queues a seller's e-mail (the job area listens on it). */
export const INQUIRY_MAIL_CHANNEL = 'vuka_classified_inquiry_mail';

/** Wakes the job area: call inside the transaction that stored the inquiry (NOTIFY goes at commit). */
export async function announceInquiry(q: Queryable, inquiryId: string): Promise<void> {
  await q.query(`SELECT pg_notify('${INQUIRY_MAIL_CHANNEL}', $1)`, [inquiryId]);
}

/** Queued e-mails not yet handed to the job queue, oldest first. */
export async function unqueuedInquiryMails(q: Queryable, limit: number): Promise<Array<{ workspace_id: number; id: string }>> {
  return q.query(
    `SELECT workspace_id, id FROM classified_inquiries WHERE seller_mail = 'queued' AND seller_mail_job IS NULL ORDER BY created_at LIMIT $1`,
    [limit],
  );
}

export async function markInquiryMailQueued(q: Queryable, ws: number, id: string, jobId: string): Promise<void> {
  await q.query(`UPDATE classified_inquiries SET seller_mail_job = $3 WHERE workspace_id = $1 AND id = $2 AND seller_mail_job IS NULL`, [
    ws,
    id,
    jobId,
  ]);
}

export interface InquiryMailRow {
  workspace_id: number;
  id: string;
  request_type: RequestType;
  offer_amount_cents: string | number | null;
  viewing_at: Date | string | null;
  listing_title: string;
  currency: string;
  buyer_name: string | null;
  first_message: string | null;
  seller_email: string | null;
  seller_name: string | null;
}

/**
 * Takes a queued e-mail for sending, with what it says. Only one run ever gets it: a retry after a
 * run that got as far as sending finds it no longer queued, so the seller is never mailed twice.
 */
export async function claimInquiryMail(q: Queryable, ws: number, id: string, at: Date): Promise<InquiryMailRow | undefined> {
  const [row] = await q.query<InquiryMailRow>(
    `WITH claimed AS (
       UPDATE classified_inquiries SET seller_mail = 'sending', seller_mail_claimed_at = $3
        WHERE workspace_id = $1 AND id = $2 AND seller_mail = 'queued'
        RETURNING workspace_id, id, classified_id, buyer_id, request_type, offer_amount_cents, viewing_at)
     SELECT i.workspace_id, i.id, i.request_type, i.offer_amount_cents, i.viewing_at, c.title AS listing_title, c.currency,
            b.full_name AS buyer_name, s.email AS seller_email, s.full_name AS seller_name,
            (SELECT m.body FROM classified_messages m WHERE m.workspace_id = i.workspace_id AND m.inquiry_id = i.id
              ORDER BY m.created_at, m.id LIMIT 1) AS first_message
       FROM claimed i
       JOIN classifieds c ON c.workspace_id = i.workspace_id AND c.id = i.classified_id
       JOIN workspaces w ON w.id = i.workspace_id
       LEFT JOIN users b ON b.id = i.buyer_id
       LEFT JOIN users s ON s.id = coalesce(c.created_by, w.owner_id)`,
    [ws, id, at],
  );
  return row;
}

/** Gives claims older than `claimedBefore` whose run never finished back to the queue (unscoped: the job area). */
export async function requeueStaleInquiryMails(q: Queryable, claimedBefore: Date): Promise<number> {
  const rows = await q.query(
    `UPDATE classified_inquiries
        SET seller_mail = 'queued', seller_mail_job = NULL, seller_mail_claimed_at = NULL,
            seller_mail_error = 'Sending was interrupted; sending again'
      WHERE seller_mail = 'sending' AND coalesce(seller_mail_claimed_at, created_at) < $1
     RETURNING 1`,
    [claimedBefore],
  );
  return rows.length;
}

export async function finishInquiryMail(
  q: Queryable,
  ws: number,
  id: string,
  outcome: { status: 'sent'; at: Date } | { status: 'queued' | 'failed'; error: string },
): Promise<void> {
  if (outcome.status === 'sent') {
    await q.query(
      `UPDATE classified_inquiries SET seller_mail = 'sent', seller_mail_error = NULL, seller_mail_at = $3 WHERE workspace_id = $1 AND id = $2`,
      [ws, id, outcome.at],
    );
  } else {
    await q.query(
      `UPDATE classified_inquiries SET seller_mail = $3, seller_mail_error = $4 WHERE workspace_id = $1 AND id = $2 AND seller_mail <> 'sent'`,
      [ws, id, outcome.status, outcome.error],
    );
  }
}
