import type { Queryable } from '../../db/db.js';
import { HttpError } from '../../http/errors.js';
import { capabilitiesFor } from '../../plans/capabilities.js';
import { plans } from '../../../schema/billing/plans.js';
import { allowanceCycle, type AllowanceCycle } from './allowance.js';
import * as repo from './credits.repo.js';

const time = (v: Date | string) => (v instanceof Date ? v : new Date(v));

/** The account's credits: what is left of the plan's allowance for the cycle, and what was bought. */
export interface Credits {
  allowance: number;
  bought: number;
  cycle: AllowanceCycle;
}

/**
 * The account's credits now. The allowance is refreshed lazily: in a new cycle it reads as the
 * plan's full amount, and the first spend of the cycle (`persist`, under the row lock) writes it with
 * its `plan_refresh` ledger row — a read never writes.
 */
export async function currentCredits(q: Queryable, userId: number, now: Date, persist: boolean): Promise<Credits> {
  const state = await repo.creditState(q, userId, persist);
  if (!state) throw new HttpError(401, 'Not authenticated');
  const effective = capabilitiesFor(
    { plan: state.plan, planTrialEndsAt: state.plan_trial_ends_at ? time(state.plan_trial_ends_at) : null },
    now,
  ).plan;
  const live = await repo.liveCycle(q, userId);
  const cycle = allowanceCycle(
    effective,
    live ? { start: time(live.current_period_start), end: time(live.current_period_end), cycle: live.billing_cycle } : null,
    now,
  );
  const granted = state.ai_allowance_cycle ? time(state.ai_allowance_cycle) : null;
  if (granted && granted.getTime() >= cycle.start.getTime()) return { allowance: state.ai_allowance, bought: state.credits, cycle };
  if (persist) {
    const description = `${plans[effective].name} Plan AI credits for the ${cycle.credits > plans.pro.limits.aiCreditsPerMonth ? 'year' : 'month'}`;
    await repo.grantAllowance(q, { userId, credits: cycle.credits, cycleStart: cycle.start, description, paymentId: null, now });
  }
  return { allowance: cycle.credits, bought: state.credits, cycle };
}

/**
 * The credits that never expire (users.credits), told apart: the welcome credits every account starts
 * with are spent before bought ones, so what is left is bought up to what was ever bought (or added by
 * an admin), and the rest is welcome credits.
 */
export function splitKeptCredits(kept: number, boughtEver: number): { welcome: number; bought: number } {
  const bought = Math.min(Math.max(kept, 0), Math.max(boughtEver, 0));
  return { welcome: Math.max(kept, 0) - bought, bought };
}

/** The account's kept credits told apart: the welcome credits, and what it bought (or was given) and kept. */
export async function keptCredits(q: Queryable, userId: number, kept: number): Promise<{ welcome: number; bought: number }> {
  return splitKeptCredits(kept, await repo.boughtEver(q, userId));
}
