import type { Queryable } from '../../db/db.js';
import type { ShareLinkDto } from '../../../schema/drive/drive.js';
import { type FileRow, type LinkRow, linkDto } from './drive.repo.js';

/** A file's share links, and the file a link's token opens. */

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
