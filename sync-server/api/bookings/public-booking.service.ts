import { randomBytes, randomUUID } from 'node:crypto';
import { addDays, addMinutes } from 'date-fns';
import type { z } from 'zod';
import { freeSlots, slotProblem, withinCancelCutoff, type AvailabilityRules } from '../../../schema/bookings/booking-slots.js';
import {
  BOOKING_REFERENCE_PREFIX,
  bookingMessages as msg,
  ruleOverrides,
  rulesFor,
  slotProblemMessages,
  type bookingCancel,
  type bookingCreate,
  type bookingReschedule,
} from '../../../schema/bookings/bookings.js';
import { noCountryDefaults } from '../../../schema/kit/countries.js';
import type { Db, Queryable, Transaction } from '../../db/db.js';
import type { AppDeps } from '../../deps.js';
import { signingKey } from '../../http/auth-context.js';
import { conflict, notFound } from '../../http/errors.js';
import type { VerifiedTransaction } from '../../payments/gateway.js';
import { paymentGateway } from '../../payments/payments.js';
import { recordRefundDue } from '../../payments/refunds-due.js';
import { sellerVat, storedSaleVat } from '../../payments/seller-vat.js';
import { saleVatOf } from '../../../schema/kit/vat.js';
import { gatewayOrFail, viaProvider } from '../billing/billing.service.js';
import { payoutAccount } from '../marketplace/index.js';
import { recordBookingMail, recordMove, type BookingMailKey } from './booking-mail.repo.js';
import { tellBooking } from './booking-news.js';
import { boundPublicBooking } from './booking-holds.js';
import type { MailOutcome } from '../../../schema/mail/mail-consent.js';
import { mailConfirmed, mailOrHold } from '../../mail/consent.js';
import { heldBookingMail } from './booking-mail.held.js';
import { enforceMailLimits } from '../../mail/mail-limits.js';
import { appointmentOfToken, bookingToken, type BookingRef } from './booking-token.js';
import * as appointmentsRepo from './appointments.repo.js';
import * as repo from './bookings.repo.js';
import * as depositsRepo from './deposits.repo.js';
import * as publicRepo from './public-bookings.repo.js';
import * as servicesRepo from './services.repo.js';
import * as staffRepo from './staff.repo.js';
import { claimStaff, holdsSince, slotContext } from './bookings.service.js';

/** Customers' side of booking (issue 20): browse, see free slots, book, and cancel by their link. */

const zoneOf = (row: { timezone: string | null }) => row.timezone ?? noCountryDefaults.timezone;

function publicDto(r: publicRepo.PublicServiceRow) {
  const s = servicesRepo.serviceDtoOf(r);
  return {
    id: s.id,
    title: s.title,
    description: s.description,
    price_cents: s.price_cents,
    currency: s.currency,
    duration_minutes: s.duration_minutes,
    category: s.category,
    featured: s.featured,
    deposit_cents: s.deposit_cents,
    business: r.business,
    workspace_id: r.workspace_id,
  };
}

export async function publicServices(deps: AppDeps, storefront: string | undefined, q: string | undefined) {
  return { services: (await publicRepo.publicServices(deps.db, storefront, q)).map(publicDto) };
}

async function bookableService(deps: AppDeps, id: string): Promise<publicRepo.PublicServiceRow> {
  const row = await publicRepo.publicService(deps.db, id);
  if (!row) throw notFound(msg.serviceNotFound);
  return row;
}

export async function publicService(deps: AppDeps, id: string) {
  const row = await bookableService(deps, id);
  const service = servicesRepo.serviceDtoOf(row);
  const staff = (await staffRepo.listStaff(deps.db, row.workspace_id, service.staff_ids)).filter((s) => s.active);
  const rules = rulesFor(await repo.workspaceRules(deps.db, row.workspace_id), service.availability);
  return {
    ...publicDto(row),
    timezone: zoneOf(row),
    staff: staff.map((s) => ({ id: s.id, name: s.name })),
    cancel_cutoff_hours: rules.cancel_cutoff_hours,
  };
}

export async function publicSlots(deps: AppDeps, id: string, from: string, to: string) {
  const row = await bookableService(deps, id);
  const service = servicesRepo.serviceDtoOf(row);
  const { ctx } = await slotContext(
    deps.db,
    row.workspace_id,
    service,
    service.staff_ids,
    new Date(`${from}T00:00:00Z`),
    addDays(new Date(`${to}T00:00:00Z`), 1),
    deps.now(),
  );
  const slots = freeSlots(ctx, from, to).map((s) => ({
    start_at: s.start.toISOString(),
    end_at: s.end.toISOString(),
    staff_ids: s.staff_ids,
  }));
  return { timezone: ctx.zone, slots };
}

/** With several staff refusing, the customer hears the reason closest to "someone works then". */
const problemRank = ['not_free', 'in_buffer', 'daily_limit', 'min_notice', 'beyond_horizon', 'outside_hours', 'not_working'] as const;

/**
 * The staff member who takes `start`: the first of `candidates` free then, each checked under their
 * lock so that of many requests for one slot exactly one sees it free (the unique start per staff
 * member is the database's own backstop). `moving` is the appointment being moved, which does not
 * stand in its own way. None free: the reason closest to "someone works then", as a conflict.
 */
async function takeSlot(
  deps: AppDeps,
  tx: Transaction,
  row: publicRepo.PublicServiceRow,
  candidates: readonly string[],
  start: Date,
  moving?: string,
): Promise<string> {
  const service = servicesRepo.serviceDtoOf(row);
  let firstProblem: ReturnType<typeof slotProblem> = null;
  for (const staffId of candidates) {
    await claimStaff(tx, row.workspace_id, staffId, deps.now());
    const { ctx } = await slotContext(tx, row.workspace_id, service, [staffId], start, start, deps.now());
    const problem = slotProblem(ctx, staffId, start, moving ? (b) => 'id' in b && b.id === moving : undefined);
    if (!problem) return staffId;
    if (firstProblem === null || problemRank.indexOf(problem) < problemRank.indexOf(firstProblem)) firstProblem = problem;
  }
  const problem = firstProblem ?? 'outside_hours';
  throw conflict(slotProblemMessages[problem], { errors: { start_at: [slotProblemMessages[problem]] } });
}

/**
 * Books a slot, with the named staff member or the first one free. A service with a deposit holds
 * the slot as pending while the customer pays on the card partner's page (`authorization_url`); the
 * confirmation goes out when the payment is confirmed, and a hold left unpaid lapses after
 * DEPOSIT_HOLD_MINUTES. Without a deposit the booking is confirmed at once. One network address
 * and one e-mail address can only book so much (booking-holds.ts).
 */
export async function book(deps: AppDeps, serviceId: string, body: z.output<typeof bookingCreate>, address: string) {
  const start = new Date(body.start_at);
  const id = randomUUID();
  const placed = await deps.db.transaction(async (tx) => {
    const row = await publicRepo.publicService(tx, serviceId);
    if (!row) throw notFound(msg.serviceNotFound);
    // The booking mails an address the caller typed: it counts against the third-party mail limits first.
    await enforceMailLimits(tx, deps, { source: address, recipient: body.customer_email, workspaceId: row.workspace_id });
    const service = servicesRepo.serviceDtoOf(row);
    if (body.staff_id && !service.staff_ids.includes(body.staff_id)) throw conflict(msg.staffNotOnService);
    const deposit = service.deposit_cents > 0 ? { cents: service.deposit_cents, reference: newReference() } : undefined;
    if (deposit && !paymentGateway(deps.config)) throw conflict(msg.depositNeedsPayments);
    const staffId = await takeSlot(deps, tx, row, body.staff_id ? [body.staff_id] : service.staff_ids, start);
    await boundPublicBooking(deps, tx, {
      ws: row.workspace_id,
      business: row.business,
      email: body.customer_email,
      address,
      holdsSince: holdsSince(deps.now()),
    });
    await appointmentsRepo.insertAppointment(tx, {
      ws: row.workspace_id,
      id,
      serviceId,
      staffId,
      start,
      end: addMinutes(start, service.duration_minutes),
      duration: service.duration_minutes,
      priceCents: service.price_cents,
      currency: service.currency,
      status: deposit ? 'pending' : 'confirmed',
      source: 'online',
      name: body.customer_name,
      email: body.customer_email,
      phone: body.customer_phone,
      deposit,
      // The VAT is fixed on the booking now: a later change of the settings leaves it as booked.
      vat: saleVatOf(await sellerVat(tx, row.workspace_id), service.price_cents),
    });
    // Without a deposit: confirmed now, mailed to an address that asked for it (else it waits for the
    // address to be confirmed). With one, the card payment's settlement mails it (a payment is no relay).
    const confirmation = {
      held: heldBookingMail,
      key: { workspaceId: row.workspace_id, appointmentId: id, kind: 'confirmation' as const },
    };
    const mail: MailOutcome = deposit ? 'sent' : await mailOrHold(tx, deps, body.customer_email, confirmation, { optIn: true });
    if (!deposit) await tellBooking(tx, 'booking_made', { ws: row.workspace_id, id });
    return { deposit, currency: service.currency, workspaceId: row.workspace_id, mail };
  });
  const token = bookingToken(await signingKey(deps), placed.workspaceId, id);
  let authorizationUrl: string | null = null;
  if (placed.deposit) {
    const reference = placed.deposit.reference;
    try {
      const gateway = gatewayOrFail(deps);
      // The business's payout account, when it has one, takes the deposit directly.
      const subaccount = (await payoutAccount(deps.db, placed.workspaceId)) ?? undefined;
      const started = await viaProvider(() =>
        gateway.initialize({
          email: body.customer_email,
          amount: placed.deposit?.cents ?? 0,
          currency: placed.currency,
          reference,
          callbackUrl: `${deps.config.APP_ORIGIN}/marketplace/services/bookings/${token}`,
          metadata: { workspace_id: placed.workspaceId, appointment_id: id },
          subaccount,
        }),
      );
      authorizationUrl = started.authorizationUrl;
    } catch (err) {
      // No payment page, no hold: the time is free again at once.
      await deps.db.transaction((tx) => endHold(tx, placed.workspaceId, id, deps.now()));
      throw err;
    }
  }
  return { ...(await bookingView(deps, { ws: placed.workspaceId, id })), token, authorization_url: authorizationUrl, mail: placed.mail };
}

const newReference = () => `${BOOKING_REFERENCE_PREFIX}${randomBytes(12).toString('hex')}`;

async function endHold(tx: Queryable, ws: number, id: string, now: Date): Promise<void> {
  await appointmentsRepo.lockDiary(tx, ws);
  await appointmentsRepo.updateAppointment(tx, ws, id, { status: 'cancelled', cancelReason: msg.depositHoldEnded }, now);
}

/** A paid deposit is owed back (the customer cancelled in time, or the hold lapsed before it came). */
async function refundDeposit(tx: Queryable, ws: number, id: string, reference: string, note: string, now: Date): Promise<void> {
  await recordRefundDue(tx, { reference, note });
  await depositsRepo.setDepositRefunded(tx, ws, id, now);
}

/**
 * A deposit the card partner confirmed or refused (its signed webhook, or the customer's return to
 * their booking; call in one transaction). Paid in full while the hold stands: the booking is
 * confirmed, once, and its confirmation mailed. Paid after the hold lapsed and its time was let go:
 * the deposit is owed back. Refused: the hold ends and the time is free.
 */
export async function settleBookingDeposit(tx: Queryable, t: VerifiedTransaction, now: Date): Promise<'handled' | 'duplicate' | 'ignored'> {
  const ws = await depositsRepo.workspaceOfReference(tx, t.reference);
  if (ws === undefined) return 'ignored';
  await appointmentsRepo.lockDiary(tx, ws);
  const hold = await depositsRepo.holdByReference(tx, t.reference);
  if (!hold) return 'ignored';
  if (hold.payment_status !== 'unpaid') return 'duplicate';
  const paid = t.status === 'success' && t.amount >= Number(hold.deposit_cents) && t.currency === hold.currency;
  if (!paid) {
    if (hold.status === 'pending') await endHold(tx, hold.workspace_id, hold.id, now);
    return 'handled';
  }
  if (hold.status !== 'pending') {
    await refundDeposit(tx, hold.workspace_id, hold.id, t.reference, msg.depositLate, now);
    return 'handled';
  }
  await depositsRepo.setDepositPaid(tx, hold.workspace_id, hold.id, t.amount, now);
  await recordBookingMail(tx, { workspaceId: hold.workspace_id, appointmentId: hold.id, kind: 'confirmation' });
  await tellBooking(tx, 'booking_made', { ws: hold.workspace_id, id: hold.id });
  return 'handled';
}

/** Lets every lapsed deposit hold go (the booking sweep), one workspace's diary at a time; how many. */
export async function lapseDepositHolds(db: Db, now: Date): Promise<number> {
  const since = holdsSince(now);
  let lapsed = 0;
  for (const ws of await appointmentsRepo.workspacesWithLapsedHolds(db, since)) {
    lapsed += await db.transaction(async (tx) => {
      await appointmentsRepo.lockDiary(tx, ws);
      return appointmentsRepo.lapseWorkspaceHolds(tx, ws, since, msg.depositHoldEnded, now);
    });
  }
  return lapsed;
}

async function bookingView(deps: AppDeps, ref: BookingRef) {
  const a = await publicRepo.publicAppointment(deps.db, ref);
  if (!a) throw notFound(msg.bookingNotFound);
  const rules = await rulesOfAppointment(deps.db, a);
  const start = new Date(a.start_at);
  return {
    id: a.id,
    service_title: a.service_title,
    business: a.business,
    staff_name: a.staff_name,
    start_at: start.toISOString(),
    end_at: new Date(a.end_at).toISOString(),
    timezone: zoneOf(a),
    status: a.status,
    customer_name: a.customer_name,
    service_id: a.service_id,
    can_cancel: changeable(a, rules, deps.now()),
    can_reschedule: changeable(a, rules, deps.now()),
    cancel_cutoff_hours: rules.cancel_cutoff_hours,
    payment_status: a.payment_status,
    deposit_cents: Number(a.deposit_cents),
    paid_cents: Number(a.paid_cents),
    currency: a.currency,
    cancel_reason: a.cancel_reason,
    mail_held: mailWaits(a) && !(await mailConfirmed(deps.db, a.customer_email)),
    price_cents: Number(a.price_cents),
    vat: storedSaleVat(a),
  };
}

/** The customer may still cancel or move a booking: live, and before the cut-off. */
function changeable(a: publicRepo.TokenAppointment, rules: Pick<AvailabilityRules, 'cancel_cutoff_hours'>, now: Date): boolean {
  return (a.status === 'pending' || a.status === 'confirmed') && withinCancelCutoff(new Date(a.start_at), now, rules);
}

async function rulesOfAppointment(q: Queryable, a: publicRepo.TokenAppointment): Promise<AvailabilityRules> {
  const overrides = ruleOverrides.safeParse(a.availability ?? {});
  return rulesFor(await repo.workspaceRules(q, a.workspace_id), overrides.success ? overrides.data : {});
}

async function appointmentOf(deps: AppDeps, token: string): Promise<BookingRef> {
  const ref = appointmentOfToken(await signingKey(deps), token);
  if (!ref) throw notFound(msg.bookingNotFound);
  return ref;
}

/**
 * The customer's booking by their link. One still waiting for its deposit (the customer is back from
 * the card page before the webhook) is asked of the card partner and settled now; the webhook then
 * finds it done.
 */
export async function bookingByToken(deps: AppDeps, token: string) {
  const ref = await appointmentOf(deps, token);
  const a = await publicRepo.publicAppointment(deps.db, ref);
  if (a?.status === 'pending' && a.payment_status === 'unpaid' && a.payment_reference && paymentGateway(deps.config)) {
    const reference = a.payment_reference;
    const verified = await viaProvider(() => gatewayOrFail(deps).verify(reference));
    if (verified.status !== 'pending') await deps.db.transaction((tx) => settleBookingDeposit(tx, verified, deps.now()));
  }
  return bookingView(deps, ref);
}

/** A booking read under its diary's lock, for a change by its customer (see `appointmentsRepo.lockDiary`). */
async function lockedAppointment(tx: Queryable, ref: BookingRef): Promise<publicRepo.TokenAppointment | undefined> {
  const ws = ref.ws ?? (await publicRepo.publicAppointment(tx, ref))?.workspace_id;
  if (ws === undefined) return undefined;
  await appointmentsRepo.lockDiary(tx, ws);
  return publicRepo.publicAppointment(tx, { ws, id: ref.id });
}

/**
 * Whether mail about a booking waits for its address to be confirmed: an online booking with no
 * card payment. A paid deposit is no relay, and a booking the business made was mailed on its word.
 */
const mailWaits = (a: Pick<publicRepo.TokenAppointment, 'source' | 'payment_status'>) =>
  a.source === 'online' && a.payment_status === 'unpaid';

/**
 * A change through the booking's link mails the customer: at once where the confirmation went out
 * at once (see `mailWaits`), else only to a confirmed address, held until then like the confirmation.
 */
async function mailOrHoldUnlessPaid(
  tx: Queryable,
  deps: AppDeps,
  a: publicRepo.TokenAppointment,
  key: BookingMailKey,
  send?: () => Promise<void>,
): Promise<void> {
  if (!mailWaits(a)) {
    await (send ? send() : recordBookingMail(tx, key));
    return;
  }
  await mailOrHold(tx, deps, a.customer_email, { held: heldBookingMail, key }, { optIn: false, send });
}

/** The customer cancels through their link, until the cut-off; after it, only the business can. */
export async function cancelByToken(deps: AppDeps, token: string, body: z.output<typeof bookingCancel>) {
  const ref = await appointmentOf(deps, token);
  await deps.db.transaction(async (tx) => {
    const a = await lockedAppointment(tx, ref);
    if (!a) throw notFound(msg.bookingNotFound);
    const id = a.id;
    if (a.status === 'cancelled') throw conflict(msg.alreadyCancelled);
    if (!changeable(a, await rulesOfAppointment(tx, a), deps.now())) throw conflict(msg.cancelCutoff);
    await appointmentsRepo.updateAppointment(
      tx,
      a.workspace_id,
      id,
      { status: 'cancelled', cancelReason: body.reason || 'Cancelled by the customer' },
      deps.now(),
    );
    // Cancelled within the cut-off: a paid deposit goes back.
    if (a.payment_status === 'paid' && a.payment_reference) {
      await refundDeposit(tx, a.workspace_id, id, a.payment_reference, 'Booking cancelled by the customer in time', deps.now());
    }
    const cancelled = { workspaceId: a.workspace_id, appointmentId: id, kind: 'cancelled' as const };
    if (a.customer_email) await mailOrHoldUnlessPaid(tx, deps, a, cancelled);
    await tellBooking(tx, 'booking_cancelled', { ws: a.workspace_id, id });
  });
  return bookingView(deps, ref);
}

/**
 * The customer moves their booking to another free slot of the same service through their link,
 * until the cut-off (as for cancelling). The new slot is checked as a new booking is, under the
 * staff member's lock; the customer is mailed the new time and the reminders follow it.
 */
export async function rescheduleByToken(deps: AppDeps, token: string, body: z.output<typeof bookingReschedule>) {
  const ref = await appointmentOf(deps, token);
  const start = new Date(body.start_at);
  await deps.db.transaction(async (tx) => {
    const a = await lockedAppointment(tx, ref);
    if (!a) throw notFound(msg.bookingNotFound);
    const id = a.id;
    if (a.status === 'cancelled') throw conflict(msg.alreadyCancelled);
    if (!changeable(a, await rulesOfAppointment(tx, a), deps.now())) throw conflict(msg.rescheduleCutoff);
    const row = await publicRepo.publicService(tx, a.service_id);
    if (!row) throw conflict(msg.notBookable);
    const staffIds = servicesRepo.serviceDtoOf(row).staff_ids;
    if (body.staff_id && !staffIds.includes(body.staff_id)) throw conflict(msg.staffNotOnService);
    const staying = !body.staff_id || body.staff_id === a.consultant_id;
    if (staying && start.getTime() === new Date(a.start_at).getTime()) {
      throw conflict(msg.sameTime, { errors: { start_at: [msg.sameTime] } });
    }
    // With no one named, the same person first if they are free then.
    const candidates = body.staff_id ? [body.staff_id] : [a.consultant_id, ...staffIds.filter((s) => s !== a.consultant_id)];
    const staffId = await takeSlot(deps, tx, row, candidates, start, id);
    const end = addMinutes(start, a.duration_minutes);
    await appointmentsRepo.updateAppointment(tx, a.workspace_id, id, { start, end, staffId }, deps.now());
    if (a.customer_email) {
      const moved = { workspaceId: a.workspace_id, appointmentId: id, kind: 'rescheduled' as const };
      const send = () => recordMove(tx, moved);
      await mailOrHoldUnlessPaid(tx, deps, a, moved, send);
    }
  });
  return bookingView(deps, ref);
}
