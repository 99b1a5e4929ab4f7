import { formatCents } from '../kit/money.js';
import { saleVatText, type SaleVat } from '../kit/vat.js';

/**
 * What a paid ticket order says of its payment on the event page and in the tickets' e-mail, with
 * the VAT fixed when it was bought (DESIGN.md §14): "Paid R 287.50 · VAT included R 37.50"; an
 * organiser that is not VAT registered, no VAT.
 */
export function ticketPaymentText(paidCents: number, currency: string, vat: SaleVat | null | undefined): string {
  const vatText = saleVatText(vat, currency);
  return [`Paid ${formatCents(paidCents, currency)}`, ...(vatText ? [vatText] : [])].join(' · ');
}
