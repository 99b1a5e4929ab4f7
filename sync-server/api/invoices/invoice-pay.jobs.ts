import type { AppDeps } from '../../deps.js';
import { defineSweep, type JobArea } from '../../jobs/job-queue.js';
import { expireUnpaidCheckouts } from './invoice-pay.repo.js';

export const EXPIRE_CHECKOUTS_JOB = 'invoice-checkouts-expire';
/** A "Pay now" checkout not paid within this many hours is closed (the customer can start another). */
export const CHECKOUT_EXPIRY_HOURS = 24;
/** Hourly, off the hour's first minutes when other sweeps run. */
const SWEEP_CRON = '41 * * * *';

/** Closes every checkout older than the expiry that was never paid; returns how many. */
export function expireCheckouts(deps: AppDeps): Promise<number> {
  return expireUnpaidCheckouts(deps.db, new Date(deps.now().getTime() - CHECKOUT_EXPIRY_HOURS * 3_600_000));
}

/** Never-paid "Pay now" checkouts expire (DESIGN.md §13): an hourly sweep in the job queue; running it twice changes nothing. */
export const invoiceCheckoutJobs: JobArea = {
  definitions: (deps) => [
    defineSweep(EXPIRE_CHECKOUTS_JOB, async () => {
      const closed = await expireCheckouts(deps);
      if (closed > 0) deps.log.info({ closed }, 'unpaid invoice checkouts expired');
    }),
  ],
  async start(_deps, queue) {
    await queue.schedule(EXPIRE_CHECKOUTS_JOB, SWEEP_CRON);
    return async () => undefined;
  },
};
