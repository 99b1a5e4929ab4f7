import type { AppDeps } from '../../app.js';
import { expireEnded } from './billing.repo.js';

const HOUR = 3600_000;

/**
 * Ends cancelled (or unpaid) subscriptions once their paid period is over and moves those accounts
 * back to the free plan: a downgrade takes effect at the end of the billing cycle (spec §1).
 */
export function startBillingSweeper(deps: AppDeps, everyMs = HOUR): { stop(): void } {
  const run = () =>
    expireEnded(deps.db, deps.now()).then(
      (n) => {
        if (n) deps.log.info(`${n} subscription(s) reached the end of their period`);
      },
      (err: unknown) => deps.log.warn({ err }, 'billing sweep failed'),
    );
  void run();
  const timer = setInterval(() => void run(), everyMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
