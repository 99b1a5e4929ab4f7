import type { Db } from '../../db/db.js';
import type { ContactForm } from '../../../schema/kit/forms.js';

/** contact_messages is not workspace data: the public form writes it as the server. */
export async function insertContactMessage(
  db: Db,
  msg: ContactForm,
  meta: { ip: string | null; userId: number | null; now: Date },
): Promise<number> {
  const rows = await db.query<{ id: number }>(
    `INSERT INTO contact_messages (name, email, subject, message, ip, user_id, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
    [msg.name, msg.email, msg.subject, msg.message, meta.ip, meta.userId, meta.now.toISOString()],
  );
  return rows[0].id;
}
