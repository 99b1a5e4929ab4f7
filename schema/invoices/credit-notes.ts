/**
 * Credit notes (SARS s21): a sent invoice is never edited; a correction is a credit note that names
 * it. A credit note is a document of kind `credit_note` in the invoices collection, with its own
 * number series (CRN), and the invoice records each one in `credits`, so its balance follows from it
 * alone. Shared by the device (which writes both) and the server (which checks both).
 */
import { creditedCents, documentTotals, paidCents, quantityThousandths, statusFromPayments } from './invoice-totals.js';
import { balanceDueCents } from './invoice-payments.js';
import { creditMessages, type DocumentItem, type Invoice } from './invoices.js';

/** What is credited: some of the invoice's lines (by line id, with a quantity each) or an amount with VAT inside it. */
export type CreditChoice =
  { mode: 'lines'; lines: readonly { id: string; quantity: number }[] } | { mode: 'amount'; amount_cents: number; tax_rate_bp: number };

export function invoiceTotalCents(inv: Pick<Invoice, 'items' | 'prices_include_vat'>): number {
  return documentTotals(inv.items, inv.prices_include_vat === true).total_cents;
}

/** How much may still be credited: the invoice total less its earlier credit notes. */
export function remainingToCreditCents(inv: Pick<Invoice, 'items' | 'prices_include_vat' | 'credits'>): number {
  return Math.max(0, invoiceTotalCents(inv) - creditedCents(inv.credits));
}

/** Why an invoice cannot take a credit note at all, or null. */
export function creditRefusedFor(inv: Pick<Invoice, 'kind' | 'status' | 'invoice_number'> | undefined): string | null {
  if (!inv || inv.kind === 'credit_note' || inv.invoice_number === undefined) return creditMessages.notInvoice;
  if (inv.status === 'draft') return creditMessages.draft;
  if (inv.status === 'cancelled') return creditMessages.cancelled;
  return null;
}

/**
 * The quantity of each invoice line (by line id) its earlier credit notes took back, in thousandths;
 * lines credited by amount count for no line.
 */
export function creditedQuantities(notes: readonly Pick<Invoice, 'items'>[]): Map<string, bigint> {
  const out = new Map<string, bigint>();
  for (const note of notes) for (const item of note.items) out.set(item.id, (out.get(item.id) ?? 0n) + quantityThousandths(item.quantity));
  return out;
}

/** The credit note's lines for a choice; throws with the user's message when nothing is credited. */
export function creditNoteItems(
  inv: Pick<Invoice, 'items' | 'invoice_number'>,
  choice: CreditChoice,
  reason: string,
  earlier: ReadonlyMap<string, bigint> = new Map(),
): DocumentItem[] {
  if (choice.mode === 'amount') {
    if (!(choice.amount_cents > 0)) throw new Error(creditMessages.nothing);
    return [
      {
        id: 'credit-amount',
        description: `Credit on invoice ${inv.invoice_number ?? ''}: ${reason}`.slice(0, 1000),
        quantity: 1,
        unit_price_cents: choice.amount_cents,
        tax_rate_bp: choice.tax_rate_bp,
      },
    ];
  }
  const items: DocumentItem[] = [];
  for (const chosen of choice.lines) {
    if (!(chosen.quantity > 0)) continue;
    const line = inv.items.find((i) => i.id === chosen.id);
    if (!line) throw new Error(creditMessages.nothing);
    const left = quantityThousandths(line.quantity) - (earlier.get(line.id) ?? 0n);
    if (quantityThousandths(chosen.quantity) > left) throw new Error(creditMessages.quantity);
    items.push({ ...line, quantity: chosen.quantity });
  }
  if (items.length === 0) throw new Error(creditMessages.nothing);
  return items;
}

/**
 * A credit note against `inv` and the invoice after it: the note is issued at once (numbered, sent,
 * naming the invoice), and the invoice records it and takes the status its payments and credits
 * give it. Throws with the user's message when the invoice cannot take it or it is too large.
 */
export function writeCreditNote(
  inv: Invoice,
  opts: {
    id: string;
    number: string;
    today: string;
    updatedAt: string;
    reason: string;
    choice: CreditChoice;
    /** The invoice's earlier credit notes, for the quantities already credited per line. */
    earlier?: readonly Pick<Invoice, 'items'>[];
  },
): { note: Invoice; invoice: Invoice } {
  const refused = creditRefusedFor(inv);
  if (refused) throw new Error(refused);
  const reason = opts.reason.trim();
  if (reason === '') throw new Error(creditMessages.reason);
  const items = creditNoteItems(inv, opts.choice, reason, creditedQuantities(opts.earlier ?? []));
  // An amount is typed as the customer sees it, VAT inside; credited lines keep the invoice's arithmetic.
  const pricesIncludeVat = opts.choice.mode === 'amount' ? true : inv.prices_include_vat;
  const totals = documentTotals(items, pricesIncludeVat);
  if (totals.total_cents <= 0) throw new Error(creditMessages.nothing);
  if (totals.total_cents > remainingToCreditCents(inv)) throw new Error(creditMessages.overCredit);
  const note: Invoice = {
    id: opts.id,
    workspace_id: inv.workspace_id,
    updated_at: opts.updatedAt,
    kind: 'credit_note',
    customer_name: inv.customer_name,
    issue_date: opts.today,
    currency: inv.currency,
    prices_include_vat: pricesIncludeVat,
    items,
    status: 'sent',
    credit_note_number: opts.number,
    credit_for_invoice_id: inv.id,
    credit_for_number: inv.invoice_number,
    credit_reason: reason,
    ...totals,
  };
  if (inv.contact_id !== undefined) note.contact_id = inv.contact_id;
  if (inv.customer_email !== undefined) note.customer_email = inv.customer_email;
  if (inv.customer_address !== undefined) note.customer_address = inv.customer_address;
  const credits = [...(inv.credits ?? []), { id: note.id, number: opts.number, amount_cents: totals.total_cents, date: opts.today }];
  const status = statusFromPayments(invoiceTotalCents(inv), paidCents(inv.payments), creditedCents(credits));
  return { note, invoice: { ...inv, credits, status, updated_at: opts.updatedAt } };
}

/** A pushed credit note's own shape (the server refuses it with this): issued, numbered, naming an invoice, with a reason. */
export function creditNoteProblem(
  doc: Pick<
    Invoice,
    | 'kind'
    | 'status'
    | 'credit_note_number'
    | 'credit_for_invoice_id'
    | 'credit_for_number'
    | 'credit_reason'
    | 'payments'
    | 'credits'
    | 'invoice_number'
  >,
): string | null {
  if (doc.kind !== 'credit_note') return null;
  if (!doc.credit_for_invoice_id || !doc.credit_for_number) return creditMessages.notInvoice;
  if (!doc.credit_note_number || doc.invoice_number !== undefined) return creditMessages.number;
  if (doc.status !== 'sent') return creditMessages.issued;
  if (!doc.credit_reason || doc.credit_reason.trim() === '') return creditMessages.reason;
  if ((doc.payments?.length ?? 0) > 0 || (doc.credits?.length ?? 0) > 0) return creditMessages.onCredit;
  return null;
}

/** What the invoice shows about its credit notes and the money: credited, paid, still owed, and owed back. */
export function invoiceMoney(inv: Pick<Invoice, 'items' | 'prices_include_vat' | 'payments' | 'credits'>) {
  const total = invoiceTotalCents(inv);
  const credited = creditedCents(inv.credits);
  const paid = paidCents(inv.payments);
  return { total, credited, paid, balance: balanceDueCents(inv), owedBack: Math.max(0, paid + credited - total) };
}
