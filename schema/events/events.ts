import { z } from 'zod';
import { mailOutcomes } from '../mail/mail-consent.js';
import { cents, instant, intColumn, text } from '../kit/input.js';
import { replicatedEntity } from '../sync/replicated-entity.js';

/** spec §3 "Events": visibility (default public) and status (default draft). */
export const eventVisibilities = ['public', 'private'] as const;
export const eventStatuses = ['draft', 'published', 'cancelled'] as const;
/** spec §3 attendees: status (default registered); a ticket is one attendee. */
export const attendeeStatuses = ['registered', 'checked_in', 'cancelled', 'refunded'] as const;
/** spec §3 registrations: registration_status (default pending), payment_status (default unpaid). */
export const registrationStatuses = ['pending', 'confirmed', 'cancelled'] as const;
export const paymentStatuses = ['unpaid', 'paid', 'failed', 'refunded', 'free'] as const;

export type EventStatus = (typeof eventStatuses)[number];
export type AttendeeStatus = (typeof attendeeStatuses)[number];

/** Pictures in an event's gallery. */
export const MAX_GALLERY_PICTURES = 30;

/** What a person is told when an event, a ticket or a scan is refused (device and server say the same). */
export const eventMessages = {
  messageUnverified: 'Verify your e-mail address before you message ticket holders: open the code we sent you when you signed up.',
  messageUnconfirmed: (n: number) =>
    `${n === 1 ? '1 ticket holder has' : `${n} ticket holders have`} not confirmed their e-mail address yet, so ${n === 1 ? 'it was' : 'they were'} not sent the message.`,
  title: 'Give the event a title',
  startRequired: 'Give the event a start date',
  when: 'Dates are written YYYY-MM-DD, optionally with a time (YYYY-MM-DDTHH:MM)',
  endBeforeStart: 'The end cannot be before the start',
  price: 'Price must be an amount like 150 or 150.00',
  notFound: 'Event not found',
  manage: 'Only the workspace owner or an admin can change events',
  ticketName: 'Give the ticket type a name',
  quantity: 'Quantity must be a whole number of at least 1',
  quantityBelowSold: 'The quantity cannot be below the tickets already sold',
  saleEndBeforeStart: 'The sale cannot end before it starts',
  ticketTypeNotFound: 'Ticket type not found',
  notOnSale: 'This event is not on sale',
  saleNotStarted: 'Tickets for this type are not on sale yet',
  saleEnded: 'The sale for this ticket type has ended',
  soldOut: 'Not enough tickets left',
  eventFull: 'The event is full',
  buyerName: 'Enter your name',
  buyerEmail: 'Please enter a valid email address',
  noTickets: 'Choose at least one ticket',
  paidNeedsCheckout: 'Paid tickets are bought through the card checkout',
  // At the door (DESIGN.md §15).
  forged: 'Not a valid ticket: the code is damaged or forged',
  otherEvent: 'This ticket is for another event',
  revoked: 'This ticket was cancelled or refunded',
  alreadyAdmitted: 'Already admitted',
  noKey: 'Open this screen once while online so it can check tickets offline',
  ticketNotFound: 'Ticket not found',
  checkInFixed: 'An admission cannot be changed or withdrawn',
  registrationNotFound: 'Registration not found',
  alreadyDecided: 'This registration was already approved or declined',
  messageSubject: 'Give the message a subject',
  messageBody: 'The message cannot be empty',
  // Its pictures come from the workspace's drive (issue 19).
  coverNotPicture: 'The cover must be a picture in your drive',
  galleryNotPicture: 'A gallery picture is not in your drive',
  gallerySize: `A gallery holds at most ${MAX_GALLERY_PICTURES} pictures`,
  pictureNotFound: 'This picture is no longer available',
} as const;

/**
 * spec §5: start_date is "a string or a date". Accepted: YYYY-MM-DD, optionally with a time
 * (THH:MM, seconds and zone ignored: an event happens at the venue's wall-clock time), or a Date
 * (read in UTC). An empty string counts as absent.
 */
const WHEN = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}:\d{2})(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;

export interface EventWhen {
  date: string;
  time?: string;
}

function realDate(date: string): boolean {
  const t = Date.parse(`${date}T00:00:00Z`);
  return !Number.isNaN(t) && new Date(t).toISOString().startsWith(date);
}

const absentIfEmpty = (v: unknown) => (v === '' || v === null ? undefined : v instanceof Date ? v.toISOString() : v);

const eventWhen = z.string({ error: eventMessages.when }).transform((v, ctx): EventWhen => {
  const m = WHEN.exec(v.trim());
  const date = m?.[1];
  const time = m?.[2];
  if (!date || !realDate(date) || (time !== undefined && !/^([01]\d|2[0-3]):[0-5]\d$/.test(time))) {
    ctx.addIssue({ code: 'custom', message: eventMessages.when });
    return z.NEVER;
  }
  return time ? { date, time } : { date };
});

export const requiredWhen = z.preprocess(absentIfEmpty, eventWhen.optional()).refine((v) => v !== undefined, eventMessages.startRequired);
export const optionalWhen = z.preprocess(absentIfEmpty, eventWhen.optional());

/**
 * An event's cover and gallery entries are drive file ids (issue 19): pictures in the event's
 * workspace drive, which the server checks; anything else (an address, a name) is refused here.
 */
const coverImage = z.uuid({ error: eventMessages.coverNotPicture });
const isFileId = (v: string) => z.uuid().safeParse(v).success;
/**
 * spec §5: gallery defaults to an empty list. A bad entry is the gallery's fault as a whole, said on
 * the field itself; a picture named twice is kept once, where it first stands.
 */
const gallery = z
  .array(z.string({ error: eventMessages.galleryNotPicture }), { error: eventMessages.galleryNotPicture })
  .max(MAX_GALLERY_PICTURES, eventMessages.gallerySize)
  .refine((ids) => ids.every(isFileId), eventMessages.galleryNotPicture)
  .transform((ids) => [...new Set(ids)]);

/** spec §5: price coerced to a string, default "0". */
const eventPrice = z
  .union([z.number(), z.string()], { error: eventMessages.price })
  .optional()
  .transform((v) => (v === undefined || v === '' ? '0' : String(v).trim()))
  .refine((v) => /^\d{1,9}(\.\d{1,2})?$/.test(v), eventMessages.price);

/** "2026-03-01T18:00" or "2026-03-01" sorts as text in time order (a missing time is the day's start). */
export function whenKey(w: EventWhen): string {
  return w.time ? `${w.date}T${w.time}` : w.date;
}

/** The rule across fields both the form and the server check: an event ends on or after it starts. */
export function eventProblem(e: { start: EventWhen; end?: EventWhen | undefined }): string | null {
  if (!e.end) return null;
  if (e.end.date < e.start.date) return eventMessages.endBeforeStart;
  if (e.end.date === e.start.date && e.start.time && e.end.time && e.end.time < e.start.time) return eventMessages.endBeforeStart;
  return null;
}

const eventFields = {
  title: text().trim().min(1, eventMessages.title).max(200),
  slug: z.preprocess(absentIfEmpty, text(120).trim().optional()),
  description: text(10_000).trim().optional(),
  category: z.preprocess(absentIfEmpty, text(80).trim().optional()),
  location: text(300).trim().optional(),
  is_online: z.boolean().default(false),
  max_attendees: z.preprocess(absentIfEmpty, intColumn.min(1, eventMessages.quantity).optional()),
  price: eventPrice,
  visibility: z.enum(eventVisibilities).default('public'),
  status: z.enum(eventStatuses).default('draft'),
  // spec §5: an empty string counts as absent.
  cover_image: z.preprocess(absentIfEmpty, coverImage.optional()),
  gallery: gallery.default([]),
  requires_approval: z.boolean().default(false),
};

/** spec §5 event creation, with the rule across start and end. */
export const eventCreate = z.object({ ...eventFields, start_date: requiredWhen, end_date: optionalWhen }).superRefine((e, ctx) => {
  if (!e.start_date) return;
  const problem = eventProblem({ start: e.start_date, end: e.end_date });
  if (problem) ctx.addIssue({ code: 'custom', path: ['end_date'], message: problem });
});
export type EventCreate = z.output<typeof eventCreate>;

/** A change to an event: any field; an empty end date clears it. */
export const eventPatch = z.object({
  title: eventFields.title.optional(),
  description: eventFields.description,
  category: eventFields.category,
  location: eventFields.location,
  is_online: z.boolean().optional(),
  max_attendees: eventFields.max_attendees,
  price: eventPrice.optional(),
  visibility: z.enum(eventVisibilities).optional(),
  status: z.enum(eventStatuses).optional(),
  // Absent: unchanged. Null or an empty string: no cover (as an empty end date clears the end).
  cover_image: z.preprocess((v) => (v === '' ? null : v), coverImage.nullable().optional()),
  gallery: gallery.optional(),
  requires_approval: z.boolean().optional(),
  start_date: optionalWhen,
  end_date: z.preprocess((v) => (v === '' ? null : v instanceof Date ? v.toISOString() : v), eventWhen.nullable().optional()),
});
export type EventPatch = z.output<typeof eventPatch>;

/** A sale-window moment, at the venue's wall clock: YYYY-MM-DDTHH:MM (empty = open). */
const saleMoment = z.preprocess(
  absentIfEmpty,
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}T([01]\d|2[0-3]):[0-5]\d$/, 'Write the time as YYYY-MM-DDTHH:MM')
    .refine((v) => realDate(v.slice(0, 10)), 'Not a real date')
    .optional(),
);

export const ticketTypeInput = z
  .object({
    name: text().trim().min(1, eventMessages.ticketName).max(120),
    price_cents: cents(0, 100_000_000).default(0),
    quantity: z.number({ error: eventMessages.quantity }).int(eventMessages.quantity).min(1, eventMessages.quantity).max(1_000_000),
    sale_starts: saleMoment,
    sale_ends: saleMoment,
  })
  .superRefine((t, ctx) => {
    if (t.sale_starts && t.sale_ends && t.sale_ends < t.sale_starts) {
      ctx.addIssue({ code: 'custom', path: ['sale_ends'], message: eventMessages.saleEndBeforeStart });
    }
  });
export type TicketTypeInput = z.output<typeof ticketTypeInput>;

export const ticketTypeDto = z.object({
  id: z.string(),
  name: z.string(),
  price_cents: z.number(),
  currency: z.string(),
  quantity: z.number(),
  sold: z.number(),
  sale_starts: z.string().nullable(),
  sale_ends: z.string().nullable(),
});
export type TicketTypeDto = z.infer<typeof ticketTypeDto>;

export const eventDto = z.object({
  id: z.string(),
  title: z.string(),
  slug: z.string(),
  description: z.string(),
  category: z.string().nullable(),
  start_date: z.string(),
  start_time: z.string().nullable(),
  end_date: z.string().nullable(),
  end_time: z.string().nullable(),
  location: z.string(),
  is_online: z.boolean(),
  max_attendees: z.number().nullable(),
  price: z.string(),
  currency: z.string(),
  visibility: z.enum(eventVisibilities),
  status: z.enum(eventStatuses),
  cover_image: z.string().nullable(),
  gallery: z.array(z.string()),
  requires_approval: z.boolean(),
  sold: z.number(),
  admitted: z.number(),
  created_at: z.string(),
});
export type EventDto = z.infer<typeof eventDto>;

export const eventDetail = eventDto.extend({ ticket_types: z.array(ticketTypeDto), public_key: z.string() });
export type EventDetail = z.infer<typeof eventDetail>;

export const eventList = z.object({ events: z.array(eventDto), categories: z.array(z.string()) });

/** An event as anyone sees it on /events and /marketplace/events. */
export const publicEventDto = z.object({
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  category: z.string().nullable(),
  start_date: z.string(),
  start_time: z.string().nullable(),
  end_date: z.string().nullable(),
  end_time: z.string().nullable(),
  location: z.string(),
  is_online: z.boolean(),
  price: z.string(),
  currency: z.string(),
  /** The cover's drive file id, served at eventPicturePath; null when it has none (or it left the drive). */
  cover_image: z.string().nullable(),
  organiser: z.string(),
  /** Cheapest ticket on sale, in cents; null when no ticket type exists. */
  from_cents: z.number().nullable(),
});
export type PublicEventDto = z.infer<typeof publicEventDto>;

export const publicEventDetail = publicEventDto.extend({
  /** The gallery's drive file ids in the organiser's order (those still in the drive). */
  gallery: z.array(z.string()),
  ticket_types: z.array(
    ticketTypeDto.extend({
      available: z.number(),
      on_sale: z.boolean(),
      reason: z.string().nullable(),
      /** The id a paid ticket of this type takes in the marketplace cart. */
      cart_id: z.string(),
    }),
  ),
  requires_approval: z.boolean(),
});
export type PublicEventDetail = z.infer<typeof publicEventDetail>;

export const publicEventList = z.object({ events: z.array(publicEventDto) });

/** An order: ticket lines (a future marketplace cart carries the same lines) and who buys. */
export const ticketLine = z.object({
  ticket_type_id: z.uuid(),
  quantity: z.number().int().min(1, eventMessages.noTickets).max(20),
});
export const ticketOrderInput = z.object({
  lines: z.array(ticketLine).min(1, eventMessages.noTickets).max(10),
  name: text().trim().min(2, 'Name must be at least 2 characters').max(120),
  email: z.email(eventMessages.buyerEmail).max(254),
});
export type TicketOrderInput = z.output<typeof ticketOrderInput>;

export const ticketOrderResult = z.object({
  registration_id: z.string(),
  /** Free tickets: issued at once. Paid: empty until the payment settles. */
  tickets: z.array(z.object({ id: z.string(), token: z.string() })),
  authorization_url: z.string().nullable(),
  reference: z.string().nullable(),
  registration_status: z.enum(registrationStatuses),
  /** Whether the e-mail is on its way, or waits until the buyer confirms the address (double opt-in). */
  mail: z.enum(mailOutcomes),
});

/** One ticket as its holder sees it (the page opened from the e-mail, by its token). */
export const ticketView = z.object({
  id: z.string(),
  event_title: z.string(),
  event_slug: z.string(),
  start_date: z.string(),
  start_time: z.string().nullable(),
  location: z.string(),
  ticket_type: z.string(),
  holder: z.string(),
  status: z.enum(attendeeStatuses),
  /** The signed QR payload (DESIGN.md §15). */
  code: z.string(),
});
export type TicketView = z.infer<typeof ticketView>;

export const attendeeDto = z.object({
  id: z.string(),
  registration_id: z.string(),
  name: z.string(),
  email: z.string(),
  ticket_type: z.string(),
  status: z.enum(attendeeStatuses),
  payment_status: z.enum(paymentStatuses),
  registration_status: z.enum(registrationStatuses),
  amount_paid_cents: z.number(),
  created_at: z.string(),
});
export type AttendeeDto = z.infer<typeof attendeeDto>;
export const attendeeList = z.object({ attendees: z.array(attendeeDto) });

/**
 * A registration waiting for the organiser (an event with requires_approval): free, or paid
 * already. No ticket exists until it is approved; a declined one gets a short e-mail.
 */
export const registrationRequest = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  lines: z.array(z.object({ ticket_type: z.string(), quantity: z.number() })),
  payment_status: z.enum(paymentStatuses),
  amount_paid_cents: z.number(),
  currency: z.string(),
  created_at: z.string(),
});
export type RegistrationRequest = z.infer<typeof registrationRequest>;
export const registrationRequests = z.object({ registrations: z.array(registrationRequest) });

/** What a door device keeps to check tickets with no network. */
export const doorKit = z.object({
  event_id: z.string(),
  title: z.string(),
  public_key: z.string(),
  revoked: z.array(z.string()),
  sold: z.number(),
  fetched_at: z.string(),
});
export type DoorKit = z.infer<typeof doorKit>;

export const doubleAdmit = z.object({
  ticket_id: z.string(),
  holder: z.string(),
  ticket_type: z.string(),
  admissions: z.array(z.object({ device_id: z.string(), device_name: z.string(), scanned_at: z.string() })),
});
export type DoubleAdmit = z.infer<typeof doubleAdmit>;
export const doubleAdmitReport = z.object({ admitted: z.number(), sold: z.number(), doubles: z.array(doubleAdmit) });

export const attendeeMessage = z.object({
  subject: text().trim().min(1, eventMessages.messageSubject).max(200),
  body: text().trim().min(1, eventMessages.messageBody).max(10_000),
});

/**
 * check_ins (DESIGN.md §5, one of the device collections): one admission at one door, append-only.
 * Several door devices share them whenever any network exists; two offline doors admitting one
 * ticket leave two rows, and the organiser's report shows both.
 */
export const checkIns = replicatedEntity({
  name: 'check_ins',
  version: 0,
  // Add one strategy per version bump; stored documents outlive app versions.
  migrationStrategies: {},
  fields: {
    event_id: text(64).min(1),
    ticket_id: text(64).min(1),
    device_id: text(64).min(1),
    device_name: text(80).optional(),
    scanned_at: instant,
  },
  serverOnly: {},
  columns: {
    event_id: 'text',
    ticket_id: 'text',
    device_id: 'text',
    device_name: 'text',
    scanned_at: 'timestamptz',
  },
  indexes: [['event_id'], ['ticket_id']],
});
export type CheckIn = z.infer<typeof checkIns.doc>;
