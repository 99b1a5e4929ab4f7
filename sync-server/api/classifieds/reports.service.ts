import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { classifiedMessages as msg, type reportCreate, type reportResolve } from '../../../schema/classifieds/classifieds.js';
import type { AppDeps } from '../../deps.js';
import { conflict, forbidden, notFound } from '../../http/errors.js';
import * as messagesRepo from './messages.repo.js';
import * as publicRepo from './public-listings.repo.js';
import * as reportsRepo from './reports.repo.js';
import * as users from '../auth/users.repo.js';

/** Reports of a listing or a message, and the platform admins' decisions on them. */

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
