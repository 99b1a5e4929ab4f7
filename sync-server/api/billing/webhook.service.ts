import { z } from 'zod';
import type { AppDeps } from '../../deps.js';
import type { Queryable } from '../../db/db.js';
import { badRequest, unauthorized } from '../../http/errors.js';
import type { VerifiedTransaction } from '../../payments/gateway.js';
import { paymentGateway } from '../../payments/payments.js';
import { transactionFrom } from '../../payments/paystack.js';
import { webhookSignatureValid } from '../../payments/signature.js';
import { brand } from '../../../schema/brand.js';
import { refundEventData, type PaymentClaim, type PaymentRegistry, type WebhookResult } from '../../payments/claims.js';
import { settleRefundOutcome } from './refund-outcome.js';
import * as repo from './billing.repo.js';
import { grantAllowance } from './credits.repo.js';
import { addCycle, cardLabel, linkProviderSubscription, settlePayment, type FollowUp } from './settle.js';

const event = z.object({ event: z.string().min(1), data: z.record(z.string(), z.unknown()) });

const subscriptionData = z.object({
  subscription_code: z.string(),
  email_token: z.string().nullish(),
  plan: z.object({ plan_code: z.string() }).passthrough().nullish(),
  customer: z.object({ email: z.string().nullish() }).passthrough().nullish(),
});

/**
 * A Paystack webhook. The signature is checked over the exact bytes received before anything is
 * read; a bad one is refused with 401 and changes nothing. Each event is handled at most once
 * (its key is recorded in the same transaction as its effects), so a replay is harmless. A charge
 * whose reference an area claims (`payments`, from the area list) is that area's to settle; billing
 * settles only the account's own payments, and a reference nobody knows is logged and ignored.
 */
export async function handleWebhook(
  deps: AppDeps,
  payments: PaymentRegistry,
  raw: Buffer | undefined,
  signature: string | undefined,
): Promise<WebhookResult> {
  const secret = deps.config.PAYSTACK_SECRET_KEY;
  if (!secret || !raw || !webhookSignatureValid(raw, signature, secret)) throw unauthorized('Invalid webhook signature');
  let parsed: z.infer<typeof event>;
  try {
    parsed = event.parse(JSON.parse(raw.toString('utf8')));
  } catch {
    throw badRequest('Malformed webhook body');
  }
  const now = deps.now();
  const { data } = parsed;

  switch (parsed.event) {
    case 'charge.success': {
      let verified: VerifiedTransaction;
      try {
        verified = transactionFrom(data);
      } catch {
        throw badRequest('Malformed charge.success data');
      }
      const claim: PaymentClaim | undefined = payments.claimOf(verified.reference);
      const { result, followUp } = await deps.db.transaction(async (tx): Promise<{ result: WebhookResult; followUp: FollowUp | null }> => {
        if (!(await repo.firstDelivery(tx, `charge.success:${verified.reference}`, parsed.event, now))) {
          return { result: 'duplicate', followUp: null };
        }
        // A customer paying a workspace (an invoice's "Pay now", a ticket, an order, a deposit), told apart by its reference.
        if (claim) return { result: await claim.settle(tx, verified, now), followUp: null };
        const payment = await repo.paymentByReference(tx, verified.reference, true);
        if (payment) return { result: 'handled', followUp: (await settlePayment(tx, payment, verified, now)).followUp };
        if (await renewal(tx, verified, now)) return { result: 'handled', followUp: null };
        deps.log.warn({ reference: verified.reference }, 'a charge no area claims and no account payment matches was ignored');
        return { result: 'ignored', followUp: null };
      });
      const gateway = paymentGateway(deps.config);
      if (followUp && gateway) await linkProviderSubscription(deps, gateway, followUp);
      if (claim?.afterSettle && result === 'handled') await claim.afterSettle(deps);
      return result;
    }
    case 'subscription.create':
    case 'subscription.disable':
    case 'subscription.not_renew': {
      const sub = subscriptionData.safeParse(data);
      if (!sub.success) throw badRequest(`Malformed ${parsed.event} data`);
      return deps.db.transaction(async (tx) => {
        if (!(await repo.firstDelivery(tx, `${parsed.event}:${sub.data.subscription_code}`, parsed.event, now)))
          return 'duplicate' as const;
        return parsed.event === 'subscription.create' ? linkCreated(tx, sub.data) : ended(tx, sub.data.subscription_code, now);
      });
    }
    case 'invoice.payment_failed': {
      const inv = z
        .object({ invoice_code: z.string().nullish(), subscription: z.object({ subscription_code: z.string() }).passthrough() })
        .safeParse(data);
      if (!inv.success) throw badRequest('Malformed invoice.payment_failed data');
      const key = `invoice.payment_failed:${inv.data.invoice_code ?? inv.data.subscription.subscription_code}`;
      return deps.db.transaction(async (tx) => {
        if (!(await repo.firstDelivery(tx, key, parsed.event, now))) return 'duplicate' as const;
        const live = await repo.subscriptionByProviderCode(tx, inv.data.subscription.subscription_code);
        if (!live || live.status === 'cancelled') return 'ignored' as const;
        // Access runs to the end of the paid period; the sweeper ends it then unless a retry succeeds.
        await repo.setSubscriptionStatus(tx, live.id, 'attention', now);
        return 'handled' as const;
      });
    }
    case 'refund.processed':
    case 'refund.failed': {
      const refund = refundEventData.safeParse(data);
      if (!refund.success) throw badRequest(`Malformed ${parsed.event} data`);
      const r = refund.data;
      const key = `${parsed.event}:${r.refundId ?? ''}:${r.transactionReference}:${r.amount}`;
      return deps.db.transaction(async (tx) => {
        if (!(await repo.firstDelivery(tx, key, parsed.event, now))) return 'duplicate' as const;
        return settleRefundOutcome(tx, payments, parsed.event === 'refund.processed' ? 'processed' : 'failed', r, now);
      });
    }
    default:
      return 'ignored';
  }
}

/** A renewal Paystack charged on its own schedule: a new period starts and its credits arrive. */
async function renewal(tx: Queryable, t: VerifiedTransaction, now: Date): Promise<boolean> {
  if (t.status !== 'success' || !t.planCode || !t.customerEmail) return false;
  const plan = await repo.planByProviderCode(tx, t.planCode);
  const account = await repo.accountByEmail(tx, t.customerEmail);
  if (!plan || !account) return false;
  const live = await repo.liveSubscription(tx, account.id, true);
  if (!live || live.plan_id !== plan.id) return false;
  const payment = await repo.insertSettledRenewal(tx, {
    userId: account.id,
    reference: t.reference,
    item: plan.code,
    amount: t.amount,
    currency: t.currency,
    message: t.gatewayResponse || 'Approved',
    card: t.authorization ? cardLabel(t.authorization) : null,
    paidAt: t.paidAt ? new Date(t.paidAt) : now,
  });
  if (!payment) return false;
  const oldEnd = new Date(live.current_period_end);
  const start = oldEnd > now ? oldEnd : now;
  await repo.renewSubscription(tx, live.id, start, addCycle(start, plan.billing_cycle), now);
  await repo.setPlan(tx, account.id, 'pro', now);
  // The plan's AI credits are the cycle's allowance, set afresh (they never carry over) and kept apart
  // from bought credits (credits.ts).
  await grantAllowance(tx, {
    userId: account.id,
    credits: plan.credits_included,
    cycleStart: start,
    description: `${brand.product} Plan AI credits for the ${plan.billing_cycle === 'annual' ? 'year' : 'month'}`,
    paymentId: payment.id,
    now,
  });
  return true;
}

async function linkCreated(tx: Queryable, s: z.infer<typeof subscriptionData>): Promise<WebhookResult> {
  if (await repo.subscriptionByProviderCode(tx, s.subscription_code)) return 'handled';
  const planCode = s.plan?.plan_code;
  const email = s.customer?.email;
  if (!planCode || !email || !s.email_token) return 'ignored';
  const plan = await repo.planByProviderCode(tx, planCode);
  const account = await repo.accountByEmail(tx, email);
  if (!plan || !account) return 'ignored';
  const unlinked = await repo.unlinkedSubscription(tx, account.id, plan.id);
  if (!unlinked) return 'ignored';
  await repo.setProviderSubscription(tx, unlinked.id, s.subscription_code, s.email_token);
  return 'handled';
}

/** The provider stopped renewing: access continues to the end of the paid period, then ends. */
async function ended(tx: Queryable, code: string, now: Date): Promise<WebhookResult> {
  const live = await repo.subscriptionByProviderCode(tx, code);
  if (!live || live.status === 'cancelled') return 'ignored';
  await repo.markCancelAtPeriodEnd(tx, live.id, now);
  await repo.expireEnded(tx, now, live.user_id);
  return 'handled';
}
