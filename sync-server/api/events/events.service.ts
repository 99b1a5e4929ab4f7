import { payRefundsDueSoon, recordRefundDue } from '../../payments/refunds-due.js';
import { randomUUID } from 'node:crypto';
import {
  eventMessages,
  eventProblem,
  type EventCreate,
  type EventDetail,
  type EventPatch,
  type EventWhen,
  type TicketTypeInput,
} from '../../../schema/events/events.js';
import { generateEventKeys } from '../../../schema/events/ticket-code.js';
import { withScope, type Queryable } from '../../db/db.js';
import type { AppDeps } from '../../deps.js';
import { badRequest, conflict, forbidden, HttpError, notFound } from '../../http/errors.js';
import { assertWithinLimit } from '../../plans/capabilities.js';
import { capabilitiesOf } from '../../sync/plan-limits.js';
import type { Membership } from '../workspaces/membership.js';
import { slugCandidates } from '../workspaces/slug.js';
import { checkPictures } from './event-pictures.service.js';
import * as checkInsRepo from './check-ins.repo.js';
import * as repo from './events.repo.js';
import * as registrationsRepo from './registrations.repo.js';
import * as typesRepo from './ticket-types.repo.js';
import * as ticketsRepo from './tickets.repo.js';
import { issueTickets } from './tickets.service.js';
import { mailConfirmed, mailOrHold } from '../../mail/consent.js';
import { heldTicketMail } from './ticket-mail.held.js';
import { enforceMailLimits } from '../../mail/mail-limits.js';

/** A signed-in, active member of the workspace an events request names. */
export interface EventsCaller {
  userId: number;
  workspaceId: number;
  membership: Membership;
}

function scoped<T>(deps: AppDeps, c: EventsCaller, fn: (q: Queryable) => Promise<T>): Promise<T> {
  return withScope(deps.db, { userId: c.userId, workspaceId: c.workspaceId }, fn);
}

/** Creating and changing events, tickets and attendees: the workspace's owner and admins. */
function requireManager(c: EventsCaller): void {
  if (c.membership.role !== 'owner' && c.membership.role !== 'admin') throw forbidden(eventMessages.manage);
}

const invalid = (field: string, message: string) => badRequest(message, { code: 'validation_failed', errors: { [field]: [message] } });

export async function listEvents(deps: AppDeps, c: EventsCaller) {
  return scoped(deps, c, async (q) => ({
    events: (await repo.listEvents(q, c.workspaceId)).map(repo.eventDtoOf),
    categories: await repo.categories(q, c.workspaceId),
  }));
}

async function found(q: Queryable, c: EventsCaller, id: string, lock = false): Promise<repo.EventRow> {
  const row = await repo.findEvent(q, c.workspaceId, id, lock);
  if (!row) throw notFound(eventMessages.notFound);
  return row;
}

async function detail(deps: AppDeps, c: EventsCaller, id: string): Promise<EventDetail> {
  return scoped(deps, c, async (q) => {
    const row = await found(q, c, id);
    return { ...repo.eventDtoOf(row), public_key: row.public_key, ticket_types: await typesRepo.ticketTypes(q, c.workspaceId, id) };
  });
}

export const getEvent = detail;

/** A slug nobody has: the one asked for (or the title's), then numbered, then random. */
async function freeSlug(deps: AppDeps, wanted: string): Promise<string> {
  const gen = slugCandidates(wanted);
  for (;;) {
    const batch: string[] = [];
    for (let i = 0; i < 12; i++) batch.push(gen.next().value.slice(0, 120).replace(/-+$/g, '') || 'event');
    const taken = await repo.takenSlugs(deps.db, batch);
    const free = batch.find((s) => !taken.has(s));
    if (free) return free;
  }
}

const whenParts = (w: EventWhen | undefined | null) => ({ date: w?.date ?? null, time: w?.time ?? null });

function isUniqueViolation(err: unknown): boolean {
  return typeof err === 'object' && err !== null && 'code' in err && err.code === '23505';
}

/**
 * spec §5 event creation, held to the plan (spec §1: 5 events on Mahala). The count and the insert
 * share one transaction behind a per-workspace lock, so two tabs cannot both create the fifth.
 */
export async function createEvent(deps: AppDeps, c: EventsCaller, body: EventCreate): Promise<EventDetail> {
  requireManager(c);
  const start = body.start_date;
  if (!start) throw invalid('start_date', eventMessages.startRequired);
  const caps = capabilitiesOf(c.membership, deps.now());
  const keys = await generateEventKeys();
  const id = randomUUID();
  const [settings] = await deps.db.query<{ currency: string | null }>('SELECT currency FROM workspace_settings WHERE workspace_id = $1', [
    c.workspaceId,
  ]);
  for (let attempt = 0; ; attempt++) {
    const slug = await freeSlug(deps, body.slug ?? body.title);
    try {
      await scoped(deps, c, async (q) => {
        await repo.lockEventCount(q, c.workspaceId);
        assertWithinLimit(caps, 'events', await repo.countEvents(q, c.workspaceId));
        await checkPictures(q, c.workspaceId, { cover: body.cover_image, gallery: body.gallery });
        const end = whenParts(body.end_date);
        await repo.insertEvent(q, {
          ws: c.workspaceId,
          id,
          slug,
          userId: c.userId,
          currency: settings?.currency ?? 'ZAR',
          publicKey: keys.publicKey,
          privateKey: keys.privateKey,
          title: body.title,
          description: body.description ?? '',
          category: body.category ?? null,
          start_date: start.date,
          start_time: start.time ?? null,
          end_date: end.date,
          end_time: end.time,
          location: body.location ?? '',
          is_online: body.is_online,
          max_attendees: body.max_attendees ?? null,
          price: body.price,
          visibility: body.visibility,
          status: body.status,
          cover_image: body.cover_image ?? null,
          gallery: body.gallery,
          requires_approval: body.requires_approval,
        });
      });
      break;
    } catch (err) {
      // Someone took the slug between the look and the insert: try the next free one.
      if (isUniqueViolation(err) && attempt < 3) continue;
      throw err;
    }
  }
  return detail(deps, c, id);
}

export async function updateEvent(deps: AppDeps, c: EventsCaller, id: string, patch: EventPatch): Promise<EventDetail> {
  requireManager(c);
  await scoped(deps, c, async (q) => {
    const row = await found(q, c, id, true);
    const start: EventWhen =
      patch.start_date ?? (row.start_time ? { date: row.start_date, time: row.start_time } : { date: row.start_date });
    const end: EventWhen | undefined =
      patch.end_date === null
        ? undefined
        : (patch.end_date ??
          (row.end_date ? (row.end_time ? { date: row.end_date, time: row.end_time } : { date: row.end_date }) : undefined));
    const problem = eventProblem({ start, end });
    if (problem) throw invalid('end_date', problem);
    await checkPictures(q, c.workspaceId, { cover: patch.cover_image, gallery: patch.gallery });
    const e = whenParts(end);
    await repo.updateEvent(q, c.workspaceId, id, {
      title: patch.title ?? row.title,
      description: patch.description ?? row.description,
      category: patch.category ?? row.category,
      start_date: start.date,
      start_time: start.time ?? null,
      end_date: e.date,
      end_time: e.time,
      location: patch.location ?? row.location,
      is_online: patch.is_online ?? row.is_online,
      max_attendees: patch.max_attendees ?? row.max_attendees,
      price: patch.price ?? row.price,
      visibility: patch.visibility ?? row.visibility,
      status: patch.status ?? row.status,
      // Null takes the cover away; absent keeps it.
      cover_image: patch.cover_image === undefined ? row.cover_image : patch.cover_image,
      gallery: patch.gallery ?? row.gallery,
      requires_approval: patch.requires_approval ?? row.requires_approval,
    });
  });
  return detail(deps, c, id);
}

export async function addTicketType(deps: AppDeps, c: EventsCaller, eventId: string, body: TicketTypeInput): Promise<EventDetail> {
  requireManager(c);
  await scoped(deps, c, async (q) => {
    const event = await found(q, c, eventId);
    await typesRepo.insertTicketType(q, {
      ws: c.workspaceId,
      id: randomUUID(),
      eventId,
      name: body.name,
      price: body.price_cents,
      currency: event.currency,
      quantity: body.quantity,
      saleStarts: body.sale_starts ?? null,
      saleEnds: body.sale_ends ?? null,
    });
  });
  return detail(deps, c, eventId);
}

export async function updateTicketType(
  deps: AppDeps,
  c: EventsCaller,
  eventId: string,
  typeId: string,
  body: TicketTypeInput,
): Promise<EventDetail> {
  requireManager(c);
  await scoped(deps, c, async (q) => {
    await found(q, c, eventId);
    const types = await typesRepo.ticketTypes(q, c.workspaceId, eventId);
    if (!types.some((t) => t.id === typeId)) throw notFound(eventMessages.ticketTypeNotFound);
    const changed = await typesRepo.updateTicketType(q, {
      ws: c.workspaceId,
      id: typeId,
      eventId,
      name: body.name,
      price: body.price_cents,
      quantity: body.quantity,
      saleStarts: body.sale_starts ?? null,
      saleEnds: body.sale_ends ?? null,
    });
    if (!changed) throw invalid('quantity', eventMessages.quantityBelowSold);
  });
  return detail(deps, c, eventId);
}

export async function attendees(deps: AppDeps, c: EventsCaller, eventId: string) {
  return scoped(deps, c, async (q) => {
    await found(q, c, eventId);
    return { attendees: await ticketsRepo.attendees(q, c.workspaceId, eventId) };
  });
}

/** Cancels one ticket: its seat goes back on sale and it joins the revocation list door devices fetch. */
export async function cancelAttendee(deps: AppDeps, c: EventsCaller, eventId: string, attendeeId: string) {
  requireManager(c);
  return scoped(deps, c, async (q) => {
    await found(q, c, eventId, true);
    if (!(await ticketsRepo.cancelAttendee(q, c.workspaceId, eventId, attendeeId))) throw notFound(eventMessages.ticketNotFound);
    return { attendees: await ticketsRepo.attendees(q, c.workspaceId, eventId) };
  });
}

/** What a door device keeps to check tickets offline: the public key, the revocation list, the count sold. */
export async function doorKit(deps: AppDeps, c: EventsCaller, eventId: string) {
  return scoped(deps, c, async (q) => {
    const event = await found(q, c, eventId);
    return {
      event_id: event.id,
      title: event.title,
      public_key: event.public_key,
      revoked: await checkInsRepo.revokedTickets(q, c.workspaceId, eventId),
      sold: Number(event.sold),
      fetched_at: deps.now().toISOString(),
    };
  });
}

/** Tickets two doors both admitted (offline, then synced): each with both devices and both times. */
export async function admissionReport(deps: AppDeps, c: EventsCaller, eventId: string) {
  return scoped(deps, c, async (q) => {
    const event = await found(q, c, eventId);
    return {
      admitted: Number(event.admitted),
      sold: Number(event.sold),
      doubles: await checkInsRepo.doubleAdmits(q, c.workspaceId, eventId),
    };
  });
}

/** The fixed subject of an organiser's message: nothing the organiser typed goes in a subject (issue 35). */
export const ATTENDEE_MESSAGE_SUBJECT = 'A message from the organiser of your event';

/**
 * A message to every ticket holder of the event, one e-mail per address: from a verified organiser
 * only, to holders whose address is confirmed (double opt-in, or a verified account's), each one
 * counted against the third-party mail limits. The subject is fixed; what the organiser wrote is in
 * the body, marked as theirs.
 */
export async function messageAttendees(deps: AppDeps, c: EventsCaller, eventId: string, body: { subject: string; body: string }) {
  requireManager(c);
  const [me] = await deps.db.query<{ verified: boolean }>('SELECT verified FROM users WHERE id = $1', [c.userId]);
  if (!me?.verified) throw new HttpError(403, eventMessages.messageUnverified, { code: 'email_unverified' });
  const { event, recipients, unconfirmed } = await scoped(deps, c, async (q) => {
    const all = await ticketsRepo.liveRecipients(q, c.workspaceId, eventId);
    const confirmed: typeof all = [];
    for (const r of all) if (await mailConfirmed(q, r.email)) confirmed.push(r);
    return { event: await found(q, c, eventId), recipients: confirmed, unconfirmed: all.length - confirmed.length };
  });
  let sent = 0;
  for (const r of recipients) {
    try {
      await enforceMailLimits(deps.db, deps, { recipient: r.email, workspaceId: c.workspaceId });
    } catch (err) {
      // The limits stop the rest; what went already stays sent, and the organiser is told how many.
      if (sent === 0) throw err;
      break;
    }
    try {
      await deps.mailer.send({
        to: r.email,
        subject: ATTENDEE_MESSAGE_SUBJECT,
        text: `Hello ${r.name},\n\nThe organiser of "${event.title}" sent this message to its ticket holders, as they wrote it:\n\n${body.subject}\n\n${body.body}`,
      });
      sent += 1;
    } catch (err) {
      deps.log.warn({ err, event: eventId }, 'attendee message not sent');
    }
  }
  const to = sent === 1 ? 'Sent to 1 attendee' : `Sent to ${sent} attendees`;
  return { message: unconfirmed > 0 ? `${to}. ${eventMessages.messageUnconfirmed(unconfirmed)}` : to };
}

/** Registrations waiting for the organiser's approval. */
export async function registrationRequests(deps: AppDeps, c: EventsCaller, eventId: string) {
  return scoped(deps, c, async (q) => {
    await found(q, c, eventId);
    return { registrations: await registrationsRepo.registrationRequests(q, c.workspaceId, eventId) };
  });
}

/**
 * The organiser's decision on a registration waiting for approval, in their workspace's scope (a
 * registration of another workspace is not found). Approved: its held seats become signed tickets
 * and their e-mail is queued. Declined: its seats go back on sale, a card payment for them is refunded
 * in full through the card partner (asked after commit, retried hourly until accepted), and a short
 * e-mail is queued.
 */
export async function decideRegistration(
  deps: AppDeps,
  c: EventsCaller,
  eventId: string,
  registrationId: string,
  decision: 'approve' | 'decline',
) {
  requireManager(c);
  let refundRecorded = false;
  const answer = await scoped(deps, c, async (q) => {
    await found(q, c, eventId, true);
    const reg = await registrationsRepo.awaitingRegistration(q, c.workspaceId, eventId, registrationId);
    if (!reg) {
      if (await registrationsRepo.hasRegistration(q, c.workspaceId, eventId, registrationId)) throw conflict(eventMessages.alreadyDecided);
      throw notFound(eventMessages.registrationNotFound);
    }
    const mail = { workspaceId: c.workspaceId, registrationId };
    if (decision === 'approve') {
      await registrationsRepo.decideRegistration(q, c.workspaceId, registrationId, 'confirmed', deps.now());
      await issueTickets(q, { workspace_id: c.workspaceId, id: eventId }, reg);
      // To an address nobody confirmed, the tickets wait for it (the buyer was asked when they ordered).
      await mailOrHold(q, deps, reg.email, { held: heldTicketMail, key: { ...mail, kind: 'tickets' } }, { optIn: false });
    } else {
      await registrationsRepo.decideRegistration(q, c.workspaceId, registrationId, 'cancelled', deps.now());
      for (const line of reg.lines) await typesRepo.releaseTickets(q, c.workspaceId, line.ticket_type_id, line.quantity);
      // A card payment for seats that will not be issued goes back in full, in this same commit.
      const paid = Number(reg.amount_paid_cents);
      if (reg.payment_status === 'paid' && paid > 0 && reg.reference) {
        await recordRefundDue(q, { reference: reg.reference, amount: paid, note: 'Registration declined by the organiser' });
        await registrationsRepo.setRegistrationRefunded(q, c.workspaceId, registrationId);
        refundRecorded = true;
      }
      await mailOrHold(q, deps, reg.email, { held: heldTicketMail, key: { ...mail, kind: 'declined' } }, { optIn: false });
    }
    return { registrations: await registrationsRepo.registrationRequests(q, c.workspaceId, eventId) };
  });
  // Only a decline that owes money asks the card partner; a free one has nothing to pay back.
  if (refundRecorded) await payRefundsDueSoon(deps);
  return answer;
}
