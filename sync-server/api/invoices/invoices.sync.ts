import { creditNoteProblem, creditRefusedFor, invoiceTotalCents } from '../../../schema/invoices/credit-notes.js';
import { invoicePaymentProblem, paymentsOrCreditsChangeRefused } from '../../../schema/invoices/invoice-payments.js';
import {
  creditMessages,
  invoiceChangeRefused,
  invoiceFrozen,
  invoices,
  quoteChangeRefused,
  quoteFrozen,
  quotes,
  sendMessages,
  totalsOfDocument,
  type Invoice,
  type SendRequest,
} from '../../../schema/invoices/invoices.js';
import type { Transaction } from '../../db/db.js';
import { entityRules } from '../../sync/collection-rules.js';
import { recordDeliveries } from './invoice-delivery.repo.js';
import { creditNoteLedger } from './credit-notes.repo.js';
import { fixIssuedSeller } from './issued-seller.repo.js';

interface Issuable {
  id: string;
  status: string;
  send_request?: SendRequest;
}

/**
 * After a write: the documents issued by it get their seller fixed (`fixIssuedSeller`), and a pushed
 * e-mail request becomes a delivery row, which the job queue sends once (DESIGN.md §12).
 */
function afterDocumentWrite(kind: 'invoice' | 'quote') {
  return async (
    tx: Transaction,
    written: { workspaceId: number; docs: readonly Issuable[]; before: ReadonlyMap<string, Record<string, unknown>> },
  ) => {
    const issued = written.docs.filter((d) => d.status !== 'draft' && written.before.get(d.id)?.issued_seller == null);
    await fixIssuedSeller(
      tx,
      kind === 'invoice' ? 'invoices' : 'quotes',
      written.workspaceId,
      issued.map((d) => d.id),
    );
    const rows = written.docs.flatMap((d) =>
      d.send_request ? [{ id: d.send_request.id, kind, documentId: d.id, to: d.send_request.to, at: d.send_request.at }] : [],
    );
    await recordDeliveries(tx, written.workspaceId, rows);
  };
}

function numbered(doc: Invoice): boolean {
  return doc.kind === 'credit_note' ? doc.credit_note_number !== undefined : doc.invoice_number !== undefined;
}

/**
 * Credit notes never take more than their invoice's total less its earlier credit notes (s21): the
 * stored credit notes are summed under the workspace lock, with the ones in this push in order.
 */
async function refuseOverCredit(tx: Transaction, pushed: { workspaceId: number; docs: readonly Invoice[] }) {
  const refused = new Map<string, string>();
  const notes = pushed.docs.filter((d) => d.kind === 'credit_note' && d.credit_for_invoice_id !== undefined);
  if (notes.length === 0) return refused;
  const invoiceIds = [...new Set(notes.map((n) => n.credit_for_invoice_id as string))];
  const ledger = await creditNoteLedger(
    tx,
    pushed.workspaceId,
    invoiceIds,
    notes.map((n) => n.id),
  );
  const pushedById = new Map(pushed.docs.map((d) => [d.id, d]));
  const credited = new Map(ledger.credited);
  for (const note of notes) {
    const invoiceId = note.credit_for_invoice_id as string;
    const pushedInvoice = pushedById.get(invoiceId);
    const invoice = pushedInvoice ?? ledger.invoices.get(invoiceId);
    if (!invoice) {
      refused.set(note.id, creditMessages.notInvoice);
      continue;
    }
    if (invoice.currency !== note.currency) {
      refused.set(note.id, creditMessages.currency);
      continue;
    }
    const amount = totalsOfDocument(note).total_cents;
    const already = credited.get(invoiceId) ?? 0;
    if (amount <= 0 || already + amount > invoiceTotalCents(invoice)) {
      refused.set(note.id, creditMessages.overCredit);
      continue;
    }
    credited.set(invoiceId, already + amount);
  }
  return refused;
}

/**
 * Invoices and their credit notes: totals computed by the server from the lines and the document's
 * VAT choice; sent documents locked, paid ones frozen; a credit note names an issued invoice of the
 * workspace (s21), never credits more than is left, and never changes once written.
 */
export const invoiceRules = entityRules(invoices, {
  validate: (doc) => (doc.send_request && !numbered(doc) ? sendMessages.noNumber : (creditNoteProblem(doc) ?? invoicePaymentProblem(doc))),
  derive: (doc) => ({ ...totalsOfDocument(doc) }),
  frozen: invoiceFrozen,
  changeRefused: (stored, incoming) => invoiceChangeRefused(stored, incoming) ?? paymentsOrCreditsChangeRefused(stored, incoming),
  references: (raw) =>
    raw.kind === 'credit_note' && typeof raw.credit_for_invoice_id === 'string' ? raw.credit_for_invoice_id : undefined,
  referenceRefused: (doc, referenced) => {
    if (doc.kind !== 'credit_note') return null;
    if (!referenced || referenced._deleted === true) return creditMessages.notInvoice;
    // The note that credits an invoice in full cancels it, in the same push: that one still names it.
    const creditedByThis =
      Array.isArray(referenced.credits) && referenced.credits.some((c: unknown) => Reflect.get(Object(c), 'id') === doc.id);
    const status = referenced.status === 'cancelled' && creditedByThis ? 'sent' : referenced.status;
    return creditRefusedFor({
      kind: referenced.kind === 'credit_note' ? 'credit_note' : 'invoice',
      status: status === 'draft' || status === 'cancelled' ? status : 'sent',
      invoice_number: typeof referenced.invoice_number === 'string' ? referenced.invoice_number : undefined,
    });
  },
  refuseUnderLock: refuseOverCredit,
  kept: ['issued_seller'],
  afterWrite: afterDocumentWrite('invoice'),
});

/** Quotes: as invoices; a converted quote is frozen. */
export const quoteRules = entityRules(quotes, {
  validate: (doc) => (doc.send_request && !doc.quote_number ? sendMessages.noNumber : null),
  derive: (doc) => ({ ...totalsOfDocument(doc) }),
  frozen: quoteFrozen,
  changeRefused: quoteChangeRefused,
  kept: ['issued_seller'],
  afterWrite: afterDocumentWrite('quote'),
});
