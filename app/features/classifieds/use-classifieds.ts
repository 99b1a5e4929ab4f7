import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  browseQuery,
  classifiedCreate,
  classifiedPatch,
  inquiryCreate,
  offerResponse,
  reportResolve,
} from '../../../schema/classifieds/classifieds';
import { classifiedsContract as c } from '../../../schema/classifieds/contract';
import { pictureWidthFor } from '../../../schema/pictures/pictures';
import { fillPath } from '../../../schema/kit/http';
import { call, queryEndpoint } from '../../data/api';

export const classifiedKeys = {
  all: ['classifieds'] as const,
  mine: (ws: number) => ['classifieds', 'workspace', ws] as const,
  one: (ws: number, id: string) => ['classifieds', 'workspace', ws, id] as const,
  browse: (q: z.input<typeof browseQuery>) => ['classifieds', 'browse', q] as const,
  listing: (id: string) => ['classifieds', 'listing', id] as const,
  myInquiries: (id: string) => ['classifieds', 'listing', id, 'inquiries'] as const,
  thread: (id: string) => ['classifieds', 'thread', id] as const,
  reports: (status: 'open' | 'resolved') => ['classifieds', 'reports', status] as const,
};

/** The seller's listings in a workspace. */
export function useListings(ws: number) {
  return useQuery({ queryKey: classifiedKeys.mine(ws), queryFn: () => queryEndpoint(c.list, { params: { id: ws } }) });
}

export function useListing(ws: number, id: string) {
  return useQuery({
    queryKey: classifiedKeys.one(ws, id),
    queryFn: () => queryEndpoint(c.get, { params: { id: ws, classifiedId: id } }),
    retry: false,
  });
}

export function useBrowse(q: z.input<typeof browseQuery>) {
  return useQuery({ queryKey: classifiedKeys.browse(q), queryFn: () => queryEndpoint(c.browse, { query: q }) });
}

export function usePublicListing(id: string) {
  return useQuery({
    queryKey: classifiedKeys.listing(id),
    queryFn: () => queryEndpoint(c.listing, { params: { classifiedId: id } }),
    retry: false,
  });
}

/** The signed-in buyer's own conversations about a listing (none asked for when signed out). */
export function useMyInquiries(id: string, signedIn: boolean) {
  return useQuery({
    queryKey: classifiedKeys.myInquiries(id),
    queryFn: () => queryEndpoint(c.myInquiries, { params: { classifiedId: id } }),
    enabled: signedIn,
  });
}

export function useThread(id: string) {
  return useQuery({
    queryKey: classifiedKeys.thread(id),
    queryFn: () => queryEndpoint(c.thread, { params: { inquiryId: id } }),
    retry: false,
  });
}

export function useReports(enabled: boolean, status: 'open' | 'resolved') {
  return useQuery({ queryKey: classifiedKeys.reports(status), queryFn: () => queryEndpoint(c.reports, { query: { status } }), enabled });
}

/** A change to anything classified: every classifieds query is read again afterwards. */
export function useClassifiedChange<T, R>(run: (input: T) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: run, onSuccess: () => client.invalidateQueries({ queryKey: classifiedKeys.all }) });
}

export const classifiedCalls = {
  create: (ws: number, body: z.input<typeof classifiedCreate>) => call(c.create, { params: { id: ws }, body }),
  update: (ws: number, id: string, body: z.input<typeof classifiedPatch>) => call(c.update, { params: { id: ws, classifiedId: id }, body }),
  renew: (ws: number, id: string) => call(c.renew, { params: { id: ws, classifiedId: id } }),
  ask: (id: string, body: z.input<typeof inquiryCreate>) => call(c.ask, { params: { classifiedId: id }, body }),
  send: (inquiryId: string, message: string) => call(c.send, { params: { inquiryId }, body: { message } }),
  respond: (inquiryId: string, body: z.input<typeof offerResponse>) => call(c.respond, { params: { inquiryId }, body }),
  resolveReport: (reportId: string, body: z.input<typeof reportResolve>) => call(c.resolveReport, { params: { reportId }, body }),
  report: (id: string, reason: string, messageId?: string) =>
    call(c.report, { params: { classifiedId: id }, body: { reason, ...(messageId ? { message_id: messageId } : {}) } }),
};

/** The address of a listing's photo about `cssWidth` CSS pixels wide (public: the listing shows it). */
export function photoUrl(listingId: string, fileId: string, cssWidth: number): string {
  const dpr = typeof window === 'undefined' ? 1 : window.devicePixelRatio;
  return `${fillPath(c.photo.path, { classifiedId: listingId, fileId })}?w=${pictureWidthFor(cssWidth, dpr)}`;
}
