import { randomUUID } from 'node:crypto';
import {
  NOTIFICATION_PAGE,
  type ChannelChoice,
  type NotificationDto,
  type NotificationKind,
} from '../../../schema/notifications/notifications.js';
import type { Queryable } from '../../db/db.js';
import { NOTIFICATIONS_CHANNEL } from '../../live/notice.js';

/**
 * The people who run a workspace and hear of its business: its owner and its admins with an account
 * (an invitation not yet taken up has nobody to tell).
 */
export async function workspaceRunners(q: Queryable, workspaceId: number): Promise<number[]> {
  const rows = await q.query<{ user_id: number }>(
    `SELECT owner_id AS user_id FROM workspaces WHERE id = $1
     UNION
     SELECT user_id FROM workspace_members
      WHERE workspace_id = $1 AND user_id IS NOT NULL AND is_active AND role IN ('owner', 'admin')`,
    [workspaceId],
  );
  return rows.map((r) => Number(r.user_id));
}

export interface NewNotification {
  userId: number;
  workspaceId: number;
  kind: NotificationKind;
  dedupeKey: string;
  title: string;
  body: string;
  link: string;
}

/** Adds a notification unless its person already has one of this key; returns its id when added. */
export async function insertNotification(q: Queryable, n: NewNotification): Promise<string | undefined> {
  const [row] = await q.query<{ id: string }>(
    `INSERT INTO notifications (id, user_id, workspace_id, kind, dedupe_key, title, body, link)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
     ON CONFLICT (user_id, dedupe_key) DO NOTHING RETURNING id`,
    [randomUUID(), n.userId, n.workspaceId, n.kind, n.dedupeKey, n.title, n.body, n.link],
  );
  return row?.id;
}

/** Wakes the person's open tabs (on every instance) once the commit lands. */
export async function wakeTabs(q: Queryable, userId: number): Promise<void> {
  await q.query(`SELECT pg_notify('${NOTIFICATIONS_CHANNEL}', $1)`, [String(userId)]);
}

interface NotificationRow {
  id: string;
  workspace_id: number;
  workspace_name: string;
  kind: NotificationKind;
  title: string;
  body: string;
  link: string;
  created_at: Date;
  read_at: Date | null;
}

/** A person's notifications from workspaces they still run (those of a workspace they left are kept but not shown). */
const visible = `n.user_id = $1 AND EXISTS (
    SELECT 1 FROM workspaces w WHERE w.id = n.workspace_id AND (w.owner_id = $1 OR EXISTS (
      SELECT 1 FROM workspace_members m WHERE m.workspace_id = w.id AND m.user_id = $1 AND m.is_active)))`;

/** How many of the person's shown notifications are unread. */
export async function unreadCount(q: Queryable, userId: number): Promise<number> {
  const [row] = await q.query<{ unread: number }>(
    `SELECT count(*)::int AS unread FROM notifications n WHERE ${visible} AND n.read_at IS NULL`,
    [userId],
  );
  return Number(row?.unread ?? 0);
}

/** The person's newest notifications from workspaces they still run, and how many are unread. */
export async function listFor(q: Queryable, userId: number): Promise<{ notifications: NotificationDto[]; unread: number }> {
  const [rows, unread] = await Promise.all([
    q.query<NotificationRow>(
      `SELECT n.id, n.workspace_id, w.name AS workspace_name, n.kind, n.title, n.body, n.link, n.created_at, n.read_at
         FROM notifications n JOIN workspaces w ON w.id = n.workspace_id
        WHERE ${visible}
        ORDER BY n.created_at DESC, n.id LIMIT ${NOTIFICATION_PAGE}`,
      [userId],
    ),
    unreadCount(q, userId),
  ]);
  return {
    notifications: rows.map((r) => ({
      id: r.id,
      workspace_id: Number(r.workspace_id),
      workspace_name: r.workspace_name,
      kind: r.kind,
      title: r.title,
      body: r.body,
      link: r.link,
      created_at: new Date(r.created_at).toISOString(),
      read_at: r.read_at === null ? null : new Date(r.read_at).toISOString(),
    })),
    unread,
  };
}

/** Marks the person's own notifications read (those listed, or all); others' ids change nothing. */
export async function markRead(q: Queryable, userId: number, ids: readonly string[] | 'all', at: Date): Promise<void> {
  if (ids === 'all') await q.query('UPDATE notifications SET read_at = $2 WHERE user_id = $1 AND read_at IS NULL', [userId, at]);
  else
    await q.query('UPDATE notifications SET read_at = $3 WHERE user_id = $1 AND id = ANY($2::uuid[]) AND read_at IS NULL', [
      userId,
      [...ids],
      at,
    ]);
}

/** The kinds a person chose for (the rest keep their defaults). */
export async function choicesOf(q: Queryable, userId: number): Promise<Map<string, ChannelChoice>> {
  const rows = await q.query<{ kind: string; email: boolean; push: boolean }>(
    'SELECT kind, email, push FROM notification_choices WHERE user_id = $1',
    [userId],
  );
  return new Map(rows.map((r) => [r.kind, { email: r.email, push: r.push }]));
}

export async function saveChoices(q: Queryable, userId: number, choices: ReadonlyArray<[NotificationKind, ChannelChoice]>): Promise<void> {
  if (choices.length === 0) return;
  await q.query(
    `INSERT INTO notification_choices (user_id, kind, email, push)
     SELECT $1, k, e, p FROM unnest($2::text[], $3::boolean[], $4::boolean[]) AS c(k, e, p)
     ON CONFLICT (user_id, kind) DO UPDATE SET email = excluded.email, push = excluded.push`,
    [userId, choices.map(([k]) => k), choices.map(([, c]) => c.email), choices.map(([, c]) => c.push)],
  );
}

/** One notification with its person's address, for its e-mail (unscoped: the outbox). */
export async function mailableNotification(
  q: Queryable,
  id: string,
): Promise<(NotificationRow & { email: string; full_name: string | null; user_id: number }) | undefined> {
  const [row] = await q.query<NotificationRow & { email: string; full_name: string | null; user_id: number }>(
    `SELECT n.id, n.user_id, n.workspace_id, w.name AS workspace_name, n.kind, n.title, n.body, n.link, n.created_at, n.read_at,
            u.email, u.full_name
       FROM notifications n JOIN workspaces w ON w.id = n.workspace_id JOIN users u ON u.id = n.user_id
      WHERE n.id = $1`,
    [id],
  );
  return row;
}
