import { z } from 'zod';
import type { MailTemplate, MailTemplates } from '../../mail/outbox.js';
import { siteOrigin } from '../../seo/page-meta.js';
import * as ticketsRepo from './tickets.repo.js';
import { declinedMail, ticketsMail } from './ticket-mail.js';
import * as repo from './ticket-mail.repo.js';

const registrationId = z.uuid();

/** A registration's mail from its outbox row, or why nothing is left to send (the registration, or its tickets, are gone). */
function ticketMailTemplate(kind: repo.TicketMailKind): MailTemplate {
  return async (deps, key) => {
    const nothing = { notSent: 'Nothing to send: the registration has no tickets' };
    if (!registrationId.safeParse(key.subjectId).success) return nothing;
    const reg = await repo.mailedRegistration(deps.db, key.workspaceId, key.subjectId);
    if (!reg) return nothing;
    if (kind === 'declined') return { to: reg.email, ...declinedMail(reg) };
    const tickets = await ticketsRepo.ticketsOfRegistration(deps.db, key.workspaceId, key.subjectId);
    if (tickets.length === 0) return nothing;
    return { to: reg.email, ...(await ticketsMail(siteOrigin(deps), reg, tickets)) };
  };
}

/** Ticket e-mails (DESIGN.md §13): recorded at the commit that issues or declines, sent and retried by the outbox. */
export const ticketMails: MailTemplates = Object.fromEntries(repo.ticketMailKinds.map((kind) => [kind, ticketMailTemplate(kind)]));
