import type { RejectionCode } from '../../schema/contract/sync.js';
import type { Doc } from './codec.js';
import { posOrderRules, posShiftRules } from './pos-rules.js';
import { invoiceChangeRefused, invoiceFrozen, quoteChangeRefused, quoteFrozen, totalsOfItems } from '../../schema/invoices.js';

/** Per-collection server rules on top of the generic protocol. */
export interface CollectionRules {
  /** Counted against the owner's plan (spec §1). */
  planLimited?: 'products';
  /** Rows may be created, never changed or deleted (the stock ledger). */
  appendOnly?: boolean;
  /** Writing here changes products' computed stock. */
  movesStock?: boolean;
  /** Writing here means stock_on_hand must be (re)computed for the written rows. */
  holdsStock?: boolean;
  /**
   * Computes the server-owned fields (totals, derived numbers) from an accepted document's client
   * fields. The server stores what this returns, never what the client sent for those fields.
   */
  derive?: (doc: Doc) => Doc;
  /**
   * A stored document for which this returns a message can no longer be changed or deleted (a
   * completed sale): the push is refused with code `immutable` and that message. `incoming` is the
   * accepted change, for rules that let one particular change through.
   */
  frozen?: (stored: Doc, incoming?: Doc) => string | null;
  /**
   * A change from `stored` to `incoming` (both the client-written fields) for which this returns a
   * message is refused with code `immutable` and that message (e.g. a sent invoice's lines).
   */
  changeRefused?: (stored: Doc, incoming: Doc) => string | null;
  /**
   * A document that must point at another one of the same collection (a void at its sale): the id
   * it names. The server reads that document with the pushed ones, in the same round trip.
   */
  references?: (raw: Doc) => string | undefined;
  /**
   * With `references`: a message refusing the document (code `invalid`) when what it names is not
   * as required; `referenced` is the stored document, or one accepted earlier in the same push.
   */
  referenceRefused?: (doc: Doc, referenced: Doc | undefined) => string | null;
}

export const collectionRules: Record<string, CollectionRules> = {
  products: { planLimited: 'products', holdsStock: true },
  stock_movements: { appendOnly: true, movesStock: true },
  contacts: {},
  pos_orders: posOrderRules,
  pos_shifts: posShiftRules,
  invoices: { derive: (doc) => ({ ...totalsOfItems(doc.items) }), frozen: invoiceFrozen, changeRefused: invoiceChangeRefused },
  quotes: { derive: (doc) => ({ ...totalsOfItems(doc.items) }), frozen: quoteFrozen, changeRefused: quoteChangeRefused },
};

export const rejectionMessages = {
  immutable: 'Stock movements cannot be changed or deleted. Record a new movement to correct stock.',
  forbidden: 'This record belongs to another workspace.',
} satisfies Record<string, string>;

export type { RejectionCode };
