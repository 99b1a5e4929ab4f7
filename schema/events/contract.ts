import { z } from 'zod';
import {
  attendeeList,
  attendeeMessage,
  doorKit,
  doubleAdmitReport,
  eventCreate,
  eventDetail,
  eventList,
  eventPatch,
  publicEventDetail,
  publicEventList,
  registrationRequests,
  ticketOrderInput,
  ticketOrderResult,
  ticketTypeInput,
  ticketView,
} from './events.js';
import { pictureFileId, pictureQuery } from '../pictures/pictures.js';
import { endpoint, fillPath, okBody } from '../kit/http.js';
import { idParam, text } from '../kit/input.js';

const ws = z.object({ id: idParam });
const event = z.object({ id: idParam, eventId: z.uuid() });
const ticketType = z.object({ id: idParam, eventId: z.uuid(), typeId: z.uuid() });
const attendee = z.object({ id: idParam, eventId: z.uuid(), attendeeId: z.uuid() });
const registration = z.object({ id: idParam, eventId: z.uuid(), registrationId: z.uuid() });
const slug = z.object({ slug: text(120).min(1) });
const token = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{10,64}$/) });
const picture = slug.extend({ fileId: pictureFileId });

/** Events and tickets (spec §3 "Events", §5; DESIGN.md §15): the organiser's side, then the public one. */
export const eventsContract = {
  list: endpoint({ method: 'GET', path: '/api/workspaces/:id/events', params: ws, response: eventList }),
  create: endpoint({ method: 'POST', path: '/api/workspaces/:id/events', params: ws, body: eventCreate, response: eventDetail }),
  get: endpoint({ method: 'GET', path: '/api/workspaces/:id/events/:eventId', params: event, response: eventDetail }),
  update: endpoint({
    method: 'PATCH',
    path: '/api/workspaces/:id/events/:eventId',
    params: event,
    body: eventPatch,
    response: eventDetail,
  }),
  addTicketType: endpoint({
    method: 'POST',
    path: '/api/workspaces/:id/events/:eventId/ticket-types',
    params: event,
    body: ticketTypeInput,
    response: eventDetail,
  }),
  updateTicketType: endpoint({
    method: 'PUT',
    path: '/api/workspaces/:id/events/:eventId/ticket-types/:typeId',
    params: ticketType,
    body: ticketTypeInput,
    response: eventDetail,
  }),
  attendees: endpoint({ method: 'GET', path: '/api/workspaces/:id/events/:eventId/attendees', params: event, response: attendeeList }),
  cancelAttendee: endpoint({
    method: 'POST',
    path: '/api/workspaces/:id/events/:eventId/attendees/:attendeeId/cancel',
    params: attendee,
    response: attendeeList,
  }),
  /** Registrations waiting for the organiser's approval (events with requires_approval). */
  approvals: endpoint({
    method: 'GET',
    path: '/api/workspaces/:id/events/:eventId/registrations',
    params: event,
    response: registrationRequests,
  }),
  /** Issues the registration's tickets and e-mails them. */
  approve: endpoint({
    method: 'POST',
    path: '/api/workspaces/:id/events/:eventId/registrations/:registrationId/approve',
    params: registration,
    response: registrationRequests,
  }),
  /** Turns the registration down: its seats go back on sale and the buyer gets a short e-mail. */
  decline: endpoint({
    method: 'POST',
    path: '/api/workspaces/:id/events/:eventId/registrations/:registrationId/decline',
    params: registration,
    response: registrationRequests,
  }),
  message: endpoint({
    method: 'POST',
    path: '/api/workspaces/:id/events/:eventId/messages',
    params: event,
    body: attendeeMessage,
    response: okBody,
  }),
  /** What a door device keeps for offline checks: public key, revocation list, count sold. */
  doorKit: endpoint({ method: 'GET', path: '/api/workspaces/:id/events/:eventId/door-kit', params: event, response: doorKit }),
  report: endpoint({ method: 'GET', path: '/api/workspaces/:id/events/:eventId/admissions', params: event, response: doubleAdmitReport }),

  publicList: endpoint({
    method: 'GET',
    path: '/api/public/events',
    // storefront: one business's events, by its storefront slug.
    query: z.object({ q: text(100).optional(), storefront: text(100).optional() }),
    response: publicEventList,
  }),
  publicGet: endpoint({ method: 'GET', path: '/api/public/events/:slug', params: slug, response: publicEventDetail }),
  /** The event's cover or one of its gallery pictures, sized; only while the event is public and published. */
  publicPicture: endpoint({
    method: 'GET',
    path: '/api/public/events/:slug/pictures/:fileId',
    params: picture,
    query: pictureQuery,
    // Bytes, not JSON: the handler streams the image.
    response: z.void(),
  }),
  order: endpoint({
    method: 'POST',
    path: '/api/public/events/:slug/orders',
    params: slug,
    body: ticketOrderInput,
    response: ticketOrderResult,
  }),
  checkout: endpoint({
    method: 'GET',
    path: '/api/public/events/:slug/checkouts/:reference',
    params: slug.extend({ reference: z.string().regex(/^vktkt_[0-9a-f]{24}$/) }),
    response: z.object({
      status: z.enum(['paid', 'pending', 'failed']),
      tickets: z.array(z.string()),
      /** Paid, and waiting for the organiser to approve it (no ticket yet). */
      awaiting_approval: z.boolean(),
      /** What the card paid (0 until paid), and the VAT fixed on the order when it was made (null on an older one). */
      paid_cents: z.number(),
      currency: z.string(),
      vat: z.object({ tax_rate_bp: z.number(), tax_cents: z.number(), tax_included: z.boolean() }).nullable(),
    }),
  }),
  ticket: endpoint({ method: 'GET', path: '/api/public/tickets/:token', params: token, response: ticketView }),
} as const;

/** The address of an event's cover or gallery picture, `width` pixels wide (one of PICTURE_WIDTHS). */
export const eventPicturePath = (slug: string, fileId: string, width: number) =>
  `${fillPath(eventsContract.publicPicture.path, { slug, fileId })}?w=${width}`;

/** The ticket's PDF (binary, outside the JSON contract). */
export const ticketPdfPath = (token: string) => `/api/public/tickets/${encodeURIComponent(token)}/pdf`;
