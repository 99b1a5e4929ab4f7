import type { ApiErrorCode } from '../../schema/kit/http.js';
import type { AppDeps } from '../deps.js';
import type { Queryable } from '../db/db.js';
import { HttpError } from './errors.js';
import { rateLimit } from './rate-limit.js';

/**
 * How much one buyer may hold of what others want to buy: event seats held while a card payment is
 * on its way, public booking slots, marketplace checkouts waiting for payment. Without these bounds
 * one anonymous visitor could keep an event sold out, or a business's diary full, with made-up
 * e-mail addresses and no money spent.
 */

/** Seats a signed-in buyer's unpaid checkout holds before they go back on sale. */
export const HOLD_MINUTES = 30;
/** The same for a buyer who is not signed in: short, as nothing ties the hold to anyone. */
export const ANONYMOUS_HOLD_MINUTES = 10;

/**
 * One order without signing in takes at most this share of the seats still on sale, and never
 * fewer than ANONYMOUS_ORDER_MIN_SEATS (so a family can always buy together).
 */
export const ANONYMOUS_ORDER_SHARE_PERCENT = 20;
export const ANONYMOUS_ORDER_MIN_SEATS = 10;

/** Seats one e-mail address (or one account) may hold unpaid for one event at once. */
export const UNPAID_SEATS_PER_BUYER = 20;

/** Seats taken for one event from one network address in an hour, by buyers who are not signed in. */
export const TICKET_SEATS_PER_ADDRESS_PER_EVENT_PER_HOUR = 30;

/** Public bookings made from one network address in an hour: with one business, and with all. */
export const BOOKINGS_PER_ADDRESS_PER_BUSINESS_PER_HOUR = 5;
export const BOOKINGS_PER_ADDRESS_PER_HOUR = 10;

/** Upcoming public bookings one e-mail address may have with one business at once. */
export const UPCOMING_BOOKINGS_PER_EMAIL = 3;

/** Marketplace checkouts one account may have waiting for payment at once (each holds its cart). */
export const OPEN_CHECKOUTS_PER_BUYER = 3;

const HOUR_SECONDS = 3600;

/** One bound on holding, for checks that walk every bound (what it limits, how far, over what). */
export interface ResourceBound {
  name: string;
  limit: number;
  per: string;
  /** Seconds over which the bound is counted; null when it counts what is held at once. */
  windowSeconds: number | null;
}

export const holdBounds: readonly ResourceBound[] = [
  { name: 'anonymous seat hold (minutes)', limit: ANONYMOUS_HOLD_MINUTES, per: 'unpaid order without an account', windowSeconds: null },
  { name: 'signed-in seat hold (minutes)', limit: HOLD_MINUTES, per: 'unpaid order of an account', windowSeconds: null },
  {
    name: 'anonymous order share (%)',
    limit: ANONYMOUS_ORDER_SHARE_PERCENT,
    per: 'order, of the seats still on sale',
    windowSeconds: null,
  },
  { name: 'anonymous order floor (seats)', limit: ANONYMOUS_ORDER_MIN_SEATS, per: 'order', windowSeconds: null },
  { name: 'unpaid seats', limit: UNPAID_SEATS_PER_BUYER, per: 'e-mail address or account, per event', windowSeconds: null },
  {
    name: 'seats taken',
    limit: TICKET_SEATS_PER_ADDRESS_PER_EVENT_PER_HOUR,
    per: 'network address, per event',
    windowSeconds: HOUR_SECONDS,
  },
  {
    name: 'public bookings',
    limit: BOOKINGS_PER_ADDRESS_PER_BUSINESS_PER_HOUR,
    per: 'network address, per business',
    windowSeconds: HOUR_SECONDS,
  },
  { name: 'public bookings', limit: BOOKINGS_PER_ADDRESS_PER_HOUR, per: 'network address', windowSeconds: HOUR_SECONDS },
  { name: 'upcoming public bookings', limit: UPCOMING_BOOKINGS_PER_EMAIL, per: 'e-mail address, per business', windowSeconds: null },
  { name: 'checkouts waiting for payment', limit: OPEN_CHECKOUTS_PER_BUYER, per: 'account', windowSeconds: null },
];

/** The largest order a buyer who is not signed in may place when `free` seats are still on sale. */
export const anonymousOrderMost = (free: number): number =>
  Math.max(ANONYMOUS_ORDER_MIN_SEATS, Math.floor((free * ANONYMOUS_ORDER_SHARE_PERCENT) / 100));

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

export function humanWait(seconds: number): string {
  if (seconds < 60) return plural(seconds, 'second');
  if (seconds < HOUR_SECONDS) return plural(Math.ceil(seconds / 60), 'minute');
  if (seconds < 48 * HOUR_SECONDS) return plural(Math.ceil(seconds / HOUR_SECONDS), 'hour');
  return plural(Math.ceil(seconds / (24 * HOUR_SECONDS)), 'day');
}

export const holdLimitMessages = {
  anonymousShare: (most: number, free: number) =>
    `Without signing in, one order can take at most ${plural(most, 'ticket')} while ${free} are left. Choose ${most} or fewer, or sign in to buy more.`,
  unpaidOrder: `One buyer can hold at most ${UNPAID_SEATS_PER_BUYER} unpaid tickets for an event at once. Choose ${UNPAID_SEATS_PER_BUYER} or fewer, and buy more once they are paid.`,
  unpaidSeats: (held: number, wait: string) =>
    `This e-mail address already holds ${plural(held, 'unpaid ticket')} for this event, and one buyer can hold at most ${UNPAID_SEATS_PER_BUYER} at once. Pay for them, or try again in ${wait} when an unpaid hold runs out.`,
  addressSeats: (wait: string) =>
    `At most ${TICKET_SEATS_PER_ADDRESS_PER_EVENT_PER_HOUR} tickets an hour can be taken for this event from your network without signing in. Please try again in ${wait}, or sign in.`,
  bookingsBusiness: (wait: string) =>
    `At most ${BOOKINGS_PER_ADDRESS_PER_BUSINESS_PER_HOUR} bookings an hour can be made with this business from your network. Please try again in ${wait}.`,
  bookingsAll: (wait: string) =>
    `At most ${BOOKINGS_PER_ADDRESS_PER_HOUR} bookings an hour can be made from your network. Please try again in ${wait}.`,
  upcomingBookings: (business: string) =>
    `This e-mail address already has ${UPCOMING_BOOKINGS_PER_EMAIL} upcoming bookings with ${business}, the most it can have at once. Cancel one through the link in its e-mail, or book again after your next visit.`,
  openCheckouts: (wait: string) =>
    `You already have ${OPEN_CHECKOUTS_PER_BUYER} checkouts waiting for payment. Pay for one of them, or try again in ${wait} when the oldest runs out.`,
} as const;

/** Error codes of the refusals, for clients that act on them (an address's limit is a rate limit like any other). */
export const holdLimitCodes = {
  share: 'order_too_large',
  held: 'hold_limit',
  address: 'rate_limited',
} as const satisfies Record<string, ApiErrorCode>;

export const holdRefused = (message: string, retryAfterSeconds: number, code: ApiErrorCode = holdLimitCodes.held) =>
  new HttpError(429, message, { code }, Math.max(1, Math.ceil(retryAfterSeconds)));

/**
 * Counts `cost` against a per-address window inside the caller's transaction, so a refusal (thrown
 * here, or by any later check) rolls the count back: only what was really taken is counted, and a
 * request that takes nothing never uses up the allowance. The window's row stays locked until the
 * transaction ends, which serialises one address's requests against each other. `RATE_LIMITS=off`
 * is honoured outside production only, as for every rate limit.
 */
export async function countAddressHold(
  deps: AppDeps,
  tx: Queryable,
  check: { key: string; max: number; windowSeconds: number; cost?: number },
  message: (wait: string) => string,
): Promise<void> {
  if (deps.config.RATE_LIMITS === 'off' && !deps.config.isProduction) return;
  const cost = check.cost ?? 1;
  const result = await rateLimit(tx, check.key, check, deps.now(), cost);
  if (!result.allowed) throw holdRefused(message(humanWait(result.retryAfterSeconds)), result.retryAfterSeconds, holdLimitCodes.address);
}
