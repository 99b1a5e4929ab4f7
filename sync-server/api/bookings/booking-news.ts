import { noCountryDefaults } from '../../../schema/kit/countries.js';
import type { Queryable } from '../../db/db.js';
import { notify } from '../notifications/index.js';
import { publicAppointment } from './public-bookings.repo.js';

/**
 * The business hears that a customer booked online (once confirmed: at once, or when the deposit is
 * paid) or cancelled through their link; called in that change's transaction, keyed by the booking,
 * so each is told once (issue 37 §5). What the business does in its own diary tells nobody.
 */
export async function tellBooking(
  tx: Queryable,
  kind: 'booking_made' | 'booking_cancelled',
  ref: { ws: number; id: string },
): Promise<void> {
  const a = await publicAppointment(tx, ref);
  if (!a) return;
  const when = new Intl.DateTimeFormat('en-ZA', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: a.timezone ?? noCountryDefaults.timezone,
  }).format(new Date(a.start_at));
  await notify(tx, {
    workspaceId: a.workspace_id,
    kind,
    about: a.id,
    title: kind === 'booking_made' ? `New booking: ${a.service_title}` : `Booking cancelled: ${a.service_title}`,
    body:
      kind === 'booking_made'
        ? `${a.customer_name} booked ${when} with ${a.staff_name}.`
        : `${a.customer_name} cancelled ${when} with ${a.staff_name}.`,
    link: `/workspace/${a.workspace_id}/services/diary`,
  });
}
