import { z } from 'zod';
import { heldMailKind } from '../../mail/consent.js';
import { bookingMailKinds, recordBookingMail, recordMove, type BookingMailKey } from './booking-mail.repo.js';

const stored = z.object({ kind: z.literal('booking'), appointmentId: z.string().min(1), mail: z.enum(bookingMailKinds) });

/**
 * A booking mail to a customer's address nobody confirmed waits for it (double opt-in); confirmed,
 * it goes to the mail outbox (a move also withdraws the old time's reminders).
 */
export const heldBookingMail = heldMailKind<BookingMailKey>({
  kind: 'booking',
  ref: (key) => ({ appointmentId: key.appointmentId, mail: key.kind }),
  fromRef(ref, workspaceId) {
    const r = stored.parse(ref);
    return { workspaceId, appointmentId: r.appointmentId, kind: r.mail };
  },
  record: (tx, key) => (key.kind === 'rescheduled' ? recordMove(tx, key) : recordBookingMail(tx, key)),
});
