import type { AppDeps } from '../../deps.js';
import { expireEnded, releaseExpiredHolds } from './billing.repo.js';

const HOUR = 3600_000;

/**
 * One round of the sweeper: ends cancelled (or unpaid) subscriptions once their paid period is over
 * and moves those accounts back to the free plan (a downgrade takes effect at the end of the billing
 * cycle, spec §1), and releases promo code uses held by checkouts that were never paid nor
 * cancelled, so the code's limit and the account's one use are free again. (A checkout start
 * releases its own code's run-out holds too; this keeps the table tidy in between.)
 */
export async function sweepBilling(deps: AppDeps): Promise<{ ended: number; releasedHolds: number }> {
  const now = deps.now();
  return { ended: await expireEnded(deps.db, now), releasedHolds: await releaseExpiredHolds(deps.db, now) };
}

export function startBillingSweeper(deps: AppDeps, everyMs = HOUR): { stop(): void } {
  const run = () =>
    sweepBilling(deps).then(
      ({ ended, releasedHolds }) => {
        if (ended) deps.log.info(`${ended} subscription(s) reached the end of their period`);
        if (releasedHolds) deps.log.info(`${releasedHolds} promo code hold(s) ran out`);
      },
      (err: unknown) => deps.log.warn({ err }, 'billing sweep failed'),
    );
  void run();
  const timer = setInterval(() => void run(), everyMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
