import type { PlanCode } from '../../schema/accounts/accounts.js';
import { limitNouns, plans, type PlanLimits } from '../../schema/billing/plans.js';
import type { CapabilitiesDto } from '../../schema/workspaces/workspaces.js';
import { HttpError } from '../http/errors.js';

export interface PlanOwner {
  plan: PlanCode;
  planTrialEndsAt: Date | null;
}

/** A workspace's plan is its owner's: `capabilitiesFor(workspaceOwner(membership), deps.now())`. */
export function workspaceOwner(m: { ownerPlan: PlanCode; ownerTrialEndsAt: Date | string | null }): PlanOwner {
  const t = m.ownerTrialEndsAt;
  return { plan: m.ownerPlan, planTrialEndsAt: t === null ? null : t instanceof Date ? t : new Date(t) };
}

/**
 * What an account's plan lets it do right now (spec §1). A running Pro trial counts as Pro. A paid
 * subscription clears the trial end (api/billing), so an account marked 'pro' whose trial has ended
 * never converted and falls back to free.
 */
export function capabilitiesFor(owner: PlanOwner, now: Date): CapabilitiesDto {
  const trialRunning = owner.planTrialEndsAt !== null && owner.planTrialEndsAt.getTime() > now.getTime();
  const trialEnded = owner.planTrialEndsAt !== null && !trialRunning;
  const effective: PlanCode = trialRunning || (owner.plan === 'pro' && !trialEnded) ? 'pro' : 'free';
  const plan = plans[effective];
  return {
    plan: effective,
    trialEndsAt: owner.planTrialEndsAt ? owner.planTrialEndsAt.toISOString() : null,
    limits: {
      workspaces: plan.limits.workspaces,
      products: plan.limits.products,
      classifieds: plan.limits.classifieds,
      events: plan.limits.events,
      aiCreditsPerMonth: plan.limits.aiCreditsPerMonth,
      storageBytes: plan.limits.storageBytes,
    },
    features: { ...plan.features },
  };
}

export type LimitKey = keyof CapabilitiesDto['limits'];
export type FeatureKey = keyof CapabilitiesDto['features'];

/**
 * Throws a 403 `plan_limit` when adding `adding` more to `currentCount` would pass the plan's limit.
 * Every plan-limit check on the server goes through here, so the message is the same everywhere.
 */
export function assertWithinLimit(caps: CapabilitiesDto, key: LimitKey, currentCount: number, adding = 1): void {
  const limit = caps.limits[key];
  if (limit === null || currentCount + adding <= limit) return;
  const plan = plans[caps.plan];
  let message = `The ${plan.name} plan allows ${describe(key, limit)}.`;
  const better = upgradeFor(key, limit);
  if (better) {
    const more = better.limit === null ? `unlimited ${describe(key, null)}` : describe(key, better.limit);
    message += ` Upgrade to the ${better.name} plan for ${more}.`;
  }
  throw new HttpError(403, message, { code: 'plan_limit' });
}

/** Throws a 403 `plan_limit` when the plan does not include a feature. */
export function assertFeature(caps: CapabilitiesDto, feature: FeatureKey): void {
  if (caps.features[feature]) return;
  const label = feature === 'socialScheduling' ? 'social media scheduling' : 'API access';
  const better = Object.values(plans).find((p) => p.features[feature]);
  const tail = better ? ` Upgrade to the ${better.name} plan to use it.` : '';
  throw new HttpError(403, `The ${plans[caps.plan].name} plan does not include ${label}.${tail}`, { code: 'plan_limit' });
}

function upgradeFor(key: LimitKey, current: number): { name: string; limit: number | null } | undefined {
  for (const plan of Object.values(plans)) {
    const limit: number | null = plan.limits[key satisfies keyof PlanLimits];
    if (limit === null || limit > current) return { name: plan.name, limit };
  }
  return undefined;
}

function describe(key: LimitKey, amount: number | null): string {
  if (key === 'storageBytes') {
    if (amount === null) return 'storage';
    const gib = amount / 1024 ** 3;
    return gib >= 1 ? `${+gib.toFixed(1)} GB of storage` : `${Math.round(amount / 1024 ** 2)} MB of storage`;
  }
  const [one, many] = limitNouns[key];
  if (amount === null) return many;
  return `${amount} ${amount === 1 ? one : many}`;
}
