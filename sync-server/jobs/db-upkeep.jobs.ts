import type { AppDeps } from '../deps.js';
import { defineSweep, type JobArea } from './job-queue.js';

export const DB_UPKEEP_JOB = 'database-upkeep';
/** Every hour, off the minutes the other sweeps use. */
const UPKEEP_CRON = '23 * * * *';

/**
 * Refreshes the planner's statistics. PostgreSQL's autovacuum does this by itself; the embedded
 * PGlite has no autovacuum, and without statistics the planner guesses a table's size, so a search
 * that an index answers in milliseconds can instead test every product. Postgres is left to its own.
 */
export async function refreshPlannerStatistics(deps: Pick<AppDeps, 'db'>): Promise<boolean> {
  if (deps.db.driver !== 'pglite') return false;
  await deps.db.exec('ANALYZE');
  return true;
}

/** The embedded database's upkeep (DESIGN.md §13): hourly, in the job queue. */
export const dbUpkeepJobs: JobArea = {
  definitions: (deps) => [
    defineSweep(DB_UPKEEP_JOB, async () => {
      await refreshPlannerStatistics(deps);
    }),
  ],
  async start(deps, queue) {
    await queue.schedule(DB_UPKEEP_JOB, UPKEEP_CRON);
    // A new or restarted server gets statistics soon, not after an hour of guesses; start-up does not wait for them.
    const first = refreshPlannerStatistics(deps).catch((err: unknown) => deps.log.warn({ err }, 'refreshing planner statistics failed'));
    return async () => {
      await first;
    };
  },
};
