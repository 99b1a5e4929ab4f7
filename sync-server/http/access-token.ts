import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Request } from 'express';
import type { Db } from '../db/db.js';

/** Access cookie lifetime (DESIGN.md §4: short-lived). */
export const ACCESS_TTL_SECONDS = 15 * 60;

export interface AccessClaims {
  /** user id */
  sub: number;
  /** refresh-token family id, so logout and reuse detection can end the session */
  fam: string;
  /** expiry, seconds since epoch */
  exp: number;
}

/** The signing key: SESSION_SECRET when set, else generated once and kept in the database. */
export async function loadSigningKey(db: Db, configured?: string): Promise<Buffer> {
  if (configured) return Buffer.from(configured, 'utf8');
  const fresh = randomBytes(32).toString('base64url');
  await db.query(`INSERT INTO server_secrets (name, value) VALUES ('access_token_key', $1) ON CONFLICT (name) DO NOTHING`, [fresh]);
  const rows = await db.query<{ value: string }>(`SELECT value FROM server_secrets WHERE name = 'access_token_key'`);
  return Buffer.from(rows[0].value, 'base64url');
}

export function signAccessToken(key: Buffer, claims: AccessClaims): string {
  const body = Buffer.from(JSON.stringify(claims)).toString('base64url');
  const mac = createHmac('sha256', key).update(body).digest('base64url');
  return `${body}.${mac}`;
}

/** Returns the claims when the token is authentic and unexpired, else null. */
export function verifyAccessToken(key: Buffer, token: string, nowSeconds: number): AccessClaims | null {
  const [body, mac] = token.split('.');
  if (!body || !mac) return null;
  const expected = createHmac('sha256', key).update(body).digest();
  const given = Buffer.from(mac, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const claims: unknown = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
    if (
      typeof claims === 'object' &&
      claims !== null &&
      'sub' in claims &&
      typeof claims.sub === 'number' &&
      'fam' in claims &&
      typeof claims.fam === 'string' &&
      'exp' in claims &&
      typeof claims.exp === 'number'
    ) {
      if (claims.exp <= nowSeconds) return null;
      return { sub: claims.sub, fam: claims.fam, exp: claims.exp };
    }
  } catch {
    return null;
  }
  return null;
}

/** Cookie names: `__Host-` prefixed (and Secure) in production. */
export function cookieNames(isProduction: boolean) {
  const p = isProduction ? '__Host-' : '';
  return { access: `${p}vuka_at`, refresh: `${p}vuka_rt` } as const;
}

export function readCookie(req: Request, name: string): string | undefined {
  const cookies: unknown = req.cookies;
  if (typeof cookies !== 'object' || cookies === null || !(name in cookies)) return undefined;
  const value: unknown = Reflect.get(cookies, name);
  return typeof value === 'string' ? value : undefined;
}
