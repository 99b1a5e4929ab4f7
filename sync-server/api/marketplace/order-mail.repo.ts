import type { Queryable } from '../../db/db.js';

/** The queue of paid orders' confirmation e-mails (unscoped: the job area). */

/** Wakes the job area that queues order confirmation e-mails. */
export const ORDER_MAIL_CHANNEL = 'vuka_order_mail';

export async function wakeOrderMail(tx: Queryable): Promise<void> {
  await tx.query(`SELECT pg_notify('${ORDER_MAIL_CHANNEL}', '')`);
}

/** Paid orders whose confirmation is not queued yet (unscoped: the job area). */
export async function unqueuedConfirmations(q: Queryable, limit: number): Promise<{ workspace_id: number; id: string }[]> {
  return q.query(
    `SELECT workspace_id, id FROM marketplace_orders WHERE confirmation_job IS NULL AND payment_status = 'paid' ORDER BY paid_at LIMIT $1`,
    [limit],
  );
}

export async function markConfirmationQueued(q: Queryable, o: { workspace_id: number; id: string }, jobId: string): Promise<void> {
  await q.query('UPDATE marketplace_orders SET confirmation_job = $3 WHERE workspace_id = $1 AND id = $2', [o.workspace_id, o.id, jobId]);
}

/** Claims the sending of one order's confirmation: true once, false ever after. */
export async function claimConfirmation(q: Queryable, workspaceId: number, orderId: string, at: Date): Promise<boolean> {
  const rows = await q.query(
    `UPDATE marketplace_orders SET confirmation_sent_at = $3 WHERE workspace_id = $1 AND id = $2 AND confirmation_sent_at IS NULL RETURNING 1`,
    [workspaceId, orderId, at],
  );
  return rows.length > 0;
}

export async function releaseConfirmation(q: Queryable, workspaceId: number, orderId: string): Promise<void> {
  await q.query('UPDATE marketplace_orders SET confirmation_sent_at = NULL WHERE workspace_id = $1 AND id = $2', [workspaceId, orderId]);
}
