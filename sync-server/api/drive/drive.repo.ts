import type { Queryable } from '../../db/db.js';
import type { DriveFileDto, DriveFolderDto, ShareLinkDto } from '../../../schema/drive/drive.js';
import { pictureTypes } from '../../../schema/pictures/pictures.js';

/**
 * The drive's SQL. Every function but those marked unscoped runs inside a workspace scope (withScope), so
 * row-level security keeps it to that workspace whatever its WHERE says; the workspace id is still
 * named so each statement uses its index. Here: the rows, the space used and the files themselves;
 * uploads, folders, share links and the purge of the trash each have their own repository.
 */

export interface FolderRow {
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

export interface LinkRow {
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

export const FOLDER = 'id, parent_id, name, created_at, deleted_at';

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

/** The workspace's allowed_file_types (workspace_settings), or the column's default when it has no settings row. */
export async function allowedFileTypes(q: Queryable, ws: number): Promise<string[]> {
  const [row] = await q.query<{ allowed_file_types: string[] }>(
    'SELECT allowed_file_types FROM workspace_settings WHERE workspace_id = $1 ORDER BY id LIMIT 1',
    [ws],
  );
  return row?.allowed_file_types ?? ['image/*', 'application/pdf'];
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
