import { randomUUID } from 'node:crypto';
import { addDays, addMinutes } from 'date-fns';
import type { z } from 'zod';
import { slotProblem, type AvailabilityRules, type SlotContext } from '../../../schema/bookings/booking-slots.js';
import {
  bookingMessages as msg,
  DEPOSIT_HOLD_MINUTES,
  appointmentChangeProblem,
  ownerRules,
  rulesFor,
  slotProblemMessages,
  staffAvailability,
  type AppointmentDto,
  type AppointmentStatus,
  type appointmentCreate,
  type appointmentPatch,
  type availabilityRules,
  type ServiceDto,
  type serviceCreate,
  type servicePatch,
  type staffCreate,
  type staffPatch,
  type StaffDto,
  type timeOffCreate,
} from '../../../schema/bookings/bookings.js';
import { withScope, type Queryable } from '../../db/db.js';
import type { AppDeps } from '../../deps.js';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors.js';
import type { Membership } from '../workspaces/membership.js';
import { recordBookingMail, recordMove } from './booking-mail.repo.js';
import * as appointmentsRepo from './appointments.repo.js';
import * as repo from './bookings.repo.js';
import * as depositsRepo from './deposits.repo.js';
import * as servicesRepo from './services.repo.js';
import * as staffRepo from './staff.repo.js';
import { paymentGateway } from '../../payments/payments.js';
import { recordRefundDue } from '../../payments/refunds-due.js';
import { sellerVat } from '../../payments/seller-vat.js';
import { saleVatOf } from '../../../schema/kit/vat.js';

/** A signed-in, active member of the workspace the request names. */
export interface OwnerCaller {
  userId: number;
  workspaceId: number;
  membership: Membership;
}

const manageMessage = 'Only the workspace owner or an admin can manage services and staff';

function scoped<T>(deps: AppDeps, c: OwnerCaller, fn: (q: Queryable) => Promise<T>): Promise<T> {
  return withScope(deps.db, { userId: c.userId, workspaceId: c.workspaceId }, fn);
}
function requireManager(c: OwnerCaller): void {
  if (c.membership.role !== 'owner' && c.membership.role !== 'admin') throw forbidden(manageMessage);
}

// ---- Rules ----

export async function getRules(deps: AppDeps, c: OwnerCaller) {
  return scoped(deps, c, async (q) => ({
    rules: await repo.workspaceRules(q, c.workspaceId),
    timezone: await repo.workspaceZone(q, c.workspaceId),
  }));
}

export async function putRules(deps: AppDeps, c: OwnerCaller, rules: z.output<typeof availabilityRules>) {
  requireManager(c);
  await scoped(deps, c, (q) => repo.putRules(q, c.workspaceId, rules, deps.now()));
  return getRules(deps, c);
}

// ---- Staff ----

export async function listStaff(deps: AppDeps, c: OwnerCaller) {
  return { staff: await scoped(deps, c, (q) => staffRepo.listStaff(q, c.workspaceId)) };
}

async function oneStaff(q: Queryable, ws: number, id: string): Promise<StaffDto> {
  const [staff] = await staffRepo.listStaff(q, ws, [id]);
  if (!staff) throw notFound(msg.staffNotFound);
  return staff;
}

export async function createStaff(deps: AppDeps, c: OwnerCaller, body: z.output<typeof staffCreate>): Promise<StaffDto> {
  requireManager(c);
  const id = randomUUID();
  return scoped(deps, c, async (q) => {
    await staffRepo.insertStaff(q, c.workspaceId, id, {
      name: body.name,
      email: body.email ?? null,
      hours: body.hours,
      active: body.active,
    });
    await staffRepo.setOffWeekdays(q, c.workspaceId, id, body.off_weekdays, randomUUID);
    return oneStaff(q, c.workspaceId, id);
  });
}

export async function updateStaff(deps: AppDeps, c: OwnerCaller, id: string, body: z.output<typeof staffPatch>): Promise<StaffDto> {
  requireManager(c);
  return scoped(deps, c, async (q) => {
    const found = await staffRepo.updateStaff(
      q,
      c.workspaceId,
      id,
      { name: body.name, email: body.email, hours: body.hours, active: body.active },
      deps.now(),
    );
    if (!found) throw notFound(msg.staffNotFound);
    if (body.off_weekdays) await staffRepo.setOffWeekdays(q, c.workspaceId, id, body.off_weekdays, randomUUID);
    return oneStaff(q, c.workspaceId, id);
  });
}

export async function addTimeOff(deps: AppDeps, c: OwnerCaller, staffId: string, body: z.output<typeof timeOffCreate>): Promise<StaffDto> {
  requireManager(c);
  return scoped(deps, c, async (q) => {
    await oneStaff(q, c.workspaceId, staffId);
    await staffRepo.insertTimeOff(q, c.workspaceId, {
      id: randomUUID(),
      staffId,
      start: body.start_at,
      end: body.end_at,
      reason: body.reason,
    });
    return oneStaff(q, c.workspaceId, staffId);
  });
}

export async function removeTimeOff(deps: AppDeps, c: OwnerCaller, staffId: string, timeOffId: string): Promise<StaffDto> {
  requireManager(c);
  return scoped(deps, c, async (q) => {
    await oneStaff(q, c.workspaceId, staffId);
    if (!(await staffRepo.deleteTimeOff(q, c.workspaceId, staffId, timeOffId))) throw notFound(msg.timeOffNotFound);
    return oneStaff(q, c.workspaceId, staffId);
  });
}

// ---- Services ----

export async function listServices(deps: AppDeps, c: OwnerCaller) {
  return { services: await scoped(deps, c, (q) => servicesRepo.listServices(q, c.workspaceId)) };
}

async function checkStaff(q: Queryable, ws: number, ids: readonly string[]): Promise<void> {
  const found = await servicesRepo.existingStaff(q, ws, ids);
  if (ids.some((id) => !found.has(id))) throw badRequest(msg.staffNotFound, { errors: { staff_ids: [msg.staffNotFound] } });
}

async function workspaceCurrency(q: Queryable, ws: number): Promise<string> {
  const [row] = await q.query<{ currency: string | null }>('SELECT currency FROM workspace_settings WHERE workspace_id = $1 AND id = 1', [
    ws,
  ]);
  return row?.currency ?? 'ZAR';
}

/** A deposit is paid by card: one asked for needs the card partner set up, and stays within the price. */
function checkDeposit(deps: AppDeps, s: { deposit_cents: number; price_cents: number }): void {
  if (s.deposit_cents > s.price_cents) throw badRequest(msg.depositAbovePrice, { errors: { deposit_cents: [msg.depositAbovePrice] } });
  if (s.deposit_cents > 0 && !paymentGateway(deps.config)) {
    throw badRequest(msg.depositNeedsPayments, { errors: { deposit_cents: [msg.depositNeedsPayments] } });
  }
}

export async function createService(deps: AppDeps, c: OwnerCaller, body: z.output<typeof serviceCreate>): Promise<ServiceDto> {
  requireManager(c);
  checkDeposit(deps, body);
  const id = randomUUID();
  return scoped(deps, c, async (q) => {
    await checkStaff(q, c.workspaceId, body.staff_ids);
    await servicesRepo.insertService(q, c.workspaceId, id, body, await workspaceCurrency(q, c.workspaceId));
    await servicesRepo.setServiceStaff(q, c.workspaceId, id, body.staff_ids);
    const created = await servicesRepo.findService(q, c.workspaceId, id);
    if (!created) throw notFound(msg.serviceNotFound);
    return created;
  });
}

export async function updateService(deps: AppDeps, c: OwnerCaller, id: string, body: z.output<typeof servicePatch>): Promise<ServiceDto> {
  requireManager(c);
  return scoped(deps, c, async (q) => {
    const current = await servicesRepo.findService(q, c.workspaceId, id);
    if (!current) throw notFound(msg.serviceNotFound);
    if (body.staff_ids) await checkStaff(q, c.workspaceId, body.staff_ids);
    const { staff_ids: staffIds, ...fields } = body;
    const next = { ...current, ...fields };
    if (body.deposit_cents !== undefined || body.price_cents !== undefined) checkDeposit(deps, next);
    await servicesRepo.updateService(q, c.workspaceId, id, next, deps.now());
    if (staffIds) await servicesRepo.setServiceStaff(q, c.workspaceId, id, staffIds);
    const updated = await servicesRepo.findService(q, c.workspaceId, id);
    if (!updated) throw notFound(msg.serviceNotFound);
    return updated;
  });
}

// ---- Slot checks shared by the diary and the public booking ----

/** Deposit holds made before this have lapsed: their slot is free again. */
export const holdsSince = (now: Date): Date => addMinutes(now, -DEPOSIT_HOLD_MINUTES);

/**
 * Takes a staff member's lock before a slot of theirs is checked and written, and lets their lapsed
 * deposit holds go, so what the check sees free the write can have. The diary's lock comes first,
 * as in every transaction that writes appointments (see `lockDiary`).
 */
export async function claimStaff(q: Queryable, ws: number, staffId: string, now: Date): Promise<void> {
  await appointmentsRepo.lockDiary(q, ws);
  await appointmentsRepo.lockStaff(q, staffId);
  await appointmentsRepo.lapseHolds(q, ws, staffId, holdsSince(now), msg.depositHoldEnded, now);
}

/** Everything the slot engine needs about one service around `start`, read in the caller's transaction. */
export async function slotContext(
  q: Queryable,
  ws: number,
  service: ServiceDto,
  staffIds: readonly string[],
  from: Date,
  to: Date,
  now: Date,
): Promise<{ ctx: SlotContext; rules: AvailabilityRules; busy: Array<{ id: string }> }> {
  const rules = rulesFor(await repo.workspaceRules(q, ws), service.availability);
  const zone = await repo.workspaceZone(q, ws);
  const staff = (await staffRepo.listStaff(q, ws, staffIds)).filter((s) => s.active);
  // Busy times a day either side: buffers and the daily limit look past the range's edges.
  const busy = await appointmentsRepo.busyTimes(q, ws, staffIds, addDays(from, -1), addDays(to, 1), holdsSince(now));
  return {
    ctx: { zone, now, duration_minutes: service.duration_minutes, rules, staff: staff.map(staffAvailability), busy },
    rules,
    busy,
  };
}

/** Refuses a start time the engine has a problem with, with the message the booking page shows. */
export function assertSlot(ctx: SlotContext, staffId: string, start: Date, ignore?: string): void {
  const problem = slotProblem(ctx, staffId, start, ignore ? (b) => 'id' in b && b.id === ignore : undefined);
  if (problem) throw conflict(slotProblemMessages[problem], { errors: { start_at: [slotProblemMessages[problem]] } });
}

// ---- The diary ----

export async function listAppointments(deps: AppDeps, c: OwnerCaller, from: string, to: string, staffId?: string) {
  return scoped(deps, c, async (q) => {
    const zone = await repo.workspaceZone(q, c.workspaceId);
    // Local days widened by a day each side, so every zone's day fits; the app shows them in the zone.
    const start = addDays(new Date(`${from}T00:00:00Z`), -1);
    const end = addDays(new Date(`${to}T00:00:00Z`), 2);
    return { appointments: await appointmentsRepo.appointmentsBetween(q, c.workspaceId, start, end, staffId), timezone: zone };
  });
}

async function oneAppointment(q: Queryable, ws: number, id: string): Promise<AppointmentDto> {
  const found = await appointmentsRepo.findAppointment(q, ws, id);
  if (!found) throw notFound(msg.appointmentNotFound);
  return found;
}

/** The owner books someone in (a phone or walk-in customer), under the owner's rules (`ownerRules`). */
export async function createAppointment(deps: AppDeps, c: OwnerCaller, body: z.output<typeof appointmentCreate>): Promise<AppointmentDto> {
  const id = randomUUID();
  const start = new Date(body.start_at);
  return scoped(deps, c, async (q) => {
    const service = await servicesRepo.findService(q, c.workspaceId, body.service_id);
    if (!service) throw notFound(msg.serviceNotFound);
    if (!service.staff_ids.includes(body.staff_id))
      throw badRequest(msg.staffNotOnService, { errors: { staff_id: [msg.staffNotOnService] } });
    await claimStaff(q, c.workspaceId, body.staff_id, deps.now());
    const { ctx } = await slotContext(q, c.workspaceId, service, [body.staff_id], start, start, deps.now());
    assertSlot({ ...ctx, rules: ownerRules(ctx.rules) }, body.staff_id, start);
    await appointmentsRepo.insertAppointment(q, {
      ws: c.workspaceId,
      id,
      serviceId: service.id,
      staffId: body.staff_id,
      start,
      end: addMinutes(start, service.duration_minutes),
      duration: service.duration_minutes,
      priceCents: service.price_cents,
      currency: service.currency,
      status: 'confirmed',
      source: 'owner',
      name: body.customer_name,
      email: body.customer_email ?? '',
      phone: body.customer_phone ?? '',
      vat: saleVatOf(await sellerVat(q, c.workspaceId), service.price_cents),
    });
    await afterAppointmentChange(
      q,
      c.workspaceId,
      id,
      undefined,
      { status: 'confirmed', start_at: body.start_at, customer_email: body.customer_email },
      deps.now(),
    );
    return oneAppointment(q, c.workspaceId, id);
  });
}

export async function updateAppointment(
  deps: AppDeps,
  c: OwnerCaller,
  id: string,
  body: z.output<typeof appointmentPatch>,
): Promise<AppointmentDto> {
  return scoped(deps, c, async (q) => {
    await appointmentsRepo.lockDiary(q, c.workspaceId);
    const current = await oneAppointment(q, c.workspaceId, id);
    const problem = appointmentChangeProblem(
      { status: current.status, start_at: current.start_at, consultant_id: current.staff_id },
      {
        status: body.status ?? current.status,
        start_at: body.start_at ?? current.start_at,
        consultant_id: body.staff_id ?? current.staff_id,
      },
    );
    if (problem) throw conflict(problem);
    const moving =
      (body.start_at !== undefined && body.start_at !== current.start_at) ||
      (body.staff_id !== undefined && body.staff_id !== current.staff_id);
    let start: Date | undefined;
    let end: Date | undefined;
    if (moving) {
      const service = await servicesRepo.findService(q, c.workspaceId, current.service_id);
      if (!service) throw notFound(msg.serviceNotFound);
      const staffId = body.staff_id ?? current.staff_id;
      if (!service.staff_ids.includes(staffId)) throw badRequest(msg.staffNotOnService, { errors: { staff_id: [msg.staffNotOnService] } });
      start = new Date(body.start_at ?? current.start_at);
      end = addMinutes(start, current.duration_minutes);
      await claimStaff(q, c.workspaceId, staffId, deps.now());
      const { ctx } = await slotContext(q, c.workspaceId, service, [staffId], start, start, deps.now());
      assertSlot({ ...ctx, rules: ownerRules(ctx.rules) }, staffId, start, id);
    }
    await appointmentsRepo.updateAppointment(
      q,
      c.workspaceId,
      id,
      { start, end, staffId: moving ? body.staff_id : undefined, status: body.status, cancelReason: body.cancel_reason },
      deps.now(),
    );
    await afterAppointmentChange(
      q,
      c.workspaceId,
      id,
      current,
      { status: body.status ?? current.status, start_at: start?.toISOString() ?? current.start_at },
      deps.now(),
    );
    return oneAppointment(q, c.workspaceId, id);
  });
}

/** What the mails and refunds of a change need to know of an appointment before and after it. */
export interface AppointmentState {
  status: AppointmentStatus;
  start_at: string;
  payment_status: 'unpaid' | 'paid' | 'refunded';
  customer_email: string;
}

/**
 * What follows a change the business made to an appointment, in the diary online or on a device
 * that synced it later: a cancelled booking's paid deposit goes back to the customer's card and
 * the customer is told; a booking moved to another time is mailed the new time and its reminders
 * follow it. A new booking with an e-mail address gets its confirmation.
 */
export async function afterAppointmentChange(
  q: Queryable,
  ws: number,
  id: string,
  before: AppointmentState | undefined,
  after: Pick<AppointmentState, 'status' | 'start_at'> & Partial<AppointmentState>,
  now: Date,
): Promise<void> {
  if (!before) {
    if (after.status !== 'cancelled' && after.customer_email)
      await recordBookingMail(q, { workspaceId: ws, appointmentId: id, kind: 'confirmation' });
    return;
  }
  if (after.status === 'cancelled' && before.status !== 'cancelled') {
    if (before.payment_status === 'paid') {
      // The business cancels: a deposit paid online goes back to the customer's card.
      const reference = await depositsRepo.paymentReferenceOf(q, ws, id);
      if (reference) {
        await recordRefundDue(q, { reference, note: 'Booking cancelled by the business' });
        await depositsRepo.setDepositRefunded(q, ws, id, now);
      }
    }
    if (before.customer_email) await recordBookingMail(q, { workspaceId: ws, appointmentId: id, kind: 'cancelled' });
  } else if (Date.parse(after.start_at) !== Date.parse(before.start_at) && before.customer_email) {
    // Moved to another time: the customer hears of it, and the reminders follow the new time.
    await recordMove(q, { workspaceId: ws, appointmentId: id });
  }
}
