import type { Invoice, InvoiceStatus, Quote, QuoteStatus } from '../../../schema/invoices/invoices';

export { DEFAULT_DUE_DAYS, invoiceFromQuote } from '../../../schema/invoices/quote-acceptance';
/** Days a quote stays valid unless the person picks another. */
export const DEFAULT_QUOTE_DAYS = 30;

/** What a list or a badge shows: the stored status, or overdue, which is computed and never stored. */
export type InvoiceShownStatus = InvoiceStatus | 'overdue';
export type QuoteShownStatus = QuoteStatus | 'expired' | 'converted';

/** An invoice is overdue once its due date has passed and it was sent but not (fully) paid or cancelled. */
export function invoiceShownStatus(inv: Pick<Invoice, 'status' | 'due_date'>, today: string): InvoiceShownStatus {
  if ((inv.status === 'sent' || inv.status === 'partially_paid') && inv.due_date !== undefined && inv.due_date < today) return 'overdue';
  return inv.status;
}

/** A quote not yet answered expires after its expiry date; a converted one says so. */
export function quoteShownStatus(q: Pick<Quote, 'status' | 'expiry_date' | 'converted_to_invoice_id'>, today: string): QuoteShownStatus {
  if (q.converted_to_invoice_id !== undefined) return 'converted';
  if ((q.status === 'draft' || q.status === 'sent') && q.expiry_date !== undefined && q.expiry_date < today) return 'expired';
  return q.status;
}

export const statusLabels: Record<InvoiceShownStatus | QuoteShownStatus, string> = {
  draft: 'Draft',
  sent: 'Sent',
  partially_paid: 'Partially paid',
  paid: 'Paid',
  cancelled: 'Cancelled',
  overdue: 'Overdue',
  accepted: 'Accepted',
  declined: 'Declined',
  expired: 'Expired',
  converted: 'Converted',
};

/** Whether the lines, customer and dates may still be edited on this device. */
export function isEditable(doc: { status: string; converted_to_invoice_id?: string }): boolean {
  return doc.status === 'draft' && doc.converted_to_invoice_id === undefined;
}
