import type { Queryable } from '../../db/db.js';
import type { BillingCycle } from '../../../schema/billing/billing.js';

/** SQL for accounts' plans, the subscription plans and subscriptions (account rows; see 0007_billing.sql). */
type Time = Date | string;

export interface AccountRow {
  id: number;
  email: string;
  plan: 'free' | 'pro';
  plan_trial_ends_at: Time | null;
  /** When the account started its one Pro trial; null while it may still start one. */
  trial_used_at: Time | null;
  credits: number;
  provider_customer_id: string | null;
}

export async function account(q: Queryable, userId: number): Promise<AccountRow | undefined> {
  const rows = await q.query<AccountRow>(
    'SELECT id, email, plan, plan_trial_ends_at, trial_used_at, credits, provider_customer_id FROM users WHERE id = $1',
    [userId],
  );
  return rows[0];
}

export async function accountByEmail(q: Queryable, email: string): Promise<AccountRow | undefined> {
  const rows = await q.query<AccountRow>(
    'SELECT id, email, plan, plan_trial_ends_at, trial_used_at, credits, provider_customer_id FROM users WHERE lower(email) = lower($1)',
    [email],
  );
  return rows[0];
}

export async function setCustomerCode(q: Queryable, userId: number, code: string): Promise<void> {
  await q.query('UPDATE users SET provider_customer_id = $2 WHERE id = $1 AND provider_customer_id IS DISTINCT FROM $2', [userId, code]);
}

/**
 * Starts the account's one Pro trial: Pro until `ends`. Answers false, changing nothing, when the
 * account has had its trial already; the check and the write are one statement, so two clicks
 * racing cannot start two.
 */
export async function startTrial(q: Queryable, userId: number, now: Date, ends: Date): Promise<boolean> {
  const rows = await q.query<{ id: number }>(
    `UPDATE users SET plan = 'pro', plan_trial_ends_at = $3, trial_used_at = $2, updated_at = $2
      WHERE id = $1 AND trial_used_at IS NULL RETURNING id`,
    [userId, now, ends],
  );
  return rows.length === 1;
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
  await q.query(`UPDATE subscriptions SET provider_subscription_code = $2, provider_email_token = $3 WHERE id = $1`, [id, code, token]);
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
