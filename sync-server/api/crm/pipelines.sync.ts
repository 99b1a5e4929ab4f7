import { pipelineKind, pipelineMessages, pipelineStageKind } from '../../../schema/crm/pipelines.js';
import type { Queryable } from '../../db/db.js';
import { entityRules } from '../../sync/collection-rules.js';

/** Pipelines and their stages are the owners' and admins' to change (issue 38); members see them and move deals. */
const managers = { roles: ['owner', 'admin'], message: pipelineMessages.managersOnly } as const;

/** pipeline records (kind `pipeline`): only managers write them; their fields' schema says the rest. */
export const pipelineRules = entityRules(pipelineKind.entity, { writers: managers });

/**
 * pipeline_stage records: a stage names a live pipeline of the workspace (stored, or stored earlier in
 * the same push: `pipeline` comes first in the kinds registry), and stays in it.
 */
export const pipelineStageRules = entityRules(pipelineStageKind.entity, {
  writers: managers,
  async refuseUnderLock(tx, { workspaceId, docs }) {
    const live = await livePipelines(tx, workspaceId, [...new Set(docs.map((d) => d.pipeline_id))]);
    return new Map(
      docs.filter((d) => !live.has(d.pipeline_id)).map((d) => [d.id, `data.pipeline_id: ${pipelineMessages.pipelineNotFound}`]),
    );
  },
  changeRefused: (stored, incoming) =>
    stored.pipeline_id !== undefined && incoming.pipeline_id !== stored.pipeline_id
      ? `data.pipeline_id: ${pipelineMessages.stageMoved}`
      : null,
});

async function livePipelines(tx: Queryable, workspaceId: number, ids: string[]): Promise<Set<string>> {
  const rows = await tx.query<{ id: string }>(`SELECT id FROM pipelines WHERE workspace_id = $1 AND id = ANY($2::text[]) AND NOT deleted`, [
    workspaceId,
    ids,
  ]);
  return new Set(rows.map((r) => r.id));
}
