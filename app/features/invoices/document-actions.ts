import { invoiceFrozen, quoteFrozen, totalsOfDocument, totalsOfItems, type Invoice, type Quote } from '../../../schema/invoices/invoices';
import type { UserData } from '../../data/db';
import type { CheckedDraft } from './document-draft';
import { invoiceFromQuote } from './document-status';
import { drawNumber, rememberUnnumbered, type DocumentKind } from './numbering';

/** The new document's id and whether it got a number (false: offline and out of numbers). */
export interface Created {
  id: string;
  number: string | null;
}

/** A contact for a customer typed in the form, so the CRM knows them too. */
async function ensureContact(data: UserData, workspaceId: number, contactId: string, value: CheckedDraft, at: string): Promise<string> {
  if (contactId !== 'new') return contactId;
  const id = crypto.randomUUID();
  await data.db.contacts.insert({
    id,
    workspace_id: workspaceId,
    updated_at: at,
    name: value.customerName,
    status: 'active',
    stage: 'Customer',
    ...(value.customerEmail ? { email: value.customerEmail } : {}),
    ...(value.customerAddress ? { address: value.customerAddress } : {}),
  });
  return id;
}

/** The fields a form edits, with the locally computed totals (the server recomputes its own). */
function formFields(value: CheckedDraft, contactId: string) {
  const fields: Pick<
    Invoice,
    'customer_name' | 'issue_date' | 'items' | 'prices_include_vat' | 'contact_id' | 'customer_email' | 'customer_address' | 'notes'
  > &
    Pick<Invoice, 'subtotal_cents' | 'discount_cents' | 'tax_cents' | 'total_cents'> = {
    customer_name: value.customerName,
    issue_date: value.issueDate,
    items: value.items,
    prices_include_vat: value.pricesIncludeVat,
    contact_id: contactId,
    customer_email: value.customerEmail,
    customer_address: value.customerAddress,
    notes: value.notes,
    ...totalsOfItems(value.items, value.pricesIncludeVat),
  };
  return fields;
}

/** Drops undefined fields: RxDB stores absent fields, never undefined ones. */
function defined<T extends object>(doc: T): T {
  for (const key of Object.keys(doc)) if (Reflect.get(doc, key) === undefined) Reflect.deleteProperty(doc, key);
  return doc;
}

export async function createDocument(
  data: UserData,
  opts: { kind: DocumentKind; workspaceId: number; contactId: string; currency: string; value: CheckedDraft },
): Promise<Created> {
  const at = new Date().toISOString();
  const id = crypto.randomUUID();
  const contactId = await ensureContact(data, opts.workspaceId, opts.contactId, opts.value, at);
  const number = await drawNumber(data, opts.workspaceId, opts.kind);
  const base = {
    id,
    workspace_id: opts.workspaceId,
    updated_at: at,
    currency: opts.currency,
    status: 'draft' as const,
    ...formFields(opts.value, contactId),
  };
  if (opts.kind === 'invoice') {
    await data.db.invoices.insert(defined<Invoice>({ ...base, due_date: opts.value.endDate, invoice_number: number ?? undefined }));
  } else {
    await data.db.quotes.insert(defined<Quote>({ ...base, expiry_date: opts.value.endDate, quote_number: number ?? undefined }));
  }
  if (number === null) await rememberUnnumbered(data, opts.kind, id, opts.workspaceId);
  return { id, number };
}

const editedKeys = ['contact_id', 'customer_email', 'customer_address', 'notes'] as const;

/** Saves an edited draft over the stored one; fields emptied in the form are removed. */
export async function updateDocument(
  data: UserData,
  opts: { kind: DocumentKind; id: string; workspaceId: number; contactId: string; value: CheckedDraft },
) {
  const at = new Date().toISOString();
  const contactId = await ensureContact(data, opts.workspaceId, opts.contactId, opts.value, at);
  const fields = formFields(opts.value, contactId);
  const apply = <T extends Invoice | Quote>(old: T, end: Partial<T>): T => {
    const next: T = { ...old, ...defined({ ...fields }), ...defined(end), updated_at: at };
    for (const key of editedKeys) if (fields[key] === undefined) Reflect.deleteProperty(next, key);
    return next;
  };
  if (opts.kind === 'invoice') {
    const doc = await data.db.invoices.findOne(opts.id).exec();
    if (!doc) throw new Error('This invoice is no longer on this device');
    await doc.incrementalModify((old) => {
      const next = apply(old, { due_date: opts.value.endDate });
      if (opts.value.endDate === undefined) delete next.due_date;
      return next;
    });
  } else {
    const doc = await data.db.quotes.findOne(opts.id).exec();
    if (!doc) throw new Error('This quote is no longer on this device');
    await doc.incrementalModify((old) => {
      const next = apply(old, { expiry_date: opts.value.endDate });
      if (opts.value.endDate === undefined) delete next.expiry_date;
      return next;
    });
  }
}

/** Changes an invoice unless it is already frozen (the server would refuse the change anyway). */
export async function changeInvoice(data: UserData, id: string, change: (inv: Invoice) => Partial<Invoice>): Promise<void> {
  const doc = await data.db.invoices.findOne(id).exec();
  if (!doc) throw new Error('This invoice is no longer on this device');
  const frozen = invoiceFrozen(doc.toJSON());
  if (frozen) throw new Error(frozen);
  await doc.incrementalModify((old) => ({ ...old, ...change(old), updated_at: new Date().toISOString() }));
}

export async function changeQuote(data: UserData, id: string, change: (q: Quote) => Partial<Quote>): Promise<void> {
  const doc = await data.db.quotes.findOne(id).exec();
  if (!doc) throw new Error('This quote is no longer on this device');
  const frozen = quoteFrozen(doc.toJSON());
  if (frozen) throw new Error(frozen);
  await doc.incrementalModify((old) => ({ ...old, ...change(old), updated_at: new Date().toISOString() }));
}

/**
 * Converts an accepted quote (on `today`, the workspace's calendar day): a new draft invoice with the quote's customer and lines (numbered
 * now if this device can), and the quote marked accepted and pointing at it.
 */
export async function convertQuote(data: UserData, quote: Quote, today: string): Promise<Created> {
  const frozen = quoteFrozen(quote);
  if (frozen) throw new Error(frozen);
  const at = new Date().toISOString();
  const number = await drawNumber(data, quote.workspace_id, 'invoice');
  const invoice = invoiceFromQuote(quote, {
    id: crypto.randomUUID(),
    today,
    updatedAt: at,
    invoiceNumber: number ?? undefined,
  });
  await data.db.invoices.insert({ ...invoice, ...totalsOfDocument(invoice) });
  if (number === null) await rememberUnnumbered(data, 'invoice', invoice.id, quote.workspace_id);
  await changeQuote(data, quote.id, () => ({ status: 'accepted', converted_to_invoice_id: invoice.id }));
  return { id: invoice.id, number };
}
