import { invoicePaymentProblem, paymentsChangeRefused } from '../../../schema/invoice-payments.js';
import {
  invoiceChangeRefused,
  invoiceFrozen,
  invoices,
  quoteChangeRefused,
  quoteFrozen,
  quotes,
  sendMessages,
  totalsOfDocument,
  type SendRequest,
} from '../../../schema/invoices.js';
import type { Transaction } from '../../db/db.js';
import { entityRules } from '../../sync/collection-rules.js';
import { recordDeliveries } from './invoice-delivery.repo.js';

interface Sendable {
  id: string;
  send_request?: SendRequest;
}

/** A pushed e-mail request becomes a delivery row, which the job queue sends once (DESIGN.md §12). */
function recordSendRequests(kind: 'invoice' | 'quote') {
  return async (tx: Transaction, written: { workspaceId: number; docs: readonly Sendable[] }) => {
    const rows = written.docs.flatMap((d) =>
      d.send_request ? [{ id: d.send_request.id, kind, documentId: d.id, to: d.send_request.to, at: d.send_request.at }] : [],
    );
    await recordDeliveries(tx, written.workspaceId, rows);
  };
}

/** Invoices: totals computed by the server from the lines and the document's VAT choice; sent documents locked, paid ones frozen. */
export const invoiceRules = entityRules(invoices, {
  validate: (doc) => (doc.send_request && !doc.invoice_number ? sendMessages.noNumber : invoicePaymentProblem(doc)),
  derive: (doc) => ({ ...totalsOfDocument(doc) }),
  frozen: invoiceFrozen,
  changeRefused: (stored, incoming) => invoiceChangeRefused(stored, incoming) ?? paymentsChangeRefused(stored.payments, incoming.payments),
  afterWrite: recordSendRequests('invoice'),
});

/** Quotes: as invoices; a converted quote is frozen. */
export const quoteRules = entityRules(quotes, {
  validate: (doc) => (doc.send_request && !doc.quote_number ? sendMessages.noNumber : null),
  derive: (doc) => ({ ...totalsOfDocument(doc) }),
  frozen: quoteFrozen,
  changeRefused: quoteChangeRefused,
  afterWrite: recordSendRequests('quote'),
});
