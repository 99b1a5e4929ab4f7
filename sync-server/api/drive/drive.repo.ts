import type { Queryable } from '../../db/db.js';
import type { DriveFileDto, DriveFolderDto, ShareLinkDto } from '../../../schema/drive.js';
import { pictureTypes } from '../../../schema/pictures.js';

/**
 * The drive's SQL. Every function but those marked unscoped runs inside a workspace scope (withScope), so
 * row-level security keeps it to that workspace whatever its WHERE says; the workspace id is still
 * named so each statement uses its index.
 */

interface FolderRow {
  id: string;
  parent_id: string | null;
  name: string;
  created_at: Date | string;
  deleted_at: Date | string | null;
}

export interface FileRow {
  workspace_id: number;
  id: string;
  folder_id: string | null;
  name: string;
  mime_type: string;
  size_bytes: string | number;
  sha256: string;
  storage_key: string;
  thumbnail_key: string | null;
  uploaded_by: number | null;
  created_at: Date | string;
  updated_at: Date | string;
  trashed_at: Date | string | null;
}

interface LinkRow {
  id: string;
  file_id: string;
  expires_at: Date | string | null;
  revoked_at: Date | string | null;
  created_at: Date | string;
}

const iso = (v: Date | string) => new Date(v).toISOString();
const isoOrNull = (v: Date | string | null) => (v === null ? null : iso(v));

export const folderDto = (r: FolderRow): DriveFolderDto => ({
  id: r.id,
  parent_id: r.parent_id,
  name: r.name,
  created_at: iso(r.created_at),
  deleted_at: isoOrNull(r.deleted_at),
});

export const fileDto = (r: FileRow): DriveFileDto => ({
  id: r.id,
  folder_id: r.folder_id,
  name: r.name,
  mime_type: r.mime_type,
  size_bytes: Number(r.size_bytes),
  sha256: r.sha256,
  has_thumbnail: r.thumbnail_key !== null,
  uploaded_by: r.uploaded_by,
  created_at: iso(r.created_at),
  updated_at: iso(r.updated_at),
  trashed_at: isoOrNull(r.trashed_at),
});

export const linkDto = (r: LinkRow): ShareLinkDto => ({
  id: r.id,
  file_id: r.file_id,
  expires_at: isoOrNull(r.expires_at),
  revoked_at: isoOrNull(r.revoked_at),
  created_at: iso(r.created_at),
});

const FOLDER = 'id, parent_id, name, created_at, deleted_at';

/**
 * Bytes the workspace stores: its files, the trash included (it counts until it is purged), and its
 * collaborative documents (project boards, team channels: their Yjs updates as stored).
 */
export async function usedBytes(q: Queryable, ws: number): Promise<number> {
  // octet_length reads a stored value's length from its header; the documents' bytes are not fetched.
  const [row] = await q.query<{ used: string | number }>(
    `SELECT (SELECT coalesce(sum(size_bytes), 0) FROM drive_files WHERE workspace_id = $1)
          + (SELECT coalesce(sum(octet_length(update)), 0) FROM yjs_updates WHERE workspace_id = $1) AS used`,
    [ws],
  );
  return Number(row?.used ?? 0);
}

/** An unfinished upload as admitted: what it declared, what had arrived when last seen, and when. */
export interface UploadRow {
  workspace_id: number;
  id: string;
  user_id: number;
  size_bytes: string | number;
  received_bytes: string | number;
  created_at: Date | string;
  touched_at: Date | string;
}

/** How many uploads the workspace has open, and the bytes they hold in its quota. */
export async function openUploads(q: Queryable, ws: number): Promise<{ count: number; reserved: number }> {
  const [row] = await q.query<{ count: string | number; reserved: string | number }>(
    'SELECT count(*) AS count, coalesce(sum(size_bytes), 0) AS reserved FROM drive_uploads WHERE workspace_id = $1',
    [ws],
  );
  return { count: Number(row?.count ?? 0), reserved: Number(row?.reserved ?? 0) };
}

/** How many uploads a person has open in all their workspaces (unscoped: before the workspace scope). */
export async function openUploadsOf(q: Queryable, userId: number): Promise<number> {
  const [row] = await q.query<{ count: string | number }>('SELECT count(*) AS count FROM drive_uploads WHERE user_id = $1', [userId]);
  return Number(row?.count ?? 0);
}

export async function insertUpload(q: Queryable, u: { ws: number; id: string; userId: number; size: number; now: Date }): Promise<void> {
  await q.query(
    `INSERT INTO drive_uploads (workspace_id, id, user_id, size_bytes, created_at, touched_at) VALUES ($1, $2, $3, $4, $5, $5)`,
    [u.ws, u.id, u.userId, u.size, u.now],
  );
}

export async function getUpload(q: Queryable, ws: number, id: string): Promise<UploadRow | undefined> {
  const [row] = await q.query<UploadRow>('SELECT * FROM drive_uploads WHERE workspace_id = $1 AND id = $2', [ws, id]);
  return row;
}

/** Notes that an upload has `received` bytes at `now`, when that is more than it had. */
export async function touchUpload(q: Queryable, ws: number, id: string, received: number, now: Date): Promise<void> {
  await q.query(
    'UPDATE drive_uploads SET received_bytes = $3, touched_at = $4 WHERE workspace_id = $1 AND id = $2 AND received_bytes < $3',
    [ws, id, received, now],
  );
}

/** Ends an upload's reservation; false when it had none left (cleared meanwhile). */
export async function endUpload(q: Queryable, ws: number, id: string): Promise<boolean> {
  const rows = await q.query('DELETE FROM drive_uploads WHERE workspace_id = $1 AND id = $2 RETURNING 1', [ws, id]);
  return rows.length > 0;
}

/**
 * Uploads of every workspace (the sweeper, unscoped) that received nothing since `idleSince`, or
 * started before `startedBefore` whatever they received.
 */
export async function staleUploads(q: Queryable, idleSince: Date, startedBefore: Date, limit: number): Promise<UploadRow[]> {
  return q.query<UploadRow>('SELECT * FROM drive_uploads WHERE touched_at < $1 OR created_at < $2 ORDER BY touched_at LIMIT $3', [
    idleSince,
    startedBefore,
    limit,
  ]);
}

/** Which of `ids` are uploads still admitted (unscoped: the sweeper, for the tus store's leftovers). */
export async function knownUploads(q: Queryable, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await q.query<{ id: string }>('SELECT id FROM drive_uploads WHERE id = ANY ($1::text[])', [ids]);
  return new Set(rows.map((r) => r.id));
}

/** Removes cleared uploads' rows (unscoped: the sweeper), releasing what they held of the quota. */
export async function deleteUploadRows(q: Queryable, uploads: ReadonlyArray<{ workspace_id: number; id: string }>): Promise<void> {
  if (uploads.length === 0) return;
  await q.query('DELETE FROM drive_uploads WHERE (workspace_id, id) IN (SELECT * FROM unnest($1::int[], $2::text[]))', [
    uploads.map((u) => u.workspace_id),
    uploads.map((u) => u.id),
  ]);
}

/** The workspace's allowed_file_types (workspace_settings), or the column's default when it has no settings row. */
export async function allowedFileTypes(q: Queryable, ws: number): Promise<string[]> {
  const [row] = await q.query<{ allowed_file_types: string[] }>(
    'SELECT allowed_file_types FROM workspace_settings WHERE workspace_id = $1 ORDER BY id LIMIT 1',
    [ws],
  );
  return row?.allowed_file_types ?? ['image/*', 'application/pdf'];
}

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

export async function getFile(q: Queryable, ws: number, id: string): Promise<FileRow | undefined> {
  const [row] = await q.query<FileRow>('SELECT * FROM drive_files WHERE workspace_id = $1 AND id = $2', [ws, id]);
  return row;
}

/**
 * Which of `ids` are pictures in the workspace's drive, not in the bin: images the server can size
 * and serve (pictureTypes), not any `image/*` the drive keeps.
 */
export async function livePictures(q: Queryable, ws: number, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await q.query<{ id: string }>(
    `SELECT id::text AS id FROM drive_files
      WHERE workspace_id = $1 AND id = ANY ($2::uuid[]) AND trashed_at IS NULL AND mime_type = ANY ($3::text[])`,
    [ws, ids, [...pictureTypes]],
  );
  return new Set(rows.map((r) => r.id));
}

export async function insertFile(
  q: Queryable,
  f: {
    ws: number;
    id: string;
    folderId: string | null;
    name: string;
    mimeType: string;
    size: number;
    sha256: string;
    storageKey: string;
    thumbnailKey: string | null;
    userId: number;
    now: Date;
  },
): Promise<FileRow> {
  const [row] = await q.query<FileRow>(
    `INSERT INTO drive_files (workspace_id, id, folder_id, name, mime_type, size_bytes, sha256, storage_key, thumbnail_key, uploaded_by, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $11) RETURNING *`,
    [f.ws, f.id, f.folderId, f.name, f.mimeType, f.size, f.sha256, f.storageKey, f.thumbnailKey, f.userId, f.now],
  );
  return row;
}

export async function updateFile(
  q: Queryable,
  ws: number,
  id: string,
  patch: { name?: string; folderId?: string | null; trashedAt?: Date | null },
  now: Date,
): Promise<FileRow | undefined> {
  const [row] = await q.query<FileRow>(
    `UPDATE drive_files SET name = coalesce($3, name),
            folder_id = CASE WHEN $4 THEN $5::uuid ELSE folder_id END,
            trashed_at = CASE WHEN $6 THEN $7::timestamptz ELSE trashed_at END,
            updated_at = $8
      WHERE workspace_id = $1 AND id = $2 RETURNING *`,
    [
      ws,
      id,
      patch.name ?? null,
      patch.folderId !== undefined,
      patch.folderId ?? null,
      patch.trashedAt !== undefined,
      patch.trashedAt ?? null,
      now,
    ],
  );
  return row;
}

export async function deleteFileRow(q: Queryable, ws: number, id: string): Promise<FileRow | undefined> {
  const [row] = await q.query<FileRow>('DELETE FROM drive_files WHERE workspace_id = $1 AND id = $2 RETURNING *', [ws, id]);
  return row;
}

export async function insertLink(
  q: Queryable,
  l: { ws: number; id: string; tokenHash: string; fileId: string; expiresAt: Date | null; userId: number; now: Date },
): Promise<ShareLinkDto> {
  const [row] = await q.query<LinkRow>(
    `INSERT INTO drive_share_links (workspace_id, id, token_hash, file_id, expires_at, created_by, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id, file_id, expires_at, revoked_at, created_at`,
    [l.ws, l.id, l.tokenHash, l.fileId, l.expiresAt, l.userId, l.now],
  );
  return linkDto(row);
}

export async function fileLinks(q: Queryable, ws: number, fileId: string): Promise<ShareLinkDto[]> {
  const rows = await q.query<LinkRow>(
    `SELECT id, file_id, expires_at, revoked_at, created_at FROM drive_share_links
      WHERE workspace_id = $1 AND file_id = $2 ORDER BY created_at DESC, id`,
    [ws, fileId],
  );
  return rows.map(linkDto);
}

export async function revokeLink(q: Queryable, ws: number, id: string, now: Date): Promise<ShareLinkDto | undefined> {
  const [row] = await q.query<LinkRow>(
    `UPDATE drive_share_links SET revoked_at = coalesce(revoked_at, $3) WHERE workspace_id = $1 AND id = $2
     RETURNING id, file_id, expires_at, revoked_at, created_at`,
    [ws, id, now],
  );
  return row && linkDto(row);
}

/**
 * The file a share token opens, when the link is neither revoked nor expired and the file is not in
 * the trash. Asked without a workspace scope (the holder of a link is nobody's member): the token's
 * hash is the only key, so it can name no other row.
 */
export async function fileBySharedToken(q: Queryable, tokenHash: string, now: Date): Promise<FileRow | undefined> {
  const [row] = await q.query<FileRow>(
    `SELECT f.* FROM drive_share_links l
       JOIN drive_files f ON f.workspace_id = l.workspace_id AND f.id = l.file_id
      WHERE l.token_hash = $1 AND l.revoked_at IS NULL AND (l.expires_at IS NULL OR l.expires_at > $2) AND f.trashed_at IS NULL`,
    [tokenHash, now],
  );
  return row;
}

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
