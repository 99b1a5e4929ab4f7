import type { Queryable } from '../../db/db.js';

/** A quote's public page: its token (made on first use), and the quote a link opens (unscoped: the mail job and the public page). */

export async function quoteLinkToken(q: Queryable, workspaceId: number, quoteId: string, fresh: string): Promise<string> {
  const [row] = await q.query<{ token: string }>(
    `INSERT INTO quote_links (workspace_id, quote_id, token) VALUES ($1, $2, $3)
     ON CONFLICT (workspace_id, quote_id) DO UPDATE SET token = quote_links.token
     RETURNING token`,
    [workspaceId, quoteId, fresh],
  );
  return row.token;
}

/**
 * The quote a public link opens: its workspace's slug, its number and the token must all match. A
 * quote the seller deleted is still found (`deleted`), so its page can say it was withdrawn.
 */
export async function quoteByLink(
  q: Queryable,
  slug: string,
  number: string,
  token: string,
): Promise<{ workspace_id: number; quote_id: string; deleted: boolean } | undefined> {
  const [row] = await q.query<{ workspace_id: number; quote_id: string; deleted: boolean }>(
    `SELECT l.workspace_id, l.quote_id, d.deleted FROM quote_links l
       JOIN workspaces w ON w.id = l.workspace_id
       JOIN quotes d ON d.workspace_id = l.workspace_id AND d.id = l.quote_id
      WHERE w.slug = $1 AND d.quote_number = $2 AND l.token = $3`,
    [slug, number, token],
  );
  return row;
}

export async function markQuoteViewed(q: Queryable, workspaceId: number, quoteId: string, at: Date): Promise<void> {
  await q.query('UPDATE quote_links SET viewed_at = coalesce(viewed_at, $3) WHERE workspace_id = $1 AND quote_id = $2', [
    workspaceId,
    quoteId,
    at,
  ]);
}

/** The workspace's time zone, for its calendar day. */
export async function workspaceTimezone(q: Queryable, workspaceId: number): Promise<string | null> {
  const [row] = await q.query<{ timezone: string | null }>('SELECT timezone FROM workspace_settings WHERE workspace_id = $1', [
    workspaceId,
  ]);
  return row?.timezone ?? null;
}
