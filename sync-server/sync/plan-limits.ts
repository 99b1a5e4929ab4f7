import type { CapabilitiesDto } from '../../schema/workspaces/workspaces.js';
import type { Membership } from '../api/workspaces/membership.js';
import { HttpError } from '../http/errors.js';
import { assertWithinLimit, capabilitiesFor, workspaceOwner, type LimitKey } from '../plans/capabilities.js';

/** What the workspace owner's plan allows now (spec §1), from the one plan module. */
export function capabilitiesOf(membership: Membership, now: Date): CapabilitiesDto {
  return capabilitiesFor(workspaceOwner(membership), now);
}

/**
 * The plan's refusal message when `adding` more records (one by default) would pass the limit, else
 * null. A push refuses documents one by one (in `rejected`) instead of failing the whole batch, so
 * the 403 the plan module throws for REST endpoints becomes a message here.
 */
export function limitRefusal(caps: CapabilitiesDto, key: LimitKey, currentCount: number, adding = 1): string | null {
  try {
    assertWithinLimit(caps, key, currentCount, adding);
    return null;
  } catch (err) {
    if (err instanceof HttpError) return err.message;
    throw err;
  }
}
