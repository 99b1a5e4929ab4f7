import type { AppDeps } from '../../deps.js';
import type { Queryable } from '../../db/db.js';
import type { CardAuthorization, PaymentGateway, VerifiedTransaction } from '../../payments/gateway.js';
import { brand } from '../../../schema/brand.js';
import {
  BILLING_CURRENCY,
  creditPack,
  itemLabel,
  type BillingCycle,
  type PaymentOutcome,
  type PurchaseItem,
} from '../../../schema/billing/billing.js';
import * as repo from './billing.repo.js';
import { grantAllowance } from './credits.repo.js';
import { commitPromoUse } from './promo.service.js';

const longDate = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

export const isPlanItem = (item: PurchaseItem): item is 'pro_monthly' | 'pro_annual' => item === 'pro_monthly' || item === 'pro_annual';

/** One billing cycle after `from` (a month, or a year). */
export function addCycle(from: Date, cycle: BillingCycle): Date {
  const d = new Date(from);
  if (cycle === 'annual') d.setUTCFullYear(d.getUTCFullYear() + 1);
  else d.setUTCMonth(d.getUTCMonth() + 1);
  return d;
}

export function cardLabel(card: Pick<CardAuthorization, 'brand' | 'last4'>): string {
  const name = card.brand.charAt(0).toUpperCase() + card.brand.slice(1);
  return `${name} •••• ${card.last4}`;
}

/** What to ask the provider once the settling transaction has committed. */
export interface FollowUp {
  subscriptionId: number;
  planId: number;
  email: string;
  authorizationCode: string;
  startDate: Date;
}

interface Settled {
  outcome: PaymentOutcome;
  followUp: FollowUp | null;
}

function outcomeFor(payment: repo.PaymentRow, status: PaymentOutcome['status'], message: string): PaymentOutcome {
  return { reference: payment.reference, item: payment.item, status, message };
}

/** The message for a payment already settled, read back from what was stored. */
export function storedOutcome(payment: repo.PaymentRow, periodEnd: Date | null): PaymentOutcome {
  if (payment.status === 'success') return outcomeFor(payment, 'success', successMessage(payment.item, periodEnd));
  if (payment.status === 'failed') return outcomeFor(payment, 'failed', failureMessage(payment.item, payment.provider_message));
  return outcomeFor(payment, 'pending', 'We are still waiting for the card payment to complete. Check again in a moment.');
}

function successMessage(item: PurchaseItem, periodEnd: Date | null): string {
  if (isPlanItem(item)) {
    const until = periodEnd ? ` until ${longDate.format(periodEnd)}` : '';
    return `Payment received. Your ${brand.product} Plan is active${until}.`;
  }
  return `Payment received. ${creditPack(item).credits} AI credits were added to your account.`;
}

function failureMessage(item: PurchaseItem, said: string | null): string {
  const unchanged = isPlanItem(item) ? 'your plan has not changed' : 'no credits were added';
  if (said && /cancel|abandon/i.test(said)) return `The payment was cancelled. Nothing was charged and ${unchanged}.`;
  return `Your card was declined${said ? ` (${said})` : ''}. Nothing was charged and ${unchanged}.`;
}

/**
 * Settles one of our payments with what the provider says about it, inside `tx` (which holds the
 * payment row locked). Idempotent: a payment already settled is only read back, so the browser's
 * return and the webhook may both arrive, in any order, and credits or plan time are given once.
 */
export async function settlePayment(tx: Queryable, payment: repo.PaymentRow, verified: VerifiedTransaction, now: Date): Promise<Settled> {
  if (payment.status !== 'pending') {
    const sub = isPlanItem(payment.item) ? await repo.liveSubscription(tx, payment.user_id) : undefined;
    return { outcome: storedOutcome(payment, sub ? new Date(sub.current_period_end) : null), followUp: null };
  }
  if (verified.status === 'pending') return { outcome: storedOutcome(payment, null), followUp: null };

  const card = verified.authorization;
  if (verified.status !== 'success') {
    const said = verified.gatewayResponse || 'Declined';
    await repo.finishPayment(tx, payment.id, {
      status: 'failed',
      message: said,
      paidAt: null,
      methodId: null,
      card: card ? cardLabel(card) : null,
      now,
    });
    await repo.releasePromoHold(tx, payment.id, now);
    return { outcome: outcomeFor(payment, 'failed', failureMessage(payment.item, said)), followUp: null };
  }
  if (verified.amount !== payment.amount_cents || verified.currency !== BILLING_CURRENCY) {
    const said = 'The amount paid does not match the price';
    await repo.finishPayment(tx, payment.id, { status: 'failed', message: said, paidAt: null, methodId: null, card: null, now });
    await repo.releasePromoHold(tx, payment.id, now);
    return { outcome: outcomeFor(payment, 'failed', `${said}. Please contact support.`), followUp: null };
  }

  const user = payment.user_id;
  const methodId = card && card.reusable && card.channel === 'card' ? await repo.saveCard(tx, user, card, now) : null;
  await repo.finishPayment(tx, payment.id, {
    status: 'success',
    message: verified.gatewayResponse || 'Approved',
    paidAt: verified.paidAt ? new Date(verified.paidAt) : now,
    methodId,
    card: card ? cardLabel(card) : null,
    now,
  });
  if (verified.customerCode) await repo.setCustomerCode(tx, user, verified.customerCode);
  if (payment.promo_code_id !== null) {
    await commitPromoUse(tx, {
      promoId: payment.promo_code_id,
      userId: user,
      paymentId: payment.id,
      discount: payment.discount_cents,
      now,
    });
  }

  if (!isPlanItem(payment.item)) {
    const pack = creditPack(payment.item);
    await repo.addCredits(tx, {
      userId: user,
      amount: pack.credits,
      description: `Bought ${itemLabel(payment.item)}`,
      type: 'purchase',
      paymentId: payment.id,
      now,
    });
    return { outcome: outcomeFor(payment, 'success', successMessage(payment.item, null)), followUp: null };
  }

  const { subscriptionId, periodEnd, plan } = await startOrExtend(tx, user, payment, methodId, now);
  const account = await repo.account(tx, user);
  const followUp =
    card && card.reusable && account
      ? { subscriptionId, planId: plan.id, email: account.email, authorizationCode: card.authorizationCode, startDate: periodEnd }
      : null;
  return { outcome: outcomeFor(payment, 'success', successMessage(payment.item, periodEnd)), followUp };
}

/** Upgrade is immediate: the plan switches to Pro now and the cycle's AI credits are granted. */
async function startOrExtend(tx: Queryable, userId: number, payment: repo.PaymentRow, methodId: number | null, now: Date) {
  const plan = await repo.planByCode(tx, payment.item);
  if (!plan) throw new Error(`No subscription plan ${payment.item}`);
  const live = await repo.liveSubscription(tx, userId, true);
  let subscriptionId: number;
  let periodEnd: Date;
  let periodStart = now;
  if (live) {
    periodStart = new Date(live.current_period_start);
    // Paid while a subscription is already running (two tabs, say): the time is added, not lost.
    const from = new Date(live.current_period_end);
    periodEnd = addCycle(from > now ? from : now, plan.billing_cycle);
    await repo.renewSubscription(tx, live.id, new Date(live.current_period_start), periodEnd, now);
    subscriptionId = live.id;
  } else {
    const account = await repo.account(tx, userId);
    periodEnd = addCycle(now, plan.billing_cycle);
    subscriptionId = await repo.insertSubscription(tx, {
      userId,
      planId: plan.id,
      start: now,
      end: periodEnd,
      methodId,
      trialEnd: account?.plan_trial_ends_at ?? null,
    });
  }
  await repo.setPlan(tx, userId, 'pro', now);
  // The plan's AI credits are the cycle's allowance, set afresh (they never carry over) and kept apart
  // from bought credits (credits.ts).
  await grantAllowance(tx, {
    userId: userId,
    credits: plan.credits_included,
    cycleStart: periodStart,
    description: `${brand.product} Plan AI credits for the ${plan.billing_cycle === 'annual' ? 'year' : 'month'}`,
    paymentId: payment.id,
    now,
  });
  return { subscriptionId, periodEnd, plan };
}

/** The provider's plan code for one of our plans, created there on first use. */
export async function providerPlanCode(deps: AppDeps, gateway: PaymentGateway, planId: number): Promise<string> {
  const rows = await deps.db.query<repo.PlanRow>(
    'SELECT id, code, name, price, currency, billing_cycle, credits_included, provider_plan_code FROM subscription_plans WHERE id = $1',
    [planId],
  );
  const plan = rows[0];
  if (!plan) throw new Error(`No subscription plan ${planId}`);
  if (plan.provider_plan_code) return plan.provider_plan_code;
  const created = await gateway.createPlan({
    name: plan.name,
    amount: plan.price,
    interval: plan.billing_cycle === 'annual' ? 'annually' : 'monthly',
    currency: plan.currency,
  });
  return repo.keepProviderPlanCode(deps.db, plan.id, created.planCode);
}

/**
 * After the first payment: the provider's subscription takes over renewals from the end of the paid
 * period, on the card just used. A failure here leaves the paid period intact and is logged.
 */
export async function linkProviderSubscription(deps: AppDeps, gateway: PaymentGateway, f: FollowUp): Promise<void> {
  try {
    const plan = await providerPlanCode(deps, gateway, f.planId);
    const sub = await gateway.createSubscription({
      customer: f.email,
      plan,
      authorization: f.authorizationCode,
      startDate: f.startDate.toISOString(),
    });
    await repo.setProviderSubscription(deps.db, f.subscriptionId, sub.subscriptionCode, sub.emailToken);
  } catch (err) {
    deps.log.warn({ err, subscriptionId: f.subscriptionId }, 'could not create the provider subscription');
  }
}
