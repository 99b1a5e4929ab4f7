import type { PosOrder } from '../../../schema/pos/pos';
import { computeTotals } from '../../../schema/pos/pos-totals';
import { formatCents } from '../../../schema/kit/money';

export type ReceiptOrder = Pick<
  PosOrder,
  | 'kind'
  | 'order_number'
  | 'receipt_number'
  | 'items'
  | 'order_discount_cents'
  | 'prices_include_vat'
  | 'seller_vat_number'
  | 'payments'
  | 'reason'
  | 'completed_at'
>;

/** The till's and the receipt's subtotal line says whether its prices hold VAT. */
export function subtotalLabel(pricesIncludeVat: boolean): string {
  return pricesIncludeVat ? 'Subtotal (incl. VAT)' : 'Subtotal (excl. VAT)';
}

/** The order's totals as its own VAT choice gives them. */
export function receiptTotals(order: Pick<ReceiptOrder, 'items' | 'order_discount_cents' | 'prices_include_vat'>) {
  return computeTotals(order.items, order.order_discount_cents, order.prices_include_vat);
}

export { receiptUrl } from '../../../schema/pos/pos';

/** The receipt as plain text, for a message: business, number, lines, total and the link. */
export function receiptText(order: ReceiptOrder, business: string, currency: string, link?: string): string {
  const money = (c: number) => formatCents(c, currency);
  const totals = receiptTotals(order);
  const title = order.kind === 'refund' ? 'Refund' : order.kind === 'void' ? 'Void' : 'Receipt';
  const number = order.receipt_number !== undefined ? ` ${order.receipt_number}` : ` (ref ${order.order_number ?? ''})`;
  const lines = order.items.map((it) => `${it.quantity} × ${it.name}: ${money(it.unit_price_cents * it.quantity)}`);
  return [
    business,
    `${title}${number}`,
    ...lines,
    ...(totals.discount_cents > 0 ? [`Discount: −${money(totals.discount_cents)}`] : []),
    ...(order.prices_include_vat ? [] : [`VAT added: ${money(totals.tax_cents)}`]),
    `Total: ${money(totals.total_cents)}`,
    ...(order.prices_include_vat && totals.tax_cents > 0 ? [`VAT included: ${money(totals.tax_cents)}`] : []),
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
