import type { Queryable } from '../../db/db.js';

/** The expiry sweep's SQL (unscoped: the job area, every workspace at once). */

/** Marks every listing past its expiry as expired; returns how many. */
export async function expireListings(q: Queryable, now: Date): Promise<number> {
  const rows = await q.query(
    `UPDATE classifieds SET status = 'expired', updated_at = $1
      WHERE status IN ('published', 'paused', 'reserved') AND expires_at <= $1
      RETURNING id`,
    [now],
  );
  return rows.length;
}

export interface RenewalCandidate {
  workspace_id: number;
  id: string;
  title: string;
  expires_at: Date | string;
  email: string;
  full_name: string | null;
}

/**
 * Claims the listings that expire before `until` and have had no renewal notice: the claim is the
 * notice's mark, so a second sweep (here or on another instance) finds nothing to send.
 */
export async function claimRenewalNotices(q: Queryable, now: Date, until: Date): Promise<RenewalCandidate[]> {
  return q.query<RenewalCandidate>(
    `WITH due AS (
       UPDATE classifieds c SET renewal_notice_at = $1
        WHERE c.status IN ('published', 'paused', 'reserved') AND c.renewal_notice_at IS NULL
          AND c.expires_at > $1 AND c.expires_at <= $2 AND c.created_by IS NOT NULL
        RETURNING c.workspace_id, c.id, c.title, c.expires_at, c.created_by)
     SELECT d.workspace_id, d.id, d.title, d.expires_at, u.email, u.full_name
       FROM due d JOIN users u ON u.id = d.created_by`,
    [now, until],
  );
}

/** Gives a claimed notice back when its mail could not go. */
export async function releaseRenewalNotice(q: Queryable, workspaceId: number, id: string): Promise<void> {
  await q.query('UPDATE classifieds SET renewal_notice_at = NULL WHERE workspace_id = $1 AND id = $2', [workspaceId, id]);
}
