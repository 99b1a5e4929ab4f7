import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import {
  classifiedMessages as msg,
  hasContactDetails,
  MESSAGES_PER_HOUR,
  type inquiryCreate,
  type InquiryThread,
  type offerResponse,
} from '../../../schema/classifieds/classifieds.js';
import { formatCents } from '../../../schema/kit/money.js';
import type { Queryable } from '../../db/db.js';
import type { AppDeps } from '../../deps.js';
import { enforceMailLimits } from '../../mail/mail-limits.js';
import { badRequest, conflict, forbidden, HttpError, notFound } from '../../http/errors.js';
import * as repo from './classifieds.repo.js';
import * as inquiriesRepo from './inquiries.repo.js';
import * as messagesRepo from './messages.repo.js';
import * as publicRepo from './public-listings.repo.js';
import { recordInquiryMail } from './inquiry-mail.repo.js';

/** Inquiries and their threads: a buyer asks, offers or asks to view; the seller answers; both write messages. */

const HOUR_MS = 3_600_000;

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
    // The seller's e-mail about it goes through the outbox once this commits.
    await recordInquiryMail(q, { workspaceId: listing.workspace_id, inquiryId: id, listing, type: body.request_type });
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
