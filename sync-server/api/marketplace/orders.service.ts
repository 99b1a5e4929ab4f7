import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import {
  canMoveOrder,
  orderMessages,
  type OrderDto,
  type OrderStatus,
  type orderStatusInput,
  type refundInput,
  type payoutInput,
} from '../../../schema/marketplace/marketplace-orders.js';
import { notAllowedFrom } from '../../../schema/marketplace/order-change-rules.js';
import { withScope, type Queryable } from '../../db/db.js';
import type { AppDeps } from '../../deps.js';
import { badRequest, conflict, notFound } from '../../http/errors.js';
import { workspaceLock } from '../../sync/sync.repo.js';
import { gatewayOrFail, viaProvider } from '../billing/billing.service.js';
import { requireMembership, requireRole } from '../workspaces/membership.js';
import { revokeOrderTickets } from '../events/index.js';
import { buyerDtos } from './buyer-orders.js';
import { returnStock } from './checkout.service.js';
import * as checkoutsRepo from './checkouts.repo.js';
import * as repo from './orders.repo.js';
import { recordOrderStepMail } from './order-mail.repo.js';

const LIST_LIMIT = 200;

/** My Orders: the signed-in buyer's orders, newest first (failed payments left out). */
export async function buyerOrders(deps: AppDeps, userId: number): Promise<{ orders: OrderDto[] }> {
  return { orders: await buyerDtos(deps.db, await repo.ordersOfBuyer(deps.db, userId, LIST_LIMIT)) };
}

type Seller = { workspaceId: number; userId: number };

export async function sellerOrders(deps: AppDeps, s: Seller, status: OrderStatus | undefined): Promise<{ orders: OrderDto[] }> {
  await requireMembership(deps.db, s.workspaceId, s.userId);
  return withScope(deps.db, s, async (tx) => ({
    orders: await repo.orderDtos(tx, await repo.ordersOfSeller(tx, s.workspaceId, status, LIST_LIMIT)),
  }));
}

export async function sellerOrder(deps: AppDeps, s: Seller, orderId: string): Promise<OrderDto> {
  await requireMembership(deps.db, s.workspaceId, s.userId);
  return withScope(deps.db, s, async (tx) => {
    const order = await repo.orderOfSeller(tx, s.workspaceId, orderId);
    if (!order) throw notFound(orderMessages.orderNotFound);
    const [dto] = await repo.orderDtos(tx, [order]);
    return dto;
  });
}

/** A seller's status change, as the online route and a device's `order_changes` both give it. */
export interface StatusChange {
  status: z.output<typeof orderStatusInput>['status'];
  tracking_number?: string | null;
}

/**
 * A seller moves an order on (confirmed → processing → shipped with its tracking number →
 * delivered, or cancelled before it ships), online or from a device: only the moves `canMoveOrder`
 * allows; shipping marks every item fulfilled; a shipped order's tracking number may be corrected.
 * The order is read and locked by the caller, in its transaction. Returns why the change is not
 * allowed from where the order is now, or null once it is done.
 */
export async function moveOrder(tx: Queryable, order: repo.OrderRow, change: StatusChange, at: Date): Promise<string | null> {
  if (order.status === change.status && change.status === 'shipped') {
    // Correcting the tracking number of a shipped order.
    await repo.updateOrder(tx, order, { tracking: change.tracking_number ?? null }, at);
    return null;
  }
  if (!canMoveOrder(order.status, change.status)) return notAllowedFrom(order.status);
  await repo.updateOrder(
    tx,
    order,
    { status: change.status, ...(change.status === 'shipped' ? { tracking: change.tracking_number ?? null } : {}) },
    at,
  );
  if (change.status === 'shipped' || change.status === 'delivered') {
    await repo.setFulfillment(tx, order, 'fulfilled');
    // The buyer hears of each step (issue 37 §5): shipped with its tracking number, then delivered.
    await recordOrderStepMail(tx, order, change.status);
  }
  return null;
}

/** The online route of `moveOrder`: a move that is not allowed is answered 409, nothing changed. */
export async function setOrderStatus(
  deps: AppDeps,
  s: Seller,
  orderId: string,
  body: z.output<typeof orderStatusInput>,
): Promise<OrderDto> {
  await requireMembership(deps.db, s.workspaceId, s.userId);
  await withScope(deps.db, s, async (tx) => {
    const order = await repo.orderOfSeller(tx, s.workspaceId, orderId, true);
    if (!order) throw notFound(orderMessages.orderNotFound);
    if ((await moveOrder(tx, order, body, deps.now())) !== null) throw conflict(orderMessages.statusNotAllowed);
  });
  return sellerOrder(deps, s, orderId);
}

/**
 * Gives a buyer money back through the card partner (all that is left, or part), owner and admins
 * only. The partner is asked first; only a refund it accepted is recorded. The whole amount back
 * makes the order refunded; with `restock`, the items return to stock through the ledger.
 */
export async function refundOrder(deps: AppDeps, s: Seller, orderId: string, body: z.output<typeof refundInput>): Promise<OrderDto> {
  requireRole(await requireMembership(deps.db, s.workspaceId, s.userId), ['owner', 'admin']);
  const order = await withScope(deps.db, s, (tx) => repo.orderOfSeller(tx, s.workspaceId, orderId));
  if (!order) throw notFound(orderMessages.orderNotFound);
  if (order.payment_status !== 'paid' && order.payment_status !== 'partially_refunded') throw conflict(orderMessages.notPaid);
  const left = order.total_cents - order.refunded_cents;
  const amount = body.amount_cents ?? left;
  if (amount > left) throw badRequest(orderMessages.refundTooMuch, { errors: { amount_cents: [orderMessages.refundTooMuch] } });
  const gateway = gatewayOrFail(deps);
  // Two refunds of one order at once: the second waits on the order's row and then sees the first's
  // amount. Only this order waits while the card partner answers; the workspace's lock (which sync
  // pushes take too) is taken after, for the stock.
  await deps.db.transaction(async (tx) => {
    const fresh = await repo.orderOfSeller(tx, s.workspaceId, orderId, true);
    if (!fresh || fresh.refunded_cents !== order.refunded_cents) throw conflict(orderMessages.refundTooMuch);
    const refund = await viaProvider(() => gateway.refund({ reference: order.payment_reference, amount, note: body.note }));
    await tx.query('SELECT pg_advisory_xact_lock($1, $2)', [...workspaceLock(s.workspaceId)]);
    const now = deps.now();
    const refunded = order.refunded_cents + refund.amount;
    const whole = refunded >= order.total_cents;
    await repo.insertPayment(tx, {
      workspaceId: s.workspaceId,
      id: randomUUID(),
      orderId,
      kind: 'refund',
      amount: refund.amount,
      reference: `refund-${refund.id}`,
      refundStatus: refund.status === 'processed' ? 'processed' : 'pending',
      note: body.note ?? null,
      by: s.userId,
      at: now,
    });
    await repo.updateOrder(
      tx,
      order,
      { refunded, paymentStatus: whole ? 'refunded' : 'partially_refunded', ...(whole ? { status: 'refunded' as const } : {}) },
      now,
    );
    if (whole) await revokeOrderTickets(tx, order);
    if (body.restock) {
      await returnStock(tx, s.workspaceId, order, await repo.itemsOf(tx, [order]), now);
      await repo.markRestocked(tx, order);
    }
  });
  return sellerOrder(deps, s, orderId);
}

export async function payout(deps: AppDeps, s: Seller): Promise<{ subaccount_code: string | null }> {
  requireRole(await requireMembership(deps.db, s.workspaceId, s.userId), ['owner', 'admin']);
  return { subaccount_code: await checkoutsRepo.payoutAccount(deps.db, s.workspaceId) };
}

/** The seller's payout account is made at the card partner; their share of each sale is paid there. */
export async function savePayout(
  deps: AppDeps,
  s: Seller,
  body: z.output<typeof payoutInput>,
): Promise<{ subaccount_code: string | null }> {
  requireRole(await requireMembership(deps.db, s.workspaceId, s.userId), ['owner', 'admin']);
  const gateway = gatewayOrFail(deps);
  const made = await viaProvider(() =>
    gateway.createSubaccount({
      businessName: body.business_name,
      settlementBank: body.settlement_bank,
      accountNumber: body.account_number,
    }),
  );
  await checkoutsRepo.setPayoutAccount(deps.db, s.workspaceId, made.subaccountCode);
  return { subaccount_code: made.subaccountCode };
}
