import type { Db } from '../../db/db.js';
import { forbidden, notFound } from '../../http/errors.js';

export type WorkspaceRole = 'owner' | 'admin' | 'member';

export interface Membership {
  workspaceId: number;
  userId: number;
  role: WorkspaceRole;
  /** The workspace owner's plan and trial end; capabilities are derived from these. */
  ownerPlan: 'free' | 'pro';
  ownerTrialEndsAt: Date | null;
}

/**
 * The caller's active membership of a workspace: 404 when the workspace does not exist, 403 when the
 * user is not an active member. Runs as owner (before any scoped transaction is opened).
 */
export async function requireMembership(db: Db, workspaceId: number, userId: number): Promise<Membership> {
  const rows = await db.query<{
    role: WorkspaceRole;
    plan: 'free' | 'pro';
    plan_trial_ends_at: Date | null;
    is_member: boolean;
  }>(
    `SELECT m.role, o.plan, o.plan_trial_ends_at, m.user_id IS NOT NULL AS is_member
       FROM workspaces w
       JOIN users o ON o.id = w.owner_id
       LEFT JOIN workspace_members m ON m.workspace_id = w.id AND m.user_id = $2 AND m.is_active
      WHERE w.id = $1`,
    [workspaceId, userId],
  );
  const row = rows[0];
  if (!row) throw notFound('Workspace not found');
  if (!row.is_member) throw forbidden();
  return { workspaceId, userId, role: row.role, ownerPlan: row.plan, ownerTrialEndsAt: row.plan_trial_ends_at };
}

/** Throws 403 with `message` unless the membership has one of `roles`. */
export function requireRole(
  m: Membership,
  roles: readonly WorkspaceRole[],
  message = 'Only the workspace owner or an admin can do this',
): void {
  if (!roles.includes(m.role)) throw forbidden(message);
}
