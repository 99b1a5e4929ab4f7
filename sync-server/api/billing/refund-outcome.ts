import type { Queryable } from '../../db/db.js';
import type { PaymentRegistry, RefundEvent } from '../../payments/claims.js';

export const REFUND_TURNED_BACK = 'The bank turned the refund back; it is asked for again';

/**
 * What the bank answered to a refund (call in the webhook's transaction). The areas that ask for
 * refunds of their own (a seller's refund of an order) are asked first, in area order. A refund the
 * server owes on its own (a lapsed checkout or deposit, a declined registration) that failed is
 * asked for again by the hourly sweep.
 */
export async function settleRefundOutcome(
  tx: Queryable,
  payments: PaymentRegistry,
  outcome: 'processed' | 'failed',
  r: RefundEvent,
  now: Date,
): Promise<'handled' | 'ignored'> {
  for (const claim of payments.refundHandlers) {
    if ((await claim.refundOutcome?.(tx, outcome, r, now)) === 'handled') return 'handled';
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
