import type { AppDeps } from '../deps.js';
import type { Queryable } from '../db/db.js';
import { defineSweep, type JobArea } from '../jobs/job-queue.js';
import { paymentGateway } from './payments.js';

/** A refund claimed by a worker that died is asked again after this long. */
const CLAIM_MINUTES = 15;
const BATCH = 20;
export const CARD_REFUNDS_JOB = 'card-refunds-due';
/** Every hour, off the minutes the other sweeps use. */
const REFUNDS_CRON = '41 * * * *';

export type RefundState = 'due' | 'refunded' | null;

/**
 * Records that the card payment `reference` is owed back (the whole of it unless `amount` says how
 * much). Call inside the transaction that decides it; a payment already owed back is left as it is
 * (no conflict target: naming one would need read access the workspace-scoped role does not have).
 */
export async function recordRefundDue(tx: Queryable, r: { reference: string; amount?: number; note: string }): Promise<void> {
  await tx.query(`INSERT INTO card_refunds_due (reference, amount_cents, note) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`, [
    r.reference,
    r.amount ?? null,
    r.note,
  ]);
}

/** Whether a card payment is owed back: not at all, still due, or accepted by the card partner. */
export async function refundStateOf(q: Queryable, reference: string): Promise<RefundState> {
  const [row] = await q.query<{ refunded_at: Date | null }>('SELECT refunded_at FROM card_refunds_due WHERE reference = $1', [reference]);
  if (!row) return null;
  return row.refunded_at ? 'refunded' : 'due';
}

/**
 * Asks the card partner for each refund due, oldest first. One it accepts is marked refunded; a refusal
 * or an unreachable partner leaves it due, with the reason, for the next run. Returns how many were
 * accepted. With no card partner configured nothing is asked.
 */
export async function payRefundsDue(deps: AppDeps): Promise<number> {
  const gateway = paymentGateway(deps.config);
  if (!gateway) return 0;
  const claimedAt = deps.now();
  const due = await deps.db.query<{ reference: string; amount_cents: string | null; note: string }>(
    `UPDATE card_refunds_due SET claimed_at = $1
      WHERE reference IN (
        SELECT reference FROM card_refunds_due
         WHERE refunded_at IS NULL AND (claimed_at IS NULL OR claimed_at < $1::timestamptz - make_interval(mins => $2))
         ORDER BY created_at LIMIT $3 FOR UPDATE SKIP LOCKED)
      RETURNING reference, amount_cents, note`,
    [claimedAt, CLAIM_MINUTES, BATCH],
  );
  let accepted = 0;
  for (const d of due) {
    try {
      await gateway.refund({ reference: d.reference, amount: d.amount_cents === null ? undefined : Number(d.amount_cents), note: d.note });
      // Only while still this run's claim: the bank's "turned back" may have come by webhook already
      // (it gives the claim up), and must not be overwritten.
      await deps.db.query('UPDATE card_refunds_due SET refunded_at = $2, error = NULL WHERE reference = $1 AND claimed_at = $3', [
        d.reference,
        deps.now(),
        claimedAt,
      ]);
      accepted += 1;
    } catch (err) {
      deps.log.warn({ err, reference: d.reference }, 'card refund not accepted yet');
      const message = err instanceof Error ? err.message : String(err);
      await deps.db.query('UPDATE card_refunds_due SET error = $2, claimed_at = NULL WHERE reference = $1', [d.reference, message]);
    }
  }
  return accepted;
}

/** After the commit that recorded a refund: asked at once, and left to the sweep if that fails. */
export async function payRefundsDueSoon(deps: AppDeps): Promise<void> {
  await payRefundsDue(deps).catch((err: unknown) => deps.log.warn({ err }, 'card refunds left to the hourly sweep'));
}

/** The hourly retry of refunds the card partner has not accepted yet (DESIGN.md §13). */
export const cardRefundJobs: JobArea = {
  definitions: (deps) => [
    defineSweep(CARD_REFUNDS_JOB, async () => {
      const accepted = await payRefundsDue(deps);
      if (accepted > 0) deps.log.info({ accepted }, 'card refunds accepted');
    }),
  ],
  async start(_deps, queue) {
    await queue.schedule(CARD_REFUNDS_JOB, REFUNDS_CRON);
    return async () => {};
  },
};
