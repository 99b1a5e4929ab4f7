import type { Request, Response } from 'express';
import type { AppDeps } from '../../deps.js';
import { readCookie } from '../../http/access-token.js';
import { signingKey } from '../../http/auth-context.js';
import { badRequest } from '../../http/errors.js';
import { enforceRateLimits } from '../../http/rate-limit.js';
import { messages } from '../../../schema/kit/forms.js';
import { safeReturnPath } from '../../../schema/kit/return-path.js';
import { authLimits } from './limits.js';
import { codeMatches, randomToken, sameSecret, sha256 } from './secrets.js';
import { cookieBase, startSession } from './session.service.js';
import { revokeUserFamilies } from './session.repo.js';
import { authorizationUrl, configuredProvider, fetchProfile, type Provider, type SocialProfile } from './social-providers.js';
import * as social from './social.repo.js';
import * as users from './users.repo.js';
import type { UserRow } from './users.repo.js';
import { cooldownError, cooldownRemaining, issueCode, RESEND_COOLDOWN_SECONDS } from './verification.js';

const STATE_TTL_SECONDS = 10 * 60;
const PENDING_TTL_SECONDS = 30 * 60;
export const NO_PENDING = 'Your social sign-in has expired or was not started. Please sign in with Facebook or X again.';

function socialCookies(deps: AppDeps) {
  const p = deps.config.isProduction ? '__Host-' : '';
  return { state: `${p}vuka_oauth`, back: `${p}vuka_oauth_return`, pending: `${p}vuka_social` } as const;
}

/**
 * The provider's authorize URL; `state` (and X's PKCE verifier) wait in the database, bound to this
 * browser by a cookie. A path of this app to come back to (`/auth?redirect=`) waits in a cookie of its
 * own; anything else is dropped, and a flow started without one forgets an earlier one.
 */
export async function socialAuthUrl(deps: AppDeps, res: Response, provider: Provider, redirect?: string): Promise<string> {
  const settings = configuredProvider(deps.config, provider);
  const state = randomToken();
  const verifier = randomToken();
  const expiresAt = new Date(deps.now().getTime() + STATE_TTL_SECONDS * 1000);
  await social.insertOauthState(deps.db, { stateHash: sha256(state), provider, verifier, expiresAt });
  const names = socialCookies(deps);
  res.cookie(names.state, state, { ...cookieBase(deps), maxAge: STATE_TTL_SECONDS * 1000 });
  const back = safeReturnPath(redirect);
  if (back) res.cookie(names.back, back, { ...cookieBase(deps), maxAge: STATE_TTL_SECONDS * 1000 });
  else res.clearCookie(names.back, cookieBase(deps));
  return authorizationUrl(deps.config, provider, settings, state, verifier);
}

function queryString(req: Request, name: string): string | undefined {
  const value: unknown = req.query[name];
  return typeof value === 'string' && value ? value : undefined;
}

/**
 * The provider sends the browser back here. Returns where to send it next: the return path the flow
 * was started with (else /controlhub) when signed in, /auth?social=verify when the provider gave no
 * e-mail, /auth?social=error otherwise; the /auth ones carry the return path on.
 */
export async function socialCallback(deps: AppDeps, req: Request, res: Response, provider: Provider): Promise<string> {
  const names = socialCookies(deps);
  const cookieState = readCookie(req, names.state);
  const back = safeReturnPath(readCookie(req, names.back));
  res.clearCookie(names.state, cookieBase(deps));
  res.clearCookie(names.back, cookieBase(deps));
  const toAuth = (social: 'verify' | 'error') => `/auth?${new URLSearchParams(back ? { social, redirect: back } : { social }).toString()}`;
  const code = queryString(req, 'code');
  const state = queryString(req, 'state');
  const failed = (reason: string) => {
    deps.log.warn({ provider, reason }, 'social sign-in failed');
    return toAuth('error');
  };
  if (!code || !state) return failed(queryString(req, 'error') ?? 'missing code or state');
  // The state must come back to the same browser that started the flow (login CSRF).
  if (!cookieState || !sameSecret(cookieState, state)) return failed('state does not match this browser');
  const now = deps.now();
  const verifier = await social.consumeOauthState(deps.db, sha256(state), provider, now);
  if (verifier === null) return failed('unknown or expired state');
  const settings = configuredProvider(deps.config, provider);
  let profile: SocialProfile;
  try {
    profile = await fetchProfile(deps.config, provider, settings, code, verifier);
  } catch (err) {
    deps.log.warn({ err }, 'social token exchange failed');
    return failed('token exchange failed');
  }
  const known = await users.findUserBySocialId(deps.db, provider, profile.id);
  if (known || profile.email) {
    const user = known ?? (await linkOrCreate(deps, provider, profile.id, profile.name, profile.email ?? ''));
    await startSession(deps, res, user.id);
    return back ?? '/controlhub';
  }
  const pendingId = randomToken();
  await social.insertPending(deps.db, {
    idHash: sha256(pendingId),
    provider,
    providerUserId: profile.id,
    name: profile.name,
    expiresAt: new Date(now.getTime() + PENDING_TTL_SECONDS * 1000),
  });
  res.cookie(names.pending, pendingId, { ...cookieBase(deps), maxAge: PENDING_TTL_SECONDS * 1000 });
  return toAuth('verify');
}

/**
 * Attaches the provider id to the account with this (proven) address, or creates one. An account
 * whose address was never verified may have been registered by someone else: its password and
 * sessions are dropped before the provider's owner gets in.
 */
async function linkOrCreate(
  deps: AppDeps,
  provider: Provider,
  providerUserId: string,
  name: string | null,
  email: string,
): Promise<UserRow> {
  const now = deps.now();
  const existing = await users.findUserByEmail(deps.db, email);
  if (!existing) {
    const created = await users.insertUser(deps.db, {
      email,
      password: null,
      fullName: name?.trim() || email.split('@')[0],
      verified: true,
      plan: 'free',
      trialEndsAt: null,
      consentAt: null,
      facebookId: provider === 'facebook' ? providerUserId : undefined,
      twitterId: provider === 'twitter' ? providerUserId : undefined,
      now,
    });
    if (created) return created;
    // Lost a race with a concurrent sign-in of the same identity or address: use what it made.
    const raced = (await users.findUserBySocialId(deps.db, provider, providerUserId)) ?? (await users.findUserByEmail(deps.db, email));
    if (!raced) throw new Error('social sign-up conflicted but no account was found');
    return raced;
  }
  const dropPassword = !existing.verified;
  await users.linkSocialId(deps.db, existing.id, provider, providerUserId, dropPassword, now);
  if (dropPassword) await revokeUserFamilies(deps.db, existing.id, now);
  return (await users.findUserById(deps.db, existing.id)) ?? existing;
}

async function pendingOf(deps: AppDeps, req: Request): Promise<social.PendingRow> {
  const id = readCookie(req, socialCookies(deps).pending);
  const pending = id ? await social.findPending(deps.db, sha256(id), deps.now()) : null;
  if (!pending) throw badRequest(NO_PENDING, { code: 'no_pending_social' });
  return pending;
}

export async function socialSendCode(deps: AppDeps, req: Request, email: string, ip: string) {
  const pending = await pendingOf(deps, req);
  const wait = cooldownRemaining(pending.code_sent_at, deps.now());
  if (wait > 0) throw cooldownError(wait);
  const address = email.toLowerCase();
  await enforceRateLimits(deps, [
    ...authLimits.sendCode(ip, `social:${pending.id_hash}`),
    ...authLimits.sendCode(ip, `email:${address}`).slice(1),
  ]);
  await issueCode(deps, address, (c) => social.setPendingCode(deps.db, pending.id_hash, address, c));
  return {
    message: 'Please check your email for the 6-digit verification code',
    canResend: false,
    secondsRemaining: RESEND_COOLDOWN_SECONDS,
  };
}

export async function verifySocialEmail(
  deps: AppDeps,
  req: Request,
  res: Response,
  body: { email: string; verification_code: string },
  ip: string,
): Promise<UserRow> {
  const pending = await pendingOf(deps, req);
  await enforceRateLimits(deps, authLimits.verifyCode(ip, `social:${pending.id_hash}`));
  const now = deps.now();
  const invalid = () => badRequest(messages.invalidCode, { code: 'invalid_code', errors: { verification_code: [messages.invalidCode] } });
  if (pending.email === null || pending.email !== body.email.toLowerCase()) throw invalid();
  if (!codeMatches(await signingKey(deps), body.verification_code, pending.code_hash)) throw invalid();
  if (pending.code_expires_at === null || new Date(pending.code_expires_at) <= now) {
    throw badRequest('This verification code has expired. Please request a new one.', { code: 'code_expired' });
  }
  const known = await users.findUserBySocialId(deps.db, pending.provider, pending.provider_user_id);
  const user = known ?? (await linkOrCreate(deps, pending.provider, pending.provider_user_id, pending.display_name, pending.email));
  await social.deletePending(deps.db, pending.id_hash, now);
  res.clearCookie(socialCookies(deps).pending, cookieBase(deps));
  await startSession(deps, res, user.id);
  return user;
}
