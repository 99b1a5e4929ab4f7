import { nextOrderStatuses, type OrderDto, type OrderStatus } from '../../../../schema/marketplace/marketplace-orders';
import type { OrderChange } from '../../../../schema/marketplace/order-changes';

/** A change as the device writes it; the server adds its outcome. */
export type NewOrderChange = Pick<OrderChange, 'workspace_id' | 'order_id' | 'status' | 'tracking_number'>;

/** One order as the seller should see it on this device: the server's copy with the changes not yet synced on top. */
export interface SeenOrder {
  order: OrderDto;
  /** The newest change still waiting to reach the server (its status is what the order shows). */
  pending: OrderChange | null;
  /** The newest change the server answered, when nothing waits after it. */
  settled: OrderChange | null;
  /** Where the seller may move the order from what it shows. */
  moves: readonly OrderStatus[];
}

const madeOrder = (a: OrderChange, b: OrderChange) => a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id);

/** Changes the server has not answered yet (it records an outcome on every one it keeps). */
export const isPending = (c: OrderChange) => c.outcome === undefined;

/**
 * The order with this device's changes over it: the last change waiting to sync gives the status
 * (and a shipment its tracking number) at once; once every change is answered, the server's copy
 * stands (a refused change never touched it) and the newest answer is kept to show.
 */
export function seenOrder(order: OrderDto, changes: readonly OrderChange[]): SeenOrder {
  const mine = changes.filter((c) => c.order_id === order.id).sort(madeOrder);
  const waiting = mine.filter(isPending);
  const pending = waiting.at(-1) ?? null;
  const settled = pending ? null : (mine.at(-1) ?? null);
  let shown = order;
  for (const c of waiting) {
    shown = { ...shown, status: c.status, tracking_number: c.status === 'shipped' ? (c.tracking_number ?? null) : shown.tracking_number };
  }
  return { order: shown, pending, settled, moves: nextOrderStatuses(shown.status) };
}

/** The changes still waiting for the server's answer, by id. */
export function pendingIds(changes: readonly OrderChange[]): string[] {
  return changes.filter(isPending).map((c) => c.id);
}

/** True when one of the changes that were waiting (`before`) has its answer now: the orders are then read again. */
export function answeredSince(before: readonly string[], changes: readonly OrderChange[]): boolean {
  const waiting = new Set(pendingIds(changes));
  return before.some((id) => !waiting.has(id));
}
