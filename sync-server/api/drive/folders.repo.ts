import type { Queryable } from '../../db/db.js';
import type { DriveFileDto, DriveFolderDto } from '../../../schema/drive/drive.js';
import { FOLDER, type FileRow, type FolderRow, fileDto, folderDto } from './drive.repo.js';

/** Folders: their tree, what each holds, search, the trash, and moving folders to it and back. */

/** A folder that is not in the trash. */
export async function liveFolder(q: Queryable, ws: number, id: string): Promise<DriveFolderDto | undefined> {
  const [row] = await q.query<FolderRow>(`SELECT ${FOLDER} FROM drive_folders WHERE workspace_id = $1 AND id = $2 AND deleted_at IS NULL`, [
    ws,
    id,
  ]);
  return row && folderDto(row);
}

/** The folders from the root down to `id`, `id` included. */
export async function folderPath(q: Queryable, ws: number, id: string): Promise<DriveFolderDto[]> {
  const rows = await q.query<FolderRow & { depth: number }>(
    `WITH RECURSIVE up AS (
       SELECT ${FOLDER}, 0 AS depth FROM drive_folders WHERE workspace_id = $1 AND id = $2
       UNION ALL
       SELECT f.id, f.parent_id, f.name, f.created_at, f.deleted_at, up.depth + 1
         FROM drive_folders f JOIN up ON f.id = up.parent_id WHERE f.workspace_id = $1 AND up.depth < 100
     ) SELECT * FROM up ORDER BY depth DESC`,
    [ws, id],
  );
  return rows.map(folderDto);
}

export async function folderChildren(q: Queryable, ws: number, parent: string | null): Promise<DriveFolderDto[]> {
  const rows = await q.query<FolderRow>(
    `SELECT ${FOLDER} FROM drive_folders
      WHERE workspace_id = $1 AND parent_id IS NOT DISTINCT FROM $2::uuid AND deleted_at IS NULL ORDER BY lower(name), id`,
    [ws, parent],
  );
  return rows.map(folderDto);
}

export async function folderFiles(q: Queryable, ws: number, folder: string | null): Promise<DriveFileDto[]> {
  const rows = await q.query<FileRow>(
    `SELECT * FROM drive_files
      WHERE workspace_id = $1 AND folder_id IS NOT DISTINCT FROM $2::uuid AND trashed_at IS NULL ORDER BY lower(name), id`,
    [ws, folder],
  );
  return rows.map(fileDto);
}

/** Folders and files outside the trash whose name contains `term` (case-insensitive). */
export async function search(q: Queryable, ws: number, term: string): Promise<{ folders: DriveFolderDto[]; files: DriveFileDto[] }> {
  const pattern = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const [folders, files] = await Promise.all([
    q.query<FolderRow>(
      `SELECT ${FOLDER} FROM drive_folders WHERE workspace_id = $1 AND deleted_at IS NULL AND name ILIKE $2 ORDER BY lower(name), id LIMIT 200`,
      [ws, pattern],
    ),
    q.query<FileRow>(
      `SELECT * FROM drive_files WHERE workspace_id = $1 AND trashed_at IS NULL AND name ILIKE $2 ORDER BY lower(name), id LIMIT 200`,
      [ws, pattern],
    ),
  ]);
  return { folders: folders.map(folderDto), files: files.map(fileDto) };
}

/** What is in the trash: folders deleted whole and files trashed, newest first. */
export async function trash(q: Queryable, ws: number): Promise<{ folders: DriveFolderDto[]; files: DriveFileDto[] }> {
  const [folders, files] = await Promise.all([
    q.query<FolderRow>(
      `SELECT ${FOLDER} FROM drive_folders WHERE workspace_id = $1 AND deleted_at IS NOT NULL ORDER BY deleted_at DESC, id`,
      [ws],
    ),
    q.query<FileRow>(`SELECT * FROM drive_files WHERE workspace_id = $1 AND trashed_at IS NOT NULL ORDER BY trashed_at DESC, id`, [ws]),
  ]);
  return { folders: folders.map(folderDto), files: files.map(fileDto) };
}

export async function insertFolder(
  q: Queryable,
  f: { ws: number; id: string; parentId: string | null; name: string; userId: number },
): Promise<DriveFolderDto> {
  const [row] = await q.query<FolderRow>(
    `INSERT INTO drive_folders (workspace_id, id, parent_id, name, created_by) VALUES ($1, $2, $3, $4, $5) RETURNING ${FOLDER}`,
    [f.ws, f.id, f.parentId, f.name, f.userId],
  );
  return folderDto(row);
}

export async function updateFolder(
  q: Queryable,
  ws: number,
  id: string,
  patch: { name?: string; parentId?: string | null },
): Promise<DriveFolderDto | undefined> {
  const [row] = await q.query<FolderRow>(
    `UPDATE drive_folders SET name = coalesce($3, name), parent_id = CASE WHEN $4 THEN $5::uuid ELSE parent_id END
      WHERE workspace_id = $1 AND id = $2 AND deleted_at IS NULL RETURNING ${FOLDER}`,
    [ws, id, patch.name ?? null, patch.parentId !== undefined, patch.parentId ?? null],
  );
  return row && folderDto(row);
}

/** Whether `candidate` is `folder` itself or lies somewhere inside it. */
export async function isWithin(q: Queryable, ws: number, candidate: string, folder: string): Promise<boolean> {
  const path = await folderPath(q, ws, candidate);
  return path.some((f) => f.id === folder);
}

/** Puts a folder, every folder inside it and every file in them in the trash at `now`. */
export async function trashFolder(q: Queryable, ws: number, id: string, now: Date): Promise<boolean> {
  const rows = await q.query<{ id: string }>(
    `WITH RECURSIVE tree AS (
       SELECT id FROM drive_folders WHERE workspace_id = $1 AND id = $2 AND deleted_at IS NULL
       UNION ALL
       SELECT f.id FROM drive_folders f JOIN tree ON f.parent_id = tree.id WHERE f.workspace_id = $1 AND f.deleted_at IS NULL
     ), files AS (
       UPDATE drive_files SET trashed_at = $3 WHERE workspace_id = $1 AND folder_id IN (SELECT id FROM tree) AND trashed_at IS NULL
     )
     UPDATE drive_folders SET deleted_at = $3 WHERE workspace_id = $1 AND id IN (SELECT id FROM tree) RETURNING id`,
    [ws, id, now],
  );
  return rows.length > 0;
}

/**
 * Takes a trashed folder out of the trash, with the folders and files that went in with it (same
 * moment), at the top of the drive when its parent is in the trash or gone. Undefined when no such
 * folder is in the trash.
 */
export async function restoreFolder(q: Queryable, ws: number, id: string, now: Date): Promise<DriveFolderDto | undefined> {
  const [root] = await q.query<FolderRow>(
    `SELECT ${FOLDER} FROM drive_folders WHERE workspace_id = $1 AND id = $2 AND deleted_at IS NOT NULL`,
    [ws, id],
  );
  if (!root) return undefined;
  await q.query(
    `WITH RECURSIVE tree AS (
       SELECT id FROM drive_folders WHERE workspace_id = $1 AND id = $2
       UNION ALL
       SELECT f.id FROM drive_folders f JOIN tree ON f.parent_id = tree.id WHERE f.workspace_id = $1 AND f.deleted_at = $3
     ), files AS (
       UPDATE drive_files SET trashed_at = NULL, updated_at = $4
        WHERE workspace_id = $1 AND folder_id IN (SELECT id FROM tree) AND trashed_at = $3
     )
     UPDATE drive_folders SET deleted_at = NULL WHERE workspace_id = $1 AND id IN (SELECT id FROM tree)`,
    [ws, id, root.deleted_at, now],
  );
  const parentLive = root.parent_id === null || (await liveFolder(q, ws, root.parent_id)) !== undefined;
  if (!parentLive) await q.query('UPDATE drive_folders SET parent_id = NULL WHERE workspace_id = $1 AND id = $2', [ws, id]);
  const [row] = await q.query<FolderRow>(`SELECT ${FOLDER} FROM drive_folders WHERE workspace_id = $1 AND id = $2`, [ws, id]);
  return row && folderDto(row);
}

/**
 * The id of the folder named `name` at the top of the drive, made when there is none (pictures'
 * folders: Products, Branding, Profile pictures). Call under the drive lock so two uploads make one.
 */
export async function topFolderNamed(q: Queryable, ws: number, name: string, userId: number, id: string): Promise<string> {
  const [found] = await q.query<{ id: string }>(
    'SELECT id FROM drive_folders WHERE workspace_id = $1 AND parent_id IS NULL AND name = $2 AND deleted_at IS NULL ORDER BY created_at, id LIMIT 1',
    [ws, name],
  );
  if (found) return found.id;
  return (await insertFolder(q, { ws, id, parentId: null, name, userId })).id;
}
