import { TRASH_DAYS, UPLOAD_IDLE_MS } from '../../../schema/drive/drive.js';
import type { AppDeps } from '../../deps.js';
import { driveRuntime, UPLOAD_EXPIRY_MS } from './drive-uploads.js';
import { deleteFileRows, expiredTrash, purgeEmptyFolders } from './trash-purge.repo.js';
import { deleteUploadRows, knownUploads, staleUploads, type UploadRow } from './uploads.repo.js';
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

/**
 * Clears unfinished uploads that received nothing for UPLOAD_IDLE_MS, or started more than
 * UPLOAD_EXPIRY_MS ago: their bytes first, then their rows, which releases what they held of the
 * quota. An upload whose bytes grew since last seen (one long request still arriving) is kept and
 * seen anew. Then any bytes in the tus store with no upload admitted for them (their row went with
 * its workspace, or was cleared by another instance) go too. Returns how many uploads were cleared.
 */
export async function clearStaleUploads(deps: AppDeps): Promise<number> {
  const { store } = driveRuntime(deps).uploads();
  const now = deps.now();
  const idleSince = new Date(now.getTime() - UPLOAD_IDLE_MS);
  const startedBefore = new Date(now.getTime() - UPLOAD_EXPIRY_MS);
  let cleared = 0;
  const kept = new Set<string>();
  for (;;) {
    const batch = (await staleUploads(deps.db, idleSince, startedBefore, BATCH)).filter((u) => !kept.has(u.id));
    const gone: UploadRow[] = [];
    for (const row of batch) {
      const offset = await store.getUpload(row.id).then(
        (u) => u.offset,
        () => null,
      );
      const started = new Date(row.created_at).getTime();
      if (offset !== null && offset > Number(row.received_bytes) && started >= startedBefore.getTime()) {
        await deps.db.query('UPDATE drive_uploads SET received_bytes = $3, touched_at = $4 WHERE workspace_id = $1 AND id = $2', [
          row.workspace_id,
          row.id,
          offset,
          now,
        ]);
        kept.add(row.id);
        continue;
      }
      if (offset !== null) await store.remove(row.id).catch(() => undefined);
      gone.push(row);
    }
    await deleteUploadRows(deps.db, gone);
    cleared += gone.length;
    if (batch.length < BATCH) break;
  }
  const listed = store.configstore.list ? await store.configstore.list() : [];
  const known = await knownUploads(deps.db, listed);
  for (const id of listed) {
    if (known.has(id)) continue;
    await store.remove(id).catch(() => undefined);
    cleared += 1;
  }
  return cleared;
}

/** One round: the trash, then unfinished uploads left idle or past their expiry. */
export async function sweepDrive(deps: AppDeps): Promise<{ files: number; folders: number; uploads: number }> {
  const purged = await purgeTrash(deps);
  return { ...purged, uploads: await clearStaleUploads(deps) };
}

/** Every quarter of an hour, so an idle upload's hold on the quota outlasts UPLOAD_IDLE_MS by little. */
export function startDriveSweeper(deps: AppDeps, everyMs = HOUR / 4): { stop(): void } {
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
