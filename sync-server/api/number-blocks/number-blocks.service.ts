import type { NumberBlock, NumberSeries } from '../../../schema/contract/sync.js';
import type { AppDeps } from '../../deps.js';
import { withScope } from '../../db/db.js';
import { requireMembership } from '../workspaces/membership.js';
import { recordBlock, takeRange } from './number-blocks.repo.js';

/**
 * Reserves a range of document numbers for one device. The series row is updated in place, so two
 * concurrent reservations serialise on its row lock and can never receive overlapping ranges.
 */
export async function reserveNumberBlock(
  deps: AppDeps,
  input: { workspaceId: number; userId: number; deviceId: string; series: NumberSeries; size: number },
): Promise<NumberBlock> {
  await requireMembership(deps.db, input.workspaceId, input.userId);
  return withScope(deps.db, { userId: input.userId, workspaceId: input.workspaceId }, async (tx) => {
    const start = await takeRange(tx, input.workspaceId, input.series, input.size);
    const end = start + input.size - 1;
    await recordBlock(tx, { ...input, start, end });
    return { series: input.series, device_id: input.deviceId, start, end };
  });
}
