import type { AppDeps } from '../../deps.js';
import { signingKey } from '../../http/auth-context.js';
import { HttpError } from '../../http/errors.js';
import { verificationCodeMail } from '../../mail/templates.js';
import { hashCode, newCode } from './secrets.js';

/** Spec §9: resend cooldown 60 seconds. */
export const RESEND_COOLDOWN_SECONDS = 60;
export const CODE_TTL_HOURS = 24;

/** Seconds left before another code may be sent (0 when one may be sent now). */
export function cooldownRemaining(sentAt: Date | string | null, now: Date): number {
  if (sentAt === null) return 0;
  const elapsed = (now.getTime() - new Date(sentAt).getTime()) / 1000;
  return elapsed >= RESEND_COOLDOWN_SECONDS ? 0 : Math.ceil(RESEND_COOLDOWN_SECONDS - elapsed);
}

/** The 429 the client shows as 'Please wait' (spec §8). */
export function cooldownError(seconds: number): HttpError {
  return new HttpError(
    429,
    `You can request another verification code in ${seconds} seconds`,
    { code: 'cooldown', canResend: false, secondsRemaining: seconds },
    seconds,
  );
}

export interface IssuedCode {
  codeHash: string;
  sentAt: Date;
  expiresAt: Date;
}

/**
 * Makes a fresh code, stores its hash through `store`, then mails it. A mail failure is logged, not
 * thrown: the account or pending identity exists and the user can ask for another code.
 */
export async function issueCode(deps: AppDeps, to: string, store: (code: IssuedCode) => Promise<void>): Promise<void> {
  const code = newCode();
  const now = deps.now();
  const key = await signingKey(deps);
  await store({ codeHash: hashCode(key, code), sentAt: now, expiresAt: new Date(now.getTime() + CODE_TTL_HOURS * 3600_000) });
  try {
    await deps.mailer.send({ to, ...verificationCodeMail(code, CODE_TTL_HOURS) });
  } catch (err) {
    deps.log.error({ err }, 'verification mail failed');
  }
}
