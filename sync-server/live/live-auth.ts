import type { IncomingMessage } from 'node:http';
import type { AppDeps } from '../deps.js';
import { cookieNames, verifyAccessToken, type AccessClaims } from '../http/access-token.js';
import { signingKey } from '../http/auth-context.js';

/**
 * Same checks as an API request: the Origin must be ours (a WebSocket is not bound by CORS), and the
 * access cookie must verify. `sessionOf` needs an Express request, which an upgrade is not, so the
 * cookie is read here and verified with the same key and clock. Whether the session is still live
 * is asked by the caller, once it can hear that session end.
 */
export async function accessClaims(deps: AppDeps, req: IncomingMessage): Promise<AccessClaims | null> {
  const origin = req.headers.origin;
  if (origin && !deps.config.allowedOrigins.includes(origin) && !sameHost(origin, req.headers.host)) return null;
  const token = readCookieHeader(req.headers.cookie, cookieNames(deps.config.isProduction).access);
  if (!token) return null;
  return verifyAccessToken(await signingKey(deps), token, Math.floor(deps.now().getTime() / 1000));
}

function sameHost(origin: string, host: string | undefined): boolean {
  try {
    return host !== undefined && new URL(origin).host === host;
  } catch {
    return false;
  }
}

/** A cookie's value; one whose percent-encoding is malformed is no cookie at all (401, not 500). */
export function readCookieHeader(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}
