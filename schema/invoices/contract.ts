import { z } from 'zod';
import { endpoint } from '../kit/http.js';
import { idParam, text } from '../kit/input.js';
import type { PlanCode } from '../accounts/accounts.js';
import { documentItem, invoicePayment, sendMessages } from './invoices.js';
import { plans } from '../billing/plans.js';

const documentParams = z.object({ id: idParam, documentId: text().min(1).max(64) });

/**
 * Why the server did not e-mail a document: the account that asked has not verified its e-mail
 * address, or the workspace has e-mailed its plan's number of documents for the day. The document
 * itself is kept either way; only the e-mail is refused, for good (a later Send is a new request).
 */
export const deliveryRefusal = z.enum(['unverified', 'daily_limit']);
export type DeliveryRefusal = z.infer<typeof deliveryRefusal>;

export const deliveryMessages = {
  unverified: 'Not sent: verify your e-mail address first, then press Send again.',
  receiptLimit: 'Not sent: this workspace has e-mailed as many receipts as it may today. Offer the receipt’s link or QR code instead.',
  /** The day's allowance of `plan` is used up: try again tomorrow, or on a plan that allows more. */
  dailyLimit(plan: PlanCode): string {
    const limit = plans[plan].limits.documentMailsPerDay;
    const better = Object.values(plans).find((p) => p.limits.documentMailsPerDay > limit);
    const upgrade = better ? ` The ${better.name} plan e-mails up to ${better.limits.documentMailsPerDay} a day.` : '';
    return `Not sent: this workspace has e-mailed its ${limit} documents for today. Press Send again tomorrow.${upgrade}`;
  },
} as const;

export const deliveryDto = z.object({
  id: z.string(),
  recipient: z.string(),
  /** refused: never sent, and never will be (see `refusal`); `error` says why in words. */
  status: z.enum(['queued', 'sending', 'sent', 'failed', 'refused']),
  refusal: deliveryRefusal.nullable(),
  error: z.string().nullable(),
  requested_at: z.string(),
  sent_at: z.string().nullable(),
});
export type DeliveryDto = z.infer<typeof deliveryDto>;

/** A "Pay now" checkout the customer started; `credit_cents` is what it brought in beyond the balance. */
export const onlinePaymentDto = z.object({
  reference: z.string(),
  amount_cents: z.number().int(),
  credit_cents: z.number().int(),
  /** expired: never paid, and closed by the server after CHECKOUT_EXPIRY_HOURS. */
  status: z.enum(['pending', 'paid', 'failed', 'expired']),
  paid_at: z.string().nullable(),
});
export type OnlinePaymentDto = z.infer<typeof onlinePaymentDto>;

/** What the server knows of a document's way to the customer: its e-mails, when its page was opened, its card payments. */
export const documentOutreachDto = z.object({
  deliveries: z.array(deliveryDto),
  viewed_at: z.string().nullable(),
  online_payments: z.array(onlinePaymentDto),
});
export type DocumentOutreachDto = z.infer<typeof documentOutreachDto>;

export const shareLinkDto = z.object({ url: z.string() });

const publicParams = z.object({ slug: text().min(1).max(120), number: text().min(1).max(32) });
/** The share token; absent or wrong answers a plain not-found. `ref`: the checkout the page came back from. */
const tokenQuery = z.object({ t: text().max(200).optional(), ref: text().max(64).optional() });

/** What the customer's public views of an invoice and of a quote show alike: the document as its PDF does. */
export const publicDocumentDto = z.object({
  heading: z.string(),
  number: z.string(),
  business: z.string(),
  seller_address: z.string().nullable(),
  seller_vat_number: z.string().nullable(),
  seller_registration_number: z.string().nullable(),
  customer_name: z.string(),
  customer_address: z.string().nullable(),
  issue_date: z.string(),
  currency: z.string(),
  items: z.array(documentItem),
  /** Whether the line prices include VAT: the VAT shown is then the part inside the total. */
  prices_include_vat: z.boolean(),
  subtotal_cents: z.number().int(),
  discount_cents: z.number().int(),
  tax_cents: z.number().int(),
  total_cents: z.number().int(),
});
export type PublicDocumentDto = z.infer<typeof publicDocumentDto>;

/** The public invoice page (no sign-in): what the customer sees, paid and balance included. */
export const publicInvoiceDto = publicDocumentDto.extend({
  status: z.string(),
  due_date: z.string().nullable(),
  paid_cents: z.number().int(),
  /** What credit notes took off the total (SARS s21), and each of them. */
  credited_cents: z.number().int(),
  credit_notes: z.array(z.object({ number: z.string(), date: z.string(), amount_cents: z.number().int() })),
  balance_cents: z.number().int(),
  payments: z.array(invoicePayment),
  /** Whether "Pay now" can take a card for the balance. */
  payable: z.boolean(),
  /** Whether the invoice carries the customer's e-mail (else "Pay now" asks for it). */
  has_email: z.boolean(),
  /** The state of the checkout named by `ref`, or null. */
  checkout: z.enum(['pending', 'paid', 'failed', 'expired']).nullable(),
  /** Why that checkout failed, in the card partner's words ("Declined"), or null. */
  checkout_reason: z.string().nullable(),
});
export type PublicInvoiceDto = z.infer<typeof publicInvoiceDto>;

export const payMessages = {
  notPayable: 'This invoice has nothing left to pay.',
  offline: 'Paying online needs an internet connection. Connect and try again.',
} as const;

/** "Pay now" on the public page: the link's token, and the customer's e-mail when the invoice has none. */
export const payInvoiceBody = z.object({
  t: text().max(200).optional(),
  email: text().trim().max(255).email(sendMessages.email).optional(),
});
export const payInvoiceDto = z.object({ authorization_url: z.string(), reference: z.string() });

/** The public quote page (no sign-in): the quote as its PDF shows it, and whether it can still be accepted. */
export const publicQuoteDto = publicDocumentDto.extend({
  /** open: "Accept quote" is offered; otherwise why not (`acceptMessages`). */
  standing: z.enum(['open', 'accepted', 'declined', 'expired', 'withdrawn']),
  /** The last day the quote may be accepted, or null when it has none. */
  valid_until: z.string().nullable(),
  notes: z.string().nullable(),
  terms: z.string().nullable(),
});
export type PublicQuoteDto = z.infer<typeof publicQuoteDto>;

/** "Accept quote": the link's token is the proof. */
export const acceptQuoteBody = z.object({ t: text().max(200).optional() });

/** Per workspace: whether customers get due-date and overdue reminders by e-mail (on by default). */
export const invoicePreferencesDto = z.object({ reminders_enabled: z.boolean() });
export type InvoicePreferencesDto = z.infer<typeof invoicePreferencesDto>;

const workspaceParams = z.object({ id: idParam });

export const invoicesContract = {
  preferences: endpoint({
    method: 'GET',
    path: '/api/workspaces/:id/invoice-preferences',
    params: workspaceParams,
    response: invoicePreferencesDto,
  }),
  updatePreferences: endpoint({
    method: 'PUT',
    path: '/api/workspaces/:id/invoice-preferences',
    params: workspaceParams,
    body: invoicePreferencesDto,
    response: invoicePreferencesDto,
  }),
  outreach: endpoint({
    method: 'GET',
    path: '/api/workspaces/:id/invoices/:documentId/outreach',
    params: documentParams,
    response: documentOutreachDto,
  }),
  shareLink: endpoint({
    method: 'POST',
    path: '/api/workspaces/:id/invoices/:documentId/share-link',
    params: documentParams,
    response: shareLinkDto,
  }),
  publicInvoice: endpoint({
    method: 'GET',
    path: '/api/storefront/:slug/invoices/:number',
    params: publicParams,
    query: tokenQuery,
    response: publicInvoiceDto,
  }),
  payInvoice: endpoint({
    method: 'POST',
    path: '/api/storefront/:slug/invoices/:number/pay',
    params: publicParams,
    body: payInvoiceBody,
    response: payInvoiceDto,
  }),
  publicQuote: endpoint({
    method: 'GET',
    path: '/api/storefront/:slug/quotes/:number',
    params: publicParams,
    query: z.object({ t: text().max(200).optional() }),
    response: publicQuoteDto,
  }),
  acceptQuote: endpoint({
    method: 'POST',
    path: '/api/storefront/:slug/quotes/:number/accept',
    params: publicParams,
    body: acceptQuoteBody,
    response: publicQuoteDto,
  }),
} as const;
