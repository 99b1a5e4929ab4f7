import { orderFigures, type PosOrder } from '../../../schema/pos/pos';

/** How a sale is named on screen: its receipt number, or its short reference until it has one. */
export function receiptLabel(order: Pick<PosOrder, 'receipt_number' | 'order_number'>): string {
  return order.receipt_number !== undefined ? `Receipt ${order.receipt_number}` : `Ref ${order.order_number ?? ''}`;
}

/**
 * Today's takings from the till, as the till's own list counts them: completed sales that were not
 * voided, less the refunds made. Totals are worked out from the lines, as the till does, so a sale or
 * refund made offline (whose server totals have not come back yet) counts the same as a synced one.
 */
export function salesSummary(orders: readonly PosOrder[]): { count: number; totalCents: number; refundedCents: number } {
  const done = orders.filter((o) => o.status === 'completed');
  const voided = new Set(done.filter((o) => o.kind === 'void' && o.original_order_id).map((o) => o.original_order_id));
  let count = 0;
  let soldCents = 0;
  let refundedCents = 0;
  for (const o of done) {
    if (o.kind === 'refund') refundedCents += orderFigures(o).total_cents;
    if (o.kind !== 'sale' || voided.has(o.id)) continue;
    count++;
    soldCents += orderFigures(o).total_cents;
  }
  return { count, totalCents: soldCents - refundedCents, refundedCents };
}
