import { z } from 'zod';
import { cents, instant, text } from '../kit/input.js';
import { replicatedEntity } from '../sync/replicated-entity.js';

/**
 * The diary's appointments as they replicate (issue 20, DESIGN.md §5), apart from the rest of the
 * bookings schema so the device database carries only this. Their rules are in `bookings.ts`.
 */

export const appointmentStatuses = ['pending', 'confirmed', 'checked_in', 'in_progress', 'completed', 'cancelled', 'no_show'] as const;
export type AppointmentStatus = (typeof appointmentStatuses)[number];
export const paymentStatuses = ['unpaid', 'paid', 'refunded'] as const;

/**
 * `appointments`: every booking of the workspace, whoever made it. The owner's devices create, move
 * and change the status of appointments offline; online bookings, deposits and a customer's own
 * changes are written by the server and reach the devices through the same feed. Two appointments
 * of one staff member may overlap (a phone booking taken offline while a customer booked the same
 * time online): both are kept and the diary shows the clash until one is moved or cancelled.
 */
export const appointments = replicatedEntity({
  name: 'appointments',
  version: 1,
  // Add one strategy per version bump; stored documents outlive app versions.
  migrationStrategies: {
    // 1: a booking may carry the VAT fixed when it was made; an older one has none.
    1: (doc) => doc,
  },
  fields: {
    service_id: z.uuid(),
    consultant_id: z.uuid(),
    start_at: instant,
    end_at: instant,
    duration_minutes: z.number().int().min(5).max(720),
    price_cents: cents(0, 100_000_000_00),
    currency: text(3).min(3),
    status: z.enum(appointmentStatuses),
    // Online bookings carry what the booking page checked; the owner's own are checked on push.
    customer_name: text(100).min(1),
    customer_email: text(255),
    customer_phone: text(20),
    cancel_reason: text(500).optional(),
  },
  serverOnly: {
    /** Who made it: a customer online, or the business (the diary). */
    source: z.enum(['online', 'owner']),
    payment_status: z.enum(paymentStatuses),
    deposit_cents: cents(0, 100_000_000_00),
    paid_cents: cents(0, 100_000_000_00),
    payment_reference: text(100).optional(),
    created_at: instant,
    /** When its time was last set (reminders count from it), and its calendar revision (RFC 5545 SEQUENCE). */
    scheduled_at: instant.optional(),
    sequence: z.number().int().min(0),
    /**
     * The VAT fixed when it was booked (schema/kit/vat.ts `saleVatOf`): its rate, 0 when the business
     * was not VAT registered then, the VAT in the price, and whether it is inside the price or on top.
     */
    tax_rate_bp: z.number().int().min(0).max(10_000).optional(),
    tax_cents: cents(0, 100_000_000_00).optional(),
    tax_included: z.boolean().optional(),
  },
  columns: {
    service_id: 'uuid',
    consultant_id: 'uuid',
    start_at: 'timestamptz',
    end_at: 'timestamptz',
    duration_minutes: 'int',
    price_cents: 'bigint',
    currency: 'text',
    status: 'text',
    customer_name: 'text',
    customer_email: 'text',
    customer_phone: 'text',
    cancel_reason: 'text',
    source: 'text',
    payment_status: 'text',
    deposit_cents: 'bigint',
    paid_cents: 'bigint',
    payment_reference: 'text',
    created_at: 'timestamptz',
    scheduled_at: 'timestamptz',
    sequence: 'int',
    tax_rate_bp: 'int',
    tax_cents: 'bigint',
    tax_included: 'bool',
  },
});
export type Appointment = z.infer<typeof appointments.doc>;
