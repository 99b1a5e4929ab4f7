import type { Queryable } from '../../db/db.js';

export interface OutboxMail {
  id: number;
  sender: string;
  recipient: string;
  subject: string;
  body_text: string;
  body_html: string | null;
  reply_to: string | null;
  created_at: string;
}

export async function latestOutboxMail(db: Queryable, limit: number): Promise<OutboxMail[]> {
  const rows = await db.query<Omit<OutboxMail, 'created_at'> & { created_at: Date | string }>(
    `SELECT id, sender, recipient, subject, body_text, body_html, reply_to, created_at
     FROM mail_outbox ORDER BY id DESC LIMIT $1`,
    [limit],
  );
  return rows.map((r) => ({ ...r, created_at: new Date(r.created_at).toISOString() }));
}
