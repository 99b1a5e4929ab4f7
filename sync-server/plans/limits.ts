import type { Queryable } from '../db/db.js';

/**
 * The plan limits a workspace's own things count against (spec §1). Each is claimed by the one area
 * that keeps those things, in its definition (`AreaDefinition.limits`); the account's `workspaces`
 * limit is the workspaces area's own check.
 */
export const workspaceLimitKeys = ['products', 'classifieds', 'events', 'storageBytes'] as const;
export type WorkspaceLimitKey = (typeof workspaceLimitKeys)[number];

/** How an area measures one limit: what the workspace uses now, and which pushed documents add to it. */
export interface AreaLimit {
  /** How much of it the workspace uses now (a count, or bytes for storage), read in the caller's scope. */
  used: (q: Queryable, workspaceId: number) => Promise<number>;
  /**
   * The replicated collection whose new documents count against it, decided at every push, and which
   * of them count (all when left out).
   */
  pushed?: { collection: string; counts?: (doc: Record<string, unknown>) => boolean };
}

/** Every workspace limit with the area's way of measuring it. */
export type LimitRegistry = Readonly<Record<WorkspaceLimitKey, AreaLimit>>;

/** A limit as a push decides it: which one, and how the area counts it. */
export type PushedLimit = AreaLimit & { key: WorkspaceLimitKey; counts: (doc: Record<string, unknown>) => boolean };

/** What the workspace uses of each of its limits now, each read by the area that claims it. */
export async function usageOf(q: Queryable, limits: LimitRegistry, workspaceId: number): Promise<Record<WorkspaceLimitKey, number>> {
  const used = await Promise.all(workspaceLimitKeys.map((key) => limits[key].used(q, workspaceId)));
  return Object.fromEntries(workspaceLimitKeys.map((key, i) => [key, used[i]])) as Record<WorkspaceLimitKey, number>;
}

/**
 * The registry of a list of areas' limits: every workspace limit claimed by exactly one area (a
 * missing or doubled claim fails at start-up, naming it).
 */
export function limitRegistry(
  claims: ReadonlyArray<{ id: string; limits?: Partial<Record<WorkspaceLimitKey, AreaLimit>> }>,
): LimitRegistry {
  const found: Partial<Record<WorkspaceLimitKey, AreaLimit & { by: string }>> = {};
  for (const area of claims) {
    for (const key of workspaceLimitKeys) {
      const limit = area.limits?.[key];
      if (!limit) continue;
      const before = found[key];
      if (before) throw new Error(`Two areas claim the plan limit ${key}: ${before.by} and ${area.id}`);
      found[key] = { ...limit, by: area.id };
    }
  }
  const missing = workspaceLimitKeys.filter((key) => !found[key]);
  if (missing.length > 0) throw new Error(`No area claims the plan limit ${missing.join(', ')}`);
  return found as LimitRegistry;
}

/** The limits decided at a push, by the collection whose documents count. */
export function pushedLimits(limits: LimitRegistry): ReadonlyMap<string, PushedLimit> {
  const byCollection = new Map<string, PushedLimit>();
  for (const key of workspaceLimitKeys) {
    const limit = limits[key];
    if (!limit.pushed) continue;
    const counts = limit.pushed.counts ?? (() => true);
    byCollection.set(limit.pushed.collection, { ...limit, key, counts });
  }
  return byCollection;
}
