import type { Queryable } from '../../db/db.js';

/**
 * SQL for the account's credits: the plan's allowance for its cycle (users.ai_allowance), the
 * credits bought (users.credits), and their ledger (credit_transactions).
 */

export interface CreditState {
  plan: 'free' | 'pro';
  plan_trial_ends_at: Date | string | null;
  ai_allowance: number;
  ai_allowance_cycle: Date | string | null;
  credits: number;
}

export async function creditState(q: Queryable, userId: number, forUpdate = false): Promise<CreditState | undefined> {
  const rows = await q.query<CreditState>(
    `SELECT plan, plan_trial_ends_at, ai_allowance, ai_allowance_cycle, credits FROM users WHERE id = $1${forUpdate ? ' FOR UPDATE' : ''}`,
    [userId],
  );
  return rows[0];
}

export interface LiveCycle {
  current_period_start: Date | string;
  current_period_end: Date | string;
  billing_cycle: 'monthly' | 'annual';
}

export async function liveCycle(q: Queryable, userId: number): Promise<LiveCycle | undefined> {
  const rows = await q.query<LiveCycle>(
    `SELECT s.current_period_start, s.current_period_end, p.billing_cycle
       FROM subscriptions s JOIN subscription_plans p ON p.id = s.plan_id
      WHERE s.user_id = $1 AND s.status <> 'cancelled'`,
    [userId],
  );
  return rows[0];
}

/**
 * Sets the allowance for a cycle that has not been granted yet, with its ledger row. A second call
 * for the same cycle (two requests at once, or the renewal webhook and a read) changes nothing.
 * `paymentId` ties a paid renewal's grant to its payment, so a replayed payment grants once.
 */
export async function grantAllowance(
  q: Queryable,
  g: { userId: number; credits: number; cycleStart: Date; description: string; paymentId: number | null; now: Date },
): Promise<boolean> {
  const rows = await q.query<{ id: number }>(
    `UPDATE users SET ai_allowance = $2, ai_allowance_cycle = $3
      WHERE id = $1 AND (ai_allowance_cycle IS NULL OR ai_allowance_cycle < $3) RETURNING id`,
    [g.userId, g.credits, g.cycleStart],
  );
  if (!rows.length) return false;
  await q.query(
    `INSERT INTO credit_transactions (user_id, amount, description, type, payment_id, created_at)
     VALUES ($1, $2, $3, 'plan_refresh', $4, $5) ON CONFLICT (payment_id) DO NOTHING`,
    [g.userId, g.credits, g.description, g.paymentId, g.now],
  );
  return true;
}

/** Takes a run's reservation off the account (the caller holds the row lock and has checked the balance). */
export async function takeCredits(q: Queryable, userId: number, fromAllowance: number, fromBought: number): Promise<void> {
  await q.query(
    'UPDATE users SET ai_allowance = ai_allowance - $2, credits = credits - $3 WHERE id = $1 AND ai_allowance >= $2 AND credits >= $3',
    [userId, fromAllowance, fromBought],
  );
}

/** Hands credits back to the account. */
export async function returnCredits(q: Queryable, userId: number, toAllowance: number, toBought: number): Promise<void> {
  if (toAllowance === 0 && toBought === 0) return;
  await q.query('UPDATE users SET ai_allowance = ai_allowance + $2, credits = credits + $3 WHERE id = $1', [userId, toAllowance, toBought]);
}

/**
 * The trial's grant: the paid plan's credits for the cycle, whatever the free plan left of it (spent
 * or not), with its ledger row.
 */
export async function grantTrialAllowance(
  q: Queryable,
  g: { userId: number; credits: number; cycleStart: Date; description: string; now: Date },
): Promise<void> {
  await q.query('UPDATE users SET ai_allowance = $2, ai_allowance_cycle = $3 WHERE id = $1', [g.userId, g.credits, g.cycleStart]);
  await q.query(
    `INSERT INTO credit_transactions (user_id, amount, description, type, created_at) VALUES ($1, $2, $3, 'plan_refresh', $4)`,
    [g.userId, g.credits, g.description, g.now],
  );
}

/** Credits the account ever bought or was given by an admin (the ledger's purchases and additions). */
export async function boughtEver(q: Queryable, userId: number): Promise<number> {
  const rows = await q.query<{ bought: number | string | null }>(
    `SELECT coalesce(sum(amount), 0) AS bought FROM credit_transactions
      WHERE user_id = $1 AND (type = 'purchase' OR (type = 'adjustment' AND amount > 0))`,
    [userId],
  );
  return Number(rows[0]?.bought ?? 0);
}
