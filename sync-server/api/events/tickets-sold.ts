import type { Queryable } from '../../db/db.js';
import { notify } from '../notifications/index.js';

/**
 * The organiser hears that tickets were sold (or taken, when free): called in the transaction that
 * issues them to a buyer, keyed by the registration, so one order tells once (issue 37 §5).
 */
export async function tellTicketsSold(
  tx: Queryable,
  event: { workspace_id: number; id: string },
  registration: { id: string; name: string; lines: readonly { quantity: number }[] },
): Promise<void> {
  const [row] = await tx.query<{ title: string }>('SELECT title FROM events WHERE workspace_id = $1 AND id = $2', [
    event.workspace_id,
    event.id,
  ]);
  const count = registration.lines.reduce((n, l) => n + l.quantity, 0);
  await notify(tx, {
    workspaceId: event.workspace_id,
    kind: 'tickets_sold',
    about: registration.id,
    title: `${count} ticket${count === 1 ? '' : 's'} for ${row?.title ?? 'your event'}`,
    body: `${registration.name} has ${count === 1 ? 'a ticket' : 'tickets'}.`,
    link: `/workspace/${event.workspace_id}/events/${encodeURIComponent(event.id)}/registrations`,
  });
}
