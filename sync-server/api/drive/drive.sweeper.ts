import { TRASH_DAYS } from '../../../schema/drive.js';
import type { AppDeps } from '../../deps.js';
import { driveRuntime } from './drive-uploads.js';
import { deleteFileRows, expiredTrash, purgeEmptyFolders } from './drive.repo.js';
import { removeBytes } from './drive.service.js';

const HOUR = 3600_000;
const DAY = 24 * HOUR;
const BATCH = 200;

/**
 * Empties the trash of everything put there more than 30 days ago (issue 14), in every workspace:
 * each file's bytes and thumbnail first, then its row (so a failure leaves the row to be tried again,
 * never bytes nobody can reach), then the folders left empty. Returns how many files and folders went.
 */
export async function purgeTrash(deps: AppDeps): Promise<{ files: number; folders: number }> {
  const cutoff = new Date(deps.now().getTime() - TRASH_DAYS * DAY);
  let files = 0;
  for (;;) {
    const batch = await expiredTrash(deps.db, cutoff, BATCH);
    for (const row of batch) await removeBytes(deps, row);
    await deleteFileRows(deps.db, batch);
    files += batch.length;
    if (batch.length < BATCH) break;
  }
  return { files, folders: await purgeEmptyFolders(deps.db, cutoff) };
}

/** One round: the trash, then unfinished uploads past their expiry. */
export async function sweepDrive(deps: AppDeps): Promise<{ files: number; folders: number; uploads: number }> {
  const purged = await purgeTrash(deps);
  const uploads = await driveRuntime(deps).uploads().store.deleteExpired();
  return { ...purged, uploads };
}

export function startDriveSweeper(deps: AppDeps, everyMs = HOUR): { stop(): void } {
  const run = () =>
    sweepDrive(deps).then(
      ({ files, folders, uploads }) => {
        if (files || folders) deps.log.info(`${files} file(s) and ${folders} folder(s) left the trash after ${TRASH_DAYS} days`);
        if (uploads) deps.log.info(`${uploads} unfinished upload(s) expired`);
      },
      (err: unknown) => deps.log.warn({ err }, 'drive sweep failed'),
    );
  void run();
  const timer = setInterval(() => void run(), everyMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
