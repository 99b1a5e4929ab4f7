import { randomUUID } from 'node:crypto';
import { DEFAULT_PIPELINE_NAME, DEFAULT_STAGES, STAGE_GAP } from '../../../schema/crm/deals.js';
import type { Queryable } from '../../db/db.js';
import { takeSeq } from '../../sync/sync.repo.js';

/**
 * A new workspace's first sales pipeline (issue 38): "Sales", with Lead, Qualified, Proposal,
 * Negotiation and Closing, which the owner then renames, recolours, reorders, adds to and removes.
 * Written as the sync engine writes (feed numbers from the workspace's counter), in the transaction
 * that creates the workspace, so a device's first pull brings the board with everything else.
 */
export async function seedDefaultPipeline(tx: Queryable, workspaceId: number, now: Date): Promise<void> {
  const first = await takeSeq(tx, workspaceId, 1 + DEFAULT_STAGES.length);
  const pipelineId = randomUUID();
  await tx.query(`INSERT INTO pipelines (workspace_id, id, updated_at, name, position, server_seq) VALUES ($1, $2, $3, $4, 0, $5)`, [
    workspaceId,
    pipelineId,
    now,
    DEFAULT_PIPELINE_NAME,
    first,
  ]);
  for (const [i, stage] of DEFAULT_STAGES.entries()) {
    await tx.query(
      `INSERT INTO pipeline_stages (workspace_id, id, updated_at, pipeline_id, name, color, position, probability, server_seq)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [workspaceId, randomUUID(), now, pipelineId, stage.name, stage.color, (i + 1) * STAGE_GAP, stage.probability, first + 1 + i],
    );
  }
}
