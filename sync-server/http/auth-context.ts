import type { Request } from 'express';
import type { AppDeps } from '../deps.js';
import { cookieNames, loadSigningKey, readCookie, verifyAccessToken, type AccessClaims } from './access-token.js';
import { familyIsLive } from '../api/auth/session.repo.js';
import { unauthorized } from './errors.js';

const keys = new WeakMap<AppDeps, Promise<Buffer>>();

/** The access-token signing key for this app instance (loaded once). */
export function signingKey(deps: AppDeps): Promise<Buffer> {
  let key = keys.get(deps);
  if (!key) {
    key = loadSigningKey(deps.db, process.env.SESSION_SECRET);
    keys.set(deps, key);
  }
  return key;
}

/** The signed-in user's claims, or null. Reads only the access cookie; never touches the refresh one. */
export async function sessionOf(deps: AppDeps, req: Request): Promise<AccessClaims | null> {
  const token = readCookie(req, cookieNames(deps.config.isProduction).access);
  if (!token) return null;
  return verifyAccessToken(await signingKey(deps), token, Math.floor(deps.now().getTime() / 1000));
}

/**
 * The signed-in user's id, or a 401 the client answers with one refresh. The session's refresh
 * family must still be live, so logout, password resets and reuse detection end access at once
 * rather than when the 15-minute access cookie runs out.
 */
export async function requireUser(deps: AppDeps, req: Request): Promise<number> {
  const claims = await sessionOf(deps, req);
  if (!claims || !(await familyIsLive(deps.db, claims.fam))) throw unauthorized();
  return claims.sub;
}

/**
 * The signed-in caller's session (401 when there is none). A service checks it against the database
 * (`requireLiveMembership`) together with its own first statements.
 */
export async function requireSession(deps: AppDeps, req: Request): Promise<{ familyId: string; userId: number }> {
  const claims = await sessionOf(deps, req);
  if (!claims) throw unauthorized();
  return { familyId: claims.fam, userId: claims.sub };
}
