import { formatCents } from '../kit/money.js';
import { saleTotalCents, saleVatText, showsVat, type SaleVat } from '../kit/vat.js';

/**
 * A booking's price as its page and e-mails say it, with the VAT fixed when it was booked (DESIGN.md
 * §14): "Price: R 130.00 · VAT included R 16.96"; with VAT on top, the total after it; a business
 * that is not VAT registered, no VAT.
 */
export function bookingPriceText(b: { price_cents: number; currency: string; vat: SaleVat | null | undefined }): string {
  const parts = [`Price: ${formatCents(b.price_cents, b.currency)}`];
  const vat = saleVatText(b.vat, b.currency);
  if (vat) parts.push(vat);
  if (showsVat(b.vat) && !b.vat.tax_included) parts.push(`Total ${formatCents(saleTotalCents(b.price_cents, b.vat), b.currency)}`);
  return parts.join(' · ');
}

/** What the customer pays for the booking in all: its price, and VAT where it comes on top. */
export const bookingTotalCents = (b: { price_cents: number; vat: SaleVat | null | undefined }) => saleTotalCents(b.price_cents, b.vat);
