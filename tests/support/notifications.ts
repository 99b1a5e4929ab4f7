import type { NotificationKind } from '../../schema/notifications/notifications.js';
import type { Queryable } from '../../sync-server/db/db.js';

/** One notification as its person sees it in the bell, with who that person is. */
export interface Told {
  user_id: number;
  kind: string;
  title: string;
  body: string;
  link: string;
}

/**
 * The notifications of one kind in a workspace, oldest first, people in id order: a test asserts the
 * whole list, so a second one (a replayed webhook, a second press) or one to the wrong person shows.
 */
export async function toldIn(q: Queryable, workspaceId: number, kind: NotificationKind): Promise<Told[]> {
  const rows = await q.query<Told>(
    `SELECT user_id, kind, title, body, link FROM notifications
      WHERE workspace_id = $1 AND kind = $2 ORDER BY created_at, user_id, id`,
    [workspaceId, kind],
  );
  return rows.map((r) => ({ ...r, user_id: Number(r.user_id) }));
}
