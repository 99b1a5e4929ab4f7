import {
  invoiceChangeRefused,
  invoiceFrozen,
  invoices,
  quoteChangeRefused,
  quoteFrozen,
  quotes,
  totalsOfItems,
} from '../../../schema/invoices.js';
import { invoicePaymentProblem, paymentsChangeRefused } from '../../../schema/invoice-payments.js';
import { entityRules } from '../../sync/collection-rules.js';

/** Invoices: totals computed by the server from the lines; sent documents locked, paid ones frozen. */
export const invoiceRules = entityRules(invoices, {
  validate: invoicePaymentProblem,
  derive: (doc) => ({ ...totalsOfItems(doc.items) }),
  frozen: invoiceFrozen,
  changeRefused: (stored, incoming) => invoiceChangeRefused(stored, incoming) ?? paymentsChangeRefused(stored.payments, incoming.payments),
});

/** Quotes: as invoices; a converted quote is frozen. */
export const quoteRules = entityRules(quotes, {
  derive: (doc) => ({ ...totalsOfItems(doc.items) }),
  frozen: quoteFrozen,
  changeRefused: quoteChangeRefused,
});
