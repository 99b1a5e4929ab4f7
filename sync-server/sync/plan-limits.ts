import type { Membership } from '../api/workspaces/membership.js';

/**
 * LOCAL STAND-IN until sync-server/plans/capabilities.ts (capabilitiesFor / assertWithinLimit) lands:
 * spec §1 gives the free (Mahala) plan 10 products and the Pro plan (or a running Pro trial) no limit.
 * Replace the body with a call to capabilitiesFor(owner, now) when that module exists.
 */
export function productLimitFor(membership: Membership, now: Date): number | null {
  const onTrial = membership.ownerTrialEndsAt !== null && membership.ownerTrialEndsAt.getTime() > now.getTime();
  if (membership.ownerPlan === 'pro' || onTrial) return null;
  return 10;
}

