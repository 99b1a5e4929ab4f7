import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import {
  classifiedMessages as msg,
  expiryAfter,
  hasContactDetails,
  MESSAGES_PER_HOUR,
  nextStatuses,
  RENEW_DAYS,
  type browseQuery,
  type ClassifiedDetail,
  type ClassifiedDto,
  type classifiedCreate,
  type classifiedPatch,
  type inquiryCreate,
  type InquiryThread,
  type offerResponse,
  type reportCreate,
  type reportResolve,
} from '../../../schema/classifieds.js';
import { formatCents } from '../../../schema/money.js';
import { withScope, type Queryable } from '../../db/db.js';
import type { AppDeps } from '../../deps.js';
import { enforceMailLimits } from '../../mail/mail-limits.js';
import { badRequest, conflict, forbidden, HttpError, notFound } from '../../http/errors.js';
import { assertWithinLimit, capabilitiesFor, workspaceOwner } from '../../plans/capabilities.js';
import { getFile, type FileRow } from '../drive/index.js';
import type { Membership } from '../workspaces/membership.js';
import * as repo from './classifieds.repo.js';
import * as inquiriesRepo from './inquiries.repo.js';
import * as messagesRepo from './messages.repo.js';
import * as publicRepo from './public-listings.repo.js';
import * as reportsRepo from './reports.repo.js';
import { announceInquiry } from './inquiry-mail.repo.js';
import * as users from '../auth/users.repo.js';

/** A signed-in, active member of the workspace a seller's request names. */
export interface SellerCaller {
  userId: number;
  workspaceId: number;
  membership: Membership;
}

const HOUR_MS = 3_600_000;

function scoped<T>(deps: AppDeps, c: SellerCaller, fn: (q: Queryable) => Promise<T>): Promise<T> {
  return withScope(deps.db, { userId: c.userId, workspaceId: c.workspaceId }, fn);
}

// ---- The seller's listings ----

export async function listListings(deps: AppDeps, c: SellerCaller) {
  const rows = await scoped(deps, c, (q) => repo.listListings(q, c.workspaceId));
  return { listings: rows.map(repo.listingDto) };
}

async function ownListing(q: Queryable, c: SellerCaller, id: string): Promise<repo.ListingRow> {
  const row = await repo.findListing(q, c.workspaceId, id);
  if (!row) throw notFound(msg.notFound);
  return row;
}

/** Photos must be pictures in this workspace's drive: an id from elsewhere is refused. */
async function checkPhotos(q: Queryable, ws: number, images: readonly string[]): Promise<void> {
  const found = await repo.drivePictures(q, ws, images);
  if (images.some((id) => !found.has(id)))
    throw badRequest('A photo of this ad is not in your drive', { errors: { images: ['A photo of this ad is not in your drive'] } });
}

/** The plan's limit (spec §1: Mahala, 10 listings), counted on the listings not sold or expired. */
async function withinPlan(q: Queryable, deps: AppDeps, c: SellerCaller): Promise<void> {
  const caps = capabilitiesFor(workspaceOwner(c.membership), deps.now());
  // Two creates at once must not both pass the count: one per workspace at a time.
  await q.query(`SELECT pg_advisory_xact_lock(hashtext('classifieds-limit'), $1)`, [c.workspaceId]);
  assertWithinLimit(caps, 'classifieds', await repo.countLiveListings(q, c.workspaceId));
}

export async function createListing(deps: AppDeps, c: SellerCaller, body: z.output<typeof classifiedCreate>): Promise<ClassifiedDto> {
  const id = randomUUID();
  const now = deps.now();
  const row = await scoped(deps, c, async (q) => {
    await withinPlan(q, deps, c);
    await checkPhotos(q, c.workspaceId, body.images);
    await repo.insertListing(q, {
      ws: c.workspaceId,
      id,
      title: body.title,
      description: body.description,
      category: body.category,
      priceCents: body.price_cents,
      images: body.images,
      area: body.area,
      expiresAt: expiryAfter(now, body.run_days),
      allowAppointments: body.allow_appointments,
      status: body.status,
      userId: c.userId,
      now,
    });
    return ownListing(q, c, id);
  });
  return repo.listingDto(row);
}

export async function getListing(deps: AppDeps, c: SellerCaller, id: string): Promise<ClassifiedDetail> {
  const row = await scoped(deps, c, (q) => ownListing(q, c, id));
  // Buyers' names are outside the workspace scope: read as owner, the membership already checked.
  const inquiries = await inquiriesRepo.listingInquiries(deps.db, c.workspaceId, id);
  return { ...repo.listingDto(row), inquiries: inquiries.map((i) => inquiriesRepo.inquiryDto(i, 'seller')) };
}

export async function updateListing(
  deps: AppDeps,
  c: SellerCaller,
  id: string,
  body: z.output<typeof classifiedPatch>,
): Promise<ClassifiedDto> {
  const now = deps.now();
  const row = await scoped(deps, c, async (q) => {
    const current = await ownListing(q, c, id);
    const change: repo.ListingChange = { ...body, status: undefined };
    if (body.images) await checkPhotos(q, c.workspaceId, body.images);
    if (current.status === 'removed' && body.status) throw conflict(msg.removed);
    if (body.status && body.status !== current.status) {
      if (!nextStatuses[current.status].includes(body.status)) {
        throw conflict(
          current.status === 'expired'
            ? 'This listing has expired: renew it to show it again'
            : `A ${current.status} listing cannot be made ${body.status}`,
        );
      }
      change.status = body.status;
      if (body.status === 'published') {
        change.published_at = now;
        // A draft kept for a while still gets a full run once it goes live.
        if (new Date(current.expires_at).getTime() < now.getTime() + 86_400_000) change.expires_at = expiryAfter(now, RENEW_DAYS);
      }
      if (current.status === 'reserved' && body.status === 'published') change.clearReservation = true;
    }
    await repo.updateListing(q, c.workspaceId, id, change, now);
    return ownListing(q, c, id);
  });
  return repo.listingDto(row);
}

/**
 * Renew: the listing runs RENEW_DAYS more from its expiry (or from now, when that has passed), and an
 * expired one is published again, counted against the plan like a new one.
 */
export async function renewListing(deps: AppDeps, c: SellerCaller, id: string): Promise<ClassifiedDto> {
  const now = deps.now();
  const row = await scoped(deps, c, async (q) => {
    const current = await ownListing(q, c, id);
    if (current.status === 'sold') throw conflict('A sold listing cannot be renewed');
    if (current.status === 'removed') throw conflict(msg.removed);
    if (current.status === 'expired') await withinPlan(q, deps, c);
    const from = Math.max(now.getTime(), new Date(current.expires_at).getTime());
    await repo.updateListing(
      q,
      c.workspaceId,
      id,
      {
        expires_at: expiryAfter(new Date(from), RENEW_DAYS),
        clearNotice: true,
        ...(current.status === 'expired' ? { status: 'published' as const, published_at: now } : {}),
      },
      now,
    );
    return ownListing(q, c, id);
  });
  return repo.listingDto(row);
}

export async function listViewings(deps: AppDeps, c: SellerCaller, from: string, to: string) {
  // Buyers' names are outside the scope; the membership is checked by the caller.
  return { viewings: await inquiriesRepo.viewings(deps.db, c.workspaceId, from, to) };
}

// ---- Public browsing ----

export async function browse(deps: AppDeps, query: z.output<typeof browseQuery>) {
  const now = deps.now();
  const [rows, areas] = await Promise.all([
    publicRepo.browse(deps.db, now, { category: query.category, area: query.area || undefined, q: query.q || undefined, sort: query.sort }),
    publicRepo.shownAreas(deps.db, now),
  ]);
  return { listings: rows.map(repo.publicDto), areas };
}

export async function publicListing(deps: AppDeps, id: string, userId: number | null) {
  const row = await publicRepo.shownListing(deps.db, deps.now(), id);
  if (!row) throw notFound(msg.notFound);
  const mine = userId !== null && (await publicRepo.isMember(deps.db, row.workspace_id, userId));
  return { ...repo.publicDto(row), mine };
}

/** The drive file behind a shown listing's photo (404 when the listing shows no such photo). */
export async function listingPhoto(deps: AppDeps, listing: string, fileId: string): Promise<FileRow> {
  const ws = await publicRepo.listingPhoto(deps.db, deps.now(), listing, fileId);
  const row = ws === undefined ? undefined : await getFile(deps.db, ws, fileId);
  if (!row || row.trashed_at) throw notFound('This photo is no longer available');
  return row;
}

// ---- Inquiries and their threads ----

async function thread(q: Queryable, row: inquiriesRepo.InquiryRow, role: 'buyer' | 'seller', caller: number): Promise<InquiryThread> {
  return { ...inquiriesRepo.inquiryDto(row, role), messages: await messagesRepo.threadMessages(q, row.workspace_id, row.id, caller) };
}

/** Which side of an inquiry the caller is on; 404 for anyone else (the thread's existence is nobody's business). */
async function sideOf(q: Queryable, row: inquiriesRepo.InquiryRow, userId: number): Promise<'buyer' | 'seller'> {
  if (row.buyer_id === userId) return 'buyer';
  if (await publicRepo.isMember(q, row.workspace_id, userId)) return 'seller';
  throw notFound(msg.inquiryNotFound);
}

/**
 * Counts one message against the sender's hourly allowance, under a per-sender lock so two at once
 * cannot both pass; the count is of stored messages, so a refused one leaves nothing behind.
 */
async function withinMessageRate(q: Queryable, deps: AppDeps, userId: number): Promise<void> {
  await messagesRepo.lockSender(q, userId);
  const sent = await messagesRepo.messagesSentSince(q, userId, new Date(deps.now().getTime() - HOUR_MS));
  if (sent >= MESSAGES_PER_HOUR) throw new HttpError(429, msg.rateLimited, { code: 'rate_limited' }, 3600);
}

/** A listing that takes messages: sold and expired ones take none. */
function assertOpen(listing: repo.ListingRow, now: Date): void {
  if (
    listing.status === 'sold' ||
    listing.status === 'expired' ||
    listing.status === 'removed' ||
    new Date(listing.expires_at).getTime() <= now.getTime()
  )
    throw conflict(msg.closed);
}

export async function ask(
  deps: AppDeps,
  userId: number,
  listingId: string,
  body: z.output<typeof inquiryCreate>,
  source: string,
): Promise<InquiryThread> {
  const now = deps.now();
  return deps.db.transaction(async (q) => {
    const listing = await publicRepo.anyListing(q, listingId);
    if (!listing || listing.status === 'draft' || listing.status === 'removed') throw notFound(msg.notFound);
    assertOpen(listing, now);
    if (listing.status === 'paused') throw conflict(msg.notOpen);
    if (listing.created_by === userId || (await publicRepo.isMember(q, listing.workspace_id, userId))) throw forbidden(msg.ownListing);
    if (body.request_type === 'offer' && listing.status === 'reserved') throw conflict(msg.reserved);
    if (body.request_type === 'viewing') {
      if (!listing.allow_appointments) throw badRequest(msg.viewingsOff);
      if (!body.viewing_at || Date.parse(body.viewing_at) <= now.getTime())
        throw badRequest(msg.viewingTime, { errors: { viewing_at: [msg.viewingTime] } });
    }
    if (hasContactDetails(body.message)) throw badRequest(msg.flagged, { errors: { message: [msg.flagged] } });
    await withinMessageRate(q, deps, userId);
    // The seller is mailed what a buyer typed: per source address and per seller, as all such mail.
    await enforceMailLimits(q, deps, { source, workspaceId: listing.workspace_id });
    const id = randomUUID();
    const offer = body.request_type === 'offer' ? (body.offer_amount_cents ?? null) : null;
    await inquiriesRepo.insertInquiry(q, {
      ws: listing.workspace_id,
      id,
      listing: listing.id,
      buyer: userId,
      type: body.request_type,
      offer,
      viewingAt: body.request_type === 'viewing' ? (body.viewing_at ?? null) : null,
      now,
    });
    const kind = body.request_type === 'offer' ? 'offer' : body.request_type === 'viewing' ? 'viewing' : 'message';
    await messagesRepo.insertMessage(q, {
      ws: listing.workspace_id,
      id: randomUUID(),
      inquiry: id,
      sender: userId,
      kind,
      body: body.message,
      amount: offer,
      now,
    });
    // The seller's e-mail about it goes through the job queue once this commits.
    await announceInquiry(q, id);
    const row = await inquiriesRepo.inquiryById(q, id);
    if (!row) throw notFound(msg.inquiryNotFound);
    return thread(q, row, 'buyer', userId);
  });
}

export async function myInquiries(deps: AppDeps, userId: number, listingId: string) {
  const listing = await publicRepo.anyListing(deps.db, listingId);
  if (!listing || listing.status === 'draft') throw notFound(msg.notFound);
  const rows = await inquiriesRepo.buyerInquiries(deps.db, listingId, userId);
  return { inquiries: await Promise.all(rows.map((r) => thread(deps.db, r, 'buyer', userId))) };
}

export async function getThread(deps: AppDeps, userId: number, inquiryId: string): Promise<InquiryThread> {
  const row = await inquiriesRepo.inquiryById(deps.db, inquiryId);
  if (!row) throw notFound(msg.inquiryNotFound);
  return thread(deps.db, row, await sideOf(deps.db, row, userId), userId);
}

export async function sendMessage(deps: AppDeps, userId: number, inquiryId: string, text: string): Promise<InquiryThread> {
  const now = deps.now();
  return deps.db.transaction(async (q) => {
    const row = await inquiriesRepo.inquiryById(q, inquiryId);
    if (!row) throw notFound(msg.inquiryNotFound);
    const side = await sideOf(q, row, userId);
    const listing = await publicRepo.anyListing(q, row.classified_id);
    if (!listing) throw notFound(msg.notFound);
    assertOpen(listing, now);
    await withinMessageRate(q, deps, userId);
    await messagesRepo.insertMessage(q, {
      ws: row.workspace_id,
      id: randomUUID(),
      inquiry: row.id,
      sender: userId,
      kind: 'message',
      body: text,
      amount: null,
      now,
    });
    if (side === 'seller' && row.status === 'new' && row.request_type !== 'offer')
      await inquiriesRepo.updateInquiry(q, row.workspace_id, row.id, { status: 'answered', response: text }, now);
    else await inquiriesRepo.updateInquiry(q, row.workspace_id, row.id, {}, now);
    const fresh = await inquiriesRepo.inquiryById(q, row.id);
    if (!fresh) throw notFound(msg.inquiryNotFound);
    return thread(q, fresh, side, userId);
  });
}

/**
 * An offer answered. The seller accepts, declines or counters the buyer's offer; the buyer accepts or
 * declines the seller's counter-offer. Accepting reserves the item for that buyer, once: a listing
 * already reserved for someone else refuses.
 */
export async function respond(
  deps: AppDeps,
  userId: number,
  inquiryId: string,
  body: z.output<typeof offerResponse>,
): Promise<InquiryThread> {
  const now = deps.now();
  return deps.db.transaction(async (q) => {
    const row = await inquiriesRepo.inquiryById(q, inquiryId);
    if (!row) throw notFound(msg.inquiryNotFound);
    const side = await sideOf(q, row, userId);
    if (row.request_type !== 'offer') throw badRequest(msg.notOffer);
    const listing = await repo.lockListing(q, row.workspace_id, row.classified_id);
    if (!listing) throw notFound(msg.notFound);
    assertOpen(listing, now);
    // Whose turn it is: the seller answers a new offer, the buyer answers a counter-offer.
    const turn = row.status === 'new' ? 'seller' : row.status === 'countered' ? 'buyer' : null;
    if (turn === null) throw conflict(msg.alreadyDecided);
    if (turn !== side) throw forbidden(side === 'buyer' ? msg.notYours : 'The buyer has not answered your counter-offer yet');
    if (body.action === 'counter' && side === 'buyer') throw forbidden(msg.notYours);
    const money = (cents: number) => formatCents(cents, listing.currency);
    const note = body.note ?? '';
    if (body.action === 'decline') {
      await inquiriesRepo.updateInquiry(
        q,
        row.workspace_id,
        row.id,
        { status: 'declined', ...(side === 'seller' && note ? { response: note } : {}) },
        now,
      );
      await messagesRepo.insertMessage(q, {
        ws: row.workspace_id,
        id: randomUUID(),
        inquiry: row.id,
        sender: userId,
        kind: 'declined',
        body: note || (side === 'seller' ? 'Offer declined' : 'Counter-offer declined'),
        amount: null,
        now,
      });
    } else if (body.action === 'counter') {
      const amount = body.amount_cents ?? 0;
      await inquiriesRepo.updateInquiry(
        q,
        row.workspace_id,
        row.id,
        { status: 'countered', counter: amount, ...(note ? { response: note } : {}) },
        now,
      );
      await messagesRepo.insertMessage(q, {
        ws: row.workspace_id,
        id: randomUUID(),
        inquiry: row.id,
        sender: userId,
        kind: 'counter',
        body: note || `Counter-offer: ${money(amount)}`,
        amount,
        now,
      });
    } else {
      if (listing.status === 'reserved' && listing.reserved_for !== row.buyer_id) throw conflict(msg.reserved);
      if (listing.status === 'paused' || listing.status === 'draft') throw conflict(msg.notOpen);
      const agreed = side === 'buyer' ? Number(row.counter_amount_cents) : Number(row.offer_amount_cents);
      await inquiriesRepo.updateInquiry(
        q,
        row.workspace_id,
        row.id,
        { status: 'accepted', offer: agreed, ...(side === 'seller' && note ? { response: note } : {}) },
        now,
      );
      await q.query(`UPDATE classifieds SET status = 'reserved', reserved_for = $3, updated_at = $4 WHERE workspace_id = $1 AND id = $2`, [
        row.workspace_id,
        row.classified_id,
        row.buyer_id,
        now,
      ]);
      await messagesRepo.insertMessage(q, {
        ws: row.workspace_id,
        id: randomUUID(),
        inquiry: row.id,
        sender: userId,
        kind: 'accepted',
        body: note || `Offer of ${money(agreed)} accepted: the item is reserved for the buyer`,
        amount: agreed,
        now,
      });
    }
    const fresh = await inquiriesRepo.inquiryById(q, row.id);
    if (!fresh) throw notFound(msg.inquiryNotFound);
    return thread(q, fresh, side, userId);
  });
}

// ---- Reports ----

export async function report(deps: AppDeps, userId: number, listingId: string, body: z.output<typeof reportCreate>) {
  const listing = await publicRepo.anyListing(deps.db, listingId);
  if (!listing || listing.status === 'draft') throw notFound(msg.notFound);
  if (body.message_id) {
    const inThread = await messagesRepo.messageInListing(deps.db, listing.workspace_id, listing.id, body.message_id);
    if (!inThread) throw notFound('That message does not exist');
  }
  await reportsRepo.insertReport(deps.db, {
    ws: listing.workspace_id,
    id: randomUUID(),
    listing: listing.id,
    message: body.message_id ?? null,
    reporter: userId,
    reason: body.reason,
    now: deps.now(),
  });
  return { message: 'Thank you. Our team will look at this report.' };
}

async function requireAdmin(deps: AppDeps, userId: number): Promise<void> {
  if (!(await users.isAdmin(deps.db, userId))) throw forbidden(msg.adminsOnly);
}

export async function listReports(deps: AppDeps, userId: number, status: 'open' | 'resolved') {
  await requireAdmin(deps, userId);
  return { reports: await reportsRepo.reports(deps.db, status) };
}

/**
 * An admin resolves a report: dismissed, or the ad taken down (no longer public; its seller sees the
 * reason). Taking an ad down resolves every open report about it. Who and when are recorded.
 */
export async function resolveReport(deps: AppDeps, userId: number, reportId: string, body: z.output<typeof reportResolve>) {
  await requireAdmin(deps, userId);
  const now = deps.now();
  return deps.db.transaction(async (q) => {
    const report = await reportsRepo.lockReport(q, reportId);
    if (!report) throw notFound(msg.reportNotFound);
    if (report.resolved_at !== null) throw conflict(msg.alreadyResolved);
    const note = body.note || null;
    if (body.action === 'dismiss') {
      await reportsRepo.resolveReports(q, { ws: report.workspace_id, id: reportId, resolution: 'dismissed', by: userId, note, now });
    } else {
      await reportsRepo.takeDownListing(q, report.workspace_id, report.classified_id, note ?? '', userId, now);
      await reportsRepo.resolveReports(q, {
        ws: report.workspace_id,
        listing: report.classified_id,
        resolution: 'removed',
        by: userId,
        note,
        now,
      });
    }
    const fresh = await reportsRepo.reportById(q, reportId);
    if (!fresh) throw notFound(msg.reportNotFound);
    return fresh;
  });
}
