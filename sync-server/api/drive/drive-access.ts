import type { Request } from 'express';
import { withScope, type Queryable } from '../../db/db.js';
import type { AppDeps } from '../../deps.js';
import { requireUser } from '../../http/auth-context.js';
import { HttpError, notFound } from '../../http/errors.js';
import { capabilitiesFor, workspaceOwner } from '../../plans/capabilities.js';
import { requireMembership, type Membership } from '../workspaces/membership.js';

/** A signed-in member of the workspace a drive request names. */
export interface DriveCaller {
  userId: number;
  workspaceId: number;
  membership: Membership;
}

/**
 * The caller, when signed in (else 401) and an active member of the workspace. Anyone else hears
 * the same "not found" as for a workspace that does not exist (issue 14: "a member of another
 * workspace … gets a not-found"), so a drive URL says nothing about whose it is.
 */
export async function driveCaller(deps: AppDeps, req: Request, workspaceId: number): Promise<DriveCaller> {
  const userId = await requireUser(deps, req);
  try {
    return { userId, workspaceId, membership: await requireMembership(deps.db, workspaceId, userId) };
  } catch (err) {
    if (err instanceof HttpError && err.status === 403) throw notFound('Workspace not found');
    throw err;
  }
}

/** Runs `fn` in the caller's workspace scope (row-level security on every drive table). */
export function inDrive<T>(deps: AppDeps, caller: DriveCaller, fn: (q: Queryable) => Promise<T>): Promise<T> {
  return withScope(deps.db, { userId: caller.userId, workspaceId: caller.workspaceId }, fn);
}

/** The workspace's storage quota in bytes (its owner's plan, schema/billing/plans.ts); null is unlimited. */
export function quotaOf(deps: AppDeps, caller: DriveCaller): number | null {
  return capabilitiesFor(workspaceOwner(caller.membership), deps.now()).limits.storageBytes;
}

/** One advisory lock per workspace's drive: quota checks and the rows they admit go one at a time. */
export const DRIVE_LOCK = 7281016;
