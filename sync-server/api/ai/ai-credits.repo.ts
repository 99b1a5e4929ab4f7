import type { Queryable } from '../../db/db.js';

/** SQL for AI credits: the plan's allowance, bought credits (users.credits) and ai_usage runs. */

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

export interface UsageRow {
  id: number;
  user_id: number;
  status: 'running' | 'settled' | 'released';
  credits_reserved: number;
  from_allowance: number;
  from_bought: number;
  operation_type: string;
}

export async function insertUsage(
  q: Queryable,
  u: {
    userId: number;
    workspaceId: number;
    service: string;
    model: string;
    operation: string;
    reserved: number;
    fromAllowance: number;
    fromBought: number;
    now: Date;
  },
): Promise<number> {
  const rows = await q.query<{ id: number }>(
    `INSERT INTO ai_usage (user_id, workspace_id, service, model, operation_type, credits_reserved, from_allowance, from_bought, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
    [u.userId, u.workspaceId, u.service, u.model, u.operation, u.reserved, u.fromAllowance, u.fromBought, u.now],
  );
  const id = rows[0]?.id;
  if (id === undefined) throw new Error('ai_usage insert returned no row');
  return id;
}

/** A running usage row, locked; undefined once it was settled or released. */
export async function runningUsage(q: Queryable, usageId: number): Promise<UsageRow | undefined> {
  const rows = await q.query<UsageRow>(
    `SELECT id, user_id, status, credits_reserved, from_allowance, from_bought, operation_type
       FROM ai_usage WHERE id = $1 AND status = 'running' FOR UPDATE`,
    [usageId],
  );
  return rows[0];
}

export async function finishUsage(
  q: Queryable,
  f: {
    usageId: number;
    status: 'settled' | 'released';
    model: string | null;
    promptTokens: number;
    completionTokens: number;
    used: number;
    now: Date;
  },
): Promise<void> {
  await q.query(
    `UPDATE ai_usage SET status = $2, model = coalesce($3, model), prompt_tokens = $4, completion_tokens = $5, credits_used = $6, finished_at = $7 WHERE id = $1`,
    [f.usageId, f.status, f.model, f.promptTokens, f.completionTokens, f.used, f.now],
  );
}

export async function insertUsageLedger(q: Queryable, userId: number, amount: number, description: string, now: Date): Promise<void> {
  await q.query(`INSERT INTO credit_transactions (user_id, amount, description, type, created_at) VALUES ($1, $2, $3, 'usage', $4)`, [
    userId,
    -amount,
    description,
    now,
  ]);
}

/** Runs still reserved long after they began (the server stopped mid-run): their ids, for release. */
export async function staleRuns(q: Queryable, userId: number, before: Date): Promise<number[]> {
  const rows = await q.query<{ id: number }>(`SELECT id FROM ai_usage WHERE user_id = $1 AND status = 'running' AND created_at < $2`, [
    userId,
    before,
  ]);
  return rows.map((r) => r.id);
}
