import type { Request } from 'express';
import type { AppDeps } from '../app.js';
import { cookieNames, loadSigningKey, readCookie, verifyAccessToken, type AccessClaims } from './access-token.js';
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

/** The signed-in user's id, or a 401 the client answers with one refresh. */
export async function requireUser(deps: AppDeps, req: Request): Promise<number> {
  const claims = await sessionOf(deps, req);
  if (!claims) throw unauthorized();
  return claims.sub;
}
