import type { AppDeps } from '../../deps.js';
import { HttpError } from '../../http/errors.js';
import { aiMessages, aiOperation, aiOperations, settledCredits, type AiBalance, type AiOperation } from '../../../schema/ai/ai.js';
import { drawOrder, refundOrder } from '../billing/allowance.js';
import { currentCredits, keptCredits } from '../billing/credits.js';
import { creditState, returnCredits, takeCredits } from '../billing/credits.repo.js';
import * as repo from './ai-credits.repo.js';

/** A run still reserved this long after it began was cut off by a restart: its credits go back. */
const STALE_RUN_MS = 15 * 60_000;

export async function balance(deps: AppDeps, userId: number): Promise<AiBalance> {
  const now = deps.now();
  const c = await currentCredits(deps.db, userId, now, false);
  const kept = await keptCredits(deps.db, userId, c.bought);
  return {
    configured: Boolean(deps.config.AI_BASE_URL),
    sample_text: deps.config.aiStandIn,
    plan_credits: c.allowance,
    plan_credits_per_cycle: c.cycle.credits,
    welcome_credits: kept.welcome,
    bought_credits: kept.bought,
    total: c.allowance + c.bought,
    refreshes_at: c.cycle.end.toISOString(),
  };
}

/** The credits the account can spend now, the plan's and the kept ones together. */
export async function creditsLeft(deps: AppDeps, userId: number): Promise<number> {
  const c = await currentCredits(deps.db, userId, deps.now(), false);
  return c.allowance + c.bought;
}

export interface Reservation {
  usageId: number;
  reserved: number;
}

/**
 * Reserves a run's price before it starts, allowance first. The account's row is locked for the
 * check and the take, so two runs started at once with credits for one: exactly one gets them.
 */
export async function reserve(
  deps: AppDeps,
  r: { userId: number; workspaceId: number; operation: AiOperation; price: number; service: string; model: string },
): Promise<Reservation> {
  const now = deps.now();
  await releaseStale(deps, r.userId, now);
  return deps.db.transaction(async (tx) => {
    const c = await currentCredits(tx, r.userId, now, true);
    if (c.allowance + c.bought < r.price) {
      throw new HttpError(402, aiMessages.tooFewCredits(r.price, c.allowance + c.bought), { code: 'insufficient_credits' });
    }
    const draw = drawOrder(r.price, c.allowance);
    await takeCredits(tx, r.userId, draw.fromAllowance, draw.fromBought);
    const usageId = await repo.insertUsage(tx, {
      userId: r.userId,
      workspaceId: r.workspaceId,
      service: r.service,
      model: r.model,
      operation: r.operation,
      reserved: r.price,
      ...draw,
      now,
    });
    return { usageId, reserved: r.price };
  });
}

/**
 * Ends a run: settled by its real token count (what it did not use goes back), or released in full
 * when it failed. Returns the credits used and the balance left. A run already ended changes nothing.
 */
export async function finish(
  deps: AppDeps,
  usageId: number,
  outcome: { ok: true; model: string; promptTokens: number; completionTokens: number } | { ok: false },
): Promise<{ used: number; balance: number }> {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const run = await repo.runningUsage(tx, usageId);
    if (!run) return { used: 0, balance: 0 };
    const used = outcome.ok ? settledCredits(run.credits_reserved, outcome.promptTokens, outcome.completionTokens) : 0;
    const back = refundOrder({ fromAllowance: run.from_allowance, fromBought: run.from_bought }, used);
    await returnCredits(tx, run.user_id, back.toAllowance, back.toBought);
    await repo.finishUsage(tx, {
      usageId,
      status: outcome.ok ? 'settled' : 'released',
      model: outcome.ok ? outcome.model : null,
      promptTokens: outcome.ok ? outcome.promptTokens : 0,
      completionTokens: outcome.ok ? outcome.completionTokens : 0,
      used,
      now,
    });
    if (used > 0) {
      const op = aiOperation.safeParse(run.operation_type);
      await repo.insertUsageLedger(
        tx,
        run.user_id,
        used,
        `AI writing: ${op.success ? aiOperations[op.data].label : run.operation_type}`,
        now,
      );
    }
    const after = await creditState(tx, run.user_id);
    return { used, balance: after ? after.ai_allowance + after.credits : 0 };
  });
}

async function releaseStale(deps: AppDeps, userId: number, now: Date): Promise<void> {
  for (const id of await repo.staleRuns(deps.db, userId, new Date(now.getTime() - STALE_RUN_MS))) {
    await finish(deps, id, { ok: false });
  }
}
