import type { Db, Queryable } from '../../db/db.js';
import { isFamilyId } from '../auth/session.repo.js';
import { forbidden, notFound, unauthorized } from '../../http/errors.js';

export type WorkspaceRole = 'owner' | 'admin' | 'member';

export interface Membership {
  workspaceId: number;
  userId: number;
  role: WorkspaceRole;
  /** The workspace owner's plan and trial end; capabilities are derived from these. */
  ownerPlan: 'free' | 'pro';
  ownerTrialEndsAt: Date | null;
}

interface MembershipRow {
  role: WorkspaceRole;
  plan: 'free' | 'pro';
  plan_trial_ends_at: Date | null;
  is_member: boolean;
}

const MEMBERSHIP_SQL = `SELECT m.role, o.plan, o.plan_trial_ends_at, m.user_id IS NOT NULL AS is_member
       FROM workspaces w
       JOIN users o ON o.id = w.owner_id
       LEFT JOIN workspace_members m ON m.workspace_id = w.id AND m.user_id = $2 AND m.is_active
      WHERE w.id = $1`;

function membershipFrom(row: MembershipRow | undefined, workspaceId: number, userId: number): Membership {
  if (!row) throw notFound('Workspace not found');
  if (!row.is_member) throw forbidden();
  return { workspaceId, userId, role: row.role, ownerPlan: row.plan, ownerTrialEndsAt: row.plan_trial_ends_at };
}

/**
 * The caller's active membership of a workspace: 404 when the workspace does not exist, 403 when the
 * user is not an active member. Runs as owner (before any scoped transaction is opened).
 */
export async function requireMembership(db: Db, workspaceId: number, userId: number): Promise<Membership> {
  const rows = await db.query<MembershipRow>(MEMBERSHIP_SQL, [workspaceId, userId]);
  return membershipFrom(rows[0], workspaceId, userId);
}

/**
 * Which of `workspaceIds` the user is an active member of, asked together with "is the session
 * family still live?" in ONE statement. The live channel checks a whole subscription at once: a
 * query per id let one socket queue thousands of statements ahead of every other request.
 */
export async function liveMemberships(
  q: Queryable,
  session: { familyId: string; userId: number },
  workspaceIds: readonly number[],
): Promise<{ live: boolean; workspaces: Set<number> }> {
  if (!isFamilyId(session.familyId)) return { live: false, workspaces: new Set() };
  const rows = await q.query<{ live: boolean; workspaces: number[] }>(
    `SELECT EXISTS (SELECT 1 FROM refresh_tokens WHERE family_id = $1::uuid AND revoked_at IS NULL) AS live,
            ARRAY(SELECT m.workspace_id FROM workspace_members m
                   WHERE m.user_id = $2 AND m.is_active AND m.workspace_id = ANY ($3::int[])) AS workspaces`,
    [session.familyId, session.userId, workspaceIds],
  );
  const row = rows[0];
  return { live: row?.live === true, workspaces: new Set(row?.live === true ? row.workspaces.map(Number) : []) };
}

/**
 * The same membership, asked together with "is the caller's session family still live?" in one
 * statement: sync calls arrive many times a second and each would otherwise pay for two queries.
 * A dead session answers 401 before anything is said about the workspace. Reads as owner, so on a
 * transaction it goes before the scope is entered; the query is sent at once, so it can be
 * pipelined with the statements after it. With `lock`, a live member also takes that
 * transaction-level advisory lock in the same statement: a caller who is not a member never holds
 * (or waits for) another workspace's lock.
 */
export async function requireLiveMembership(
  q: Queryable,
  session: { familyId: string; userId: number },
  workspaceId: number,
  lock?: readonly [number, number],
): Promise<Membership> {
  if (!isFamilyId(session.familyId)) throw unauthorized();
  const locking = lock ? `, CASE WHEN s.live AND w.is_member THEN pg_advisory_xact_lock($4, $5) END AS locked` : '';
  const rows = await q.query<MembershipRow & { live: boolean }>(
    `SELECT s.live, w.*${locking} FROM
       (SELECT EXISTS (SELECT 1 FROM refresh_tokens WHERE family_id = $3::uuid AND revoked_at IS NULL) AS live) s
       LEFT JOIN (${MEMBERSHIP_SQL}) w ON true`,
    lock ? [workspaceId, session.userId, session.familyId, ...lock] : [workspaceId, session.userId, session.familyId],
    { prepare: true },
  );
  if (rows[0]?.live !== true) throw unauthorized();
  // No workspace row: the LEFT JOIN leaves its columns NULL.
  return membershipFrom(rows[0].is_member === null ? undefined : rows[0], workspaceId, session.userId);
}

/** Throws 403 with `message` unless the membership has one of `roles`. */
export function requireRole(
  m: Membership,
  roles: readonly WorkspaceRole[],
  message = 'Only the workspace owner or an admin can do this',
): void {
  if (!roles.includes(m.role)) throw forbidden(message);
}
