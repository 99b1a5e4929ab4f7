import type { Queryable } from '../../db/db.js';

/** SQL for AI runs (ai_usage) and what they spend in the credits ledger; the credits themselves are billing's. */

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
