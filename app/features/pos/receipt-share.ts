import type { PosOrder } from '../../../schema/pos';
import { computeTotals } from '../../../schema/pos-totals';
import { formatCents } from '../../../schema/money';

export type ReceiptOrder = Pick<
  PosOrder,
  'kind' | 'order_number' | 'receipt_number' | 'items' | 'order_discount_cents' | 'payments' | 'reason' | 'completed_at'
>;

export { receiptUrl } from '../../../schema/pos';

/** The receipt as plain text, for a message: business, number, lines, total and the link. */
export function receiptText(order: ReceiptOrder, business: string, currency: string, link?: string): string {
  const money = (c: number) => formatCents(c, currency);
  const totals = computeTotals(order.items, order.order_discount_cents);
  const title = order.kind === 'refund' ? 'Refund' : order.kind === 'void' ? 'Void' : 'Receipt';
  const number = order.receipt_number !== undefined ? ` ${order.receipt_number}` : ` (ref ${order.order_number ?? ''})`;
  const lines = order.items.map((it) => `${it.quantity} × ${it.name}: ${money(it.unit_price_cents * it.quantity)}`);
  return [
    business,
    `${title}${number}`,
    ...lines,
    ...(totals.discount_cents > 0 ? [`Discount: −${money(totals.discount_cents)}`] : []),
    `Total: ${money(totals.total_cents)}`,
    ...(link ? [link] : []),
  ].join('\n');
}

/**
 * A WhatsApp link with the receipt's text: to the customer's number when it is written in
 * international form (+27…), else to any chat the cashier picks.
 */
export function whatsappUrl(text: string, phone?: string): string {
  const to = phone && /^\s*\+/.test(phone) ? phone.replace(/\D/g, '') : '';
  return `https://wa.me/${to}?text=${encodeURIComponent(text)}`;
}

export type PaperWidth = 58 | 80;

const PRINT_ID = 'receipt-print';

/**
 * Prints one receipt on till paper: a copy of it goes into a print-only container the print styles
 * show alone (`receipt-print.css.ts`), at the paper's width, and the browser's print opens.
 */
export function printReceipt(receipt: HTMLElement, width: PaperWidth): void {
  document.getElementById(PRINT_ID)?.remove();
  const holder = document.createElement('div');
  holder.id = PRINT_ID;
  holder.dataset.width = String(width);
  holder.appendChild(receipt.cloneNode(true));
  document.body.appendChild(holder);
  document.documentElement.dataset.receiptWidth = String(width);
  window.print();
}
