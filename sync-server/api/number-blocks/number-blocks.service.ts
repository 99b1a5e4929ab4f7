import { seriesStartMessages, type NumberBlock, type NumberSeries, type NumberSeriesReport } from '../../../schema/sync/contract.js';
import type { AppDeps } from '../../deps.js';
import { withScope } from '../../db/db.js';
import { conflict } from '../../http/errors.js';
import type { Queryable } from '../../db/db.js';
import { requireMembership, requireRole } from '../workspaces/membership.js';
import {
  findRequestedBlock,
  lockSeries,
  moveSeriesStart,
  recordBlock,
  reservedBlocks,
  seriesTotals,
  takeRange,
  unusedRuns,
} from './number-blocks.repo.js';

/**
 * Reserves a range of document numbers for one device. The series row is locked first, so two
 * concurrent reservations serialise on it and can never receive overlapping ranges; a request the
 * device names (`requestId`) that was already answered gets the same block back, so an answer lost
 * on the way costs no numbers.
 */
export async function reserveNumberBlock(
  deps: AppDeps,
  input: { workspaceId: number; userId: number; deviceId: string; series: NumberSeries; size: number; requestId?: string },
): Promise<NumberBlock> {
  await requireMembership(deps.db, input.workspaceId, input.userId);
  return withScope(deps.db, { userId: input.userId, workspaceId: input.workspaceId }, async (tx) => {
    await lockSeries(tx, input.workspaceId, input.series);
    if (input.requestId) {
      const earlier = await findRequestedBlock(tx, {
        workspaceId: input.workspaceId,
        deviceId: input.deviceId,
        requestId: input.requestId,
      });
      if (earlier && earlier.series !== input.series) {
        throw conflict('This reservation name was already used for another series.', { code: 'request_reused' });
      }
      if (earlier) return { series: input.series, device_id: input.deviceId, start: earlier.start, end: earlier.end };
    }
    const start = await takeRange(tx, input.workspaceId, input.series, input.size);
    const end = start + input.size - 1;
    await recordBlock(tx, { ...input, start, end });
    return { series: input.series, device_id: input.deviceId, start, end };
  });
}

/** The series a shop issues today, shown even before any number is reserved. */
const REPORTED_SERIES = ['receipt', 'invoice', 'quote', 'credit_note'] as const satisfies readonly NumberSeries[];

async function buildReport(tx: Queryable, workspaceId: number): Promise<NumberSeriesReport> {
  const [totals, blocks, runs] = await Promise.all([
    seriesTotals(tx, workspaceId),
    reservedBlocks(tx, workspaceId),
    unusedRuns(tx, workspaceId),
  ]);
  return REPORTED_SERIES.map((series) => {
    const total = totals.find((t) => t.series === series);
    return {
      series,
      next_number: Number(total?.next_number ?? 1),
      issued: Number(total?.issued ?? 0),
      blocks: blocks
        .filter((b) => b.series === series)
        .map((b) => ({
          device_id: b.device_id,
          start: Number(b.start_number),
          end: Number(b.end_number),
          reserved_at: b.created_at.toISOString(),
          current: b.current,
          unused: runs.filter((r) => r.block_id === b.id).map((r) => ({ start: Number(r.start), end: Number(r.end) })),
        })),
    };
  });
}

/**
 * What a bookkeeper asks of the numbering: for each series, the blocks devices reserved and the
 * numbers inside them that no document on the server carries. Owner and admins only.
 */
export async function numberSeriesReport(deps: AppDeps, input: { workspaceId: number; userId: number }): Promise<NumberSeriesReport> {
  requireRole(await requireMembership(deps.db, input.workspaceId, input.userId), ['owner', 'admin']);
  return withScope(deps.db, { userId: input.userId, workspaceId: input.workspaceId }, (tx) => buildReport(tx, input.workspaceId));
}

/**
 * The owner's chosen next number for a series (a shop moving from paper starts after its last
 * book). It only moves forward, so no number already reserved can be handed out again.
 */
export async function setSeriesStart(
  deps: AppDeps,
  input: { workspaceId: number; userId: number; series: NumberSeries; nextNumber: number },
): Promise<NumberSeriesReport> {
  requireRole(await requireMembership(deps.db, input.workspaceId, input.userId), ['owner', 'admin']);
  return withScope(deps.db, { userId: input.userId, workspaceId: input.workspaceId }, async (tx) => {
    const moved = await moveSeriesStart(tx, input.workspaceId, input.series, input.nextNumber);
    if (!moved) throw conflict(seriesStartMessages.backwards, { code: 'series_backwards' });
    return buildReport(tx, input.workspaceId);
  });
}
