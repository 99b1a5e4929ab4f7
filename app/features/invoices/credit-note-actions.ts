import { creditRefusedFor, writeCreditNote, type CreditChoice } from '../../../schema/invoices/credit-notes';
import { creditMessages, type Invoice } from '../../../schema/invoices/invoices';
import type { UserData } from '../../data/db';
import { drawNumber, topUpAndAssign } from './numbering';

/** The credit notes written against an invoice on this device, oldest first. */
export async function creditNotesOf(data: UserData, invoice: Pick<Invoice, 'id' | 'workspace_id'>): Promise<Invoice[]> {
  const docs = await data.db.invoices
    .find({ selector: { workspace_id: invoice.workspace_id, kind: 'credit_note', credit_for_invoice_id: invoice.id } })
    .exec();
  return docs
    .map((d) => d.toMutableJSON())
    .sort((a, b) => a.issue_date.localeCompare(b.issue_date) || a.updated_at.localeCompare(b.updated_at));
}

/**
 * Issues a credit note against a sent invoice, on this device (offline too): checked first, so a
 * refused one costs no number; then the invoice records it and the note is stored, in that order,
 * so the invoice reaches the server first and the note finds it issued there.
 */
export async function createCreditNote(
  data: UserData,
  invoiceId: string,
  opts: { reason: string; choice: CreditChoice; today: string },
): Promise<{ id: string; number: string }> {
  const doc = await data.db.invoices.findOne(invoiceId).exec();
  if (!doc) throw new Error('This invoice is no longer on this device');
  const invoice = doc.toMutableJSON();
  const refused = creditRefusedFor(invoice);
  if (refused) throw new Error(refused);
  const earlier = await creditNotesOf(data, invoice);
  const id = crypto.randomUUID();
  const base = { id, today: opts.today, reason: opts.reason, choice: opts.choice, earlier };
  writeCreditNote(invoice, { ...base, number: 'CRN-CHECK', updatedAt: new Date().toISOString() });
  let number = await drawNumber(data, invoice.workspace_id, 'credit_note');
  if (number === null && navigator.onLine) {
    // The first credit note of a workspace: its block is being reserved (or can be now).
    await topUpAndAssign(data, invoice.workspace_id).catch(() => undefined);
    number = await drawNumber(data, invoice.workspace_id, 'credit_note');
  }
  if (number === null) throw new Error(creditMessages.noNumbers);
  const updatedAt = new Date().toISOString();
  let note: Invoice | undefined;
  await doc.incrementalModify((old) => {
    const written = writeCreditNote(old, { ...base, number, updatedAt });
    note = written.note;
    return written.invoice;
  });
  if (!note) throw new Error(creditMessages.nothing);
  await data.db.invoices.insert(note);
  return { id, number };
}
