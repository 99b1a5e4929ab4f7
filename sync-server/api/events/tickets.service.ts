import { randomBytes, randomUUID } from 'node:crypto';
import { noCountryDefaults } from '../../../schema/kit/countries.js';
import { calendarDayIn, wallMinuteIn } from '../../../schema/kit/dates.js';
import { eventMessages, type PublicEventDetail, type TicketOrderInput, type TicketView } from '../../../schema/events/events.js';
import { toTicketCartId } from '../../../schema/marketplace/marketplace.js';
import { signTicket } from '../../../schema/events/ticket-code.js';
import type { Queryable } from '../../db/db.js';
import type { AppDeps } from '../../deps.js';
import { badRequest, conflict, HttpError, notFound } from '../../http/errors.js';
import { ANONYMOUS_HOLD_MINUTES, HOLD_MINUTES } from '../../http/hold-limits.js';
import type { VerifiedTransaction } from '../../payments/gateway.js';
import { recordRefundDue } from '../../payments/refunds-due.js';
import { gatewayOrFail, viaProvider } from '../billing/billing.service.js';
import { pricedSale, sellerVat, storedSaleVat, type StoredSaleVat } from '../../payments/seller-vat.js';
import { payoutAccount } from '../marketplace/index.js';
import { publicPictures } from './event-pictures.service.js';
import * as repo from './events.repo.js';
import * as publicRepo from './public-events.repo.js';
import * as registrationsRepo from './registrations.repo.js';
import * as typesRepo from './ticket-types.repo.js';
import * as ticketsRepo from './tickets.repo.js';
import { boundAnonymousOrder, boundUnpaidSeats, countAddressSeats, seatsOnSale } from './ticket-holds.js';
import { recordTicketMail } from './ticket-mail.repo.js';
import { tellTicketsSold } from './tickets-sold.js';
import type { MailOutcome } from '../../../schema/mail/mail-consent.js';
import { mailOrHold, optInUnlessConfirmed } from '../../mail/consent.js';
import { heldTicketMail } from './ticket-mail.held.js';
import { enforceMailLimits } from '../../mail/mail-limits.js';

export const ticketRefundNotes = {
  lateForHold: 'Paid after the held seats were released: refunded in full',
} as const;

/** Ticket checkouts' references start with this, so the shared card webhook can route them here. */
export const TICKET_REFERENCE_PREFIX = 'vktkt_';

/** Why a ticket type cannot be bought at `now` (venue wall clock), or null. */
export function saleRefusal(t: { sale_starts: string | null; sale_ends: string | null }, now: string): string | null {
  if (t.sale_starts && now < t.sale_starts) return eventMessages.saleNotStarted;
  if (t.sale_ends && now >= t.sale_ends) return eventMessages.saleEnded;
  return null;
}

const zoneOf = (row: { timezone: string | null }) => row.timezone ?? noCountryDefaults.timezone;

export async function publicEvents(deps: AppDeps, search: string | undefined, storefront?: string) {
  const today = calendarDayIn(deps.now(), noCountryDefaults.timezone);
  return { events: (await publicRepo.publicEvents(deps.db, today, search, 100, storefront)).map(publicRepo.publicDtoOf) };
}

export async function publicEvent(deps: AppDeps, slug: string): Promise<PublicEventDetail> {
  const event = await publicRepo.publicEventBySlug(deps.db, slug);
  if (!event) throw notFound(eventMessages.notFound);
  const now = wallMinuteIn(deps.now(), zoneOf(event));
  const types = await typesRepo.ticketTypes(deps.db, event.workspace_id, event.id);
  return {
    ...publicRepo.publicDtoOf(event),
    ...publicPictures(event),
    requires_approval: event.requires_approval,
    ticket_types: types.map((t) => {
      const reason = saleRefusal(t, now) ?? (t.sold >= t.quantity ? 'Sold out' : null);
      return { ...t, available: t.quantity - t.sold, on_sale: reason === null, reason, cart_id: toTicketCartId(event.workspace_id, t.id) };
    }),
  };
}

/** Signs and stores one ticket per seat of a registration's lines (an organiser's approval runs it in their scope). */
export async function issueTickets(
  tx: Queryable,
  event: { workspace_id: number; id: string },
  registration: { id: string; name: string; email: string; lines: readonly { ticket_type_id: string; quantity: number }[] },
): Promise<{ id: string; token: string }[]> {
  const key = await repo.privateKey(tx, event.workspace_id, event.id);
  if (!key) throw new Error(`event ${event.id} has no key`);
  const out: { id: string; token: string }[] = [];
  for (const line of registration.lines) {
    for (let i = 0; i < line.quantity; i++) {
      const id = randomUUID();
      const token = randomBytes(18).toString('base64url');
      const code = await signTicket(key, { ticketId: id, ticketTypeId: line.ticket_type_id, eventId: event.id });
      await ticketsRepo.insertAttendee(tx, {
        ws: event.workspace_id,
        id,
        eventId: event.id,
        registrationId: registration.id,
        typeId: line.ticket_type_id,
        name: registration.name,
        email: registration.email,
        code,
        token,
      });
      out.push({ id, token });
    }
  }
  return out;
}

/**
 * Buying tickets for a published event. Everything is decided in one transaction holding the
 * event's row: each line's sale window, the event's capacity, and each type's count (which the row
 * update itself never lets pass its quantity). Free tickets are issued and mailed at once; paid ones
 * are held and paid through the card checkout, and issued when its signed webhook settles. One
 * buyer's share is bounded (ticket-holds.ts): an order without an account takes at most a share of
 * what is left and counts against its network address, and no one holds too many seats unpaid.
 */
export async function orderTickets(deps: AppDeps, slug: string, body: TicketOrderInput, userId: number | null, address: string) {
  const lines = mergeLines(body.lines);
  const registrationId = randomUUID();
  const placed = await deps.db.transaction(async (tx) => {
    const event = await publicRepo.publicEventBySlug(tx, slug, true);
    if (!event) throw notFound(eventMessages.notFound);
    // The order mails an address the caller typed: it counts against the third-party mail limits first.
    await enforceMailLimits(tx, deps, { source: address, recipient: body.email, workspaceId: event.workspace_id });
    await releaseStaleHolds(tx, event.workspace_id, event.id, deps.now());
    const now = wallMinuteIn(deps.now(), zoneOf(event));
    const types = new Map((await typesRepo.ticketTypes(tx, event.workspace_id, event.id)).map((t) => [t.id, t]));
    let price = 0;
    let seats = 0;
    for (const line of lines) {
      const type = types.get(line.ticket_type_id);
      if (!type) throw badRequest(eventMessages.ticketTypeNotFound);
      const refused = saleRefusal(type, now);
      if (refused) throw conflict(refused);
      price += type.price_cents * line.quantity;
      seats += line.quantity;
    }
    const taken = await typesRepo.heldForEvent(tx, event.workspace_id, event.id);
    if (event.max_attendees !== null && taken + seats > Number(event.max_attendees)) {
      throw conflict(eventMessages.eventFull);
    }
    if (userId === null) {
      const onSale = [...types.values()].map((t) => ({ quantity: t.quantity, sold: t.sold, onSale: saleRefusal(t, now) === null }));
      boundAnonymousOrder(seats, seatsOnSale(onSale, event.max_attendees === null ? null : Number(event.max_attendees) - taken));
    }
    if (price > 0) {
      await boundUnpaidSeats(tx, { ws: event.workspace_id, eventId: event.id, email: body.email, userId, seats, now: deps.now() });
    }
    if (userId === null) await countAddressSeats(deps, tx, address, event.id, seats);
    for (const line of lines) {
      if (!(await typesRepo.takeTickets(tx, event.workspace_id, line.ticket_type_id, line.quantity))) throw conflict(eventMessages.soldOut);
    }
    // The VAT is fixed on the order now, by the organiser's settings: VAT on top is charged with it.
    const { amount, vat } = pricedSale(await sellerVat(tx, event.workspace_id), price);
    const free = amount === 0;
    const reference = free ? null : `${TICKET_REFERENCE_PREFIX}${randomBytes(12).toString('hex')}`;
    const confirmed = free && !event.requires_approval;
    await registrationsRepo.insertRegistration(tx, {
      ws: event.workspace_id,
      id: registrationId,
      eventId: event.id,
      userId,
      name: body.name,
      email: body.email,
      lines,
      status: confirmed ? 'confirmed' : 'pending',
      payment: free ? 'free' : 'unpaid',
      amount,
      vat,
      currency: event.currency,
      reference,
      needsApproval: event.requires_approval,
      at: deps.now(),
    });
    const tickets = confirmed ? await issueTickets(tx, event, { id: registrationId, name: body.name, email: body.email, lines }) : [];
    if (confirmed) await tellTicketsSold(tx, event, { id: registrationId, name: body.name, lines });
    // The tickets go out by e-mail through the job queue once this commits, to an address that asked
    // for them; to any other, they wait for its owner to confirm it (a card payment is no relay: paid).
    const ticketMail = { held: heldTicketMail, key: { workspaceId: event.workspace_id, registrationId, kind: 'tickets' as const } };
    const mail: MailOutcome = !free
      ? 'sent'
      : confirmed
        ? await mailOrHold(tx, deps, body.email, ticketMail, { optIn: true })
        : await optInUnlessConfirmed(tx, deps, body.email);
    return { event, amount, reference, tickets, confirmed, mail };
  });
  if (placed.confirmed) {
    return {
      registration_id: registrationId,
      tickets: placed.tickets,
      authorization_url: null,
      reference: null,
      registration_status: 'confirmed' as const,
      mail: placed.mail,
    };
  }
  if (!placed.reference) {
    return {
      registration_id: registrationId,
      tickets: [],
      authorization_url: null,
      reference: null,
      registration_status: 'pending' as const,
      mail: placed.mail,
    };
  }
  const reference = placed.reference;
  try {
    const gateway = gatewayOrFail(deps);
    // The organiser's payout account, when they have one, is paid directly.
    const subaccount = (await payoutAccount(deps.db, placed.event.workspace_id)) ?? undefined;
    const started = await viaProvider(() =>
      gateway.initialize({
        email: body.email,
        amount: placed.amount,
        currency: placed.event.currency,
        reference,
        callbackUrl: `${deps.config.APP_ORIGIN}/marketplace/events/${encodeURIComponent(slug)}?reference=${encodeURIComponent(reference)}`,
        metadata: { event: placed.event.slug, workspace_id: placed.event.workspace_id, registration_id: registrationId },
        subaccount,
      }),
    );
    return {
      registration_id: registrationId,
      tickets: [],
      authorization_url: started.authorizationUrl,
      reference,
      registration_status: 'pending' as const,
      mail: placed.mail,
    };
  } catch (err) {
    await deps.db.transaction((tx) => failRegistration(tx, reference));
    throw err;
  }
}

/** The same type twice in one order counts as one line. */
function mergeLines(lines: TicketOrderInput['lines']) {
  const byType = new Map<string, number>();
  for (const l of lines) byType.set(l.ticket_type_id, (byType.get(l.ticket_type_id) ?? 0) + l.quantity);
  return [...byType].map(([ticket_type_id, quantity]) => ({ ticket_type_id, quantity }));
}

/**
 * Seats held unpaid for longer than HOLD_MINUTES (ANONYMOUS_HOLD_MINUTES when the buyer was not
 * signed in) go back on sale: the event page's own card checkouts and the marketplace checkouts'
 * registrations alike (a payment that still comes takes them again where they are left, or is
 * refunded).
 */
export async function releaseStaleHolds(tx: Queryable, ws: number, eventId: string, now: Date): Promise<void> {
  const stale = await tx.query<registrationsRepo.RegistrationRow>(
    `SELECT * FROM registrations WHERE workspace_id = $1 AND event_id = $2 AND payment_status = 'unpaid'
        AND (reference IS NOT NULL OR order_id IS NOT NULL)
        AND created_at < CASE WHEN user_id IS NULL THEN $3::timestamptz ELSE $4::timestamptz END ORDER BY id FOR UPDATE`,
    [ws, eventId, new Date(now.getTime() - ANONYMOUS_HOLD_MINUTES * 60_000), new Date(now.getTime() - HOLD_MINUTES * 60_000)],
  );
  for (const r of stale) await failRegistrationRow(tx, r);
}

/** A checkout that failed or was never started: its held seats go back on sale. */
async function failRegistration(tx: Queryable, reference: string): Promise<void> {
  const reg = await registrationsRepo.registrationByReference(tx, reference);
  if (reg) await failRegistrationRow(tx, reg);
}

async function failRegistrationRow(tx: Queryable, reg: registrationsRepo.RegistrationRow): Promise<void> {
  if (reg.payment_status !== 'unpaid') return;
  for (const line of reg.lines) await typesRepo.releaseTickets(tx, reg.workspace_id, line.ticket_type_id, line.quantity);
  await registrationsRepo.setRegistrationFailed(tx, reg.workspace_id, reg.id);
}

/**
 * A ticket checkout the card partner confirmed or refused (its signed webhook; call inside the
 * webhook's transaction). Paid in full: the held seats become signed tickets, once, and their
 * e-mail is queued; a registration waiting for approval keeps its seats and gets its tickets when
 * the organiser approves it. Refused: the seats go back on sale.
 */
export async function settleTicketPayment(tx: Queryable, t: VerifiedTransaction, now: Date): Promise<'handled' | 'duplicate' | 'ignored'> {
  const reg = await registrationsRepo.registrationByReference(tx, t.reference);
  if (!reg) return 'ignored';
  if (reg.payment_status === 'paid' || reg.payment_status === 'refunded') return 'duplicate';
  if (reg.payment_status === 'failed' && t.status === 'success' && t.amount > 0) {
    // The hold lapsed and its seats went back on sale before the money came: it goes back in full.
    await recordRefundDue(tx, { reference: t.reference, note: ticketRefundNotes.lateForHold });
    await registrationsRepo.setRegistrationRefunded(tx, reg.workspace_id, reg.id);
    return 'handled';
  }
  if (reg.payment_status !== 'unpaid') return 'ignored';
  if (t.status !== 'success' || t.amount < Number(reg.amount_cents) || t.currency !== reg.currency) {
    await failRegistration(tx, t.reference);
    return 'handled';
  }
  await registrationsRepo.setRegistrationPaid(tx, reg.workspace_id, reg.id, t.amount, t.paidAt ? new Date(t.paidAt) : now);
  if (reg.needs_approval) return 'handled';
  await issueTickets(tx, { workspace_id: reg.workspace_id, id: reg.event_id }, reg);
  await recordTicketMail(tx, { workspaceId: reg.workspace_id, registrationId: reg.id, kind: 'tickets' });
  await tellTicketsSold(tx, { workspace_id: reg.workspace_id, id: reg.event_id }, reg);
  return 'handled';
}

/**
 * Where a checkout stands, for the event page the buyer comes back to. A checkout still pending
 * here is asked of the card partner: a refused or abandoned one gives its seats back at once, a
 * paid one whose webhook has not arrived yet is settled now (the webhook then finds it done).
 */
export async function checkoutState(deps: AppDeps, slug: string, reference: string) {
  const state = async () => {
    const [row] = await deps.db.query<
      {
        payment_status: string;
        registration_status: string;
        tokens: string[] | null;
        amount_paid_cents: string | number;
        currency: string;
      } & StoredSaleVat
    >(
      `SELECT r.payment_status, r.registration_status, r.amount_paid_cents, r.currency, r.tax_rate_bp, r.tax_cents, r.tax_included, (SELECT array_agg(a.token ORDER BY a.created_at, a.id) FROM attendees a
                                   WHERE a.workspace_id = r.workspace_id AND a.registration_id = r.id) AS tokens
         FROM registrations r JOIN events e ON e.workspace_id = r.workspace_id AND e.id = r.event_id
        WHERE r.reference = $1 AND e.slug = $2`,
      [reference, slug],
    );
    if (!row) throw notFound('Checkout not found');
    const status = row.payment_status === 'paid' ? 'paid' : row.payment_status === 'unpaid' ? 'pending' : 'failed';
    return {
      status: status as 'paid' | 'pending' | 'failed',
      tickets: row.tokens ?? [],
      awaiting_approval: status === 'paid' && row.registration_status === 'pending',
      paid_cents: status === 'paid' ? Number(row.amount_paid_cents) : 0,
      currency: row.currency,
      vat: storedSaleVat(row),
    };
  };
  const first = await state();
  if (first.status !== 'pending') return first;
  const gateway = gatewayOrFail(deps);
  const verified = await viaProvider(() => gateway.verify(reference));
  if (verified.status === 'pending') return first;
  await deps.db.transaction((tx) => settleTicketPayment(tx, verified, deps.now()));
  return state();
}

export async function ticketByToken(deps: AppDeps, token: string): Promise<TicketView> {
  const row = await ticketsRepo.ticketByToken(deps.db, token);
  if (!row) throw new HttpError(404, eventMessages.ticketNotFound);
  return {
    id: row.id,
    event_title: row.event_title,
    event_slug: row.event_slug,
    start_date: row.start_date,
    start_time: row.start_time,
    location: row.location,
    ticket_type: row.ticket_type,
    holder: row.name,
    status: row.status,
    code: row.code,
  };
}
