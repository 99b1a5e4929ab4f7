import { createHash, randomBytes } from 'node:crypto';
import type { AppDeps } from '../../deps.js';
import { withScope } from '../../db/db.js';
import { conflict, forbidden, HttpError, notFound } from '../../http/errors.js';
import { invitationMail } from '../../mail/templates.js';
import type { InvitationPreview, MemberDto, WorkspaceDto, WorkspaceRoleCode } from '../../../schema/workspaces/workspaces.js';
import { enforceInviteLimits } from './invite-limits.js';
import { requireMembership, requireRole } from './membership.js';
import * as repo from './members.repo.js';
import { usersByIds } from './workspaces.repo.js';
import { roleMessages, toIso, workspaceFor } from './workspaces.service.js';

/** Invitations stay valid for two weeks. */
const INVITE_TTL_DAYS = 14;
const INVITE_TTL_MS = INVITE_TTL_DAYS * 24 * 3600 * 1000;

export const memberMessages = {
  notFound: 'Member not found',
  alreadyMember: 'This person is already a member of this workspace',
  ownerRole: "The owner's role cannot be changed",
  makeOwner: 'A workspace has exactly one owner; nobody else can be made owner',
  removeOwner: 'The owner cannot be removed from the workspace',
  inviteInvalid: 'This invitation is invalid or has already been used',
  inviteExpired: 'This invitation has expired. Ask the workspace owner to invite you again.',
  wrongAccount: 'This invitation was sent to a different email address. Sign in with the invited address to accept it.',
  youAreMember: 'You are already a member of this workspace',
  mailFailed: 'The invitation was saved, but we could not send the email. Please try again.',
  unverified: 'Please verify your email address before inviting people. Enter the code we sent you, or ask for a new one.',
} as const;

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

async function toDtos(deps: AppDeps, rows: repo.MemberRow[]): Promise<MemberDto[]> {
  const users = new Map(
    (
      await usersByIds(
        deps.db,
        rows.flatMap((r) => (r.user_id ? [r.user_id] : [])),
      )
    ).map((u) => [u.id, u]),
  );
  return rows.map((r) => {
    const user = r.user_id ? users.get(r.user_id) : undefined;
    return {
      id: r.id,
      user_id: r.user_id,
      email: user?.email ?? r.invited_email ?? '',
      full_name: user?.full_name ?? null,
      role: r.role,
      status: r.user_id ? 'active' : 'invited',
      joined_at: r.joined_at ? toIso(r.joined_at) : null,
    };
  });
}

export async function listMembers(deps: AppDeps, userId: number, workspaceId: number): Promise<MemberDto[]> {
  await requireMembership(deps.db, workspaceId, userId);
  const rows = await withScope(deps.db, { userId, workspaceId }, (tx) => repo.listMembers(tx, workspaceId));
  return toDtos(deps, rows);
}

export async function inviteMember(
  deps: AppDeps,
  userId: number,
  workspaceId: number,
  input: { email: string; role: 'admin' | 'member' },
): Promise<MemberDto> {
  const m = await requireMembership(deps.db, workspaceId, userId);
  requireRole(m, ['owner', 'admin'], roleMessages.manage);
  // Invitations are mail from our address to anyone: only a proven address may send them, and few.
  const from = await repo.inviter(deps.db, userId);
  if (!from?.verified) throw new HttpError(403, memberMessages.unverified, { code: 'email_unverified' });
  await enforceInviteLimits(deps, userId, workspaceId);
  const email = input.email.trim();
  const existingUser = await repo.userIdByEmail(deps.db, email);
  const token = randomBytes(32).toString('base64url');
  const fields: repo.InviteFields = {
    email,
    role: input.role,
    invitedBy: userId,
    tokenHash: hashToken(token),
    expiresAt: new Date(deps.now().getTime() + INVITE_TTL_MS),
  };
  const { row, name } = await withScope(deps.db, { userId, workspaceId }, async (tx) => {
    if (existingUser !== undefined && (await repo.findByUser(tx, workspaceId, existingUser))) {
      throw conflict(memberMessages.alreadyMember, { code: 'already_member' });
    }
    const pending = await repo.findPendingInvite(tx, workspaceId, email);
    const saved = pending ? await repo.renewInvite(tx, workspaceId, pending.id, fields) : await repo.insertInvite(tx, workspaceId, fields);
    return { row: saved, name: (await repo.workspaceName(tx, workspaceId)) ?? 'a workspace' };
  });
  // Mail goes after the commit: the outbox mailer writes through the same (single-connection) database.
  const link = `${deps.config.APP_ORIGIN}/invitations/accept?token=${encodeURIComponent(token)}`;
  const mail = invitationMail({
    inviterName: from.full_name ?? '',
    inviterEmail: from.email,
    workspaceName: name,
    role: input.role,
    to: email,
    link,
    validDays: INVITE_TTL_DAYS,
  });
  try {
    await deps.mailer.send({ to: email, ...mail });
  } catch (err) {
    deps.log.error({ err }, 'invitation mail failed');
    throw new HttpError(502, memberMessages.mailFailed, { code: 'mail_failed' });
  }
  return (await toDtos(deps, [row]))[0];
}

/** The pending invitation a token names: 404 when there is none (or it was used), 410 once it has expired. */
async function liveInvite(deps: AppDeps, token: string) {
  const invite = await repo.findInviteByToken(deps.db, hashToken(token));
  if (!invite) throw notFound(memberMessages.inviteInvalid);
  const expires = invite.metadata.invite_expires_at;
  if (typeof expires === 'string' && new Date(expires).getTime() <= deps.now().getTime()) {
    throw new HttpError(410, memberMessages.inviteExpired, { code: 'invitation_expired' });
  }
  return invite;
}

/**
 * What a signed-out person opening the link is shown, so the app sends them to register (the
 * address filled in) or to sign in. Only the holder of the mailed token learns any of it.
 */
export async function previewInvitation(deps: AppDeps, token: string): Promise<InvitationPreview> {
  const invite = await liveInvite(deps, token);
  const email = invite.invited_email ?? '';
  return {
    email,
    workspace_name: (await repo.workspaceName(deps.db, invite.workspace_id)) ?? '',
    has_account: email !== '' && (await repo.userIdByEmail(deps.db, email)) !== undefined,
  };
}

export async function acceptInvitation(deps: AppDeps, userId: number, token: string): Promise<WorkspaceDto> {
  const invite = await liveInvite(deps, token);
  const me = (await usersByIds(deps.db, [userId]))[0];
  if (!me || !invite.invited_email || me.email.toLowerCase() !== invite.invited_email.toLowerCase()) {
    throw forbidden(memberMessages.wrongAccount);
  }
  const workspaceId = invite.workspace_id;
  await withScope(deps.db, { userId, workspaceId }, async (tx) => {
    if (await repo.findByUser(tx, workspaceId, userId)) throw conflict(memberMessages.youAreMember);
    if (!(await repo.claimInvite(tx, workspaceId, invite.id, userId, deps.now()))) {
      throw notFound(memberMessages.inviteInvalid);
    }
  });
  return workspaceFor(deps, await requireMembership(deps.db, workspaceId, userId));
}

export async function updateMemberRole(
  deps: AppDeps,
  userId: number,
  workspaceId: number,
  memberId: number,
  role: WorkspaceRoleCode,
): Promise<MemberDto> {
  const m = await requireMembership(deps.db, workspaceId, userId);
  requireRole(m, ['owner', 'admin'], roleMessages.manage);
  const row = await withScope(deps.db, { userId, workspaceId }, async (tx) => {
    const target = await repo.findMember(tx, workspaceId, memberId);
    if (!target) throw notFound(memberMessages.notFound);
    if (target.role === 'owner') throw forbidden(memberMessages.ownerRole);
    if (role === 'owner') throw forbidden(memberMessages.makeOwner);
    return repo.setRole(tx, workspaceId, memberId, role);
  });
  if (!row) throw notFound(memberMessages.notFound);
  return (await toDtos(deps, [row]))[0];
}

/** Owners and admins remove others; anyone but the owner may remove themself (leave). */
export async function removeMember(deps: AppDeps, userId: number, workspaceId: number, memberId: number): Promise<void> {
  const m = await requireMembership(deps.db, workspaceId, userId);
  await withScope(deps.db, { userId, workspaceId }, async (tx) => {
    const target = await repo.findMember(tx, workspaceId, memberId);
    if (!target) throw notFound(memberMessages.notFound);
    if (target.role === 'owner') throw forbidden(memberMessages.removeOwner);
    if (target.user_id !== userId) requireRole(m, ['owner', 'admin'], roleMessages.manage);
    if (!(await repo.deleteMember(tx, workspaceId, memberId))) throw notFound(memberMessages.notFound);
  });
}
