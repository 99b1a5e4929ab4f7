import type { Queryable } from '../../db/db.js';
import type { FileRow } from './drive.repo.js';

/** The sweeper's purge of the trash, across workspaces (unscoped). */

/** Files in the trash since before `cutoff`, of every workspace (the sweeper, unscoped). */
export async function expiredTrash(q: Queryable, cutoff: Date, limit: number): Promise<FileRow[]> {
  return q.query<FileRow>('SELECT * FROM drive_files WHERE trashed_at < $1 ORDER BY trashed_at LIMIT $2', [cutoff, limit]);
}

/** Removes the rows of purged files (unscoped: the sweeper, after their bytes are gone). */
export async function deleteFileRows(q: Queryable, files: ReadonlyArray<{ workspace_id: number; id: string }>): Promise<void> {
  if (files.length === 0) return;
  await q.query('DELETE FROM drive_files WHERE (workspace_id, id) IN (SELECT * FROM unnest($1::int[], $2::uuid[]))', [
    files.map((f) => f.workspace_id),
    files.map((f) => f.id),
  ]);
}

/**
 * Removes folders in the trash since before `cutoff` that hold nothing any more, innermost first, so
 * a cascade never takes a file row whose bytes are still stored. Returns how many went.
 */
export async function purgeEmptyFolders(q: Queryable, cutoff: Date): Promise<number> {
  let total = 0;
  for (;;) {
    const rows = await q.query<{ id: string }>(
      `DELETE FROM drive_folders d WHERE d.deleted_at < $1
          AND NOT EXISTS (SELECT 1 FROM drive_files f WHERE f.workspace_id = d.workspace_id AND f.folder_id = d.id)
          AND NOT EXISTS (SELECT 1 FROM drive_folders c WHERE c.workspace_id = d.workspace_id AND c.parent_id = d.id)
        RETURNING d.id`,
      [cutoff],
    );
    total += rows.length;
    if (rows.length === 0) return total;
  }
}
