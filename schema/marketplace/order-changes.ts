import { z } from 'zod';
import { instant, text } from '../kit/input.js';
import type { OrderStatus } from './marketplace-orders.js';
import { replicatedEntity } from '../sync/replicated-entity.js';

/**
 * A seller's order status changes as they replicate (DESIGN.md §5, the spare collection): one
 * document per change made on a device, offline or not, kept apart from the orders schema so the
 * device database (and every page) carries only this; the rules are in `order-change-rules.ts`.
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
} as const;

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
