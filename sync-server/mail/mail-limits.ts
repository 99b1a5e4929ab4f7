import type { Queryable } from '../db/db.js';
import type { AppDeps } from '../deps.js';
import { HttpError } from '../http/errors.js';
import { rateLimit } from '../http/rate-limit.js';

/**
 * How much mail to third parties one source may cause (the workspace-invitation rules, generalised):
 * per client address (an anonymous caller), per recipient and per workspace. Generous for a stall
 * selling free tickets or taking bookings; far too few for a spam run. Each mail counts once on each
 * key it names, before anything is stored or mailed.
 */
export const MAIL_PER_SOURCE_PER_HOUR = 20;
export const MAIL_PER_RECIPIENT_PER_DAY = 10;
export const MAIL_PER_WORKSPACE_PER_DAY = 300;

const HOUR_SECONDS = 3600;
const DAY_SECONDS = 24 * HOUR_SECONDS;

/** The rate_limits keys (exported for tests that fill a window rather than send hundreds of mails). */
export const mailLimitKeys = {
  source: (address: string) => `mail:source:${address}`,
  recipient: (email: string) => `mail:to:${email.trim().toLowerCase()}`,
  workspace: (id: number) => `mail:workspace:${id}`,
} as const;

export const mailLimitMessages = {
  source: (wait: string) =>
    `Too many e-mails have been asked for from your connection in the last hour (the limit is ${MAIL_PER_SOURCE_PER_HOUR}). Nothing was saved or sent. Please try again in ${wait}.`,
  recipient: (wait: string) =>
    `This e-mail address has been sent as much mail from Vuka as we allow in a day. Nothing was saved or sent. Please try again in ${wait}, or use another address.`,
  workspace: (wait: string) =>
    `This business has sent as many e-mails today as we allow (${MAIL_PER_WORKSPACE_PER_DAY}). Nothing was saved or sent. Please try again in ${wait}.`,
} as const;

export const MAIL_LIMIT_CODE = 'mail_rate_limited';

/**
 * Counts one mail against each key given and refuses with 429 and Retry-After when one is spent.
 * `q` may be the caller's transaction (unscoped): a refusal then rolls the whole request back, so
 * nothing is stored and nothing is mailed. `RATE_LIMITS=off` is honoured outside production only.
 */
export async function enforceMailLimits(
  q: Queryable,
  deps: AppDeps,
  on: { source?: string; recipient?: string; workspaceId?: number },
): Promise<void> {
  if (deps.config.RATE_LIMITS === 'off' && !deps.config.isProduction) return;
  const now = deps.now();
  const checks: Array<{ key: string; max: number; windowSeconds: number; message: (wait: string) => string }> = [];
  if (on.source)
    checks.push({
      key: mailLimitKeys.source(on.source),
      max: MAIL_PER_SOURCE_PER_HOUR,
      windowSeconds: HOUR_SECONDS,
      message: mailLimitMessages.source,
    });
  if (on.recipient)
    checks.push({
      key: mailLimitKeys.recipient(on.recipient),
      max: MAIL_PER_RECIPIENT_PER_DAY,
      windowSeconds: DAY_SECONDS,
      message: mailLimitMessages.recipient,
    });
  if (on.workspaceId !== undefined)
    checks.push({
      key: mailLimitKeys.workspace(on.workspaceId),
      max: MAIL_PER_WORKSPACE_PER_DAY,
      windowSeconds: DAY_SECONDS,
      message: mailLimitMessages.workspace,
    });
  for (const check of checks) {
    const result = await rateLimit(q, check.key, check, now);
    if (!result.allowed)
      throw new HttpError(429, check.message(humanWait(result.retryAfterSeconds)), { code: MAIL_LIMIT_CODE }, result.retryAfterSeconds);
  }
}

function humanWait(seconds: number): string {
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
  if (seconds < 60) return plural(seconds, 'second');
  if (seconds < HOUR_SECONDS) return plural(Math.ceil(seconds / 60), 'minute');
  return plural(Math.ceil(seconds / HOUR_SECONDS), 'hour');
}
