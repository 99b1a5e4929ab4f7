import type { AppDeps } from '../deps.js';
import { invoiceJobs } from '../api/invoices/invoice-delivery.jobs.js';
import { invoiceReminderJobs } from '../api/invoices/invoice-reminders.jobs.js';
import { invoiceCheckoutJobs } from '../api/invoices/invoice-pay.jobs.js';
import { classifiedsExpiryJobs } from '../api/classifieds/classifieds-expiry.jobs.js';
import { inquiryMailJobs } from '../api/classifieds/inquiry-mail.jobs.js';
import { ticketMailJobs } from '../api/events/ticket-mail.jobs.js';
import { orderMailJobs } from '../api/marketplace/order-mail.jobs.js';
import { contentPublishJobs } from '../api/content/content-publish.jobs.js';
import { dbUpkeepJobs } from './db-upkeep.jobs.js';
import { bookingMailJobs } from '../api/bookings/booking-mail.jobs.js';
import { cardRefundJobs } from '../payments/refunds-due.js';
import { mailConsentJobs } from '../mail/consent.jobs.js';
import { startJobQueue, type JobArea, type JobQueue } from './job-queue.js';

/** Every area with jobs, one line each. */
export const jobAreas: readonly JobArea[] = [
  invoiceJobs,
  invoiceReminderJobs,
  invoiceCheckoutJobs,
  classifiedsExpiryJobs,
  inquiryMailJobs,
  ticketMailJobs,
  orderMailJobs,
  contentPublishJobs,
  dbUpkeepJobs,
  bookingMailJobs,
  cardRefundJobs,
  mailConsentJobs,
];

/** Starts the job queue with every area's jobs and workers; `stop` ends them before the database closes. */
export async function startJobs(
  deps: AppDeps,
  opts: { work?: boolean; pollingIntervalSeconds?: number; areas?: readonly JobArea[] } = {},
): Promise<{ queue: JobQueue; stop(): Promise<void> }> {
  const areas = opts.areas ?? jobAreas;
  const queue = await startJobQueue(
    deps.db,
    deps.log,
    areas.flatMap((a) => a.definitions(deps)),
    opts,
  );
  const stops: Array<() => Promise<void>> = [];
  for (const area of areas) if (area.start) stops.push(await area.start(deps, queue));
  return {
    queue,
    async stop() {
      for (const s of stops) await s();
      await queue.stop();
    },
  };
}
