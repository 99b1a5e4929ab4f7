import type { Queryable } from '../../db/db.js';

/** Uploads under way: what each declared and reserved, how far it got, and the stale ones the sweeper ends. */

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
