import { orderMessages } from '../../../schema/marketplace/marketplace-orders.js';
import { orderChangeProblem } from '../../../schema/marketplace/order-change-rules.js';
import { orderChangeIdValid, orderChangeMessages as msg, orderChanges } from '../../../schema/marketplace/order-changes.js';
import type { Transaction } from '../../db/db.js';
import { HttpError } from '../../http/errors.js';
import { entityRules } from '../../sync/collection-rules.js';
import { moveOrder } from './orders.service.js';
import * as changes from './order-changes.repo.js';
import * as orders from './orders.repo.js';

/** Seconds after which a device sends again a change whose order was busy (a refund being recorded). */
const BUSY_RETRY_SECONDS = 2;

/**
 * order_changes: a seller's status changes made on a device (offline or not). Each new change is
 * applied to its order in the push's transaction, under the workspace's lock, by `moveOrder`, the
 * online route's own rules; one the order's status no longer allows (refunded meanwhile, moved on
 * by another device) is kept as `refused` with the reason, the order untouched, so the seller sees
 * it was not applied. A change naming an order that is not the workspace's is refused and not
 * stored. A change is a fact: editing or withdrawing one is refused. The same change pushed again
 * is stored once and applied once (the shared push path's idempotence).
 */
export const orderChangeRules = entityRules(orderChanges, {
  validate(doc) {
    if (!orderChangeIdValid(doc.id)) return `id: ${msg.changeId}`;
    return orderChangeProblem(doc);
  },
  frozen: () => msg.changeFixed,
  async refuseUnderLock(tx, { workspaceId, docs }) {
    const known = await orderLocks(tx, workspaceId, [...new Set(docs.map((d) => d.order_id))]);
    return new Map(docs.filter((d) => !known.has(d.order_id)).map((d) => [d.id, `order_id: ${orderMessages.orderNotFound}`]));
  },
  async afterWrite(tx, { workspaceId, docs }) {
    // A device's changes apply in the order they were made.
    const inOrder = [...docs].sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id));
    const now = new Date();
    for (const change of inOrder) {
      const order = await orders.orderForChange(tx, workspaceId, change.order_id);
      const refused = order ? await moveOrder(tx, order, change, now) : orderMessages.orderNotFound;
      await changes.setOutcome(tx, workspaceId, change.id, refused === null ? 'applied' : 'refused', refused);
    }
  },
});

/** The pushed changes' orders, locked (`lockOrdersForChanges`); a busy one answers 503, to be sent again. */
async function orderLocks(tx: Transaction, workspaceId: number, orderIds: string[]): Promise<Set<string>> {
  try {
    return await orders.lockOrdersForChanges(tx, workspaceId, orderIds);
  } catch (err) {
    if (typeof err === 'object' && err !== null && 'code' in err && err.code === '55P03') {
      throw new HttpError(503, 'This order is being changed elsewhere; the change is sent again shortly.', {}, BUSY_RETRY_SECONDS);
    }
    throw err;
  }
}
