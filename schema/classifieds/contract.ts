import { z } from 'zod';
import {
  browseQuery,
  browseResult,
  classifiedCreate,
  classifiedDetail,
  classifiedDto,
  classifiedId,
  classifiedList,
  classifiedPatch,
  inquiryCreate,
  inquiryThread,
  messageCreate,
  offerResponse,
  publicListingDetail,
  reportCreate,
  reportList,
  reportId,
  reportQuery,
  reportResolve,
  reportDto,
  threadList,
  viewingList,
  driveFileId,
} from './classifieds.js';
import { pictureQuery } from '../pictures/pictures.js';
import { okBody, endpoint } from '../kit/http.js';
import { calendarDate, idParam } from '../kit/input.js';

const ws = z.object({ id: idParam });
const listing = z.object({ id: idParam, classifiedId });
const publicListing = z.object({ classifiedId });
const inquiry = z.object({ inquiryId: z.uuid() });
const photo = z.object({ classifiedId, fileId: driveFileId });

/**
 * Classified ads (spec §2, §3; issue 21). The seller's listings live under the workspace; anyone may
 * browse the published ones; a signed-in buyer asks, offers or asks for a viewing, and both sides
 * talk in the inquiry's thread. Online only (DESIGN.md §12).
 */
export const classifiedsContract = {
  list: endpoint({ method: 'GET', path: '/api/workspaces/:id/classifieds', params: ws, response: classifiedList }),
  create: endpoint({
    method: 'POST',
    path: '/api/workspaces/:id/classifieds',
    params: ws,
    body: classifiedCreate,
    response: classifiedDto,
  }),
  get: endpoint({ method: 'GET', path: '/api/workspaces/:id/classifieds/:classifiedId', params: listing, response: classifiedDetail }),
  update: endpoint({
    method: 'PATCH',
    path: '/api/workspaces/:id/classifieds/:classifiedId',
    params: listing,
    body: classifiedPatch,
    response: classifiedDto,
  }),
  renew: endpoint({
    method: 'POST',
    path: '/api/workspaces/:id/classifieds/:classifiedId/renew',
    params: listing,
    response: classifiedDto,
  }),
  /** Viewings buyers asked for between two days, for the planner's calendar. */
  viewings: endpoint({
    method: 'GET',
    path: '/api/workspaces/:id/classified-viewings',
    params: ws,
    query: z.object({ from: calendarDate, to: calendarDate }),
    response: viewingList,
  }),

  browse: endpoint({ method: 'GET', path: '/api/classifieds', query: browseQuery, response: browseResult }),
  listing: endpoint({ method: 'GET', path: '/api/classifieds/:classifiedId', params: publicListing, response: publicListingDetail }),
  photo: endpoint({
    method: 'GET',
    path: '/api/classifieds/:classifiedId/photos/:fileId',
    params: photo,
    query: pictureQuery,
    // Bytes, not JSON: the handler streams the image.
    response: z.void(),
  }),
  /** The signed-in caller's own inquiries about a listing, with their threads. */
  myInquiries: endpoint({ method: 'GET', path: '/api/classifieds/:classifiedId/inquiries', params: publicListing, response: threadList }),
  ask: endpoint({
    method: 'POST',
    path: '/api/classifieds/:classifiedId/inquiries',
    params: publicListing,
    body: inquiryCreate,
    response: inquiryThread,
  }),
  report: endpoint({
    method: 'POST',
    path: '/api/classifieds/:classifiedId/reports',
    params: publicListing,
    body: reportCreate,
    response: okBody,
  }),
  thread: endpoint({ method: 'GET', path: '/api/classified-inquiries/:inquiryId', params: inquiry, response: inquiryThread }),
  send: endpoint({
    method: 'POST',
    path: '/api/classified-inquiries/:inquiryId/messages',
    params: inquiry,
    body: messageCreate,
    response: inquiryThread,
  }),
  respond: endpoint({
    method: 'POST',
    path: '/api/classified-inquiries/:inquiryId/response',
    params: inquiry,
    body: offerResponse,
    response: inquiryThread,
  }),
  /** Reports of listings and messages, for the platform's admins. */
  reports: endpoint({ method: 'GET', path: '/api/admin/classified-reports', query: reportQuery, response: reportList }),
  /** An admin dismisses a report or takes its ad down; every open report of a taken-down ad is resolved with it. */
  resolveReport: endpoint({
    method: 'POST',
    path: '/api/admin/classified-reports/:reportId/resolve',
    params: z.object({ reportId }),
    body: reportResolve,
    response: reportDto,
  }),
} as const;
