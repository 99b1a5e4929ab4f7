import type { RateLimitCheck } from '../../http/rate-limit.js';

const MINUTE = 60;
const HOUR = 3600;

/** Per-IP and per-account limits (DESIGN.md §4). Keys name the action, the dimension and the value. */
export const authLimits = {
  /**
   * Failed sign-ins (a success is refunded): per address, and per account from one address. There
   * is deliberately no account-wide limit: anyone could trip it from many addresses and keep the
   * owner's right password out.
   */
  login: (ip: string, email: string): RateLimitCheck[] => [
    { key: `login:ip:${ip}`, max: 30, windowSeconds: 15 * MINUTE },
    { key: `login:acct-ip:${email.toLowerCase()}|${ip}`, max: 10, windowSeconds: 15 * MINUTE },
  ],
  register: (ip: string, email: string): RateLimitCheck[] => [
    { key: `register:ip:${ip}`, max: 10, windowSeconds: HOUR },
    { key: `register:acct:${email.toLowerCase()}`, max: 5, windowSeconds: HOUR },
  ],
  requestReset: (ip: string, email: string): RateLimitCheck[] => [
    { key: `reset:ip:${ip}`, max: 10, windowSeconds: HOUR },
    { key: `reset:acct:${email.toLowerCase()}`, max: 5, windowSeconds: HOUR },
  ],
  /** Current-password checks of a signed-in user (change password, delete account). */
  passwordCheck: (userId: number): RateLimitCheck[] => [{ key: `password:acct:${userId}`, max: 10, windowSeconds: 15 * MINUTE }],
  resetPassword: (ip: string): RateLimitCheck[] => [{ key: `reset-password:ip:${ip}`, max: 20, windowSeconds: HOUR }],
  verifyCode: (ip: string, account: string): RateLimitCheck[] => [
    { key: `verify:ip:${ip}`, max: 30, windowSeconds: 15 * MINUTE },
    { key: `verify:acct:${account}`, max: 5, windowSeconds: 15 * MINUTE },
  ],
  sendCode: (ip: string, account: string): RateLimitCheck[] => [
    { key: `resend:ip:${ip}`, max: 20, windowSeconds: HOUR },
    { key: `resend:acct:${account}`, max: 5, windowSeconds: HOUR },
  ],
};
