import { z } from 'zod';
import {
  creditedCents,
  documentTotals,
  documentTotalsFit,
  paidCents,
  QUANTITY_DECIMALS,
  statusFromPayments,
  type DocumentTotals,
} from './invoice-totals.js';
import { calendarDate, cents, inputMessages, instant, text } from '../kit/input.js';
import { replicatedEntity, type ColumnKind, type ConflictMerge } from '../sync/replicated-entity.js';

export * from './invoice-totals.js';

const price = cents(0, 9_999_999_999);

/** A calendar date as YYYY-MM-DD (no time zone: an invoice is due on a day, wherever you are). */
export const isoDate = calendarDate;

/** Rates in hundredths of a percent: 1500 = 15.00 %. */
const basisPoints = z.number().int().min(0).max(10_000);

export const itemMessages = {
  description: 'Each line needs a description',
  quantity: 'Quantity must be more than 0',
  quantityDecimals: `Quantity can have at most ${QUANTITY_DECIMALS} decimals`,
  oneLine: 'Add at least one line',
  customer: 'Customer name is required',
} as const;

/**
 * One line of an invoice or quote. Prices are integer cents, with or without VAT as the document says; the quantity may be
 * fractional (hours, kilograms) with up to 3 decimals.
 */
export const documentItem = z.object({
  id: text().min(1).max(64),
  description: text().trim().min(1, itemMessages.description).max(1000),
  quantity: z
    .number()
    .gt(0, itemMessages.quantity)
    .max(1_000_000)
    .refine((q) => Math.abs(q * 1000 - Math.round(q * 1000)) < 1e-6, itemMessages.quantityDecimals),
  unit_price_cents: price,
  tax_rate_bp: basisPoints,
  discount_bp: basisPoints.optional(),
  product_id: text(64).optional(),
});
export type DocumentItem = z.infer<typeof documentItem>;

/** What invoices and quotes share: the customer (a contact plus a snapshot), dates, lines, notes. */
const common = {
  contact_id: text(64).optional(),
  // A copy of the customer as it was when the document was written: a later edit to the contact
  // must not change an invoice already sent.
  customer_name: text().trim().min(1, itemMessages.customer).max(255),
  customer_email: text(255).optional(),
  customer_address: text(1000).optional(),
  issue_date: isoDate,
  currency: text().length(3, 'Currency must be a 3-letter code').default('USD'),
  // The workspace's setting when the document was written; the totals follow it, not a later change.
  prices_include_vat: z.boolean().default(false),
  // Lines are bounded one by one; their sum is bounded here, so every total stays exact (schema/kit/input.ts).
  items: z.array(documentItem).min(1, itemMessages.oneLine).max(200).refine(documentTotalsFit, inputMessages.documentTotal),
  notes: text(5000).optional(),
  terms: text(5000).optional(),
};

/** Computed by the server from `items` (and by the app, offline, with the same function). */
const total = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
const totals = {
  subtotal_cents: total.optional(),
  discount_cents: total.optional(),
  tax_cents: total.optional(),
  total_cents: total.optional(),
};

/**
 * The seller as it stood when the document was issued (when it first reached the server as anything
 * but a draft): its name, address, VAT number and registration number, fixed on the document from
 * then on, so a sent "Invoice" stays one after the workspace registers for VAT (DESIGN.md §14). The
 * server writes it; a draft has none and shows the workspace as it is now.
 */
export const issuedSeller = z.object({
  name: text(255),
  address: text(300).optional(),
  vat_number: text(30).optional(),
  registration_number: text(30).optional(),
});
export type IssuedSeller = z.infer<typeof issuedSeller>;

/** What the server adds to an invoice or quote: its totals, and the seller it was issued by. */
const serverFields = { ...totals, issued_seller: issuedSeller.optional() };

const commonColumns = {
  contact_id: 'text',
  customer_name: 'text',
  customer_email: 'text',
  customer_address: 'text',
  issue_date: 'text',
  currency: 'text',
  prices_include_vat: 'bool',
  items: 'jsonb',
  notes: 'text',
  terms: 'text',
  subtotal_cents: 'bigint',
  discount_cents: 'bigint',
  tax_cents: 'bigint',
  total_cents: 'bigint',
} satisfies Record<string, ColumnKind>;

export const invoiceStatus = z.enum(['draft', 'sent', 'partially_paid', 'paid', 'cancelled']);
export type InvoiceStatus = z.infer<typeof invoiceStatus>;
export const quoteStatus = z.enum(['draft', 'sent', 'accepted', 'declined']);
export type QuoteStatus = z.infer<typeof quoteStatus>;

export const paymentMessages = {
  overpaid: 'A payment cannot be more than the balance due.',
  amount: 'Enter an amount more than 0',
  date: 'Payment date must be a date',
  beforeIssue: 'Payment date cannot be before the issue date',
  notPayable: 'Only a sent invoice can take a payment.',
  removed: 'A recorded payment cannot be changed or removed. Write a credit note to correct it.',
  status: 'The invoice status must follow from its payments.',
} as const;

/** A credit note (SARS s21): the only way to correct an invoice once it was sent. */
export const creditMessages = {
  draft: 'A draft invoice cannot take a credit note. Edit the draft instead, or send it first.',
  cancelled: 'A cancelled invoice cannot take a credit note.',
  notInvoice: 'A credit note must name an issued invoice of this workspace.',
  overCredit: 'A credit note cannot be more than the invoice total less earlier credit notes.',
  reason: 'Give a reason for the credit note',
  nothing: 'Choose at least one line to credit, or an amount',
  quantity: 'Credit at most the quantity still on the invoice',
  number: 'A credit note needs its own credit note number.',
  issued: 'A credit note is issued when it is written: its status is sent.',
  currency: 'A credit note is in the currency of the invoice it corrects.',
  locked: 'A credit note cannot be changed or deleted. Write another credit note to correct it.',
  creditsRemoved: 'A recorded credit note cannot be changed or removed from its invoice.',
  onCredit: 'A credit note cannot take payments or credit notes of its own.',
  noNumbers: 'This device has no credit note numbers left. Go online once so it can reserve some, then try again.',
} as const;

export const paymentMethod = z.enum(['cash', 'card', 'eft', 'online', 'other']);
export type PaymentMethod = z.infer<typeof paymentMethod>;
export const paymentMethodLabels: Record<PaymentMethod, string> = {
  cash: 'Cash',
  card: 'Card',
  eft: 'EFT',
  online: 'Paid online',
  other: 'Other',
};

/** One payment towards an invoice (spec §3 order_payments), recorded on a device or by the card partner's webhook. */
export const invoicePayment = z.object({
  id: text().min(1).max(64),
  amount_cents: cents(1, 9_999_999_999),
  date: isoDate,
  method: paymentMethod,
  reference: text(255).optional(),
});
export type InvoicePayment = z.infer<typeof invoicePayment>;

export const sendMessages = {
  email: 'Please enter a valid email address',
  noNumber: 'A document without a number cannot be sent.',
} as const;

/**
 * "Send this by e-mail", recorded on the document so it syncs from offline (DESIGN.md §12). A new
 * id is a new request; the server sends each id once.
 */
export const sendRequest = z.object({
  id: text().min(1).max(64),
  to: text().trim().max(255).email(sendMessages.email),
  at: instant,
});
export type SendRequest = z.infer<typeof sendRequest>;

/** One credit note's amount, recorded on the invoice it corrects, so the invoice's balance is known from the invoice alone. */
export const invoiceCredit = z.object({
  /** The credit note's document id (a document of kind credit_note in the same collection). */
  id: text().min(1).max(64),
  number: text(32),
  amount_cents: cents(1, 9_999_999_999),
  date: isoDate,
});
export type InvoiceCredit = z.infer<typeof invoiceCredit>;

/** An invoice, or a credit note (SARS s21) correcting one: both live in the invoices collection. */
export const invoiceKind = z.enum(['invoice', 'credit_note']);
export type InvoiceKind = z.infer<typeof invoiceKind>;

const paymentList = z.array(invoicePayment);
const itemList = z.array(documentItem);
const creditList = z.array(invoiceCredit);
const settledByPayments = new Set(['sent', 'partially_paid', 'paid']);

/**
 * Payments are only ever added, on a device or by the card partner's webhook on the server, so an
 * invoice whose payments changed on both sides keeps both: the server's in their order, then ours it
 * does not have (by payment id). Its status and paid date then follow from all of them, as the
 * payment rules say; a union over the total is left to the server to refuse. Every other field
 * merges field by field (app/data/conflicts.ts).
 */
const mergeInvoicePayments: ConflictMerge = (server, local, result) => {
  if (!result.lost.some((l) => l.field === 'payments')) return result;
  const ours = paymentList.safeParse(Reflect.get(local, 'payments'));
  const theirs = paymentList.safeParse(Reflect.get(server, 'payments') ?? []);
  if (!ours.success || !theirs.success) return result;
  const known = new Set(theirs.data.map((p) => p.id));
  const added = ours.data.filter((p) => !known.has(p.id));
  const payments: InvoicePayment[] = [...theirs.data, ...added];
  const merged = { ...result.merged };
  Reflect.set(merged, 'payments', payments);
  const settled = new Set(['payments']);
  const items = itemList.safeParse(Reflect.get(merged, 'items'));
  const status: unknown = Reflect.get(merged, 'status');
  const total = items.success ? documentTotals(items.data, Reflect.get(merged, 'prices_include_vat') === true).total_cents : 0;
  const paid = paidCents(payments);
  if (items.success && typeof status === 'string' && settledByPayments.has(status) && paid <= total) {
    const next = statusFromPayments(total, paid, creditedCents(creditList.safeParse(Reflect.get(merged, 'credits') ?? []).data));
    Reflect.set(merged, 'status', next);
    settled.add('status');
    if (next === 'paid' && Reflect.get(merged, 'paid_date') === undefined) {
      const last = [...payments].sort((a, b) => (a.date < b.date ? -1 : 1)).at(-1);
      if (last) Reflect.set(merged, 'paid_date', last.date);
    }
    settled.add('paid_date');
  }
  return { merged, lost: result.lost.filter((l) => !settled.has(l.field)) };
};

/** 2: a document written before the choice existed keeps its VAT-on-top arithmetic. */
function pricesExcludedVat(old: Record<string, unknown>): Record<string, unknown> {
  return { ...old, prices_include_vat: old.prices_include_vat ?? false };
}

/** spec §3 invoices (items embedded, DESIGN.md §5). */
export const invoices = replicatedEntity({
  name: 'invoices',
  version: 4,
  // Add one strategy per version bump; stored documents outlive app versions.
  migrationStrategies: {
    // 1: payments and the e-mail request (both optional: an older document is valid as it is).
    1: (old) => old,
    2: pricesExcludedVat,
    // 3: credit notes share the collection; every document written before is an invoice.
    3: (old) => ({ ...old, kind: old.kind ?? 'invoice' }),
    // 4: the seller fixed at issue (server-written, optional).
    4: (old) => old,
  },
  fields: {
    ...common,
    // Absent on an invoice written before credit notes existed: an invoice.
    kind: invoiceKind.optional(),
    // Absent until the device that wrote it has a reserved number to give it.
    invoice_number: text(32).optional(),
    status: invoiceStatus.default('draft'),
    due_date: isoDate.optional(),
    paid_date: isoDate.optional(),
    converted_from_quote_id: text(64).optional(),
    payments: z.array(invoicePayment).max(200).optional(),
    /** On an invoice: the credit notes written against it (append-only, as payments). */
    credits: z.array(invoiceCredit).max(200).optional(),
    send_request: sendRequest.optional(),
    /** On a credit note: its own number (CRN-…), the invoice it corrects (id and number, s21) and why. */
    credit_note_number: text(32).optional(),
    credit_for_invoice_id: text(64).optional(),
    credit_for_number: text(32).optional(),
    credit_reason: text(500).optional(),
  },
  serverOnly: serverFields,
  merge: mergeInvoicePayments,
  columns: {
    ...commonColumns,
    kind: 'text',
    credits: 'jsonb',
    credit_note_number: 'text',
    credit_for_invoice_id: 'text',
    credit_for_number: 'text',
    credit_reason: 'text',
    invoice_number: 'text',
    status: 'text',
    due_date: 'text',
    paid_date: 'text',
    converted_from_quote_id: 'text',
    payments: 'jsonb',
    send_request: 'jsonb',
    issued_seller: 'jsonb',
  },
});
export type Invoice = z.infer<typeof invoices.doc>;

/** spec §3 quotes (items embedded). */
export const quotes = replicatedEntity({
  name: 'quotes',
  version: 3,
  migrationStrategies: {
    // 1: the e-mail request (optional).
    1: (old) => old,
    2: pricesExcludedVat,
    // 3: the seller fixed at issue (server-written, optional).
    3: (old) => old,
  },
  fields: {
    ...common,
    quote_number: text(32).optional(),
    status: quoteStatus.default('draft'),
    expiry_date: isoDate.optional(),
    converted_to_invoice_id: text(64).optional(),
    send_request: sendRequest.optional(),
  },
  serverOnly: serverFields,
  columns: {
    ...commonColumns,
    quote_number: 'text',
    status: 'text',
    expiry_date: 'text',
    converted_to_invoice_id: 'text',
    send_request: 'jsonb',
    issued_seller: 'jsonb',
  },
});
export type Quote = z.infer<typeof quotes.doc>;

/** The totals of a document's lines; lines that do not parse count for nothing. */
export function totalsOfItems(items: unknown, pricesIncludeVat = false): DocumentTotals {
  const parsed = z.array(documentItem).safeParse(items);
  return documentTotals(parsed.success ? parsed.data : [], pricesIncludeVat);
}

/** A document's totals from its lines and its own VAT choice. */
export function totalsOfDocument(doc: { items?: unknown; prices_include_vat?: boolean }): DocumentTotals {
  return totalsOfItems(doc.items, doc.prices_include_vat === true);
}

/** Why a stored document may no longer change (the server refuses the push with this message). */
export const frozenMessages = {
  invoicePaid: 'This invoice is paid and can no longer be changed.',
  invoiceCancelled: 'This invoice is cancelled and can no longer be changed.',
  quoteConverted: 'This quote was converted to an invoice and can no longer be changed.',
  quoteDeclined: 'This quote was declined and can no longer be changed.',
} as const;

export const lockedMessages = {
  number: 'A document keeps the number it was given.',
  invoiceIssued: 'A sent invoice’s customer, dates and lines can no longer be changed. Cancel it and write a new one.',
  quoteIssued: 'A sent or answered quote’s customer, dates and lines can no longer be changed. Write a new quote instead.',
  backToDraft: 'A document that was sent cannot go back to draft.',
  deleteIssued: 'A sent document cannot be deleted. Cancel or decline it instead.',
} as const;

/** What a customer has seen on a sent document: it may not change afterwards. */
const issuedFields = [
  'contact_id',
  'customer_name',
  'customer_email',
  'customer_address',
  'issue_date',
  'currency',
  'prices_include_vat',
  'items',
  'terms',
] as const;

/** JSON with object keys sorted: the database's jsonb keeps its own key order, not the client's. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'undefined';
}

function differs(a: unknown, b: unknown): boolean {
  return canonical(a) !== canonical(b);
}

/**
 * A change to a stored document that is refused even though the document is not frozen: a number
 * once given stays, a sent document keeps what the customer saw, and nothing goes back to draft.
 * `stored` and `incoming` are the client-written fields of the stored and the pushed document.
 */
function lockedChange(
  stored: Record<string, unknown>,
  incoming: Record<string, unknown>,
  numberField: string,
  issuedMessage: string,
): string | null {
  if (typeof stored[numberField] === 'string' && differs(stored[numberField], incoming[numberField])) return lockedMessages.number;
  if (stored.status === 'draft') return null;
  if (incoming._deleted === true) return lockedMessages.deleteIssued;
  if (incoming.status === 'draft') return lockedMessages.backToDraft;
  if (issuedFields.some((f) => differs(stored[f], incoming[f]))) return issuedMessage;
  return null;
}

/** What a credit note says once written: nothing of it changes afterwards (only an e-mail request may be added). */
const creditNoteFields = [
  ...issuedFields,
  'kind',
  'status',
  'notes',
  'due_date',
  'payments',
  'credits',
  'credit_note_number',
  'credit_for_invoice_id',
  'credit_for_number',
  'credit_reason',
] as const;

export function invoiceChangeRefused(stored: Record<string, unknown>, incoming: Record<string, unknown>): string | null {
  if (stored.kind === 'credit_note' || incoming.kind === 'credit_note') {
    if (incoming._deleted === true || stored.kind !== incoming.kind) return creditMessages.locked;
    return creditNoteFields.some((f) => differs(stored[f], incoming[f])) ? creditMessages.locked : null;
  }
  return lockedChange(stored, incoming, 'invoice_number', lockedMessages.invoiceIssued);
}

export function quoteChangeRefused(stored: Record<string, unknown>, incoming: Record<string, unknown>): string | null {
  return lockedChange(stored, incoming, 'quote_number', lockedMessages.quoteIssued);
}

/**
 * Why a stored invoice takes no more changes. A paid invoice still takes a credit note (a refund is
 * owed then): the change that adds credits and stays paid goes through, to the other rules.
 */
export function invoiceFrozen(
  stored: { status?: unknown; credits?: unknown },
  incoming?: { status?: unknown; credits?: unknown },
): string | null {
  const credits = (v: unknown) => (Array.isArray(v) ? v.length : 0);
  if (stored.status === 'paid' && incoming?.status === 'paid' && credits(incoming.credits) > credits(stored.credits)) return null;
  if (stored.status === 'paid') return frozenMessages.invoicePaid;
  if (stored.status === 'cancelled') return frozenMessages.invoiceCancelled;
  return null;
}

export function quoteFrozen(stored: { status?: unknown; converted_to_invoice_id?: unknown }): string | null {
  if (typeof stored.converted_to_invoice_id === 'string') return frozenMessages.quoteConverted;
  if (stored.status === 'declined') return frozenMessages.quoteDeclined;
  return null;
}

export const documentPrefixes = { invoice: 'INV', quote: 'QUO', credit_note: 'CRN' } as const;

/** INV-000123 / QUO-000045 / CRN-000007: six digits at least, more once the numbers grow past them. */
export function formatDocumentNumber(kind: keyof typeof documentPrefixes, n: number): string {
  return `${documentPrefixes[kind]}-${String(n).padStart(6, '0')}`;
}
