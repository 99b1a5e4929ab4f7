import type { Db, Queryable } from '../../db/db.js';
import type { WorkspaceRole } from './membership.js';

/** SQL for workspace_members. `Queryable` functions run inside `withScope` for that workspace. */
export interface MemberRow {
  workspace_id: number;
  id: number;
  user_id: number | null;
  invited_email: string | null;
  role: WorkspaceRole;
  joined_at: Date | string | null;
  is_active: boolean;
  invite_token_hash: string | null;
  metadata: Record<string, unknown>;
}

const columns = 'workspace_id, id, user_id, invited_email, role, joined_at, is_active, invite_token_hash, metadata';

/** Active members and pending invitations, owner first. */
export function listMembers(tx: Queryable, workspaceId: number): Promise<MemberRow[]> {
  return tx.query<MemberRow>(
    `SELECT ${columns} FROM workspace_members
      WHERE workspace_id = $1 AND ((user_id IS NOT NULL AND is_active) OR (user_id IS NULL AND invite_token_hash IS NOT NULL))
      ORDER BY (role = 'owner') DESC, joined_at NULLS LAST, id`,
    [workspaceId],
  );
}

export async function findMember(tx: Queryable, workspaceId: number, memberId: number): Promise<MemberRow | undefined> {
  const rows = await tx.query<MemberRow>(`SELECT ${columns} FROM workspace_members WHERE workspace_id = $1 AND id = $2`, [
    workspaceId,
    memberId,
  ]);
  return rows[0];
}

/** Any row of this user in the workspace, active or not ((workspace_id, user_id) is unique). */
export async function findByUser(tx: Queryable, workspaceId: number, userId: number): Promise<MemberRow | undefined> {
  const rows = await tx.query<MemberRow>(`SELECT ${columns} FROM workspace_members WHERE workspace_id = $1 AND user_id = $2`, [
    workspaceId,
    userId,
  ]);
  return rows[0];
}

export async function findPendingInvite(tx: Queryable, workspaceId: number, email: string): Promise<MemberRow | undefined> {
  const rows = await tx.query<MemberRow>(
    `SELECT ${columns} FROM workspace_members
      WHERE workspace_id = $1 AND user_id IS NULL AND lower(invited_email) = lower($2)`,
    [workspaceId, email],
  );
  return rows[0];
}

export interface InviteFields {
  email: string;
  role: 'admin' | 'member';
  invitedBy: number;
  tokenHash: string;
  expiresAt: Date;
}

export async function insertInvite(tx: Queryable, workspaceId: number, f: InviteFields): Promise<MemberRow> {
  const rows = await tx.query<MemberRow>(
    `INSERT INTO workspace_members (workspace_id, invited_email, role, invited_by, invite_token_hash, metadata)
     VALUES ($1, $2, $3, $4, $5, jsonb_build_object('invite_expires_at', $6::text))
     RETURNING ${columns}`,
    [workspaceId, f.email, f.role, f.invitedBy, f.tokenHash, f.expiresAt.toISOString()],
  );
  return rows[0];
}

/** A repeated invitation to the same address: new token, new expiry, possibly a new role. */
export async function renewInvite(tx: Queryable, workspaceId: number, memberId: number, f: InviteFields): Promise<MemberRow> {
  const rows = await tx.query<MemberRow>(
    `UPDATE workspace_members
        SET role = $3, invited_by = $4, invite_token_hash = $5,
            metadata = metadata || jsonb_build_object('invite_expires_at', $6::text)
      WHERE workspace_id = $1 AND id = $2
      RETURNING ${columns}`,
    [workspaceId, memberId, f.role, f.invitedBy, f.tokenHash, f.expiresAt.toISOString()],
  );
  return rows[0];
}

export async function setRole(tx: Queryable, workspaceId: number, memberId: number, role: WorkspaceRole): Promise<MemberRow | undefined> {
  const rows = await tx.query<MemberRow>(
    `UPDATE workspace_members SET role = $3 WHERE workspace_id = $1 AND id = $2 RETURNING ${columns}`,
    [workspaceId, memberId, role],
  );
  return rows[0];
}

export async function deleteMember(tx: Queryable, workspaceId: number, memberId: number): Promise<boolean> {
  const rows = await tx.query('DELETE FROM workspace_members WHERE workspace_id = $1 AND id = $2 RETURNING id', [workspaceId, memberId]);
  return rows.length > 0;
}

/** The invitee takes the invitation: the row becomes their active membership and the token dies. */
export async function claimInvite(tx: Queryable, workspaceId: number, memberId: number, userId: number, now: Date): Promise<boolean> {
  const rows = await tx.query(
    `UPDATE workspace_members
        SET user_id = $3, joined_at = $4, invite_token_hash = NULL, is_active = true
      WHERE workspace_id = $1 AND id = $2 AND user_id IS NULL
      RETURNING id`,
    [workspaceId, memberId, userId, now.toISOString()],
  );
  return rows.length > 0;
}

export interface InviteLookup {
  workspace_id: number;
  id: number;
  invited_email: string | null;
  metadata: Record<string, unknown>;
}

/**
 * Finds an invitation by its token hash. Runs as the owner: the invitee is not a member yet, and the
 * hash of a 256-bit secret is the authorisation.
 */
export async function findInviteByToken(db: Db, tokenHash: string): Promise<InviteLookup | undefined> {
  const rows = await db.query<InviteLookup>(
    `SELECT workspace_id, id, invited_email, metadata FROM workspace_members
      WHERE invite_token_hash = $1 AND user_id IS NULL`,
    [tokenHash],
  );
  return rows[0];
}

/** Account lookup by email (not workspace data). */
export async function userIdByEmail(db: Db, email: string): Promise<number | undefined> {
  const rows = await db.query<{ id: number }>('SELECT id FROM users WHERE lower(email) = lower($1)', [email]);
  return rows[0]?.id;
}

export async function workspaceName(tx: Queryable, workspaceId: number): Promise<string | undefined> {
  const rows = await tx.query<{ name: string }>('SELECT name FROM workspaces WHERE id = $1', [workspaceId]);
  return rows[0]?.name;
}

/** The inviting account (not workspace data): its name and address go in the mail, and only a verified one may invite. */
export async function inviter(db: Db, userId: number): Promise<{ email: string; full_name: string | null; verified: boolean } | undefined> {
  const rows = await db.query<{ email: string; full_name: string | null; verified: boolean }>(
    'SELECT email, full_name, verified FROM users WHERE id = $1',
    [userId],
  );
  return rows[0];
}
