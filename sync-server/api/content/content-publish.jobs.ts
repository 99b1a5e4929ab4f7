import type { AppDeps } from '../../deps.js';
import { defineSweep, type JobArea } from '../../jobs/job-queue.js';
import { assignMagazineSlug } from './content.repo.js';
import { publishDue } from './magazine.repo.js';

export const CONTENT_PUBLISH_JOB = 'content-publish';
/** Every minute: a scheduled entry goes live within a minute of its time. */
const SWEEP_CRON = '* * * * *';

/** One sweep: every entry whose publishing time has passed is published, articles given their magazine address. */
export async function publishScheduled(deps: AppDeps): Promise<number> {
  const published = await publishDue(deps.db, deps.now());
  for (const e of published) {
    // As owner: the sweep serves every workspace, naming each entry's own.
    await assignMagazineSlug(deps.db, e.workspace_id, e.id);
  }
  return published.length;
}

/** Scheduled publishing (issue 22) as a sweep in the job queue (DESIGN.md §13). */
export const contentPublishJobs: JobArea = {
  definitions: (deps) => [
    defineSweep(CONTENT_PUBLISH_JOB, async () => {
      await publishScheduled(deps);
    }),
  ],
  async start(_deps, queue) {
    await queue.schedule(CONTENT_PUBLISH_JOB, SWEEP_CRON);
    return async () => undefined;
  },
};
