import { randomUUID } from 'node:crypto';
import { addDays, addMinutes } from 'date-fns';
import type { z } from 'zod';
import { slotProblem, type AvailabilityRules, type SlotContext } from '../../../schema/booking-slots.js';
import {
  bookingMessages as msg,
  DEPOSIT_HOLD_MINUTES,
  nextAppointmentStatuses,
  rulesFor,
  slotProblemMessages,
  type AppointmentDto,
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
} from '../../../schema/bookings.js';
import { withScope, type Queryable } from '../../db/db.js';
import type { AppDeps } from '../../deps.js';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors.js';
import type { Membership } from '../workspaces/membership.js';
import { recordBookingMail, recordMove } from './booking-mail.repo.js';
import * as repo from './bookings.repo.js';
import { paymentGateway } from '../../payments/payments.js';
import { recordRefundDue } from '../../payments/refunds-due.js';

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
  return { staff: await scoped(deps, c, (q) => repo.listStaff(q, c.workspaceId)) };
}

async function oneStaff(q: Queryable, ws: number, id: string): Promise<StaffDto> {
  const [staff] = await repo.listStaff(q, ws, [id]);
  if (!staff) throw notFound(msg.staffNotFound);
  return staff;
}

export async function createStaff(deps: AppDeps, c: OwnerCaller, body: z.output<typeof staffCreate>): Promise<StaffDto> {
  requireManager(c);
  const id = randomUUID();
  return scoped(deps, c, async (q) => {
    await repo.insertStaff(q, c.workspaceId, id, { name: body.name, email: body.email ?? null, hours: body.hours, active: body.active });
    await repo.setOffWeekdays(q, c.workspaceId, id, body.off_weekdays, randomUUID);
    return oneStaff(q, c.workspaceId, id);
  });
}

export async function updateStaff(deps: AppDeps, c: OwnerCaller, id: string, body: z.output<typeof staffPatch>): Promise<StaffDto> {
  requireManager(c);
  return scoped(deps, c, async (q) => {
    const found = await repo.updateStaff(
      q,
      c.workspaceId,
      id,
      { name: body.name, email: body.email, hours: body.hours, active: body.active },
      deps.now(),
    );
    if (!found) throw notFound(msg.staffNotFound);
    if (body.off_weekdays) await repo.setOffWeekdays(q, c.workspaceId, id, body.off_weekdays, randomUUID);
    return oneStaff(q, c.workspaceId, id);
  });
}

export async function addTimeOff(deps: AppDeps, c: OwnerCaller, staffId: string, body: z.output<typeof timeOffCreate>): Promise<StaffDto> {
  requireManager(c);
  return scoped(deps, c, async (q) => {
    await oneStaff(q, c.workspaceId, staffId);
    await repo.insertTimeOff(q, c.workspaceId, { id: randomUUID(), staffId, start: body.start_at, end: body.end_at, reason: body.reason });
    return oneStaff(q, c.workspaceId, staffId);
  });
}

export async function removeTimeOff(deps: AppDeps, c: OwnerCaller, staffId: string, timeOffId: string): Promise<StaffDto> {
  requireManager(c);
  return scoped(deps, c, async (q) => {
    await oneStaff(q, c.workspaceId, staffId);
    if (!(await repo.deleteTimeOff(q, c.workspaceId, staffId, timeOffId))) throw notFound(msg.timeOffNotFound);
    return oneStaff(q, c.workspaceId, staffId);
  });
}

// ---- Services ----

export async function listServices(deps: AppDeps, c: OwnerCaller) {
  return { services: await scoped(deps, c, (q) => repo.listServices(q, c.workspaceId)) };
}

async function checkStaff(q: Queryable, ws: number, ids: readonly string[]): Promise<void> {
  const found = await repo.existingStaff(q, ws, ids);
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
    await repo.insertService(q, c.workspaceId, id, body, await workspaceCurrency(q, c.workspaceId));
    await repo.setServiceStaff(q, c.workspaceId, id, body.staff_ids);
    const created = await repo.findService(q, c.workspaceId, id);
    if (!created) throw notFound(msg.serviceNotFound);
    return created;
  });
}

export async function updateService(deps: AppDeps, c: OwnerCaller, id: string, body: z.output<typeof servicePatch>): Promise<ServiceDto> {
  requireManager(c);
  return scoped(deps, c, async (q) => {
    const current = await repo.findService(q, c.workspaceId, id);
    if (!current) throw notFound(msg.serviceNotFound);
    if (body.staff_ids) await checkStaff(q, c.workspaceId, body.staff_ids);
    const { staff_ids: staffIds, ...fields } = body;
    const next = { ...current, ...fields };
    if (body.deposit_cents !== undefined || body.price_cents !== undefined) checkDeposit(deps, next);
    await repo.updateService(q, c.workspaceId, id, next, deps.now());
    if (staffIds) await repo.setServiceStaff(q, c.workspaceId, id, staffIds);
    const updated = await repo.findService(q, c.workspaceId, id);
    if (!updated) throw notFound(msg.serviceNotFound);
    return updated;
  });
}

// ---- Slot checks shared by the diary and the public booking ----

/** Deposit holds made before this have lapsed: their slot is free again. */
export const holdsSince = (now: Date): Date => addMinutes(now, -DEPOSIT_HOLD_MINUTES);

/**
 * Takes a staff member's lock before a slot of theirs is checked and written, and lets their lapsed
 * deposit holds go, so what the check sees free the write can have.
 */
export async function claimStaff(q: Queryable, ws: number, staffId: string, now: Date): Promise<void> {
  await repo.lockStaff(q, staffId);
  await repo.lapseHolds(q, ws, staffId, holdsSince(now), msg.depositHoldEnded, now);
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
  const staff = (await repo.listStaff(q, ws, staffIds)).filter((s) => s.active);
  // Busy times a day either side: buffers and the daily limit look past the range's edges.
  const busy = await repo.busyTimes(q, ws, staffIds, addDays(from, -1), addDays(to, 1), holdsSince(now));
  return {
    ctx: { zone, now, duration_minutes: service.duration_minutes, rules, staff: staff.map(repo.availabilityOf), busy },
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
    return { appointments: await repo.appointmentsBetween(q, c.workspaceId, start, end, staffId), timezone: zone };
  });
}

async function oneAppointment(q: Queryable, ws: number, id: string): Promise<AppointmentDto> {
  const found = await repo.findAppointment(q, ws, id);
  if (!found) throw notFound(msg.appointmentNotFound);
  return found;
}

/**
 * The owner books someone in (a phone or walk-in customer). The same rules as online, except the
 * minimum notice and horizon, which are for customers: the owner may book the next free minute.
 */
export async function createAppointment(deps: AppDeps, c: OwnerCaller, body: z.output<typeof appointmentCreate>): Promise<AppointmentDto> {
  const id = randomUUID();
  const start = new Date(body.start_at);
  return scoped(deps, c, async (q) => {
    const service = await repo.findService(q, c.workspaceId, body.service_id);
    if (!service) throw notFound(msg.serviceNotFound);
    if (!service.staff_ids.includes(body.staff_id))
      throw badRequest(msg.staffNotOnService, { errors: { staff_id: [msg.staffNotOnService] } });
    await claimStaff(q, c.workspaceId, body.staff_id, deps.now());
    const { ctx } = await slotContext(q, c.workspaceId, service, [body.staff_id], start, start, deps.now());
    assertSlot({ ...ctx, rules: { ...ctx.rules, min_notice_minutes: -ownerSlack, horizon_days: 3650 } }, body.staff_id, start);
    await repo.insertAppointment(q, {
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
    });
    if (body.customer_email) await recordBookingMail(q, { workspaceId: c.workspaceId, appointmentId: id, kind: 'confirmation' });
    return oneAppointment(q, c.workspaceId, id);
  });
}

/** An owner may write up an appointment that already began today (a walk-in entered late). */
const ownerSlack = 60 * 24;

export async function updateAppointment(
  deps: AppDeps,
  c: OwnerCaller,
  id: string,
  body: z.output<typeof appointmentPatch>,
): Promise<AppointmentDto> {
  return scoped(deps, c, async (q) => {
    const current = await oneAppointment(q, c.workspaceId, id);
    if (body.status && body.status !== current.status && !nextAppointmentStatuses[current.status].includes(body.status)) {
      throw conflict(msg.statusChange(current.status, body.status));
    }
    const moving =
      (body.start_at !== undefined && body.start_at !== current.start_at) ||
      (body.staff_id !== undefined && body.staff_id !== current.staff_id);
    let start: Date | undefined;
    let end: Date | undefined;
    if (moving) {
      if (current.status === 'cancelled' || current.status === 'completed' || current.status === 'no_show') {
        throw conflict(msg.statusChange(current.status, current.status));
      }
      const service = await repo.findService(q, c.workspaceId, current.service_id);
      if (!service) throw notFound(msg.serviceNotFound);
      const staffId = body.staff_id ?? current.staff_id;
      if (!service.staff_ids.includes(staffId)) throw badRequest(msg.staffNotOnService, { errors: { staff_id: [msg.staffNotOnService] } });
      start = new Date(body.start_at ?? current.start_at);
      end = addMinutes(start, current.duration_minutes);
      await claimStaff(q, c.workspaceId, staffId, deps.now());
      const { ctx } = await slotContext(q, c.workspaceId, service, [staffId], start, start, deps.now());
      assertSlot({ ...ctx, rules: { ...ctx.rules, min_notice_minutes: -ownerSlack, horizon_days: 3650 } }, staffId, start, id);
    }
    await repo.updateAppointment(
      q,
      c.workspaceId,
      id,
      { start, end, staffId: moving ? body.staff_id : undefined, status: body.status, cancelReason: body.cancel_reason },
      deps.now(),
    );
    if (body.status === 'cancelled' && current.status !== 'cancelled' && current.payment_status === 'paid') {
      // The business cancels: a deposit paid online goes back to the customer's card.
      const reference = await repo.paymentReferenceOf(q, c.workspaceId, id);
      if (reference) {
        await recordRefundDue(q, { reference, note: 'Booking cancelled by the business' });
        await repo.setDepositRefunded(q, c.workspaceId, id, deps.now());
      }
    }
    if (body.status === 'cancelled' && current.status !== 'cancelled' && current.customer_email) {
      await recordBookingMail(q, { workspaceId: c.workspaceId, appointmentId: id, kind: 'cancelled' });
    } else if (start && start.getTime() !== new Date(current.start_at).getTime() && current.customer_email) {
      // Moved to another time: the customer hears of it, and the reminders follow the new time.
      await recordMove(q, { workspaceId: c.workspaceId, appointmentId: id });
    }
    return oneAppointment(q, c.workspaceId, id);
  });
}
