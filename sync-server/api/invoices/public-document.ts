import type { PublicDocumentDto } from '../../../schema/invoices/contract.js';
import { pdfHeading, type PdfDocument, type PdfSeller } from '../../../schema/invoices/document-pdf.js';
import { documentTotals } from '../../../schema/invoices/invoices.js';

/**
 * What a public link shows of an invoice or a quote alike, read from the document as its PDF renders
 * it (the seller as fixed when it was issued): heading, parties, lines and totals.
 */
export function publicDocumentFields(pdf: PdfDocument, seller: PdfSeller): PublicDocumentDto {
  const pricesIncludeVat = pdf.pricesIncludeVat === true;
  return {
    heading: pdfHeading(pdf, seller),
    number: pdf.number,
    business: seller.name,
    seller_address: seller.address ?? null,
    seller_vat_number: seller.vatNumber ?? null,
    seller_registration_number: seller.registrationNumber ?? null,
    customer_name: pdf.customer.name,
    customer_address: pdf.customer.address ?? null,
    issue_date: pdf.issueDate,
    currency: pdf.currency,
    items: [...pdf.items],
    prices_include_vat: pricesIncludeVat,
    ...documentTotals(pdf.items, pricesIncludeVat),
  };
}
