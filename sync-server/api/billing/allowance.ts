import { addMonths, startOfMonth } from 'date-fns';
import { TZDate } from '@date-fns/tz';
import { plans } from '../../../schema/billing/plans.js';
import type { PlanCode } from '../../../schema/accounts/accounts.js';

export interface AllowanceCycle {
  start: Date;
  /** When the next cycle starts and the allowance is set afresh. */
  end: Date;
  /** Credits the plan grants for this cycle. */
  credits: number;
}

/**
 * The billing cycle an account's AI allowance belongs to (spec §1: credits refresh at the start of
 * each billing cycle). A paid subscription's cycle is its current period (a year's worth of monthly
 * credits on annual billing); with no subscription — Mahala, or a Pro trial — the cycle is the
 * calendar month (UTC), with the effective plan's monthly credits.
 */
export function allowanceCycle(
  effectivePlan: PlanCode,
  subscription: { start: Date; end: Date; cycle: 'monthly' | 'annual' } | null,
  now: Date,
): AllowanceCycle {
  if (subscription && subscription.start.getTime() <= now.getTime() && now.getTime() < subscription.end.getTime()) {
    const monthly = plans.pro.limits.aiCreditsPerMonth;
    return { start: subscription.start, end: subscription.end, credits: subscription.cycle === 'annual' ? monthly * 12 : monthly };
  }
  const start = startOfMonth(new TZDate(now.getTime(), 'UTC'));
  return {
    start: new Date(start.getTime()),
    end: new Date(addMonths(start, 1).getTime()),
    credits: plans[effectivePlan].limits.aiCreditsPerMonth,
  };
}

/** How a reservation is drawn: the plan's allowance first, then bought credits. */
export function drawOrder(price: number, allowance: number): { fromAllowance: number; fromBought: number } {
  const fromAllowance = Math.min(Math.max(allowance, 0), price);
  return { fromAllowance, fromBought: price - fromAllowance };
}

/** What a finished run hands back of its reservation: unused bought credits first, the allowance last. */
export function refundOrder(
  reserved: { fromAllowance: number; fromBought: number },
  used: number,
): { toAllowance: number; toBought: number } {
  // The run spent the allowance first, so what it did not use comes out of the bought part first.
  const usedAllowance = Math.min(reserved.fromAllowance, used);
  const usedBought = used - usedAllowance;
  return { toAllowance: reserved.fromAllowance - usedAllowance, toBought: reserved.fromBought - usedBought };
}
