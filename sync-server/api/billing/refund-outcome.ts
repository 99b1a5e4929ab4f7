import { z } from 'zod';
import type { Queryable } from '../../db/db.js';
import * as orders from '../marketplace/orders.repo.js';

/**
 * The data of Paystack's refund.processed and refund.failed webhooks: the payment refunded (its
 * transaction's reference), the amount, and the refund's own id where it is given.
 */
export const refundEventData = z
  .object({
    transaction_reference: z.string().min(1).optional(),
    transaction: z
      .object({ reference: z.string().min(1) })
      .passthrough()
      .optional(),
    amount: z.coerce.number<number | string>().int().positive(),
    id: z.union([z.number(), z.string()]).nullish(),
    refund_reference: z.string().nullish(),
  })
  .passthrough()
  .transform((d, ctx) => {
    const transactionReference = d.transaction_reference ?? d.transaction?.reference;
    if (!transactionReference) {
      ctx.addIssue({ code: 'custom', message: 'no transaction reference' });
      return z.NEVER;
    }
    return { transactionReference, amount: d.amount, refundId: d.id === null || d.id === undefined ? null : String(d.id) };
  });
export type RefundEvent = z.output<typeof refundEventData>;

export const REFUND_TURNED_BACK = 'The bank turned the refund back; it is asked for again';

/**
 * What the bank answered to a refund (call in the webhook's transaction). A seller's refund of an
 * order is marked processed, or failed: then it no longer counts, and the order shows the money as
 * still paid. A refund the server owes on its own (a lapsed checkout or deposit, a declined
 * registration) that failed is asked for again by the hourly sweep.
 */
export async function settleRefundOutcome(
  tx: Queryable,
  outcome: 'processed' | 'failed',
  r: RefundEvent,
  now: Date,
): Promise<'handled' | 'ignored'> {
  // A seller's refund holds its order's row while the card partner answers and commits after; its
  // webhook may come sooner. Waiting on the orders of the payment lets that refund be seen.
  await orders.lockOrdersOfPayment(tx, r.transactionReference);
  const waiting = await orders.waitingRefund(tx, r);
  if (waiting) {
    await orders.setRefundStatus(tx, waiting, outcome);
    if (outcome === 'failed') {
      await orders.undoRefund(
        tx,
        { workspace_id: waiting.workspace_id, order_id: waiting.order_id, amount: Number(waiting.amount_cents) },
        now,
      );
    }
    return 'handled';
  }
  const owed =
    outcome === 'processed'
      ? await tx.query<{ reference: string }>(
          'UPDATE card_refunds_due SET refunded_at = coalesce(refunded_at, $2), error = NULL WHERE reference = $1 RETURNING reference',
          [r.transactionReference, now],
        )
      : await tx.query<{ reference: string }>(
          'UPDATE card_refunds_due SET refunded_at = NULL, claimed_at = NULL, error = $2 WHERE reference = $1 RETURNING reference',
          [r.transactionReference, REFUND_TURNED_BACK],
        );
  return owed.length > 0 ? 'handled' : 'ignored';
}
