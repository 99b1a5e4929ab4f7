import { orderMessages, orderStatusInput, orderStatusLabels, type OrderStatus } from './marketplace-orders.js';

/**
 * The rules of an order status change (`order-changes.ts`) that need the orders schema, apart from
 * the replicated entity so that pages which only open the device database do not carry it.
 */

/**
 * Why the server did not apply a change: the order had moved on (a refund, another device) by the
 * time the change arrived. Shown on the device as "Not applied: …".
 */
export function notAllowedFrom(current: OrderStatus): string {
  return `${orderMessages.statusNotAllowed} It is ${orderStatusLabels[current].toLowerCase()} now.`;
}

/** The rule across fields both the device and the server check (a shipment needs its tracking number). */
export function orderChangeProblem(change: { status: string; tracking_number?: string | null }): string | null {
  const parsed = orderStatusInput.safeParse({ status: change.status, tracking_number: change.tracking_number ?? undefined });
  if (parsed.success) return null;
  const issue = parsed.error.issues[0];
  return issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message;
}
