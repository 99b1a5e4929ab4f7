import { z } from 'zod';
import {
  appointmentCreate,
  appointmentDto,
  appointmentList,
  appointmentPatch,
  appointmentRange,
  availabilityRules,
  bookingCancel,
  bookingCreate,
  bookingReschedule,
  bookingPlaced,
  bookingToken,
  publicBooking,
  publicServiceDetail,
  publicServiceList,
  rulesDto,
  serviceCreate,
  serviceDto,
  serviceList,
  servicePatch,
  slotList,
  slotQuery,
  staffCreate,
  staffDto,
  staffList,
  staffPatch,
  timeOffCreate,
} from './bookings.js';
import { endpoint } from '../kit/http.js';
import { idParam, text } from '../kit/input.js';

const ws = z.object({ id: idParam });
const service = z.object({ id: idParam, serviceId: z.uuid() });
const staff = z.object({ id: idParam, staffId: z.uuid() });
const appointment = z.object({ id: idParam, appointmentId: z.uuid() });
const timeOff = z.object({ id: idParam, staffId: z.uuid(), timeOffId: z.uuid() });
const publicService = z.object({ publicServiceId: z.uuid() });
const token = z.object({ bookingToken });

/**
 * Services and appointment booking (spec §3, issue 20). The owner's services, staff, rules and diary
 * live under the workspace; anyone may list bookable services, see free slots and book; the
 * customer's link (signed) shows and cancels their booking. Online only in this slice.
 */
export const bookingsContract = {
  services: endpoint({ method: 'GET', path: '/api/workspaces/:id/services', params: ws, response: serviceList }),
  createService: endpoint({ method: 'POST', path: '/api/workspaces/:id/services', params: ws, body: serviceCreate, response: serviceDto }),
  updateService: endpoint({
    method: 'PATCH',
    path: '/api/workspaces/:id/services/:serviceId',
    params: service,
    body: servicePatch,
    response: serviceDto,
  }),
  staff: endpoint({ method: 'GET', path: '/api/workspaces/:id/consultants', params: ws, response: staffList }),
  createStaff: endpoint({ method: 'POST', path: '/api/workspaces/:id/consultants', params: ws, body: staffCreate, response: staffDto }),
  updateStaff: endpoint({
    method: 'PATCH',
    path: '/api/workspaces/:id/consultants/:staffId',
    params: staff,
    body: staffPatch,
    response: staffDto,
  }),
  addTimeOff: endpoint({
    method: 'POST',
    path: '/api/workspaces/:id/consultants/:staffId/time-off',
    params: staff,
    body: timeOffCreate,
    response: staffDto,
  }),
  /** Takes back a stretch of time off (the leave was cancelled); the staff member's hours apply again. */
  removeTimeOff: endpoint({
    method: 'DELETE',
    path: '/api/workspaces/:id/consultants/:staffId/time-off/:timeOffId',
    params: timeOff,
    response: staffDto,
  }),
  rules: endpoint({ method: 'GET', path: '/api/workspaces/:id/booking-rules', params: ws, response: rulesDto }),
  putRules: endpoint({ method: 'PUT', path: '/api/workspaces/:id/booking-rules', params: ws, body: availabilityRules, response: rulesDto }),
  appointments: endpoint({
    method: 'GET',
    path: '/api/workspaces/:id/appointments',
    params: ws,
    query: appointmentRange,
    response: appointmentList,
  }),
  // The diary itself writes through the device's `appointments` collection. These two stay as the API
  // for a caller that is online (an integration, a script): same owner rules and mails as a push, and
  // the feed trigger carries their writes to every device.
  createAppointment: endpoint({
    method: 'POST',
    path: '/api/workspaces/:id/appointments',
    params: ws,
    body: appointmentCreate,
    response: appointmentDto,
  }),
  updateAppointment: endpoint({
    method: 'PATCH',
    path: '/api/workspaces/:id/appointments/:appointmentId',
    params: appointment,
    body: appointmentPatch,
    response: appointmentDto,
  }),

  publicServices: endpoint({
    method: 'GET',
    path: '/api/public/services',
    query: z.object({ storefront: text(100).optional(), q: text(100).trim().optional() }),
    response: publicServiceList,
  }),
  publicService: endpoint({
    method: 'GET',
    path: '/api/public/services/:publicServiceId',
    params: publicService,
    response: publicServiceDetail,
  }),
  slots: endpoint({
    method: 'GET',
    path: '/api/public/services/:publicServiceId/slots',
    params: publicService,
    query: slotQuery,
    response: slotList,
  }),
  book: endpoint({
    method: 'POST',
    path: '/api/public/services/:publicServiceId/bookings',
    params: publicService,
    body: bookingCreate,
    response: bookingPlaced,
  }),
  booking: endpoint({ method: 'GET', path: '/api/public/bookings/:bookingToken', params: token, response: publicBooking }),
  cancelBooking: endpoint({
    method: 'POST',
    path: '/api/public/bookings/:bookingToken/cancel',
    params: token,
    body: bookingCancel,
    response: publicBooking,
  }),
  rescheduleBooking: endpoint({
    method: 'POST',
    path: '/api/public/bookings/:bookingToken/reschedule',
    params: token,
    body: bookingReschedule,
    response: publicBooking,
  }),
} as const;
