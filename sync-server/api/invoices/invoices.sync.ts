import {
  invoiceChangeRefused,
  invoiceFrozen,
  invoices,
  quoteChangeRefused,
  quoteFrozen,
  quotes,
  totalsOfItems,
} from '../../../schema/invoices.js';
import { entityRules } from '../../sync/collection-rules.js';

/** Invoices: totals computed by the server from the lines; sent documents locked, paid ones frozen. */
export const invoiceRules = entityRules(invoices, {
  derive: (doc) => ({ ...totalsOfItems(doc.items) }),
  frozen: invoiceFrozen,
  changeRefused: invoiceChangeRefused,
});

/** Quotes: as invoices; a converted quote is frozen. */
export const quoteRules = entityRules(quotes, {
  derive: (doc) => ({ ...totalsOfItems(doc.items) }),
  frozen: quoteFrozen,
  changeRefused: quoteChangeRefused,
});
