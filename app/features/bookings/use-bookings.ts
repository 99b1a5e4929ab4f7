import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { TZDate } from '@date-fns/tz';
import type { z } from 'zod';
import {
  rulesDto,
  serviceList,
  staffList,
  type availabilityRules,
  type bookingCreate,
  type serviceCreate,
  type servicePatch,
  type staffCreate,
  type staffPatch,
  type timeOffCreate,
} from '../../../schema/bookings/bookings';
import { bookingsContract as c } from '../../../schema/bookings/contract';
import { call, queryEndpoint } from '../../data/api';
import { useAuthStore } from '../../data/auth-store';
import { withOfflineCopy, type CacheSlot } from '../../kit/offline-cache';

export const bookingKeys = {
  all: ['bookings'] as const,
  services: (ws: number) => ['bookings', ws, 'services'] as const,
  staff: (ws: number) => ['bookings', ws, 'staff'] as const,
  rules: (ws: number) => ['bookings', ws, 'rules'] as const,
  publicList: (q: string) => ['bookings', 'public', q] as const,
  publicService: (id: string) => ['bookings', 'public', 'service', id] as const,
  slots: (id: string, from: string, to: string) => ['bookings', 'public', 'slots', id, from, to] as const,
  booking: (token: string) => ['bookings', 'booking', token] as const,
};

/**
 * The services, staff and rules as last read online, kept per user on the device (cleared at
 * logout): the diary books phone customers in with no signal, by the same rules.
 */
const kept = {
  services: (ws: number): CacheSlot<z.infer<typeof serviceList>> => ({ slot: `booking-services:${ws}`, schema: serviceList }),
  staff: (ws: number): CacheSlot<z.infer<typeof staffList>> => ({ slot: `booking-staff:${ws}`, schema: staffList }),
  rules: (ws: number): CacheSlot<z.infer<typeof rulesDto>> => ({ slot: `booking-rules:${ws}`, schema: rulesDto }),
};
const userId = () => useAuthStore.getState().user?.id ?? null;

export const fetchServices = (ws: number) =>
  withOfflineCopy(userId(), kept.services(ws), () => queryEndpoint(c.services, { params: { id: ws } }));
export const fetchRules = (ws: number) => withOfflineCopy(userId(), kept.rules(ws), () => queryEndpoint(c.rules, { params: { id: ws } }));

/** One cached answer for the diary and the planner's calendar. */
export const servicesQuery = (ws: number) => ({ queryKey: bookingKeys.services(ws), queryFn: () => fetchServices(ws) });
export const rulesQuery = (ws: number) => ({ queryKey: bookingKeys.rules(ws), queryFn: () => fetchRules(ws) });

export function useServices(ws: number) {
  return useQuery(servicesQuery(ws));
}
export function useStaff(ws: number) {
  return useQuery({
    queryKey: bookingKeys.staff(ws),
    queryFn: () => withOfflineCopy(userId(), kept.staff(ws), () => queryEndpoint(c.staff, { params: { id: ws } })),
  });
}
export function useRules(ws: number) {
  return useQuery(rulesQuery(ws));
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
