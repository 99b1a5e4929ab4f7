import type { AppDeps } from '../deps.js';
import type { Queryable } from '../db/db.js';
import { tooMany } from './errors.js';

export interface RateLimit {
  /** Hits allowed per window. */
  max: number;
  windowSeconds: number;
}

export interface RateLimitResult {
  allowed: boolean;
  /** Hits counted in the current window, this one included. */
  hits: number;
  /** Seconds until the current window ends (0 when allowed). */
  retryAfterSeconds: number;
}

/**
 * Counts one hit (or `cost` hits, for a request that takes several of something) on `key` in a fixed
 * window kept in Postgres, so the limit holds across every instance on the same database. The
 * upsert is one statement, so concurrent hits are serialised by the row lock and never lost.
 */
export async function rateLimit(db: Queryable, key: string, limit: RateLimit, now: Date, cost = 1): Promise<RateLimitResult> {
  const rows = await db.query<{ window_start: Date | string; hits: number }>(
    `INSERT INTO rate_limits AS r (key, window_start, window_seconds, hits)
     VALUES ($1, $2::timestamptz, $3, $4)
     ON CONFLICT (key) DO UPDATE SET
       window_start = CASE WHEN r.window_start + make_interval(secs => r.window_seconds) <= $2::timestamptz
                           THEN $2::timestamptz ELSE r.window_start END,
       window_seconds = CASE WHEN r.window_start + make_interval(secs => r.window_seconds) <= $2::timestamptz
                             THEN $3 ELSE r.window_seconds END,
       hits = CASE WHEN r.window_start + make_interval(secs => r.window_seconds) <= $2::timestamptz
                   THEN $4 ELSE r.hits + $4 END
     RETURNING window_start, hits`,
    [key, now.toISOString(), limit.windowSeconds, cost],
  );
  const { window_start, hits } = rows[0];
  const start = new Date(window_start).getTime();
  const endsIn = Math.max(1, Math.ceil((start + limit.windowSeconds * 1000 - now.getTime()) / 1000));
  const allowed = hits <= limit.max;
  // Expired windows are dead weight; sweep them now and then rather than on every hit.
  if (Math.random() < 0.02) {
    await db.query(`DELETE FROM rate_limits WHERE window_start + make_interval(secs => window_seconds) < $1::timestamptz`, [
      now.toISOString(),
    ]);
  }
  return { allowed, hits, retryAfterSeconds: allowed ? 0 : endsIn };
}

export interface RateLimitCheck extends RateLimit {
  key: string;
}

/**
 * Counts a hit on every key and throws a 429 (with Retry-After) when any is over its limit.
 * `RATE_LIMITS=off` is honoured only outside production.
 */
export async function enforceRateLimits(deps: AppDeps, checks: readonly RateLimitCheck[]): Promise<void> {
  if (deps.config.RATE_LIMITS === 'off' && !deps.config.isProduction) return;
  const now = deps.now();
  let wait = 0;
  for (const check of checks) {
    const result = await rateLimit(deps.db, check.key, check, now);
    if (!result.allowed) wait = Math.max(wait, result.retryAfterSeconds);
  }
  if (wait > 0) throw tooMany(`Too many attempts. Please try again in ${humanWait(wait)}.`, wait);
}

/**
 * Gives back the hit `enforceRateLimits` counted for an attempt that turned out fine, so the keys
 * count failures only. Counting first and refunding after (rather than checking first and counting
 * failures after) keeps parallel attempts from all slipping past the check before any is counted.
 */
export async function refundRateLimits(deps: AppDeps, checks: readonly RateLimitCheck[]): Promise<void> {
  if (deps.config.RATE_LIMITS === 'off' && !deps.config.isProduction) return;
  const now = deps.now().toISOString();
  for (const check of checks) {
    await deps.db.query(
      `UPDATE rate_limits SET hits = hits - 1
       WHERE key = $1 AND hits > 0 AND window_start + make_interval(secs => window_seconds) > $2::timestamptz`,
      [check.key, now],
    );
  }
}

function humanWait(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}
