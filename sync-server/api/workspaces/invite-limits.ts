import type { AppDeps } from '../../deps.js';
import { HttpError } from '../../http/errors.js';
import { rateLimit } from '../../http/rate-limit.js';

/**
 * How many invitation e-mails may go out. Each carries our sender address and text the inviter
 * chose, so an account (or a workspace of several) could otherwise relay mail to anyone. Generous
 * for a team being set up; far too few for a spam run.
 */
export const INVITES_PER_INVITER_PER_HOUR = 20;
export const INVITES_PER_WORKSPACE_PER_DAY = 50;

const HOUR_SECONDS = 3600;
const DAY_SECONDS = 24 * HOUR_SECONDS;

export const inviteLimitMessages = {
  inviter: (wait: string) =>
    `You can send up to ${INVITES_PER_INVITER_PER_HOUR} invitations an hour, and you have reached that. Please try again in ${wait}.`,
  workspace: (wait: string) =>
    `This workspace can send up to ${INVITES_PER_WORKSPACE_PER_DAY} invitations a day, and it has reached that. Please try again in ${wait}.`,
} as const;

/**
 * Counts one invitation against the inviter's hourly and the workspace's daily limit (Postgres
 * windows, so they hold across instances) and refuses with 429 and Retry-After when either is spent.
 * The workspace is only counted once the inviter is within theirs. `RATE_LIMITS=off` is honoured
 * outside production only, as for the sign-in limits.
 */
export async function enforceInviteLimits(deps: AppDeps, inviterId: number, workspaceId: number): Promise<void> {
  if (deps.config.RATE_LIMITS === 'off' && !deps.config.isProduction) return;
  const now = deps.now();
  const mine = await rateLimit(
    deps.db,
    `invite:inviter:${inviterId}`,
    { max: INVITES_PER_INVITER_PER_HOUR, windowSeconds: HOUR_SECONDS },
    now,
  );
  if (!mine.allowed) throw limited(inviteLimitMessages.inviter(humanWait(mine.retryAfterSeconds)), mine.retryAfterSeconds);
  const ours = await rateLimit(
    deps.db,
    `invite:workspace:${workspaceId}`,
    { max: INVITES_PER_WORKSPACE_PER_DAY, windowSeconds: DAY_SECONDS },
    now,
  );
  if (!ours.allowed) throw limited(inviteLimitMessages.workspace(humanWait(ours.retryAfterSeconds)), ours.retryAfterSeconds);
}

const limited = (message: string, retryAfter: number) => new HttpError(429, message, { code: 'invitations_rate_limited' }, retryAfter);

function humanWait(seconds: number): string {
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
  if (seconds < 60) return plural(seconds, 'second');
  if (seconds < HOUR_SECONDS) return plural(Math.ceil(seconds / 60), 'minute');
  return plural(Math.ceil(seconds / HOUR_SECONDS), 'hour');
}
