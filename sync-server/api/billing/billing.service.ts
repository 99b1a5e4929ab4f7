import { randomBytes } from 'node:crypto';
import type { AppDeps } from '../../deps.js';
import { conflict, HttpError, notFound } from '../../http/errors.js';
import { PaymentProviderError, type PaymentGateway, type VerifiedTransaction } from '../../payments/gateway.js';
import { paymentGateway } from '../../payments/payments.js';
import { capabilitiesFor } from '../../plans/capabilities.js';
import { brand } from '../../../schema/brand.js';
import { plans, PRO_TRIAL_DAYS, trialEnd } from '../../../schema/billing/plans.js';
import { allowanceCycle } from './allowance.js';
import { grantTrialAllowance } from './credits.repo.js';
import {
  BILLING_CURRENCY,
  creditPack,
  itemLabel,
  itemPriceCents,
  type BillingHistory,
  type BillingOverview,
  type CreditPackId,
  type PaymentOutcome,
  type PromoQuote,
  type PurchaseItem,
} from '../../../schema/billing/billing.js';
import * as repo from './billing.repo.js';
import { currentCredits, keptCredits } from './credits.js';
import { listMethods } from './payment-methods.service.js';
import { holdPromo, priceWithPromo } from './promo.service.js';
import { cardLabel, isPlanItem, linkProviderSubscription, settlePayment, storedOutcome } from './settle.js';

const longDate = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
const iso = (t: Date | string) => (t instanceof Date ? t : new Date(t)).toISOString();

export function gatewayOrFail(deps: AppDeps): PaymentGateway {
  const gateway = paymentGateway(deps.config);
  if (!gateway) throw new HttpError(503, 'Card payments are not set up on this server yet.', { code: 'payments_unavailable' });
  return gateway;
}

/** Provider refusals reach people as a 502 with the provider's words; nothing was changed. */
export async function viaProvider<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof PaymentProviderError) throw new HttpError(502, err.message, { code: 'payment_provider' });
    throw err;
  }
}

async function accountOf(deps: AppDeps, userId: number): Promise<repo.AccountRow> {
  const account = await repo.account(deps.db, userId);
  if (!account) throw notFound('Account not found');
  return account;
}

export async function overview(deps: AppDeps, userId: number): Promise<BillingOverview> {
  const now = deps.now();
  // Cancelled subscriptions whose period is over end here too, not only on the sweeper's round.
  await repo.expireEnded(deps.db, now, userId);
  const account = await accountOf(deps, userId);
  const sub = await repo.liveSubscription(deps.db, userId);
  const credits = await currentCredits(deps.db, userId, now, false);
  const kept = await keptCredits(deps.db, userId, credits.bought);
  const caps = capabilitiesFor(
    { plan: account.plan, planTrialEndsAt: account.plan_trial_ends_at === null ? null : new Date(account.plan_trial_ends_at) },
    now,
  );
  return {
    plan: caps.plan,
    trial_ends_at: sub ? null : caps.trialEndsAt,
    trial_available: !sub && account.trial_used_at === null,
    subscription: sub
      ? {
          status: sub.status,
          cycle: sub.billing_cycle,
          amount_cents: sub.price,
          current_period_start: iso(sub.current_period_start),
          current_period_end: iso(sub.current_period_end),
          cancel_at_period_end: sub.cancel_at_period_end,
        }
      : null,
    credits: credits.allowance + credits.bought,
    plan_credits: credits.allowance,
    welcome_credits: kept.welcome,
    bought_credits: kept.bought,
    payment_methods: await listMethods(deps, userId),
    payments_enabled: paymentGateway(deps.config) !== null,
  };
}

export async function quote(deps: AppDeps, userId: number, code: string, item: PurchaseItem): Promise<PromoQuote> {
  const priced = await priceWithPromo(deps.db, { userId, item, subtotal: await subtotalOf(deps, item), code, now: deps.now() });
  return {
    code: priced.code,
    item: priced.item,
    subtotal_cents: priced.subtotal_cents,
    discount_cents: priced.discount_cents,
    total_cents: priced.total_cents,
    description: priced.description,
  };
}

/** The price of an item: the plan's stored price, or the credit pack's. */
async function subtotalOf(deps: AppDeps, item: PurchaseItem): Promise<number> {
  if (!isPlanItem(item)) return itemPriceCents(item);
  const plan = await repo.planByCode(deps.db, item);
  if (!plan) throw new HttpError(503, 'This plan is not on sale right now.');
  return plan.price;
}

const newReference = () => `vk_${randomBytes(12).toString('hex')}`;

/**
 * Prices the purchase and inserts our pending payment with its promo code's use held, in one
 * transaction that locks the code: concurrent starts cannot both take its last use, and one
 * account cannot hold it twice.
 */
function openPayment(
  deps: AppDeps,
  p: { userId: number; item: PurchaseItem; subtotal: number; promoCode: string | undefined; methodId: number | null; now: Date },
): Promise<repo.PaymentRow> {
  return deps.db.transaction(async (tx) => {
    const priced = await priceWithPromo(tx, {
      userId: p.userId,
      item: p.item,
      subtotal: p.subtotal,
      code: p.promoCode,
      now: p.now,
      lock: true,
    });
    const payment = await repo.insertPayment(tx, {
      userId: p.userId,
      reference: newReference(),
      item: p.item,
      subtotal: priced.subtotal_cents,
      discount: priced.discount_cents,
      amount: priced.total_cents,
      promoId: priced.promoId,
      methodId: p.methodId,
      now: p.now,
    });
    if (priced.promoId !== null) {
      await holdPromo(tx, {
        promoId: priced.promoId,
        userId: p.userId,
        paymentId: payment.id,
        discount: priced.discount_cents,
        now: p.now,
      });
    }
    return payment;
  });
}

/** The provider refused to start or charge: the payment failed and its promo use is free again. */
function failPayment(deps: AppDeps, paymentId: number, f: { message: string; card: string | null; now: Date }): Promise<void> {
  return deps.db.transaction(async (tx) => {
    await repo.finishPayment(tx, paymentId, {
      status: 'failed',
      message: f.message,
      paidAt: null,
      methodId: null,
      card: f.card,
      now: f.now,
    });
    await repo.releasePromoHold(tx, paymentId, f.now);
  });
}

/** Creates our pending payment and the provider's checkout; returns where to send the browser. */
async function startCheckout(
  deps: AppDeps,
  userId: number,
  input: { item: PurchaseItem; promoCode: string | undefined; returnPath: string },
): Promise<{ authorization_url: string; reference: string }> {
  const gateway = gatewayOrFail(deps);
  const account = await accountOf(deps, userId);
  const now = deps.now();
  const payment = await openPayment(deps, {
    userId,
    item: input.item,
    subtotal: await subtotalOf(deps, input.item),
    promoCode: input.promoCode,
    methodId: null,
    now,
  });
  try {
    const started = await viaProvider(() =>
      gateway.initialize({
        email: account.email,
        amount: payment.amount_cents,
        currency: BILLING_CURRENCY,
        reference: payment.reference,
        callbackUrl: `${deps.config.APP_ORIGIN}${input.returnPath}`,
        metadata: { item: input.item, user_id: userId, description: itemLabel(input.item) },
      }),
    );
    return { authorization_url: started.authorizationUrl, reference: payment.reference };
  } catch (err) {
    await failPayment(deps, payment.id, { message: 'Checkout could not start', card: null, now });
    throw err;
  }
}

export async function startSubscriptionCheckout(
  deps: AppDeps,
  userId: number,
  body: { cycle: 'monthly' | 'annual'; promo_code?: string; return_path: string },
) {
  const live = await repo.liveSubscription(deps.db, userId);
  if (live) {
    const until = longDate.format(new Date(live.current_period_end));
    throw conflict(
      live.cancel_at_period_end
        ? `Your ${brand.product} Plan runs until ${until}. You can subscribe again once it ends.`
        : `You already have the ${brand.product} Plan.`,
      { code: 'already_subscribed' },
    );
  }
  const item: PurchaseItem = body.cycle === 'annual' ? 'pro_annual' : 'pro_monthly';
  return startCheckout(deps, userId, { item, promoCode: body.promo_code, returnPath: body.return_path });
}

/**
 * The account's one Pro trial (spec §1): Pro for PRO_TRIAL_DAYS days at once, no card asked, with the
 * Vuka Plan's monthly AI credits.
 */
export async function startTrial(deps: AppDeps, userId: number): Promise<BillingOverview> {
  const live = await repo.liveSubscription(deps.db, userId);
  if (live) throw conflict(`You already have the ${brand.product} Plan.`, { code: 'already_subscribed' });
  const now = deps.now();
  const started = await deps.db.transaction(async (tx) => {
    if (!(await repo.startTrial(tx, userId, now, trialEnd(now)))) return false;
    // The trial is the paid plan: its month's AI credits at once, not what Mahala left of the month.
    const cycle = allowanceCycle('pro', null, now);
    await grantTrialAllowance(tx, {
      userId,
      credits: cycle.credits,
      cycleStart: cycle.start,
      description: `${plans.pro.name} Plan AI credits for the trial`,
      now,
    });
    return true;
  });
  if (!started) {
    throw conflict(
      `You have already had your ${PRO_TRIAL_DAYS}-day free trial of the ${brand.product} Plan. Upgrade with a card to use it again.`,
      { code: 'trial_used' },
    );
  }
  return overview(deps, userId);
}

export function startCreditsCheckout(
  deps: AppDeps,
  userId: number,
  body: { pack: CreditPackId; promo_code?: string; return_path: string },
) {
  return startCheckout(deps, userId, { item: body.pack, promoCode: body.promo_code, returnPath: body.return_path });
}

/** Buys a credit pack with a saved card: charged at once, no checkout page. */
export async function chargeSavedCard(
  deps: AppDeps,
  userId: number,
  body: { pack: CreditPackId; promo_code?: string; payment_method_id: number },
): Promise<PaymentOutcome> {
  const gateway = gatewayOrFail(deps);
  const account = await accountOf(deps, userId);
  const method = await repo.methodOf(deps.db, userId, body.payment_method_id);
  if (!method) throw notFound('Card not found');
  const now = deps.now();
  const pack = creditPack(body.pack);
  const payment = await openPayment(deps, {
    userId,
    item: body.pack,
    subtotal: pack.priceCents,
    promoCode: body.promo_code,
    methodId: method.id,
    now,
  });
  let verified: VerifiedTransaction;
  try {
    verified = await viaProvider(() =>
      gateway.chargeAuthorization({
        email: account.email,
        amount: payment.amount_cents,
        currency: BILLING_CURRENCY,
        authorizationCode: method.provider_id,
        reference: payment.reference,
        metadata: { item: body.pack, user_id: userId },
      }),
    );
  } catch (err) {
    const said = err instanceof HttpError ? err.message : 'The charge could not be made';
    await failPayment(deps, payment.id, { message: said, card: cardLabel(method), now });
    throw err;
  }
  return settleByReference(deps, gateway, payment.reference, async () => verified);
}

/** The browser came back from checkout with `reference`: ask the provider and settle. */
export async function verifyReturn(deps: AppDeps, userId: number, reference: string): Promise<PaymentOutcome> {
  const payment = await repo.paymentByReference(deps.db, reference);
  if (!payment || payment.user_id !== userId) throw notFound('Payment not found');
  if (payment.status !== 'pending') {
    const sub = isPlanItem(payment.item) ? await repo.liveSubscription(deps.db, userId) : undefined;
    return storedOutcome(payment, sub ? new Date(sub.current_period_end) : null);
  }
  const gateway = gatewayOrFail(deps);
  return settleByReference(deps, gateway, reference, () => viaProvider(() => gateway.verify(reference)));
}

/** Locks our payment row, settles it with the provider's answer, then does the provider follow-up. */
export async function settleByReference(
  deps: AppDeps,
  gateway: PaymentGateway,
  reference: string,
  ask: () => Promise<VerifiedTransaction>,
): Promise<PaymentOutcome> {
  const verified = await ask();
  const settled = await deps.db.transaction(async (tx) => {
    const payment = await repo.paymentByReference(tx, reference, true);
    if (!payment) throw notFound('Payment not found');
    return settlePayment(tx, payment, verified, deps.now());
  });
  if (settled.followUp) await linkProviderSubscription(deps, gateway, settled.followUp);
  return settled.outcome;
}

/** Cancel at any time; access continues to the end of the paid period (spec §1). */
export async function cancelSubscription(deps: AppDeps, userId: number): Promise<BillingOverview> {
  const live = await repo.liveSubscription(deps.db, userId);
  if (!live) throw conflict('You have no subscription to cancel.', { code: 'no_subscription' });
  if (!live.cancel_at_period_end) {
    if (live.provider_subscription_code && live.provider_email_token) {
      const gateway = gatewayOrFail(deps);
      const code = live.provider_subscription_code;
      const token = live.provider_email_token;
      await viaProvider(() => gateway.disableSubscription({ code, token }));
    }
    await repo.markCancelAtPeriodEnd(deps.db, live.id, deps.now());
  }
  return overview(deps, userId);
}

export async function history(deps: AppDeps, userId: number): Promise<BillingHistory> {
  const [payments, credits] = await Promise.all([repo.listPayments(deps.db, userId), repo.listCreditTransactions(deps.db, userId)]);
  return {
    payments: payments.map((p) => ({
      reference: p.reference,
      item: p.item,
      description: itemLabel(p.item),
      status: p.status,
      amount_cents: p.amount_cents,
      discount_cents: p.discount_cents,
      currency: p.currency,
      message: p.provider_message,
      card: p.card_label,
      created_at: iso(p.created_at),
      paid_at: p.paid_at === null ? null : iso(p.paid_at),
    })),
    credit_transactions: credits.map((c) => ({
      id: c.id,
      amount: c.amount,
      description: c.description,
      type: c.type,
      created_at: iso(c.created_at),
    })),
  };
}
