import { z } from 'zod';
import { heldMailKind } from '../../mail/consent.js';
import { recordTicketMail, ticketMailKinds, type TicketMailKey } from './ticket-mail.repo.js';

const stored = z.object({ kind: z.literal('ticket'), registrationId: z.uuid(), mail: z.enum(ticketMailKinds) });

/** Tickets (or a decline) to a buyer's address nobody confirmed wait for it (double opt-in); confirmed, they go to the mail outbox. */
export const heldTicketMail = heldMailKind<TicketMailKey>({
  kind: 'ticket',
  ref: (key) => ({ registrationId: key.registrationId, mail: key.kind }),
  fromRef(ref, workspaceId) {
    const r = stored.parse(ref);
    return { workspaceId, registrationId: r.registrationId, kind: r.mail };
  },
  record: (tx, key) => recordTicketMail(tx, key),
});
