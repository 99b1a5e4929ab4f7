import { orderFigures, posMessages, posOrders, posShifts, type PosOrder } from '../../../schema/pos/pos.js';
import { refundMessages, refundProblem, returnedStock, undoMovementId } from '../../../schema/pos/pos-refunds.js';
import type { Transaction } from '../../db/db.js';
import { clientView, sameJson, type Doc } from '../../sync/codec.js';
import { entityRules, type EntityDoc } from '../../sync/collection-rules.js';
import { writeStockMovements } from '../inventory/index.js';
import { recordDeliveries } from '../invoices/index.js';
import { salesWithReturns } from './pos.repo.js';

/** The client fields of a document without the ones listed (and without its edit time). */
function without(view: Doc, keys: readonly string[]): Doc {
  const out: Doc = { ...view };
  for (const k of [...keys, 'updated_at']) delete out[k];
  return out;
}

/**
 * pos_orders: the server computes the totals from the items (the client's values are never stored),
 * and a completed sale is frozen. It still takes two changes: its receipt number arriving late (a
 * sale made offline after the device ran out of reserved numbers gets its number once a block can
 * be reserved), and a request to e-mail its receipt. Nothing else may change with them.
 */
export const posOrderRules = entityRules(posOrders, {
  validate: (doc) =>
    doc.receipt_email && (doc.kind !== 'sale' || doc.status !== 'completed' || !doc.share_token) ? posMessages.emailNotSale : null,
  derive: (doc) => orderFigures(doc),
  frozen: (stored, incoming) => {
    if (stored.status !== 'completed' || stored._deleted === true) return null;
    if (incoming) {
      const numbered = stored.receipt_number === undefined && incoming.receipt_number !== undefined;
      const emailed = !sameJson(stored.receipt_email ?? null, incoming.receipt_email ?? null);
      const late = [...(numbered ? ['receipt_number'] : []), ...(emailed ? ['receipt_email'] : [])];
      const a = without(clientView(posOrders, stored), late);
      const b = without(clientView(posOrders, incoming), late);
      if (late.length > 0 && sameJson(a, b)) return null;
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
  refuseUnderLock: (tx, pushed) => refuseOverRefunds(tx, pushed.workspaceId, pushed.docs),
  // An e-mail request becomes a delivery row, which the job queue sends once.
  afterWrite: (tx, written) =>
    recordDeliveries(
      tx,
      written.workspaceId,
      written.docs.flatMap((d) =>
        d.receipt_email
          ? [{ id: d.receipt_email.id, kind: 'receipt' as const, documentId: d.id, to: d.receipt_email.to, at: d.receipt_email.at }]
          : [],
      ),
    ),
});

type OrderDoc = EntityDoc<typeof posOrders>;

/**
 * Refunds that would give back more than their sale sold less what was refunded before (by any
 * till), refunds of a voided sale, and voids of a sale that has refunds, are refused. Pushed records
 * are weighed in push order against the stored ones and the ones accepted before them in the push.
 * A refused record's returned stock is taken back out by a correcting movement, so the append-only
 * ledger stays right whether that stock reached the server before the refusal or arrives after it.
 */
async function refuseOverRefunds(tx: Transaction, workspaceId: number, docs: readonly OrderDoc[]): Promise<Map<string, string>> {
  const refused = new Map<string, string>();
  const returns = docs.filter((d) => (d.kind === 'refund' || d.kind === 'void') && d.original_order_id !== undefined);
  if (returns.length === 0) return refused;
  const saleIds = [...new Set(returns.flatMap((d) => (d.original_order_id ? [d.original_order_id] : [])))];
  const stored = new Map<string, PosOrder>();
  for (const raw of await salesWithReturns(tx, workspaceId, saleIds)) {
    const parsed = posOrders.doc.safeParse(raw);
    if (parsed.success) stored.set(parsed.data.id, parsed.data);
  }
  const known = new Map<string, OrderDoc | PosOrder>(stored);
  for (const doc of docs) if (doc.kind === 'sale' && !known.has(doc.id)) known.set(doc.id, doc);
  const returnsOf = (saleId: string) => [...known.values()].filter((o) => o.original_order_id === saleId);

  for (const doc of returns) {
    // A record already stored was decided when it came; a repeat of it changes nothing.
    if (stored.has(doc.id) || !doc.original_order_id) continue;
    const sale = known.get(doc.original_order_id);
    // A missing sale is refused by the reference rule, with its own message.
    if (!sale) continue;
    const others = returnsOf(sale.id).filter((o) => o.id !== doc.id);
    const message =
      doc.kind === 'void'
        ? others.some((o) => o.kind === 'refund')
          ? refundMessages.hasRefunds
          : null
        : refundProblem(
            sale,
            others.filter((o) => o.kind === 'refund'),
            doc,
            { voided: others.some((o) => o.kind === 'void') },
          );
    if (message) refused.set(doc.id, message);
    else known.set(doc.id, doc);
  }
  if (refused.size > 0)
    await takeBackReturnedStock(
      tx,
      workspaceId,
      docs.filter((d) => refused.has(d.id)),
    );
  return refused;
}

/** Correcting movements for refused refunds and voids: each takes back what its record returned. */
async function takeBackReturnedStock(tx: Transaction, workspaceId: number, orders: readonly OrderDoc[]): Promise<void> {
  const at = new Date().toISOString();
  const movements = orders.flatMap((order) =>
    returnedStock(order).map((m) => ({
      id: undoMovementId(m.id),
      workspace_id: workspaceId,
      updated_at: at,
      product_id: m.product_id,
      quantity: -m.quantity,
      reason: 'adjustment' as const,
      reference: order.id,
      note: posMessages.returnRefused,
      created_at: at,
      _deleted: false,
    })),
  );
  await writeStockMovements(tx, workspaceId, movements);
}

/** pos_shifts: a closed shift's count is final. */
export const posShiftRules = entityRules(posShifts, {
  frozen: (stored) => (stored.status === 'closed' && stored._deleted !== true ? posMessages.shiftFrozen : null),
});
