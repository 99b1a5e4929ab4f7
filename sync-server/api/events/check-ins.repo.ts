import type { Queryable } from '../../db/db.js';
import type { DoubleAdmit } from '../../../schema/events/events.js';

/** What the door needs: the tickets it must refuse, and the ones two offline doors both admitted. */

/** The revocation list: tickets cancelled or refunded. */
export async function revokedTickets(q: Queryable, ws: number, eventId: string): Promise<string[]> {
  const rows = await q.query<{ id: string }>(
    `SELECT id FROM attendees WHERE workspace_id = $1 AND event_id = $2 AND status IN ('cancelled', 'refunded') ORDER BY id`,
    [ws, eventId],
  );
  return rows.map((r) => r.id);
}

/** Tickets admitted more than once (two offline doors), each with every admission. */
export async function doubleAdmits(q: Queryable, ws: number, eventId: string): Promise<DoubleAdmit[]> {
  const rows = await q.query<{
    ticket_id: string;
    holder: string | null;
    ticket_type: string | null;
    admissions: DoubleAdmit['admissions'];
  }>(
    `SELECT c.ticket_id, a.name AS holder, t.name AS ticket_type,
            json_agg(json_build_object('device_id', c.device_id, 'device_name', coalesce(c.device_name, ''),
                     'scanned_at', to_char(c.scanned_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) ORDER BY c.scanned_at, c.id) AS admissions
       FROM check_ins c
       LEFT JOIN attendees a ON a.workspace_id = c.workspace_id AND a.id::text = c.ticket_id
       LEFT JOIN ticket_types t ON t.workspace_id = a.workspace_id AND t.id = a.ticket_type_id
      WHERE c.workspace_id = $1 AND c.event_id = $2 AND NOT c.deleted
      GROUP BY c.ticket_id, a.name, t.name
     HAVING count(*) > 1
      ORDER BY min(c.scanned_at), c.ticket_id`,
    [ws, eventId],
  );
  return rows.map((r) => ({ ticket_id: r.ticket_id, holder: r.holder ?? '', ticket_type: r.ticket_type ?? '', admissions: r.admissions }));
}
