import type { RejectionCode } from '../../schema/contract/sync.js';
import { isReplicatedName, type ReplicatedName } from '../../schema/replicated.js';
import { productRules, stockMovementRules } from '../api/inventory/inventory.sync.js';
import { invoiceRules, quoteRules } from '../api/invoices/invoices.sync.js';
import { plannerItemRules } from '../api/planner/planner.sync.js';
import { posOrderRules, posShiftRules } from '../api/pos/pos.sync.js';
import { checkInRules } from '../api/events/events.sync.js';
import { appointmentRules } from '../api/bookings/bookings.sync.js';
import { orderChangeRules } from '../api/marketplace/order-changes.sync.js';
import type { CollectionRules } from './collection-rules.js';
import { recordTableRules } from './records/kinds.js';

export type { CollectionRules } from './collection-rules.js';

/**
 * Each replicated collection's server rules, one line per collection: the module owns its rules and
 * hooks (in its `api/<area>/<area>.sync.ts`); the push path only calls them. The compiler checks the
 * list names every collection of `schema/replicated.ts`.
 */
export const collectionRules: Record<ReplicatedName, CollectionRules> = {
  products: productRules,
  stock_movements: stockMovementRules,
  contacts: {},
  pos_orders: posOrderRules,
  pos_shifts: posShiftRules,
  invoices: invoiceRules,
  quotes: quoteRules,
  planner_items: plannerItemRules,
  check_ins: checkInRules,
  appointments: appointmentRules,
  order_changes: orderChangeRules,
  // Its documents are pushed by kind, each to its kind's table with the kind's rules (records/kinds.ts).
  records: {},
};

export function rulesOf(name: string): CollectionRules {
  return isReplicatedName(name) ? collectionRules[name] : (recordTableRules(name) ?? {});
}

export const rejectionMessages = {
  immutable: 'Stock movements cannot be changed or deleted. Record a new movement to correct stock.',
  forbidden: 'This record belongs to another workspace.',
} satisfies Record<string, string>;

export type { RejectionCode };
