import type { Queryable } from '../../db/db.js';
import type { ClassifiedStatus, ReportDto } from '../../../schema/classifieds/classifieds.js';
import { iso, isoOrNull } from './classifieds.repo.js';

/** Reports of a listing or message, and the moderators' decisions on them. */

export async function insertReport(
  q: Queryable,
  r: { ws: number; id: string; listing: string; message: string | null; reporter: number; reason: string; now: Date },
): Promise<void> {
  await q.query(
    `INSERT INTO classified_reports (workspace_id, id, classified_id, message_id, reporter_id, reason, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [r.ws, r.id, r.listing, r.message, r.reporter, r.reason, r.now],
  );
}

interface ReportRow {
  id: string;
  workspace_id: number;
  classified_id: string;
  listing_title: string;
  listing_status: ClassifiedStatus;
  message_id: string | null;
  message_body: string | null;
  reason: string;
  reporter: string | null;
  created_at: Date | string;
  resolution: 'dismissed' | 'removed' | null;
  resolved_by: string | null;
  resolved_at: Date | string | null;
  resolution_note: string | null;
}

const REPORT_ROWS = `SELECT r.id, r.workspace_id, r.classified_id, c.title AS listing_title, c.status AS listing_status, r.message_id,
       m.body AS message_body, r.reason, u.email AS reporter, r.created_at, r.resolution, a.email AS resolved_by, r.resolved_at,
       r.resolution_note
  FROM classified_reports r
  JOIN classifieds c ON c.workspace_id = r.workspace_id AND c.id = r.classified_id
  LEFT JOIN classified_messages m ON m.workspace_id = r.workspace_id AND m.id = r.message_id
  LEFT JOIN users u ON u.id = r.reporter_id
  LEFT JOIN users a ON a.id = r.resolved_by`;

export const reportDto = (r: ReportRow): ReportDto => ({
  id: r.id,
  classified_id: r.classified_id,
  listing_title: r.listing_title,
  listing_status: r.listing_status,
  message_id: r.message_id,
  message_body: r.message_body,
  reason: r.reason,
  reporter: r.reporter,
  created_at: iso(r.created_at),
  status: r.resolution ?? 'open',
  resolved_by: r.resolved_by,
  resolved_at: isoOrNull(r.resolved_at),
  resolution_note: r.resolution_note,
});

/** Open reports oldest first (the queue to work through), or resolved ones newest resolved first. */
export async function reports(q: Queryable, status: 'open' | 'resolved'): Promise<ReportDto[]> {
  const rows = await q.query<ReportRow>(
    status === 'open'
      ? `${REPORT_ROWS} WHERE r.resolved_at IS NULL ORDER BY r.created_at, r.id LIMIT 200`
      : `${REPORT_ROWS} WHERE r.resolved_at IS NOT NULL ORDER BY r.resolved_at DESC, r.id LIMIT 200`,
  );
  return rows.map(reportDto);
}

export async function reportById(q: Queryable, id: string): Promise<ReportDto | undefined> {
  const rows = await q.query<ReportRow>(`${REPORT_ROWS} WHERE r.id = $1`, [id]);
  return rows[0] && reportDto(rows[0]);
}

/** Locks a report for the rest of the transaction (two admins resolving it at once: one wins). */
export async function lockReport(
  q: Queryable,
  id: string,
): Promise<{ workspace_id: number; classified_id: string; resolved_at: Date | string | null } | undefined> {
  const rows = await q.query<{ workspace_id: number; classified_id: string; resolved_at: Date | string | null }>(
    `SELECT workspace_id, classified_id, resolved_at FROM classified_reports WHERE id = $1 FOR UPDATE`,
    [id],
  );
  return rows[0];
}

/** Resolves open reports: one by id, or with `listing`, every open one about that ad. */
export async function resolveReports(
  q: Queryable,
  r: { ws: number; id?: string; listing?: string; resolution: 'dismissed' | 'removed'; by: number; note: string | null; now: Date },
): Promise<void> {
  await q.query(
    `UPDATE classified_reports SET resolution = $4, resolved_by = $5, resolution_note = $6, resolved_at = $7
      WHERE workspace_id = $1 AND resolved_at IS NULL AND ($2::uuid IS NULL OR id = $2) AND ($3::uuid IS NULL OR classified_id = $3)`,
    [r.ws, r.id ?? null, r.listing ?? null, r.resolution, r.by, r.note, r.now],
  );
}

/** Takes an ad down: no longer public, its seller sees why. */
export async function takeDownListing(q: Queryable, ws: number, id: string, reason: string, by: number, now: Date): Promise<void> {
  await q.query(
    `UPDATE classifieds SET status = 'removed', removed_reason = $3, removed_by = $4, removed_at = $5, updated_at = $5
      WHERE workspace_id = $1 AND id = $2`,
    [ws, id, reason, by, now],
  );
}
