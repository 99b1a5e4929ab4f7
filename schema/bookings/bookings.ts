import { z } from 'zod';
import { mailOutcomes } from '../mail/mail-consent.js';
import { isWallTime, minutesOf, type AvailabilityRules, type SlotProblem, type StaffAvailability } from './booking-slots.js';
import { calendarDate, cents, instant, text } from '../kit/input.js';
import { appointmentStatuses, paymentStatuses, type AppointmentStatus } from './appointments.js';

/**
 * Services and appointment booking (spec §3 "Storefront and services", issue 20): services, the
 * staff (consultants) who perform them with their weekly hours and time off, the availability rules,
 * and the diary's appointments with the spec's statuses. Services, staff and rules are online (REST);
 * the diary's appointments replicate to the owner's devices (`appointments`, DESIGN.md §5), so a
 * booking taken by phone with no signal holds its time on the device and syncs later.
 */

export { appointmentStatuses, appointments, paymentStatuses, type Appointment, type AppointmentStatus } from './appointments.js';
export const serviceStatuses = ['active', 'inactive'] as const;

/** Which status may follow which in the diary (the spec gives the list, not the rules: these are the diary's). */
export const nextAppointmentStatuses: Record<AppointmentStatus, readonly AppointmentStatus[]> = {
  pending: ['confirmed', 'checked_in', 'cancelled', 'no_show'],
  confirmed: ['checked_in', 'cancelled', 'no_show'],
  checked_in: ['in_progress', 'completed', 'cancelled'],
  in_progress: ['completed'],
  completed: [],
  cancelled: [],
  no_show: [],
};

/** Statuses that hold their time in the diary. */
export const holdingStatuses: readonly AppointmentStatus[] = ['pending', 'confirmed', 'checked_in', 'in_progress', 'completed', 'no_show'];

export const bookingMessages = {
  serviceNotFound: 'Service not found',
  staffNotFound: 'Staff member not found',
  appointmentNotFound: 'Appointment not found',
  appointmentNotDeleted: 'An appointment is cancelled, not deleted',
  appointmentId: 'An appointment id is a lowercase uuid',
  bookingNotFound: 'Booking not found',
  titleRequired: 'Title is required',
  nameRequired: 'Name is required',
  durationRange: 'Duration must be from 5 minutes to 12 hours',
  priceInvalid: 'Price must be 0 or more',
  noStaff: 'Choose at least one staff member who can perform this service',
  staffNotOnService: 'That staff member does not perform this service',
  badHours: 'Working hours are written HH:mm, each ending after it starts',
  timeOffOrder: 'Time off must end after it starts',
  timeOffNotFound: 'That time off was already removed',
  customerName: 'Name must be at least 2 characters',
  customerEmail: 'Please enter a valid email address',
  customerPhone: 'Enter a phone number of 9 to 15 digits',
  notFree: 'That time is no longer free. Please choose another slot.',
  outsideHours: 'That time is outside working hours',
  notWorking: 'Nobody is working at that time',
  inBuffer: 'That time is too close to another appointment',
  minNotice: 'That time is too soon: bookings need more notice',
  beyondHorizon: 'That time is too far ahead to book yet',
  dailyLimit: 'That day is fully booked',
  cancelCutoff: 'This booking can no longer be cancelled online. Please contact the business.',
  alreadyCancelled: 'This booking is already cancelled',
  rescheduleCutoff: 'This booking can no longer be moved online. Please contact the business.',
  sameTime: 'That is already the time of your booking',
  statusChange: (from: AppointmentStatus, to: AppointmentStatus) => `An appointment that is ${label(from)} cannot become ${label(to)}`,
  notBookable: 'This service cannot be booked online',
  rangeTooLong: 'Ask for at most 62 days of slots at a time',
  rangeOrder: 'The range must end on or after its first day',
  depositAbovePrice: 'The deposit cannot be more than the price',
  depositNeedsPayments: 'Card payments are not set up, so this service cannot take a deposit',
  depositLate: 'The time was held for 30 minutes and the deposit came later, so the booking lapsed. The deposit will be refunded.',
  depositHoldEnded: 'The deposit was not paid in time',
} as const;

/** How long a slot waits for its deposit before it is free again (the customer left the card page). */
export const DEPOSIT_HOLD_MINUTES = 30;
/** The card reference of a booking's deposit, told apart from other payments by its start. */
export const BOOKING_REFERENCE_PREFIX = 'vkbk_';

function label(s: AppointmentStatus): string {
  return s.replace('_', ' ');
}

/** The message a slot problem shows, word for word what the booking page says. */
export const slotProblemMessages: Record<SlotProblem, string> = {
  min_notice: bookingMessages.minNotice,
  beyond_horizon: bookingMessages.beyondHorizon,
  outside_hours: bookingMessages.outsideHours,
  not_working: bookingMessages.notWorking,
  in_buffer: bookingMessages.inBuffer,
  not_free: bookingMessages.notFree,
  daily_limit: bookingMessages.dailyLimit,
};

export const defaultRules: AvailabilityRules = {
  buffer_before_minutes: 0,
  buffer_after_minutes: 0,
  min_notice_minutes: 60,
  horizon_days: 60,
  slot_step_minutes: 30,
  daily_limit: null,
  cancel_cutoff_hours: 24,
};

const minutes = (max: number) => z.number().int().min(0).max(max);
export const availabilityRules = z.object({
  buffer_before_minutes: minutes(720),
  buffer_after_minutes: minutes(720),
  min_notice_minutes: minutes(60 * 24 * 30),
  horizon_days: z.number().int().min(1).max(365),
  slot_step_minutes: z.number().int().min(5).max(720),
  daily_limit: z.number().int().min(1).max(200).nullable(),
  cancel_cutoff_hours: z
    .number()
    .int()
    .min(0)
    .max(24 * 30),
});
/** A service's own rules: any rule it names replaces the workspace's. */
export const ruleOverrides = availabilityRules.partial();
export type RuleOverrides = z.infer<typeof ruleOverrides>;

export function rulesFor(workspace: AvailabilityRules, service: RuleOverrides | null | undefined): AvailabilityRules {
  const out: AvailabilityRules = { ...workspace };
  for (const [key, value] of Object.entries(service ?? {})) if (value !== undefined && key in out) Object.assign(out, { [key]: value });
  return out;
}

/**
 * The rules when the business books someone in (a phone or walk-in customer): the same as online,
 * except the minimum notice and horizon, which are for customers. The owner may book the next free
 * minute, or write up an appointment that already began today (a walk-in entered late).
 */
export function ownerRules(rules: AvailabilityRules): AvailabilityRules {
  return { ...rules, min_notice_minutes: -OWNER_SLACK_MINUTES, horizon_days: 3650 };
}
const OWNER_SLACK_MINUTES = 60 * 24;

const span = z
  .object({ start: z.string().refine(isWallTime, bookingMessages.badHours), end: z.string().refine(isWallTime, bookingMessages.badHours) })
  .refine((s) => minutesOf(s.end) > minutesOf(s.start), bookingMessages.badHours);
const daySpans = z.array(span).max(4);
export const weeklyHours = z.object({
  '0': daySpans.optional(),
  '1': daySpans.optional(),
  '2': daySpans.optional(),
  '3': daySpans.optional(),
  '4': daySpans.optional(),
  '5': daySpans.optional(),
  '6': daySpans.optional(),
});

/** Monday to Friday, 8:00 to 17:00 (spec §9's operating hours): a new staff member's default. */
export const defaultHours: z.infer<typeof weeklyHours> = {
  '1': [{ start: '08:00', end: '17:00' }],
  '2': [{ start: '08:00', end: '17:00' }],
  '3': [{ start: '08:00', end: '17:00' }],
  '4': [{ start: '08:00', end: '17:00' }],
  '5': [{ start: '08:00', end: '17:00' }],
};

const required = (max: number, message: string) => text(max).trim().min(1, message);
const weekday = z.number().int().min(0).max(6);

// ---- Staff (consultants) ----

export const staffCreate = z.object({
  name: required(100, bookingMessages.nameRequired),
  email: text(255)
    .trim()
    .email(bookingMessages.customerEmail)
    .optional()
    .or(z.literal('').transform(() => undefined)),
  hours: weeklyHours.default(defaultHours),
  off_weekdays: z.array(weekday).max(7).default([]),
  active: z.boolean().default(true),
});
export const staffPatch = staffCreate.partial().refine((p) => Object.keys(p).length > 0, 'Nothing to change');
export const timeOffCreate = z
  .object({ start_at: instant, end_at: instant, reason: text(200).trim().default('') })
  .refine((t) => Date.parse(t.end_at) > Date.parse(t.start_at), { path: ['end_at'], message: bookingMessages.timeOffOrder });

export const timeOffDto = z.object({ id: z.uuid(), start_at: z.string(), end_at: z.string(), reason: z.string() });
export const staffDto = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string().nullable(),
  hours: weeklyHours,
  off_weekdays: z.array(z.number()),
  active: z.boolean(),
  time_off: z.array(timeOffDto),
});
export type StaffDto = z.infer<typeof staffDto>;

/** A staff member as the slot engine sees them. */
export function staffAvailability(s: StaffDto): StaffAvailability {
  return {
    id: s.id,
    hours: s.hours,
    off_weekdays: s.off_weekdays,
    time_off: s.time_off.map((t) => ({ start: new Date(t.start_at), end: new Date(t.end_at) })),
  };
}
export const staffList = z.object({ staff: z.array(staffDto) });

// ---- Services ----

export const serviceCreate = z
  .object({
    title: required(120, bookingMessages.titleRequired),
    description: text(2000).trim().default(''),
    price_cents: cents(0, 100_000_000_00),
    duration_minutes: z
      .number({ error: bookingMessages.durationRange })
      .int()
      .min(5, bookingMessages.durationRange)
      .max(720, bookingMessages.durationRange),
    category: text(60).trim().default(''),
    featured: z.boolean().default(false),
    is_public: z.boolean().default(true),
    status: z.enum(serviceStatuses).default('active'),
    staff_ids: z.array(z.uuid()).min(1, bookingMessages.noStaff).max(50),
    availability: ruleOverrides.default({}),
    /** Paid by card when booking online; 0 for none. */
    deposit_cents: cents(0, 100_000_000_00).default(0),
  })
  .refine((s) => s.deposit_cents <= s.price_cents, { path: ['deposit_cents'], message: bookingMessages.depositAbovePrice });
export const servicePatch = z
  .object({
    title: required(120, bookingMessages.titleRequired),
    description: text(2000).trim(),
    price_cents: cents(0, 100_000_000_00),
    duration_minutes: z.number().int().min(5, bookingMessages.durationRange).max(720, bookingMessages.durationRange),
    category: text(60).trim(),
    featured: z.boolean(),
    is_public: z.boolean(),
    status: z.enum(serviceStatuses),
    staff_ids: z.array(z.uuid()).min(1, bookingMessages.noStaff).max(50),
    availability: ruleOverrides,
    deposit_cents: cents(0, 100_000_000_00),
  })
  .partial()
  .refine((p) => Object.keys(p).length > 0, 'Nothing to change');

export const serviceDto = z.object({
  id: z.uuid(),
  title: z.string(),
  description: z.string(),
  price_cents: z.number(),
  currency: z.string(),
  duration_minutes: z.number(),
  category: z.string(),
  featured: z.boolean(),
  is_public: z.boolean(),
  status: z.enum(serviceStatuses),
  staff_ids: z.array(z.uuid()),
  availability: ruleOverrides,
  deposit_cents: z.number(),
});
export type ServiceDto = z.infer<typeof serviceDto>;
export const serviceList = z.object({ services: z.array(serviceDto) });

// ---- Rules ----

export const rulesDto = z.object({ rules: availabilityRules, timezone: z.string() });

// ---- Appointments (the diary) ----

export const appointmentDto = z.object({
  id: z.uuid(),
  service_id: z.uuid(),
  service_title: z.string(),
  staff_id: z.uuid(),
  staff_name: z.string(),
  start_at: z.string(),
  end_at: z.string(),
  duration_minutes: z.number(),
  price_cents: z.number(),
  currency: z.string(),
  status: z.enum(appointmentStatuses),
  payment_status: z.enum(paymentStatuses),
  /** The deposit asked online, and what the card partner has paid of it. */
  deposit_cents: z.number(),
  paid_cents: z.number(),
  customer_name: z.string(),
  customer_email: z.string(),
  customer_phone: z.string(),
  source: z.enum(['online', 'owner']),
  cancel_reason: z.string().nullable(),
});
export type AppointmentDto = z.infer<typeof appointmentDto>;
export const appointmentList = z.object({ appointments: z.array(appointmentDto), timezone: z.string() });
export const appointmentRange = z.object({ from: calendarDate, to: calendarDate, staff_id: z.uuid().optional() });

const customerName = text(100).trim().min(2, bookingMessages.customerName);
const customerEmail = text(255).trim().email(bookingMessages.customerEmail);
const customerPhone = text(20)
  .trim()
  .regex(/^\+?[\d ]{9,20}$/, { message: bookingMessages.customerPhone, abort: true })
  .refine((v) => {
    const digits = v.replace(/\D/g, '').length;
    return digits >= 9 && digits <= 15;
  }, bookingMessages.customerPhone);

export const appointmentCreate = z.object({
  service_id: z.uuid(),
  staff_id: z.uuid(),
  start_at: instant,
  customer_name: customerName,
  customer_email: customerEmail.optional().or(z.literal('').transform(() => undefined)),
  customer_phone: customerPhone.optional().or(z.literal('').transform(() => undefined)),
});
export const appointmentPatch = z
  .object({
    start_at: instant,
    staff_id: z.uuid(),
    status: z.enum(appointmentStatuses),
    cancel_reason: text(500).trim(),
  })
  .partial()
  .refine((p) => Object.keys(p).length > 0, 'Nothing to change');

// ---- Public booking ----

export const publicServiceDto = z.object({
  id: z.uuid(),
  title: z.string(),
  description: z.string(),
  price_cents: z.number(),
  currency: z.string(),
  duration_minutes: z.number(),
  category: z.string(),
  featured: z.boolean(),
  deposit_cents: z.number(),
  business: z.string(),
  workspace_id: z.number(),
});
export type PublicServiceDto = z.infer<typeof publicServiceDto>;
export const publicServiceList = z.object({ services: z.array(publicServiceDto) });
export const publicServiceDetail = publicServiceDto.extend({
  timezone: z.string(),
  staff: z.array(z.object({ id: z.uuid(), name: z.string() })),
  cancel_cutoff_hours: z.number(),
});
export const slotQuery = z
  .object({ from: calendarDate, to: calendarDate })
  .refine((q) => q.to >= q.from, { path: ['to'], message: bookingMessages.rangeOrder })
  .refine((q) => Date.parse(q.to) - Date.parse(q.from) <= 62 * 86_400_000, { path: ['to'], message: bookingMessages.rangeTooLong });
export const slotList = z.object({
  timezone: z.string(),
  slots: z.array(z.object({ start_at: z.string(), end_at: z.string(), staff_ids: z.array(z.uuid()) })),
});

export const bookingCreate = z.object({
  start_at: instant,
  staff_id: z.uuid().optional(),
  customer_name: customerName,
  customer_email: customerEmail,
  customer_phone: customerPhone,
});
export const bookingToken = z.string().regex(/^[A-Za-z0-9_-]{20,64}$/, bookingMessages.bookingNotFound);
export const publicBooking = z.object({
  id: z.uuid(),
  service_title: z.string(),
  business: z.string(),
  staff_name: z.string(),
  start_at: z.string(),
  end_at: z.string(),
  timezone: z.string(),
  status: z.enum(appointmentStatuses),
  customer_name: z.string(),
  /** The service's public id, for the free slots a move can go to. */
  service_id: z.uuid(),
  can_cancel: z.boolean(),
  /** A move is allowed on the same terms as a cancellation: live, and before the cut-off. */
  can_reschedule: z.boolean(),
  cancel_cutoff_hours: z.number(),
  payment_status: z.enum(paymentStatuses),
  deposit_cents: z.number(),
  paid_cents: z.number(),
  currency: z.string(),
  /** Why the booking was cancelled (a deposit not paid in time, the customer's own reason). */
  cancel_reason: z.string().nullable(),
  /** Mail about the booking waits until the customer confirms their address (double opt-in). */
  mail_held: z.boolean(),
  price_cents: z.number(),
  /** The VAT fixed when it was booked; null for a booking from before VAT was fixed on bookings. */
  vat: z.object({ tax_rate_bp: z.number(), tax_cents: z.number(), tax_included: z.boolean() }).nullable(),
});
/** A booking with a deposit waits for it: `authorization_url` is the card partner's page to pay on. */
export const bookingPlaced = publicBooking.extend({
  token: z.string(),
  authorization_url: z.string().nullable(),
  /** Whether the confirmation is on its way, or waits until the customer confirms the address (double opt-in). */
  mail: z.enum(mailOutcomes),
});
export const bookingCancel = z.object({ reason: text(500).trim().default('') });
/** A move to another free slot of the same service (with the named staff member, else the first free). */
export const bookingReschedule = bookingCreate.pick({ start_at: true, staff_id: true });

const emptyAsAbsent = (v: unknown) => (v === '' ? undefined : v);

/** What the owner writes into an appointment: checked when the device pushes it, as the diary's form checks it. */
export const ownerAppointmentFields = z.object({
  customer_name: customerName,
  customer_email: z.preprocess(emptyAsAbsent, customerEmail.optional()),
  customer_phone: z.preprocess(emptyAsAbsent, customerPhone.optional()),
});

/** An appointment's id as the server takes it from a device: a lowercase uuid (it goes into links and mail jobs). */
export function appointmentIdValid(id: string): boolean {
  return id === id.toLowerCase() && z.uuid().safeParse(id).success;
}

/** Why an appointment as written cannot be stored (its fields each passed their own schema), or null. */
export function appointmentProblem(a: { start_at: string; end_at: string; duration_minutes: number }): string | null {
  const minutes = (Date.parse(a.end_at) - Date.parse(a.start_at)) / 60_000;
  if (minutes <= 0) return 'end_at: An appointment must end after it starts';
  if (minutes !== a.duration_minutes) return 'end_at: An appointment lasts its duration';
  return null;
}

/**
 * A change to a stored appointment the diary cannot make: a status that cannot follow the stored
 * one, or a new time for one that is over. Null when the change may go through.
 */
export function appointmentChangeProblem(
  stored: { status: AppointmentStatus; start_at: string; consultant_id: string },
  next: { status: AppointmentStatus; start_at: string; consultant_id: string },
): string | null {
  if (next.status !== stored.status && !nextAppointmentStatuses[stored.status].includes(next.status)) {
    return bookingMessages.statusChange(stored.status, next.status);
  }
  const moved = Date.parse(next.start_at) !== Date.parse(stored.start_at) || next.consultant_id !== stored.consultant_id;
  if (moved && !movableStatuses.includes(stored.status)) return bookingMessages.statusChange(stored.status, stored.status);
  return null;
}

/** Statuses whose appointment may still move to another time or person. */
export const movableStatuses: readonly AppointmentStatus[] = ['pending', 'confirmed', 'checked_in', 'in_progress'];
