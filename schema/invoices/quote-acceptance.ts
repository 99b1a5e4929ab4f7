import type { Invoice, Quote } from './invoices.js';

/** Days an invoice has from issue to due date unless the person picks another. */
export const DEFAULT_DUE_DAYS = 30;

/** A calendar day `days` after `iso` (both YYYY-MM-DD). */
function addDays(iso: string, days: number): string {
  const t = Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000;
  return new Date(t).toISOString().slice(0, 10);
}

/**
 * The invoice an accepted quote becomes: same customer snapshot, lines and notes, issued today and
 * due after the usual term, pointing back at the quote. Totals are left to the caller to compute.
 * The app's "Convert to invoice" and the customer's "Accept quote" on the server both make it here.
 */
export function invoiceFromQuote(
  quote: Quote,
  opts: { id: string; today: string; updatedAt: string; invoiceNumber?: string; dueDays?: number },
): Invoice {
  const invoice: Invoice = {
    id: opts.id,
    workspace_id: quote.workspace_id,
    updated_at: opts.updatedAt,
    customer_name: quote.customer_name,
    issue_date: opts.today,
    due_date: addDays(opts.today, opts.dueDays ?? DEFAULT_DUE_DAYS),
    currency: quote.currency,
    prices_include_vat: quote.prices_include_vat,
    items: quote.items.map((item) => ({ ...item })),
    status: 'draft',
    converted_from_quote_id: quote.id,
  };
  if (quote.contact_id !== undefined) invoice.contact_id = quote.contact_id;
  if (quote.customer_email !== undefined) invoice.customer_email = quote.customer_email;
  if (quote.customer_address !== undefined) invoice.customer_address = quote.customer_address;
  if (quote.notes !== undefined) invoice.notes = quote.notes;
  if (quote.terms !== undefined) invoice.terms = quote.terms;
  if (opts.invoiceNumber !== undefined) invoice.invoice_number = opts.invoiceNumber;
  return invoice;
}

/**
 * Where a quote stands for the customer holding its link: open (it can be accepted), or why not.
 * withdrawn: the seller took it back (deleted it); expired: its valid-until day has passed.
 */
export type QuoteStanding = 'open' | 'accepted' | 'declined' | 'expired' | 'withdrawn';

export function quoteStanding(
  quote: Pick<Quote, 'status' | 'expiry_date' | 'converted_to_invoice_id'> & { _deleted?: boolean },
  today: string,
): QuoteStanding {
  if (quote._deleted === true) return 'withdrawn';
  if (quote.converted_to_invoice_id !== undefined || quote.status === 'accepted') return 'accepted';
  if (quote.status === 'declined') return 'declined';
  if (quote.expiry_date !== undefined && quote.expiry_date < today) return 'expired';
  return 'open';
}

/** What the public quote page says when a quote cannot be accepted (and the API's refusal). */
export const acceptMessages = {
  accepted: 'This quote has already been accepted.',
  declined: 'This quote was declined and can no longer be accepted.',
  expired: 'This quote has expired and can no longer be accepted. Ask the seller for a new one.',
  withdrawn: 'This quote was withdrawn by the seller and can no longer be accepted.',
} as const satisfies Record<Exclude<QuoteStanding, 'open'>, string>;

/** What the public quote page says around "Accept quote". */
export const acceptPageMessages = {
  offline: 'Accepting a quote needs an internet connection. Connect and try again.',
  failed: 'The quote could not be accepted. Check your connection and try again.',
} as const;
