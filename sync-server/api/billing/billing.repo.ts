import type { Queryable } from '../../db/db.js';
import type { CardAuthorization } from '../../payments/gateway.js';
import type { BillingCycle, PurchaseItem } from '../../../schema/billing.js';

/**
 * SQL for billing. These are account rows, not workspace data (see 0007_billing.sql): the server
 * reads them as the owner, and every query names the user it is for.
 */
type Time = Date | string;

export interface AccountRow {
  id: number;
  email: string;
  plan: 'free' | 'pro';
  plan_trial_ends_at: Time | null;
  credits: number;
  provider_customer_id: string | null;
}

export async function account(q: Queryable, userId: number): Promise<AccountRow | undefined> {
  const rows = await q.query<AccountRow>(
    'SELECT id, email, plan, plan_trial_ends_at, credits, provider_customer_id FROM users WHERE id = $1',
    [userId],
  );
  return rows[0];
}

export async function accountByEmail(q: Queryable, email: string): Promise<AccountRow | undefined> {
  const rows = await q.query<AccountRow>(
    'SELECT id, email, plan, plan_trial_ends_at, credits, provider_customer_id FROM users WHERE lower(email) = lower($1)',
    [email],
  );
  return rows[0];
}

export async function setCustomerCode(q: Queryable, userId: number, code: string): Promise<void> {
  await q.query('UPDATE users SET provider_customer_id = $2 WHERE id = $1 AND provider_customer_id IS DISTINCT FROM $2', [userId, code]);
}

/** Pro, paid: a paid plan replaces any trial. */
export async function setPlan(q: Queryable, userId: number, plan: 'free' | 'pro', now: Date): Promise<void> {
  await q.query(
    `UPDATE users SET plan = $2, plan_trial_ends_at = CASE WHEN $2 = 'pro' THEN NULL ELSE plan_trial_ends_at END, updated_at = $3 WHERE id = $1`,
    [userId, plan, now],
  );
}

export interface PlanRow {
  id: number;
  code: 'pro_monthly' | 'pro_annual';
  name: string;
  price: number;
  currency: string;
  billing_cycle: BillingCycle;
  credits_included: number;
  provider_plan_code: string | null;
}

const planColumns = 'id, code, name, price, currency, billing_cycle, credits_included, provider_plan_code';

export async function planByCode(q: Queryable, code: string): Promise<PlanRow | undefined> {
  const rows = await q.query<PlanRow>(`SELECT ${planColumns} FROM subscription_plans WHERE code = $1 AND is_active`, [code]);
  return rows[0];
}

export async function planByProviderCode(q: Queryable, providerCode: string): Promise<PlanRow | undefined> {
  const rows = await q.query<PlanRow>(`SELECT ${planColumns} FROM subscription_plans WHERE provider_plan_code = $1`, [providerCode]);
  return rows[0];
}

/** Records the provider's plan code unless another request already did; returns the one kept. */
export async function keepProviderPlanCode(q: Queryable, planId: number, code: string): Promise<string> {
  const rows = await q.query<{ provider_plan_code: string }>(
    `UPDATE subscription_plans SET provider_plan_code = coalesce(provider_plan_code, $2) WHERE id = $1 RETURNING provider_plan_code`,
    [planId, code],
  );
  return rows[0]?.provider_plan_code ?? code;
}

export interface SubscriptionRow {
  id: number;
  user_id: number;
  plan_id: number;
  plan_code: 'pro_monthly' | 'pro_annual';
  billing_cycle: BillingCycle;
  price: number;
  status: 'active' | 'attention' | 'cancelled';
  current_period_start: Time;
  current_period_end: Time;
  cancel_at_period_end: boolean;
  provider_subscription_code: string | null;
  provider_email_token: string | null;
}

const subscriptionSelect = `SELECT s.id, s.user_id, s.plan_id, p.code AS plan_code, p.billing_cycle, p.price, s.status,
    s.current_period_start, s.current_period_end, s.cancel_at_period_end, s.provider_subscription_code, s.provider_email_token
  FROM subscriptions s JOIN subscription_plans p ON p.id = s.plan_id`;

/** The account's subscription in force (not cancelled), locked when `forUpdate`. */
export async function liveSubscription(q: Queryable, userId: number, forUpdate = false): Promise<SubscriptionRow | undefined> {
  const rows = await q.query<SubscriptionRow>(
    `${subscriptionSelect} WHERE s.user_id = $1 AND s.status <> 'cancelled'${forUpdate ? ' FOR UPDATE OF s' : ''}`,
    [userId],
  );
  return rows[0];
}

export async function subscriptionByProviderCode(q: Queryable, code: string): Promise<SubscriptionRow | undefined> {
  const rows = await q.query<SubscriptionRow>(`${subscriptionSelect} WHERE s.provider_subscription_code = $1 FOR UPDATE OF s`, [code]);
  return rows[0];
}

export async function insertSubscription(
  q: Queryable,
  s: { userId: number; planId: number; start: Date; end: Date; methodId: number | null; trialEnd: Time | null },
): Promise<number> {
  const rows = await q.query<{ id: number }>(
    `INSERT INTO subscriptions (user_id, plan_id, status, current_period_start, current_period_end, trial_end_date, payment_method_id, created_at, updated_at)
     VALUES ($1, $2, 'active', $3, $4, $5, $6, $3, $3) RETURNING id`,
    [s.userId, s.planId, s.start, s.end, s.trialEnd, s.methodId],
  );
  return rows[0].id;
}

export async function renewSubscription(q: Queryable, id: number, start: Date, end: Date, now: Date): Promise<void> {
  await q.query(
    `UPDATE subscriptions SET status = 'active', current_period_start = $2, current_period_end = $3, updated_at = $4 WHERE id = $1`,
    [id, start, end, now],
  );
}

export async function setProviderSubscription(q: Queryable, id: number, code: string, token: string): Promise<void> {
  await q.query(
    `UPDATE subscriptions SET provider_subscription_code = $2, provider_email_token = $3 WHERE id = $1`,
    [id, code, token],
  );
}

/** The newest live subscription of this account on this plan that has no provider code yet. */
export async function unlinkedSubscription(q: Queryable, userId: number, planId: number): Promise<SubscriptionRow | undefined> {
  const rows = await q.query<SubscriptionRow>(
    `${subscriptionSelect} WHERE s.user_id = $1 AND s.plan_id = $2 AND s.status <> 'cancelled' AND s.provider_subscription_code IS NULL FOR UPDATE OF s`,
    [userId, planId],
  );
  return rows[0];
}

export async function markCancelAtPeriodEnd(q: Queryable, id: number, now: Date): Promise<void> {
  await q.query(
    `UPDATE subscriptions SET cancel_at_period_end = true, cancelled_at = coalesce(cancelled_at, $2), updated_at = $2 WHERE id = $1`,
    [id, now],
  );
}

export async function setSubscriptionStatus(q: Queryable, id: number, status: SubscriptionRow['status'], now: Date): Promise<void> {
  await q.query(`UPDATE subscriptions SET status = $2, updated_at = $3 WHERE id = $1`, [id, status, now]);
}

/**
 * Ends subscriptions whose paid period is over and that will not renew (cancelled, or the renewal
 * failed), and moves their accounts back to the free plan. `userId` limits it to one account.
 */
export async function expireEnded(q: Queryable, now: Date, userId?: number): Promise<number> {
  const rows = await q.query<{ id: number }>(
    `WITH ended AS (
       UPDATE subscriptions SET status = 'cancelled', cancelled_at = coalesce(cancelled_at, $1), updated_at = $1
        WHERE status <> 'cancelled' AND current_period_end <= $1 AND (cancel_at_period_end OR status = 'attention')
          AND ($2::integer IS NULL OR user_id = $2)
        RETURNING user_id)
     UPDATE users u SET plan = 'free', updated_at = $1 FROM ended e
      WHERE u.id = e.user_id AND u.plan = 'pro' AND (u.plan_trial_ends_at IS NULL OR u.plan_trial_ends_at <= $1)
      RETURNING u.id`,
    [now, userId ?? null],
  );
  return rows.length;
}

export interface PaymentRow {
  id: number;
  user_id: number;
  reference: string;
  item: PurchaseItem;
  status: 'pending' | 'success' | 'failed';
  subtotal_cents: number;
  discount_cents: number;
  amount_cents: number;
  currency: string;
  promo_code_id: number | null;
  payment_method_id: number | null;
  provider_message: string | null;
  card_label: string | null;
  paid_at: Time | null;
  created_at: Time;
}

const paymentColumns = `id, user_id, reference, item, status, subtotal_cents, discount_cents, amount_cents, currency,
  promo_code_id, payment_method_id, provider_message, card_label, paid_at, created_at`;

export async function insertPayment(
  q: Queryable,
  p: {
    userId: number;
    reference: string;
    item: PurchaseItem;
    subtotal: number;
    discount: number;
    amount: number;
    promoId: number | null;
    methodId: number | null;
    now: Date;
  },
): Promise<PaymentRow> {
  const rows = await q.query<PaymentRow>(
    `INSERT INTO payments (user_id, reference, item, subtotal_cents, discount_cents, amount_cents, promo_code_id, payment_method_id, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9) RETURNING ${paymentColumns}`,
    [p.userId, p.reference, p.item, p.subtotal, p.discount, p.amount, p.promoId, p.methodId, p.now],
  );
  return rows[0];
}

/** A renewal the provider charged on its own: recorded once per reference. Null when already known. */
export async function insertSettledRenewal(
  q: Queryable,
  p: { userId: number; reference: string; item: PurchaseItem; amount: number; currency: string; message: string; card: string | null; paidAt: Date },
): Promise<PaymentRow | undefined> {
  const rows = await q.query<PaymentRow>(
    `INSERT INTO payments (user_id, reference, item, status, subtotal_cents, amount_cents, currency, provider_message, card_label, paid_at, created_at, updated_at)
     VALUES ($1, $2, $3, 'success', $4, $4, $5, $6, $7, $8, $8, $8)
     ON CONFLICT (reference) DO NOTHING RETURNING ${paymentColumns}`,
    [p.userId, p.reference, p.item, p.amount, p.currency, p.message, p.card, p.paidAt],
  );
  return rows[0];
}

export async function paymentByReference(q: Queryable, reference: string, forUpdate = false): Promise<PaymentRow | undefined> {
  const rows = await q.query<PaymentRow>(
    `SELECT ${paymentColumns} FROM payments WHERE reference = $1${forUpdate ? ' FOR UPDATE' : ''}`,
    [reference],
  );
  return rows[0];
}

export async function finishPayment(
  q: Queryable,
  id: number,
  f: { status: 'success' | 'failed'; message: string; paidAt: Date | null; methodId: number | null; card: string | null; now: Date },
): Promise<void> {
  await q.query(
    `UPDATE payments SET status = $2, provider_message = $3, paid_at = $4, payment_method_id = coalesce($5, payment_method_id),
       card_label = coalesce($6, card_label), updated_at = $7
     WHERE id = $1`,
    [id, f.status, f.message, f.paidAt, f.methodId, f.card, f.now],
  );
}

export async function listPayments(q: Queryable, userId: number): Promise<PaymentRow[]> {
  return q.query<PaymentRow>(
    `SELECT ${paymentColumns} FROM payments WHERE user_id = $1 ORDER BY created_at DESC, id DESC LIMIT 100`,
    [userId],
  );
}

export interface CreditRow {
  id: number;
  amount: number;
  description: string;
  type: 'purchase' | 'plan_refresh' | 'usage' | 'adjustment';
  created_at: Time;
}

export function listCreditTransactions(q: Queryable, userId: number): Promise<CreditRow[]> {
  return q.query<CreditRow>(
    `SELECT id, amount, description, type, created_at FROM credit_transactions WHERE user_id = $1 ORDER BY created_at DESC, id DESC LIMIT 100`,
    [userId],
  );
}

/**
 * Adds `amount` credits with its ledger row. A payment's credits are added once: a second call for
 * the same payment finds the ledger row there and changes nothing.
 */
export async function addCredits(
  q: Queryable,
  c: { userId: number; amount: number; description: string; type: CreditRow['type']; paymentId: number | null; now: Date },
): Promise<boolean> {
  const rows = await q.query<{ id: number }>(
    `INSERT INTO credit_transactions (user_id, amount, description, type, payment_id, created_at)
     VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (payment_id) DO NOTHING RETURNING id`,
    [c.userId, c.amount, c.description, c.type, c.paymentId, c.now],
  );
  if (!rows.length) return false;
  await q.query('UPDATE users SET credits = credits + $2 WHERE id = $1', [c.userId, c.amount]);
  return true;
}

export interface MethodRow {
  id: number;
  provider_id: string;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  bank: string | null;
  card_type: string | null;
  is_default: boolean;
}

const methodColumns = 'id, provider_id, brand, last4, exp_month, exp_year, bank, card_type, is_default';

export function listMethods(q: Queryable, userId: number): Promise<MethodRow[]> {
  return q.query<MethodRow>(
    `SELECT ${methodColumns} FROM payment_methods WHERE user_id = $1 ORDER BY is_default DESC, created_at DESC, id DESC`,
    [userId],
  );
}

export async function methodOf(q: Queryable, userId: number, id: number): Promise<MethodRow | undefined> {
  const rows = await q.query<MethodRow>(`SELECT ${methodColumns} FROM payment_methods WHERE user_id = $1 AND id = $2`, [userId, id]);
  return rows[0];
}

/** Saves a reusable card (once per card); the account's first card becomes its default. */
export async function saveCard(q: Queryable, userId: number, card: CardAuthorization, now: Date): Promise<number> {
  const rows = await q.query<{ id: number }>(
    `INSERT INTO payment_methods (user_id, provider_id, signature, last4, brand, exp_month, exp_year, bank, card_type, is_default, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9,
             NOT EXISTS (SELECT 1 FROM payment_methods WHERE user_id = $1 AND is_default), $10)
     ON CONFLICT (user_id, signature) DO UPDATE SET provider_id = EXCLUDED.provider_id, exp_month = EXCLUDED.exp_month,
       exp_year = EXCLUDED.exp_year
     RETURNING id`,
    [userId, card.authorizationCode, card.signature, card.last4, card.brand, card.expMonth, card.expYear, card.bank, card.cardType, now],
  );
  return rows[0].id;
}

export async function setDefaultMethod(q: Queryable, userId: number, id: number): Promise<void> {
  await q.query('UPDATE payment_methods SET is_default = false WHERE user_id = $1 AND is_default AND id <> $2', [userId, id]);
  await q.query('UPDATE payment_methods SET is_default = true WHERE user_id = $1 AND id = $2', [userId, id]);
}

/** Removes a card; when it was the default, the newest remaining card takes its place. */
export async function removeMethod(q: Queryable, userId: number, id: number): Promise<void> {
  const gone = await q.query<{ is_default: boolean }>(
    'DELETE FROM payment_methods WHERE user_id = $1 AND id = $2 RETURNING is_default',
    [userId, id],
  );
  if (gone[0]?.is_default) {
    await q.query(
      `UPDATE payment_methods SET is_default = true WHERE id = (
         SELECT id FROM payment_methods WHERE user_id = $1 ORDER BY created_at DESC, id DESC LIMIT 1)`,
      [userId],
    );
  }
}

export interface PromoRow {
  id: number;
  code: string;
  discount_percentage: number | null;
  discount_amount: number | null;
  expires_at: Time | null;
  usage_limit: number | null;
  times_used: number;
  minimum_amount: number;
  is_active: boolean;
}

export async function promoByCode(q: Queryable, code: string): Promise<PromoRow | undefined> {
  const rows = await q.query<PromoRow>(
    `SELECT id, code, discount_percentage, discount_amount, expires_at, usage_limit, times_used, minimum_amount, is_active
       FROM promo_codes WHERE code = upper($1)`,
    [code],
  );
  return rows[0];
}

export async function promoUsedBy(q: Queryable, promoId: number, userId: number): Promise<boolean> {
  const rows = await q.query('SELECT 1 FROM promo_code_usage WHERE promo_code_id = $1 AND user_id = $2', [promoId, userId]);
  return rows.length > 0;
}

/** Records a promo code's use by a settled payment (once per payment and per account). */
export async function recordPromoUse(q: Queryable, u: { promoId: number; userId: number; paymentId: number; discount: number; now: Date }): Promise<void> {
  const rows = await q.query<{ id: number }>(
    `INSERT INTO promo_code_usage (promo_code_id, user_id, payment_id, discount_cents, used_at)
     VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING RETURNING id`,
    [u.promoId, u.userId, u.paymentId, u.discount, u.now],
  );
  if (rows.length) await q.query('UPDATE promo_codes SET times_used = times_used + 1 WHERE id = $1', [u.promoId]);
}

/** Marks a webhook event handled; false when it was handled before. */
export async function firstDelivery(q: Queryable, key: string, event: string, now: Date): Promise<boolean> {
  const rows = await q.query<{ event_key: string }>(
    `INSERT INTO billing_webhook_events (event_key, event, received_at) VALUES ($1, $2, $3)
     ON CONFLICT (event_key) DO NOTHING RETURNING event_key`,
    [key, event, now],
  );
  return rows.length > 0;
}
