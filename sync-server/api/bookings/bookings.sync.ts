import {
  appointmentChangeProblem,
  appointmentIdValid,
  appointmentProblem,
  appointments,
  bookingMessages as msg,
  ownerAppointmentFields,
  type AppointmentStatus,
} from '../../../schema/bookings/bookings.js';
import { entityRules, type Stored } from '../../sync/collection-rules.js';
import { saleVatSql } from '../../payments/seller-vat.js';
import { afterAppointmentChange, type AppointmentState } from './bookings.service.js';
import * as appointmentsRepo from './appointments.repo.js';

type Pushed = Stored<Record<string, unknown>>;

const stateOf = (d: Pushed): AppointmentState => ({
  status: d.status as AppointmentStatus,
  start_at: String(d.start_at),
  payment_status: (d.payment_status as AppointmentState['payment_status'] | undefined) ?? 'unpaid',
  customer_email: typeof d.customer_email === 'string' ? d.customer_email : '',
});

/**
 * appointments: the diary on the owner's devices (DESIGN.md §5). A device may book a time that a
 * customer took online meanwhile: both are kept (no slot check here) and the diary shows the clash.
 * What the server refuses is what no diary could mean: a service or staff member not of this
 * workspace, a status that cannot follow the stored one, a new time for an appointment that is over,
 * or a deletion (an appointment is cancelled, and stays in the diary). The mails and deposit refunds
 * of a change follow it as they do when the diary is online.
 */
export const appointmentRules = entityRules(appointments, {
  // The diary books in for the business; a customer's own booking comes through the booking page.
  // Its VAT is fixed when the server first stores it, by the settings then (as an online booking's).
  computedOnInsert: { source: `'owner'`, ...saleVatSql('x', 'price_cents') },
  validate(doc) {
    // The id goes into the customer's links and mail jobs as it is: a uuid as crypto.randomUUID writes it.
    if (!appointmentIdValid(doc.id)) return `id: ${msg.appointmentId}`;
    const owner = ownerAppointmentFields.safeParse(doc);
    if (!owner.success) {
      const issue = owner.error.issues[0];
      return `${issue.path.join('.')}: ${issue.message}`;
    }
    return appointmentProblem(doc);
  },
  frozen: (_stored, incoming) => (incoming && (incoming as Pushed)._deleted === true ? msg.appointmentNotDeleted : null),
  changeRefused(stored, incoming) {
    return appointmentChangeProblem(
      { status: stored.status as AppointmentStatus, start_at: String(stored.start_at), consultant_id: String(stored.consultant_id) },
      { status: incoming.status as AppointmentStatus, start_at: String(incoming.start_at), consultant_id: String(incoming.consultant_id) },
    );
  },
  async refuseUnderLock(tx, { workspaceId, docs }) {
    const known = await appointmentsRepo.knownServicesAndStaff(
      tx,
      workspaceId,
      docs.map((d) => d.service_id),
      docs.map((d) => d.consultant_id),
    );
    const refused = new Map<string, string>();
    for (const d of docs) {
      if (!known.services.has(d.service_id)) refused.set(d.id, `service_id: ${msg.serviceNotFound}`);
      else if (!known.staff.has(d.consultant_id)) refused.set(d.id, `consultant_id: ${msg.staffNotFound}`);
    }
    return refused;
  },
  async afterWrite(tx, { workspaceId, docs, before }) {
    const moved: string[] = [];
    for (const doc of docs) {
      const prior = before.get(doc.id);
      if (prior && Date.parse(String(prior.start_at)) !== Date.parse(doc.start_at)) moved.push(doc.id);
      await afterAppointmentChange(tx, workspaceId, doc.id, prior ? stateOf(prior) : undefined, stateOf(doc), new Date());
    }
    await appointmentsRepo.markMoved(tx, workspaceId, moved);
  },
});
