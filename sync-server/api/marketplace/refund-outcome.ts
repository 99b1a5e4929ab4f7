import type { Queryable } from '../../db/db.js';
import type { RefundEvent } from '../../payments/claims.js';
import * as orders from './orders.repo.js';

/**
 * What the bank answered to a seller's refund of an order (call in the webhook's transaction): it is
 * marked processed, or failed: then it no longer counts, and the order shows the money as still
 * paid. 'ignored' when the refund was not a seller's.
 */
export async function orderRefundOutcome(
  tx: Queryable,
  outcome: 'processed' | 'failed',
  r: RefundEvent,
  now: Date,
): Promise<'handled' | 'ignored'> {
  // A seller's refund holds its order's row while the card partner answers and commits after; its
  // webhook may come sooner. Waiting on the orders of the payment lets that refund be seen.
  await orders.lockOrdersOfPayment(tx, r.transactionReference);
  const waiting = await orders.waitingRefund(tx, r);
  if (!waiting) return 'ignored';
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
