import { randomUUID } from 'node:crypto';
import type { CookieOptions, Request, Response } from 'express';
import type { z } from 'zod';
import type { sessionCheck } from '../../../schema/accounts/accounts.js';
import type { AppDeps } from '../../deps.js';
import { ACCESS_TTL_SECONDS, cookieNames, readCookie, signAccessToken, type AccessClaims } from '../../http/access-token.js';
import { sessionOf, signingKey } from '../../http/auth-context.js';
import { unauthorized } from '../../http/errors.js';
import { randomToken, sha256 } from './secrets.js';
import {
  familyIsLive,
  findRefreshToken,
  insertRefreshToken,
  lockRefreshToken,
  markRefreshUsed,
  pruneExpired,
  revokeFamily,
  successorUsed,
  type RefreshRow,
} from './session.repo.js';

/** Refresh cookie and token lifetime: the spec's "session lasts 30 days". */
export const REFRESH_TTL_SECONDS = 30 * 24 * 60 * 60;

/**
 * How long after a refresh token was rotated it may still be presented once more without that
 * counting as theft (RFC 9700 §4.14.2): two tabs refreshing at the same moment both send the same
 * cookie, and a response lost on the way back leaves the browser with the old one.
 */
export const REFRESH_REUSE_GRACE_SECONDS = 30;

export function cookieBase(deps: AppDeps): CookieOptions {
  return { httpOnly: true, sameSite: 'lax', secure: deps.config.isProduction, path: '/' };
}

function cookieOptions(deps: AppDeps, maxAgeSeconds: number): CookieOptions {
  return { ...cookieBase(deps), maxAge: maxAgeSeconds * 1000 };
}

/** Sets both cookies for a refresh token already stored; returns the access expiry (ms). */
async function setSessionCookies(deps: AppDeps, res: Response, refresh: string, userId: number, familyId: string): Promise<number> {
  const exp = Math.floor(deps.now().getTime() / 1000) + ACCESS_TTL_SECONDS;
  const access = signAccessToken(await signingKey(deps), { sub: userId, fam: familyId, exp });
  const names = cookieNames(deps.config.isProduction);
  res.cookie(names.access, access, cookieOptions(deps, ACCESS_TTL_SECONDS));
  res.cookie(names.refresh, refresh, cookieOptions(deps, REFRESH_TTL_SECONDS));
  return exp * 1000;
}

function refreshExpiry(now: Date): Date {
  return new Date(now.getTime() + REFRESH_TTL_SECONDS * 1000);
}

/** Signs the user in: a new refresh family, and both cookies. */
export async function startSession(deps: AppDeps, res: Response, userId: number): Promise<number> {
  const now = deps.now();
  await pruneExpired(deps.db, userId, now);
  const refresh = randomToken();
  const familyId = randomUUID();
  await insertRefreshToken(deps.db, { tokenHash: sha256(refresh), familyId, userId, parentId: null, now, expiresAt: refreshExpiry(now) });
  return setSessionCookies(deps, res, refresh, userId, familyId);
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
 * is revoked — the thief's and the owner's newest token alike — unless it was rotated within the
 * grace window and its successor has not been used yet: then it is the same browser asking twice
 * (two tabs, a lost response), and it gets a successor of its own.
 */
export async function refreshSession(deps: AppDeps, req: Request, res: Response): Promise<number> {
  const token = refreshCookie(deps, req);
  const fail = () => {
    clearSessionCookies(deps, res);
    return unauthorized('Your session has expired. Please log in again.');
  };
  if (!token) throw fail();
  const now = deps.now();
  const successor = randomToken();
  const outcome = await deps.db.transaction(async (tx): Promise<{ issued: RefreshRow | null; reused?: RefreshRow }> => {
    const row = await lockRefreshToken(tx, sha256(token));
    if (!row || row.revoked_at !== null || new Date(row.expires_at) <= now) return { issued: null };
    if (row.used_at === null) {
      await markRefreshUsed(tx, row.id, now);
    } else if (!withinGrace(row.used_at, now) || (await successorUsed(tx, row.id))) {
      await revokeFamily(tx, row.family_id, now);
      return { issued: null, reused: row };
    }
    await insertRefreshToken(tx, {
      tokenHash: sha256(successor),
      familyId: row.family_id,
      userId: row.user_id,
      parentId: row.id,
      now,
      expiresAt: refreshExpiry(now),
    });
    return { issued: row };
  });
  if (outcome.reused) {
    deps.log.warn({ userId: outcome.reused.user_id, family: outcome.reused.family_id }, 'refresh token reuse: family revoked');
  }
  if (!outcome.issued) throw fail();
  return setSessionCookies(deps, res, successor, outcome.issued.user_id, outcome.issued.family_id);
}

function withinGrace(usedAt: Date | string, now: Date): boolean {
  return now.getTime() - new Date(usedAt).getTime() <= REFRESH_REUSE_GRACE_SECONDS * 1000;
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
