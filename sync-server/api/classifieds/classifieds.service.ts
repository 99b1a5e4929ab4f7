import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import {
  classifiedMessages as msg,
  expiryAfter,
  nextStatuses,
  RENEW_DAYS,
  type browseQuery,
  type ClassifiedDetail,
  type ClassifiedDto,
  type classifiedCreate,
  type classifiedPatch,
} from '../../../schema/classifieds/classifieds.js';
import { withScope, type Queryable } from '../../db/db.js';
import type { AppDeps } from '../../deps.js';
import { badRequest, conflict, notFound } from '../../http/errors.js';
import { assertWithinLimit, capabilitiesFor, workspaceOwner } from '../../plans/capabilities.js';
import { getFile, type FileRow } from '../drive/index.js';
import type { Membership } from '../workspaces/membership.js';
import * as repo from './classifieds.repo.js';
import * as inquiriesRepo from './inquiries.repo.js';
import * as publicRepo from './public-listings.repo.js';

/** A signed-in, active member of the workspace a seller's request names. */
export interface SellerCaller {
  userId: number;
  workspaceId: number;
  membership: Membership;
}

function scoped<T>(deps: AppDeps, c: SellerCaller, fn: (q: Queryable) => Promise<T>): Promise<T> {
  return withScope(deps.db, { userId: c.userId, workspaceId: c.workspaceId }, fn);
}

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
