import { Router, type Request } from 'express';
import { eventsContract } from '../../../schema/events/contract.js';
import type { AppDeps } from '../../deps.js';
import { requireUser, sessionOf } from '../../http/auth-context.js';
import { HttpError } from '../../http/errors.js';
import { enforceRateLimits } from '../../http/rate-limit.js';
import { clientLimitAddress } from '../../http/client-address.js';
import { mount } from '../../http/route.js';
import { sendPicture } from '../drive/index.js';
import { requireMembership } from '../workspaces/membership.js';
import { shownPicture } from './event-pictures.service.js';
import * as events from './events.service.js';
import { ticketPdf } from './ticket-pdf.js';
import * as tickets from './tickets.service.js';

async function caller(deps: AppDeps, req: Request, workspaceId: number): Promise<events.EventsCaller> {
  const userId = await requireUser(deps, req);
  return { userId, workspaceId, membership: await requireMembership(deps.db, workspaceId, userId) };
}

/** Events and tickets (spec §3, §5; DESIGN.md §15): the organiser's REST area and the public pages' calls. */
export function eventsRoutes(deps: AppDeps): Router {
  const router = Router();
  const c = eventsContract;
  mount(router, c.list, async ({ params }, req) => events.listEvents(deps, await caller(deps, req, params.id)));
  mount(router, c.create, async ({ params, body }, req) => events.createEvent(deps, await caller(deps, req, params.id), body));
  mount(router, c.get, async ({ params }, req) => events.getEvent(deps, await caller(deps, req, params.id), params.eventId));
  mount(router, c.update, async ({ params, body }, req) =>
    events.updateEvent(deps, await caller(deps, req, params.id), params.eventId, body),
  );
  mount(router, c.addTicketType, async ({ params, body }, req) =>
    events.addTicketType(deps, await caller(deps, req, params.id), params.eventId, body),
  );
  mount(router, c.updateTicketType, async ({ params, body }, req) =>
    events.updateTicketType(deps, await caller(deps, req, params.id), params.eventId, params.typeId, body),
  );
  mount(router, c.attendees, async ({ params }, req) => events.attendees(deps, await caller(deps, req, params.id), params.eventId));
  mount(router, c.cancelAttendee, async ({ params }, req) =>
    events.cancelAttendee(deps, await caller(deps, req, params.id), params.eventId, params.attendeeId),
  );
  mount(router, c.approvals, async ({ params }, req) =>
    events.registrationRequests(deps, await caller(deps, req, params.id), params.eventId),
  );
  mount(router, c.approve, async ({ params }, req) =>
    events.decideRegistration(deps, await caller(deps, req, params.id), params.eventId, params.registrationId, 'approve'),
  );
  mount(router, c.decline, async ({ params }, req) =>
    events.decideRegistration(deps, await caller(deps, req, params.id), params.eventId, params.registrationId, 'decline'),
  );
  mount(router, c.message, async ({ params, body }, req) =>
    events.messageAttendees(deps, await caller(deps, req, params.id), params.eventId, body),
  );
  mount(router, c.doorKit, async ({ params }, req) => events.doorKit(deps, await caller(deps, req, params.id), params.eventId));
  mount(router, c.report, async ({ params }, req) => events.admissionReport(deps, await caller(deps, req, params.id), params.eventId));

  mount(router, c.publicList, async ({ query }) => tickets.publicEvents(deps, query.q, query.storefront));
  mount(router, c.publicGet, async ({ params }) => tickets.publicEvent(deps, params.slug));
  mount(router, c.publicPicture, async ({ params, query }, _req, res) => {
    await sendPicture(deps, res, await shownPicture(deps, params.slug, params.fileId), query.w);
  });
  mount(router, c.order, async ({ params, body }, req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    const ip = clientLimitAddress(req);
    await enforceRateLimits(deps, [{ key: `tickets:${ip}`, max: 30, windowSeconds: 600 }]);
    const session = await sessionOf(deps, req);
    return tickets.orderTickets(deps, params.slug, body, session?.sub ?? null, ip);
  });
  mount(router, c.checkout, async ({ params }, _req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    return tickets.checkoutState(deps, params.slug, params.reference);
  });
  mount(router, c.ticket, async ({ params }, _req, res) => {
    res.setHeader('Cache-Control', 'private, no-store');
    res.setHeader('Referrer-Policy', 'no-referrer');
    return tickets.ticketByToken(deps, params.token);
  });
  router.get('/api/public/tickets/:token/pdf', async (req, res) => {
    const token = String(req.params.token);
    if (!/^[A-Za-z0-9_-]{10,64}$/.test(token)) throw new HttpError(404, 'Ticket not found');
    const view = await tickets.ticketByToken(deps, token);
    const bytes = await ticketPdf(view);
    res.setHeader('Content-Type', 'application/pdf');
    res.setHeader('Content-Disposition', 'inline; filename="ticket.pdf"');
    res.setHeader('Cache-Control', 'private, no-store');
    res.setHeader('Referrer-Policy', 'no-referrer');
    res.end(Buffer.from(bytes));
  });
  return router;
}
