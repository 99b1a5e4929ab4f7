import type { Queryable } from '../../db/db.js';

/** "Pay now" references start with this, so the shared card webhook can tell them from billing's. */
export const INVOICE_REFERENCE_PREFIX = 'vkinv_';

export type OnlinePaymentStatus = 'pending' | 'paid' | 'failed' | 'expired';

export interface OnlinePaymentRow {
  workspace_id: number;
  reference: string;
  invoice_id: string;
  amount_cents: number;
  credit_cents: number;
  currency: string | null;
  status: OnlinePaymentStatus;
  created_at: Date;
  paid_at: Date | null;
}

const numbers = (row: OnlinePaymentRow): OnlinePaymentRow => ({
  ...row,
  amount_cents: Number(row.amount_cents),
  credit_cents: Number(row.credit_cents),
});

export async function insertOnlinePayment(
  q: Queryable,
  p: { workspaceId: number; reference: string; invoiceId: string; amount: number; currency: string; at: Date },
): Promise<void> {
  await q.query(
    `INSERT INTO invoice_online_payments (workspace_id, reference, invoice_id, amount_cents, currency, created_at)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [p.workspaceId, p.reference, p.invoiceId, p.amount, p.currency, p.at],
  );
}

/** A checkout by its reference, locked for settling (unscoped: the webhook). */
export async function onlinePaymentForUpdate(q: Queryable, reference: string): Promise<OnlinePaymentRow | undefined> {
  const [row] = await q.query<OnlinePaymentRow>('SELECT * FROM invoice_online_payments WHERE reference = $1 FOR UPDATE', [reference]);
  return row && numbers(row);
}

export async function finishOnlinePayment(
  q: Queryable,
  reference: string,
  outcome: { status: 'paid'; at: Date; credit: number } | { status: 'failed'; reason?: string },
): Promise<void> {
  if (outcome.status === 'paid') {
    await q.query(
      `UPDATE invoice_online_payments SET status = 'paid', paid_at = $2, credit_cents = $3 WHERE reference = $1 AND status <> 'paid'`,
      [reference, outcome.at, outcome.credit],
    );
  } else {
    await q.query(`UPDATE invoice_online_payments SET status = 'failed', failure_reason = $2 WHERE reference = $1 AND status = 'pending'`, [
      reference,
      outcome.reason ?? null,
    ]);
  }
}

/** An invoice's checkouts, newest first. */
export async function onlinePaymentsOf(q: Queryable, workspaceId: number, invoiceId: string): Promise<OnlinePaymentRow[]> {
  const rows = await q.query<OnlinePaymentRow>(
    `SELECT * FROM invoice_online_payments WHERE workspace_id = $1 AND invoice_id = $2 ORDER BY created_at DESC, reference LIMIT 20`,
    [workspaceId, invoiceId],
  );
  return rows.map(numbers);
}

/** The state of one checkout of this invoice, and why it failed if it did; undefined when it is not this invoice's. */
export async function checkoutStatus(
  q: Queryable,
  workspaceId: number,
  invoiceId: string,
  reference: string,
): Promise<{ status: OnlinePaymentStatus; failure_reason: string | null } | undefined> {
  const [row] = await q.query<{ status: OnlinePaymentStatus; failure_reason: string | null }>(
    'SELECT status, failure_reason FROM invoice_online_payments WHERE workspace_id = $1 AND invoice_id = $2 AND reference = $3',
    [workspaceId, invoiceId, reference],
  );
  return row;
}

/**
 * Closes the checkouts of every workspace started before `before` and never paid (unscoped: the
 * job area). A webhook that still comes for one settles it as usual. Returns how many were closed.
 */
export async function expireUnpaidCheckouts(q: Queryable, before: Date): Promise<number> {
  const rows = await q.query<{ reference: string }>(
    `UPDATE invoice_online_payments SET status = 'expired' WHERE status = 'pending' AND created_at < $1 RETURNING reference`,
    [before],
  );
  return rows.length;
}
