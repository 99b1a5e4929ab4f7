import type { Queryable } from '../../db/db.js';
import { firstName, type MessageDto } from '../../../schema/classifieds/classifieds.js';
import { iso, num } from './classifieds.repo.js';

/** The messages of an inquiry's thread, and the hourly limit on sending them. */

export async function insertMessage(
  q: Queryable,
  m: { ws: number; id: string; inquiry: string; sender: number; kind: MessageDto['kind']; body: string; amount: number | null; now: Date },
): Promise<void> {
  await q.query(
    `INSERT INTO classified_messages (workspace_id, id, inquiry_id, sender_id, kind, body, amount_cents, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [m.ws, m.id, m.inquiry, m.sender, m.kind, m.body, m.amount, m.now],
  );
}

export async function threadMessages(q: Queryable, ws: number, inquiry: string, caller: number): Promise<MessageDto[]> {
  const rows = await q.query<{
    id: string;
    kind: MessageDto['kind'];
    body: string;
    amount_cents: string | number | null;
    sender_name: string | null;
    sender_id: number | null;
    created_at: Date | string;
  }>(
    `SELECT m.id, m.kind, m.body, m.amount_cents, u.full_name AS sender_name, m.sender_id, m.created_at
       FROM classified_messages m LEFT JOIN users u ON u.id = m.sender_id
      WHERE m.workspace_id = $1 AND m.inquiry_id = $2 ORDER BY m.created_at, m.id`,
    [ws, inquiry],
  );
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    body: r.body,
    amount_cents: num(r.amount_cents),
    sender: r.sender_id === null ? null : firstName(r.sender_name),
    mine: r.sender_id === caller,
    created_at: iso(r.created_at),
  }));
}

/** Messages the user sent since `since`, across every thread (the hourly limit). */
export async function messagesSentSince(q: Queryable, userId: number, since: Date): Promise<number> {
  const [row] = await q.query<{ n: number | string }>(
    `SELECT count(*) AS n FROM classified_messages WHERE sender_id = $1 AND created_at > $2`,
    [userId, since],
  );
  return Number(row?.n ?? 0);
}

/** Serialises one user's sends, so two at once cannot both pass the hourly limit. */
export async function lockSender(q: Queryable, userId: number): Promise<void> {
  await q.query(`SELECT pg_advisory_xact_lock(hashtext('classified-messages'), $1)`, [userId]);
}

export async function messageInListing(q: Queryable, ws: number, listing: string, message: string): Promise<boolean> {
  const rows = await q.query(
    `SELECT 1 FROM classified_messages m JOIN classified_inquiries i ON i.workspace_id = m.workspace_id AND i.id = m.inquiry_id
      WHERE m.workspace_id = $1 AND i.classified_id = $2 AND m.id = $3`,
    [ws, listing, message],
  );
  return rows.length > 0;
}
