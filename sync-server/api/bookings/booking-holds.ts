import type { Queryable } from '../../db/db.js';
import type { AppDeps } from '../../deps.js';
import {
  BOOKINGS_PER_ADDRESS_PER_BUSINESS_PER_HOUR,
  BOOKINGS_PER_ADDRESS_PER_HOUR,
  countAddressHold,
  holdLimitMessages,
  holdRefused,
  UPCOMING_BOOKINGS_PER_EMAIL,
} from '../../http/hold-limits.js';

/**
 * The bounds on public bookings (see http/hold-limits.ts), checked inside the booking's transaction
 * once its slot is taken, so a refusal leaves the slot free and counts nothing. The address is
 * counted first: its window's row stays locked until the booking commits, so one address's
 * bookings are checked one after the other, and the e-mail count below sees the ones before it.
 */
export async function boundPublicBooking(
  deps: AppDeps,
  tx: Queryable,
  b: { ws: number; business: string; email: string; address: string; holdsSince: Date },
): Promise<void> {
  await countAddressHold(
    deps,
    tx,
    { key: `bookings:address:${b.address}:ws:${b.ws}`, max: BOOKINGS_PER_ADDRESS_PER_BUSINESS_PER_HOUR, windowSeconds: 3600 },
    holdLimitMessages.bookingsBusiness,
  );
  await countAddressHold(
    deps,
    tx,
    { key: `bookings:address:${b.address}`, max: BOOKINGS_PER_ADDRESS_PER_HOUR, windowSeconds: 3600 },
    holdLimitMessages.bookingsAll,
  );
  const now = deps.now();
  // Live and still to come; a deposit hold that lapsed unpaid no longer counts.
  const upcoming = await tx.query<{ start_at: Date | string }>(
    `SELECT start_at FROM appointments
      WHERE workspace_id = $1 AND lower(customer_email) = lower($2) AND status IN ('pending', 'confirmed') AND start_at > $3
        AND NOT (status = 'pending' AND payment_status = 'unpaid' AND payment_reference IS NOT NULL AND created_at < $4)
      ORDER BY start_at`,
    [b.ws, b.email, now, b.holdsSince],
  );
  if (upcoming.length < UPCOMING_BOOKINGS_PER_EMAIL) return;
  // Retry-After: when the first of them has begun, and so is no longer upcoming.
  const wait = (new Date(upcoming[0].start_at).getTime() - now.getTime()) / 1000;
  throw holdRefused(holdLimitMessages.upcomingBookings(b.business), wait);
}
