import type { AppDeps } from '../deps.js';
import { jobAreas } from '../api/areas.js';
import { startJobQueue, type JobArea, type JobQueue } from './job-queue.js';

/** Starts the job queue with every area's jobs and workers (from the area list); `stop` ends them before the database closes. */
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
