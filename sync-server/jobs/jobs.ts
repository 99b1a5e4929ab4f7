import type { AppDeps } from '../deps.js';
import { startJobQueue, type JobQueue, type QueuedJob } from './job-queue.js';

/** One area's jobs: their definitions, and what it starts beside them (listeners, schedules). */
export interface JobArea {
  definitions(deps: AppDeps): readonly QueuedJob[];
  start?(deps: AppDeps, queue: JobQueue): Promise<() => Promise<void>>;
}

/** Every area with jobs, one line each. */
export const jobAreas: readonly JobArea[] = [];

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
