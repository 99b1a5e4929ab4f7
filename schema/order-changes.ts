import { z } from 'zod';
import { instant, text } from './input.js';
import { orderMessages, orderStatusInput, orderStatusLabels, type OrderStatus } from './marketplace-orders.js';
import { replicatedEntity } from './replicated-entity.js';

/**
 * A seller's order status changes as they replicate (DESIGN.md §5, the spare collection): one
 * document per change made on a device, offline or not, kept apart from the orders schema so the
 * device database carries only this.
 */

/** What the server made of a change: done to the order, or refused with its reason (`outcome_message`). */
export const orderChangeOutcomes = ['applied', 'refused'] as const;
export type OrderChangeOutcome = (typeof orderChangeOutcomes)[number];

/** The statuses a seller moves an order to (a refund makes an order refunded, a payment confirms it). */
export const sellerOrderStatuses = [
  'confirmed',
  'processing',
  'shipped',
  'delivered',
  'cancelled',
] as const satisfies readonly OrderStatus[];

export const orderChangeMessages = {
  changeFixed: 'A change to an order cannot be edited or withdrawn. Make a new change instead.',
  changeId: 'A change is named by a uuid as this device makes them',
  orderNotFound: orderMessages.orderNotFound,
  trackingRequired: orderMessages.trackingRequired,
} as const;

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

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** A change's id is a lowercase uuid, as crypto.randomUUID writes it. */
export const orderChangeIdValid = (id: string) => UUID.test(id);

/**
 * `order_changes`: append-only. The device writes a change; the server applies it to the order in
 * the push's transaction by the same rules as the online route and records what came of it
 * (`outcome`, `outcome_message`), which the device pulls back.
 */
export const orderChanges = replicatedEntity({
  name: 'order_changes',
  version: 0,
  // Add one strategy per version bump; stored documents outlive app versions.
  migrationStrategies: {},
  fields: {
    order_id: z.uuid(),
    status: z.enum(sellerOrderStatuses),
    tracking_number: text(100).trim().optional(),
    created_at: instant,
  },
  serverOnly: {
    outcome: z.enum(orderChangeOutcomes).optional(),
    outcome_message: text(500).optional(),
  },
  columns: {
    order_id: 'uuid',
    status: 'text',
    tracking_number: 'text',
    created_at: 'timestamptz',
    outcome: 'text',
    outcome_message: 'text',
  },
});
export type OrderChange = z.infer<typeof orderChanges.doc>;
