import { totalsOfDocument, type Invoice } from '../../schema/invoices';
import { orderFigures, type PosOrder } from '../../schema/pos';
import { invoiceShownStatus } from '../features/invoices/document-status';

/**
 * Today's takings from the till: completed sales that were not voided. Totals are worked out from
 * the lines, as the till does, so a sale made offline (whose server totals have not come back yet)
 * counts the same as a synced one.
 */
export function salesSummary(orders: readonly PosOrder[]): { count: number; totalCents: number } {
  const voided = new Set(orders.filter((o) => o.kind === 'void' && o.original_order_id).map((o) => o.original_order_id));
  let count = 0;
  let totalCents = 0;
  for (const o of orders) {
    if (o.kind !== 'sale' || o.status !== 'completed' || voided.has(o.id)) continue;
    count++;
    totalCents += orderFigures(o).total_cents;
  }
  return { count, totalCents };
}

/** Invoices sent and not yet paid: how many, how many overdue, and what they add up to per currency. */
export function receivablesSummary(invoices: readonly Invoice[], today: string) {
  const byCurrency = new Map<string, number>();
  let count = 0;
  let overdue = 0;
  for (const inv of invoices) {
    if (inv.status !== 'sent') continue;
    count++;
    if (invoiceShownStatus(inv, today) === 'overdue') overdue++;
    byCurrency.set(inv.currency, (byCurrency.get(inv.currency) ?? 0) + totalsOfDocument(inv).total_cents);
  }
  return { count, overdue, byCurrency: [...byCurrency].map(([currency, cents]) => ({ currency, cents })) };
}
