import type { AreaContext } from '../../areas/area.js';
import type { AppDeps } from '../../deps.js';
import type { ProfileUpdate } from '../../../schema/accounts/accounts.js';
import type { authContract } from '../../../schema/auth/contract.js';
import { messages } from '../../../schema/kit/forms.js';
import { trialEnd } from '../../../schema/billing/plans.js';
import type { EndpointParsed } from '../../../schema/kit/http.js';
import { signingKey } from '../../http/auth-context.js';
import { badRequest, conflict, unauthorized } from '../../http/errors.js';
import { enforceRateLimits, refundRateLimits } from '../../http/rate-limit.js';
import { resetPasswordMail } from '../../mail/templates.js';
import { authLimits } from './limits.js';
import { codeMatches, hashPassword, randomToken, sha256, verifyPassword } from './secrets.js';
import { revokeUserFamilies } from './session.repo.js';
import { cooldownError, cooldownRemaining, issueCode, RESEND_COOLDOWN_SECONDS } from './verification.js';
import * as users from './users.repo.js';
import type { UserRow } from './users.repo.js';
import { withScope } from '../../db/db.js';
import { listOwned } from '../workspaces/workspaces.repo.js';

type Body<K extends keyof typeof authContract> = EndpointParsed<(typeof authContract)[K]>['body'];

const RESET_TTL_MS = 3600_000;
export const INVALID_LOGIN = 'Invalid email or password';
export const EMAIL_TAKEN = 'An account with this email already exists';
export const RESET_INVALID = 'This reset link is invalid or has expired';
export const RESET_REQUESTED = 'If an account exists for this email, we have sent instructions to reset your password.';

export async function register(deps: AppDeps, body: Body<'register'>, ip: string): Promise<UserRow> {
  await enforceRateLimits(deps, authLimits.register(ip, body.email));
  const email = body.email.toLowerCase();
  if (await users.findUserByEmail(deps.db, email)) throw conflict(EMAIL_TAKEN, { errors: { email: [EMAIL_TAKEN] } });
  const now = deps.now();
  const pro = body.plan === 'pro';
  const user = await users.insertUser(deps.db, {
    email,
    password: await hashPassword(body.password),
    fullName: body.full_name,
    verified: false,
    plan: pro ? 'pro' : 'free',
    // A Pro sign-up starts the account's one trial, with no card (spec §1 plans).
    trialEndsAt: pro ? trialEnd(now) : null,
    consentAt: now,
    now,
  });
  // Two sign-ups racing past the lookup: the unique index decides.
  if (!user) throw conflict(EMAIL_TAKEN, { errors: { email: [EMAIL_TAKEN] } });
  await issueCode(deps, email, (c) => users.setVerificationCode(deps.db, user.id, c.codeHash, c.sentAt, c.expiresAt));
  return (await users.findUserById(deps.db, user.id)) ?? user;
}

export async function login(deps: AppDeps, body: Body<'login'>, ip: string): Promise<UserRow> {
  const limits = authLimits.login(ip, body.email);
  await enforceRateLimits(deps, limits);
  const user = await users.findUserByEmail(deps.db, body.email);
  // Always one argon2 verification, so an unknown address answers in the same time as a wrong password.
  const ok = await verifyPassword(user?.password, body.password);
  if (!user || !ok) throw unauthorized(INVALID_LOGIN);
  // Only failures count against the limits.
  await refundRateLimits(deps, limits);
  return user;
}

export async function currentUser(deps: AppDeps, userId: number): Promise<UserRow> {
  const user = await users.findUserById(deps.db, userId);
  if (!user) throw unauthorized();
  return user;
}

export async function verifyEmail(deps: AppDeps, userId: number, code: string, ip: string) {
  const user = await currentUser(deps, userId);
  if (user.verified) throw badRequest('Email is already verified', { code: 'already_verified' });
  await enforceRateLimits(deps, authLimits.verifyCode(ip, `user:${userId}`));
  const now = deps.now();
  if (!codeMatches(await signingKey(deps), code, user.verification_code_hash)) {
    throw badRequest(messages.invalidCode, { code: 'invalid_code', errors: { code: [messages.invalidCode] } });
  }
  if (user.verification_expires_at === null || new Date(user.verification_expires_at) <= now) {
    throw badRequest('This verification code has expired. Please request a new one.', { code: 'code_expired' });
  }
  await users.markVerified(deps.db, userId, now);
  // An address the operator named in ADMIN_EMAILS becomes an admin only once it is proven.
  if (deps.config.adminEmails.includes(user.email.toLowerCase())) await users.grantAdminByEmail(deps.db, [user.email.toLowerCase()]);
  return { message: 'Email verified', user: await currentUser(deps, userId) };
}

export async function resendVerification(deps: AppDeps, userId: number, ip: string) {
  const user = await currentUser(deps, userId);
  if (user.verified) throw badRequest('Email is already verified', { code: 'already_verified' });
  const wait = cooldownRemaining(user.verification_sent_at, deps.now());
  if (wait > 0) throw cooldownError(wait);
  await enforceRateLimits(deps, authLimits.sendCode(ip, `user:${userId}`));
  await issueCode(deps, user.email, (c) => users.setVerificationCode(deps.db, userId, c.codeHash, c.sentAt, c.expiresAt));
  return {
    message: 'Please check your email for the 6-digit verification code',
    canResend: false,
    secondsRemaining: RESEND_COOLDOWN_SECONDS,
  };
}

/**
 * Always the same answer, known address or not (no account enumeration). Both paths make and hash
 * a token; the mail goes out after the answer so its delivery time reveals nothing either.
 */
export async function requestReset(deps: AppDeps, email: string, ip: string): Promise<string> {
  await enforceRateLimits(deps, authLimits.requestReset(ip, email));
  const token = randomToken();
  const tokenHash = sha256(token);
  const user = await users.findUserByEmail(deps.db, email);
  if (user) {
    await users.setResetToken(deps.db, user.id, tokenHash, new Date(deps.now().getTime() + RESET_TTL_MS));
    const link = `${deps.config.APP_ORIGIN}/reset-password?token=${encodeURIComponent(token)}`;
    void deps.mailer
      .send({ to: user.email, ...resetPasswordMail(link) })
      .catch((err: unknown) => deps.log.error({ err }, 'reset mail failed'));
  }
  return RESET_REQUESTED;
}

export async function resetPassword(deps: AppDeps, body: Body<'resetPassword'>, ip: string): Promise<string> {
  await enforceRateLimits(deps, authLimits.resetPassword(ip));
  const now = deps.now();
  const passwordHash = await hashPassword(body.password);
  const userId = await users.consumeResetToken(deps.db, sha256(body.token), passwordHash, now);
  if (userId === null) throw badRequest(RESET_INVALID, { code: 'invalid_token' });
  // A reset answers a lost or stolen password: every existing sign-in ends.
  await revokeUserFamilies(deps.db, userId, now);
  return 'Password reset successful. You can now log in with your new password.';
}

export async function updateProfile(deps: AppDeps, userId: number, patch: ProfileUpdate): Promise<UserRow> {
  await currentUser(deps, userId);
  await users.updateProfile(deps.db, userId, patch, deps.now());
  return currentUser(deps, userId);
}

export async function changePassword(deps: AppDeps, userId: number, family: string, body: Body<'changePassword'>) {
  const user = await currentUser(deps, userId);
  if (user.password === null) {
    throw badRequest('This account has no password yet. Use "Forgot password" to set one.', { code: 'no_password' });
  }
  await enforceRateLimits(deps, authLimits.passwordCheck(userId));
  if (!(await verifyPassword(user.password, body.currentPassword))) {
    const message = 'Current password is incorrect';
    throw badRequest(message, { code: 'wrong_password', errors: { currentPassword: [message] } });
  }
  const now = deps.now();
  await users.setPassword(deps.db, userId, await hashPassword(body.password), now);
  // Other devices signed in with the old password are signed out; this one stays.
  await revokeUserFamilies(deps.db, userId, now, family);
  return { message: 'Password changed' };
}

export async function deleteAccount(
  deps: AppDeps,
  userId: number,
  body: Body<'deleteAccount'>,
  workspaceRemoved: AreaContext['workspaceRemoved'],
) {
  const user = await currentUser(deps, userId);
  if (user.password !== null) {
    await enforceRateLimits(deps, authLimits.passwordCheck(userId));
    const ok = body.password !== undefined && (await verifyPassword(user.password, body.password));
    if (!ok) {
      const message = 'Password is incorrect';
      throw badRequest(message, { code: 'wrong_password', errors: { password: [message] } });
    }
  }
  // The workspaces the account owns go with it (ON DELETE CASCADE), and so does what the areas keep
  // outside the database for them (their files' bytes).
  const owned = await withScope(deps.db, { userId }, (tx) => listOwned(tx, userId));
  await users.deleteUser(deps.db, userId);
  for (const ws of owned) await workspaceRemoved(deps, ws.id);
  return { message: 'Account deleted' };
}
