import type { RejectionCode } from '../../schema/contract/sync.js';

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
}

export const collectionRules: Record<string, CollectionRules> = {
  products: { planLimited: 'products', holdsStock: true },
  stock_movements: { appendOnly: true, movesStock: true },
  contacts: {},
};

export const rejectionMessages = {
  immutable: 'Stock movements cannot be changed or deleted. Record a new movement to correct stock.',
  forbidden: 'This record belongs to another workspace.',
} satisfies Record<string, string>;

export type { RejectionCode };
