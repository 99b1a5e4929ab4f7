import { BOOKING_REFERENCE_PREFIX } from '../../../schema/bookings/bookings.js';
import { bookingsContract } from '../../../schema/bookings/contract.js';
import { defineArea } from '../../areas/area.js';
import { payRefundsDueSoon } from '../../payments/refunds-due.js';
import { heldBookingMail } from './booking-mail.held.js';
import { bookingMails, bookingReminderJobs } from './booking-mail.jobs.js';
import { bookingsRoutes } from './bookings.routes.js';
import { bookingsSeo } from './bookings.seo.js';
import { appointmentRules } from './bookings.sync.js';
import { settleBookingDeposit } from './public-booking.service.js';

/** Bookings: the diary (replicated appointments), public booking pages and their deposits. */
export const bookingsArea = defineArea({
  id: 'bookings',
  contracts: { bookingsContract },
  routes: [bookingsRoutes],
  rules: { appointments: appointmentRules },
  jobs: [bookingReminderJobs],
  mails: bookingMails,
  seo: [bookingsSeo],
  heldMail: heldBookingMail,
  payments: {
    prefix: BOOKING_REFERENCE_PREFIX,
    settle: settleBookingDeposit,
    // A deposit for a booking that lapsed goes back at once (the hourly sweep retries).
    afterSettle: payRefundsDueSoon,
  },
});
