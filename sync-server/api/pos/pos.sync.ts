import { orderFigures, posMessages, posOrders, posShifts } from '../../../schema/pos.js';
import { clientView, sameJson, type Doc } from '../../sync/codec.js';
import { entityRules } from '../../sync/collection-rules.js';

/** The client fields of a document without the ones listed (and without its edit time). */
function without(view: Doc, keys: readonly string[]): Doc {
  const out: Doc = { ...view };
  for (const k of [...keys, 'updated_at']) delete out[k];
  return out;
}

/**
 * pos_orders: the server computes the totals from the items (the client's values are never stored),
 * and a completed sale is frozen. The one change a completed sale still takes is its receipt number
 * arriving late: a sale made offline after the device ran out of reserved numbers gets its number
 * once a block can be reserved, and nothing else may change with it.
 */
export const posOrderRules = entityRules(posOrders, {
  derive: (doc) => orderFigures(doc),
  frozen: (stored, incoming) => {
    if (stored.status !== 'completed' || stored._deleted === true) return null;
    if (incoming && stored.receipt_number === undefined && incoming.receipt_number !== undefined) {
      const a = without(clientView(posOrders, stored), ['receipt_number']);
      const b = without(clientView(posOrders, incoming), ['receipt_number']);
      if (sameJson(a, b)) return null;
    }
    return posMessages.saleFrozen;
  },
  // A void or refund gives back what a sale took: that sale must exist here and be a completed sale.
  references: (raw) =>
    (raw.kind === 'void' || raw.kind === 'refund') && typeof raw.original_order_id === 'string' ? raw.original_order_id : undefined,
  referenceRefused: (doc, original) => {
    if (doc.kind !== 'void' && doc.kind !== 'refund') return null;
    if (!original || original._deleted === true || original.kind !== 'sale' || original.status !== 'completed') {
      return posMessages.originalMissing;
    }
    return null;
  },
});

/** pos_shifts: a closed shift's count is final. */
export const posShiftRules = entityRules(posShifts, {
  frozen: (stored) => (stored.status === 'closed' && stored._deleted !== true ? posMessages.shiftFrozen : null),
});
