import type { Queryable } from '../../db/db.js';
import type { AppDeps } from '../../deps.js';
import { conflict } from '../../http/errors.js';
import {
  ANONYMOUS_HOLD_MINUTES,
  anonymousOrderMost,
  countAddressHold,
  HOLD_MINUTES,
  holdLimitCodes,
  holdLimitMessages,
  holdRefused,
  humanWait,
  TICKET_SEATS_PER_ADDRESS_PER_EVENT_PER_HOUR,
  UNPAID_SEATS_PER_BUYER,
} from '../../http/hold-limits.js';

/**
 * The bounds on how many seats one buyer may take or hold (see http/hold-limits.ts). Each check runs
 * inside the order's transaction, which holds the event's row, so two orders of one event are
 * checked one after the other and a refusal takes nothing.
 */

/** When an unpaid registration made at `createdAt` lapses: an account's after HOLD_MINUTES, an anonymous one's sooner. */
export const holdEndsAt = (r: { user_id: number | null; created_at: Date | string }): Date =>
  new Date(new Date(r.created_at).getTime() + (r.user_id === null ? ANONYMOUS_HOLD_MINUTES : HOLD_MINUTES) * 60_000);

/** The seats still on sale: each on-sale type's unsold seats, within the event's own room. */
export function seatsOnSale(types: readonly { quantity: number; sold: number; onSale: boolean }[], room: number | null): number {
  const unsold = types.reduce((sum, t) => sum + (t.onSale ? Math.max(0, t.quantity - t.sold) : 0), 0);
  return room === null ? unsold : Math.max(0, Math.min(unsold, room));
}

/** A buyer who is not signed in takes at most a share of what is left in one order. */
export function boundAnonymousOrder(seats: number, free: number): void {
  const most = anonymousOrderMost(free);
  if (seats > most) throw conflict(holdLimitMessages.anonymousShare(most, free), { code: holdLimitCodes.share });
}

/**
 * One buyer (their e-mail address, and their account when signed in) holds at most
 * UNPAID_SEATS_PER_BUYER unpaid seats of an event at once, counting holds from the event page and
 * from marketplace checkouts alike. Over it: 429, with Retry-After until their first hold lapses.
 */
export async function boundUnpaidSeats(
  tx: Queryable,
  h: { ws: number; eventId: string; email: string; userId: number | null; seats: number; now: Date },
): Promise<void> {
  if (h.seats > UNPAID_SEATS_PER_BUYER) throw conflict(holdLimitMessages.unpaidOrder, { code: holdLimitCodes.share });
  const holds = await tx.query<{ user_id: number | null; created_at: Date | string; lines: { quantity: number }[] }>(
    `SELECT user_id, created_at, lines FROM registrations
      WHERE workspace_id = $1 AND event_id = $2 AND payment_status = 'unpaid'
        AND (lower(email) = lower($3) OR user_id = $4)`,
    [h.ws, h.eventId, h.email, h.userId],
  );
  const held = holds.reduce((sum, r) => sum + r.lines.reduce((n, l) => n + l.quantity, 0), 0);
  if (held + h.seats <= UNPAID_SEATS_PER_BUYER) return;
  const firstLapse = Math.min(...holds.map((r) => holdEndsAt(r).getTime()));
  const wait = Math.max(1, Math.ceil((firstLapse - h.now.getTime()) / 1000));
  throw holdRefused(holdLimitMessages.unpaidSeats(held, humanWait(wait)), wait);
}

/** Seats taken from one network address for one event in an hour, by buyers who are not signed in. */
export async function countAddressSeats(deps: AppDeps, tx: Queryable, address: string, eventId: string, seats: number): Promise<void> {
  await countAddressHold(
    deps,
    tx,
    { key: `tickets:seats:${address}:${eventId}`, max: TICKET_SEATS_PER_ADDRESS_PER_EVENT_PER_HOUR, windowSeconds: 3600, cost: seats },
    holdLimitMessages.addressSeats,
  );
}
