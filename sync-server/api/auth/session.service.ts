import { randomUUID } from 'node:crypto';
import type { CookieOptions, Request, Response } from 'express';
import type { z } from 'zod';
import type { sessionCheck } from '../../../schema/accounts.js';
import type { AppDeps } from '../../app.js';
import {
  ACCESS_TTL_SECONDS,
  cookieNames,
  readCookie,
  signAccessToken,
  type AccessClaims,
} from '../../http/access-token.js';
import { sessionOf, signingKey } from '../../http/auth-context.js';
import { unauthorized } from '../../http/errors.js';
import { randomToken, sha256 } from './secrets.js';
import {
  familyIsLive,
  findRefreshToken,
  insertRefreshToken,
  markRefreshUsed,
  pruneExpired,
  revokeFamily,
  type RefreshRow,
} from './session.repo.js';

/** Refresh cookie and token lifetime: the spec's "session lasts 30 days". */
export const REFRESH_TTL_SECONDS = 30 * 24 * 60 * 60;

export function cookieBase(deps: AppDeps): CookieOptions {
  return { httpOnly: true, sameSite: 'lax', secure: deps.config.isProduction, path: '/' };
}

function cookieOptions(deps: AppDeps, maxAgeSeconds: number): CookieOptions {
  return { ...cookieBase(deps), maxAge: maxAgeSeconds * 1000 };
}

async function issue(
  deps: AppDeps,
  res: Response,
  userId: number,
  familyId: string,
  parentId: number | null,
): Promise<number> {
  const now = deps.now();
  const refresh = randomToken();
  await insertRefreshToken(deps.db, {
    tokenHash: sha256(refresh),
    familyId,
    userId,
    parentId,
    now,
    expiresAt: new Date(now.getTime() + REFRESH_TTL_SECONDS * 1000),
  });
  const exp = Math.floor(now.getTime() / 1000) + ACCESS_TTL_SECONDS;
  const access = signAccessToken(await signingKey(deps), { sub: userId, fam: familyId, exp });
  const names = cookieNames(deps.config.isProduction);
  res.cookie(names.access, access, cookieOptions(deps, ACCESS_TTL_SECONDS));
  res.cookie(names.refresh, refresh, cookieOptions(deps, REFRESH_TTL_SECONDS));
  return exp * 1000;
}

/** Signs the user in: a new refresh family, and both cookies. */
export async function startSession(deps: AppDeps, res: Response, userId: number): Promise<number> {
  await pruneExpired(deps.db, userId, deps.now());
  return issue(deps, res, userId, randomUUID(), null);
}

export function clearSessionCookies(deps: AppDeps, res: Response): void {
  const names = cookieNames(deps.config.isProduction);
  res.clearCookie(names.access, cookieBase(deps));
  res.clearCookie(names.refresh, cookieBase(deps));
}

function refreshCookie(deps: AppDeps, req: Request): string | undefined {
  return readCookie(req, cookieNames(deps.config.isProduction).refresh);
}

/**
 * Rotates the refresh token: the presented one is marked used and a successor is issued in the
 * same family. A token that was already rotated is a stolen copy or a replay, so its whole family
 * is revoked — the thief's and the owner's newest token alike.
 */
export async function refreshSession(deps: AppDeps, req: Request, res: Response): Promise<number> {
  const token = refreshCookie(deps, req);
  const fail = () => {
    clearSessionCookies(deps, res);
    return unauthorized('Your session has expired. Please log in again.');
  };
  if (!token) throw fail();
  const hash = sha256(token);
  const now = deps.now();
  const used = await markRefreshUsed(deps.db, hash, now);
  if (!used) {
    const known = await findRefreshToken(deps.db, hash);
    if (known && known.used_at !== null) {
      await revokeFamily(deps.db, known.family_id, now);
      deps.log.warn({ userId: known.user_id, family: known.family_id }, 'refresh token reuse: family revoked');
    }
    throw fail();
  }
  return issue(deps, res, used.user_id, used.family_id, used.id);
}

/** Access claims from a live access cookie whose family was not revoked (logout, reuse, reset). */
export async function liveClaims(deps: AppDeps, req: Request): Promise<AccessClaims | null> {
  const claims = await sessionOf(deps, req);
  if (!claims) return null;
  return (await familyIsLive(deps.db, claims.fam)) ? claims : null;
}

export async function requireLiveUser(deps: AppDeps, req: Request): Promise<AccessClaims> {
  const claims = await liveClaims(deps, req);
  if (!claims) throw unauthorized();
  return claims;
}

function refreshable(row: RefreshRow | null, now: Date): boolean {
  return !!row && row.used_at === null && row.revoked_at === null && new Date(row.expires_at) > now;
}

export async function checkSession(deps: AppDeps, req: Request): Promise<z.infer<typeof sessionCheck>> {
  const claims = await liveClaims(deps, req);
  const token = refreshCookie(deps, req);
  const canRefresh = token ? refreshable(await findRefreshToken(deps.db, sha256(token)), deps.now()) : false;
  return {
    authenticated: claims !== null || canRefresh,
    accessExpiresAt: claims ? claims.exp * 1000 : null,
    refreshable: canRefresh,
  };
}

/** Logout: ends the family of whichever cookie is present, then clears both. */
export async function endSession(deps: AppDeps, req: Request, res: Response): Promise<void> {
  const now = deps.now();
  const claims = await sessionOf(deps, req);
  if (claims) await revokeFamily(deps.db, claims.fam, now);
  const token = refreshCookie(deps, req);
  if (token) {
    const row = await findRefreshToken(deps.db, sha256(token));
    if (row) await revokeFamily(deps.db, row.family_id, now);
  }
  clearSessionCookies(deps, res);
}
