import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { TZDate } from '@date-fns/tz';
import type { z } from 'zod';
import type {
  appointmentCreate,
  appointmentPatch,
  availabilityRules,
  bookingCreate,
  serviceCreate,
  servicePatch,
  staffCreate,
  staffPatch,
  timeOffCreate,
} from '../../../schema/bookings';
import { bookingsContract as c } from '../../../schema/contract/bookings';
import { call, queryEndpoint } from '../../data/api';

export const bookingKeys = {
  all: ['bookings'] as const,
  services: (ws: number) => ['bookings', ws, 'services'] as const,
  staff: (ws: number) => ['bookings', ws, 'staff'] as const,
  rules: (ws: number) => ['bookings', ws, 'rules'] as const,
  diary: (ws: number, from: string, to: string, staffId: string) => ['bookings', ws, 'diary', from, to, staffId] as const,
  publicList: (q: string) => ['bookings', 'public', q] as const,
  publicService: (id: string) => ['bookings', 'public', 'service', id] as const,
  slots: (id: string, from: string, to: string) => ['bookings', 'public', 'slots', id, from, to] as const,
  booking: (token: string) => ['bookings', 'booking', token] as const,
};

export function useServices(ws: number) {
  return useQuery({ queryKey: bookingKeys.services(ws), queryFn: () => queryEndpoint(c.services, { params: { id: ws } }) });
}
export function useStaff(ws: number) {
  return useQuery({ queryKey: bookingKeys.staff(ws), queryFn: () => queryEndpoint(c.staff, { params: { id: ws } }) });
}
export function useRules(ws: number) {
  return useQuery({ queryKey: bookingKeys.rules(ws), queryFn: () => queryEndpoint(c.rules, { params: { id: ws } }) });
}
export function useDiary(ws: number, from: string, to: string, staffId: string) {
  return useQuery({
    queryKey: bookingKeys.diary(ws, from, to, staffId),
    queryFn: () => queryEndpoint(c.appointments, { params: { id: ws }, query: { from, to, ...(staffId ? { staff_id: staffId } : {}) } }),
  });
}
/** Public bookable services: all of them, those matching `q`, or one storefront's (by its slug). */
export function usePublicServices(filter: { q?: string; storefront?: string }) {
  const query = { ...(filter.q ? { q: filter.q } : {}), ...(filter.storefront ? { storefront: filter.storefront } : {}) };
  return useQuery({
    queryKey: bookingKeys.publicList(`${filter.q ?? ''}|${filter.storefront ?? ''}`),
    queryFn: () => queryEndpoint(c.publicServices, { query }),
  });
}
export function usePublicService(id: string) {
  return useQuery({
    queryKey: bookingKeys.publicService(id),
    queryFn: () => queryEndpoint(c.publicService, { params: { publicServiceId: id } }),
    retry: false,
  });
}
export function useSlots(id: string, from: string, to: string) {
  return useQuery({
    queryKey: bookingKeys.slots(id, from, to),
    queryFn: () => queryEndpoint(c.slots, { params: { publicServiceId: id }, query: { from, to } }),
  });
}
export function useBooking(token: string) {
  return useQuery({
    queryKey: bookingKeys.booking(token),
    queryFn: () => queryEndpoint(c.booking, { params: { bookingToken: token } }),
    retry: false,
  });
}

/** A change to anything of bookings: every bookings query is read again afterwards. */
export function useBookingChange<T, R>(run: (input: T) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: run, onSuccess: () => client.invalidateQueries({ queryKey: bookingKeys.all }) });
}

export const bookingCalls = {
  createService: (ws: number, body: z.input<typeof serviceCreate>) => call(c.createService, { params: { id: ws }, body }),
  updateService: (ws: number, id: string, body: z.input<typeof servicePatch>) =>
    call(c.updateService, { params: { id: ws, serviceId: id }, body }),
  createStaff: (ws: number, body: z.input<typeof staffCreate>) => call(c.createStaff, { params: { id: ws }, body }),
  updateStaff: (ws: number, id: string, body: z.input<typeof staffPatch>) => call(c.updateStaff, { params: { id: ws, staffId: id }, body }),
  addTimeOff: (ws: number, id: string, body: z.input<typeof timeOffCreate>) =>
    call(c.addTimeOff, { params: { id: ws, staffId: id }, body }),
  removeTimeOff: (ws: number, staffId: string, timeOffId: string) => call(c.removeTimeOff, { params: { id: ws, staffId, timeOffId } }),
  putRules: (ws: number, body: z.input<typeof availabilityRules>) => call(c.putRules, { params: { id: ws }, body }),
  createAppointment: (ws: number, body: z.input<typeof appointmentCreate>) => call(c.createAppointment, { params: { id: ws }, body }),
  updateAppointment: (ws: number, id: string, body: z.input<typeof appointmentPatch>) =>
    call(c.updateAppointment, { params: { id: ws, appointmentId: id }, body }),
  book: (id: string, body: z.input<typeof bookingCreate>) => call(c.book, { params: { publicServiceId: id }, body }),
  cancel: (token: string, reason: string) => call(c.cancelBooking, { params: { bookingToken: token }, body: { reason } }),
  reschedule: (token: string, startAt: string) =>
    call(c.rescheduleBooking, { params: { bookingToken: token }, body: { start_at: startAt } }),
};

/** The instant a wall-clock day and "HH:mm" are in `zone` (the workspace's zone is the diary's truth). */
export function instantIn(day: string, time: string, zone: string): string {
  const [y, m, d] = day.split('-').map(Number);
  const [h, mi] = time.split(':').map(Number);
  return new Date(new TZDate(y, m - 1, d, h, mi, zone).getTime()).toISOString();
}

/** "09:30" of an instant in `zone` (undefined: the device's own). */
export function timeIn(at: string, zone?: string): string {
  return new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: zone }).format(new Date(at));
}

/** "Mon 3 Jun" of an instant in `zone` (undefined: the device's own). */
export function dayIn(at: string, zone?: string): string {
  return new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'short', timeZone: zone }).format(new Date(at));
}

/** YYYY-MM-DD of an instant in `zone` (undefined: the device's own). */
export function isoDayIn(at: Date, zone?: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone: zone }).format(at);
  return parts.slice(0, 10);
}

export function addIsoDays(day: string, n: number): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
}
