import { dealMessages, dealProblem, deals } from '../../../schema/crm/deals.js';
import type { Queryable } from '../../db/db.js';
import { entityRules } from '../../sync/collection-rules.js';

/**
 * deals (issue 38): a lost deal says why; a deal sits in a live pipeline of the workspace, in one of
 * that pipeline's live stages (stored, or pushed earlier: `records` come before `deals` on a device's
 * first push of a new board, and the kinds' rows are read here under the workspace lock); its contact,
 * when it names one, is a contact of the workspace.
 */
export const dealRules = entityRules(deals, {
  validate: dealProblem,
  async refuseUnderLock(tx, { workspaceId, docs }) {
    const [pipelines, stages, contacts] = await Promise.all([
      liveIds(
        tx,
        'pipelines',
        workspaceId,
        docs.map((d) => d.pipeline_id),
      ),
      liveStages(
        tx,
        workspaceId,
        docs.map((d) => d.stage_id),
      ),
      liveIds(
        tx,
        'contacts',
        workspaceId,
        docs.flatMap((d) => (d.contact_id ? [d.contact_id] : [])),
      ),
    ]);
    const refused = new Map<string, string>();
    for (const d of docs) {
      if (!pipelines.has(d.pipeline_id)) refused.set(d.id, `pipeline_id: ${dealMessages.pipelineNotFound}`);
      else if (stages.get(d.stage_id) !== d.pipeline_id) refused.set(d.id, `stage_id: ${dealMessages.stageNotInPipeline}`);
      else if (d.contact_id && !contacts.has(d.contact_id)) refused.set(d.id, `contact_id: ${dealMessages.contactNotFound}`);
    }
    return refused;
  },
});

async function liveIds(tx: Queryable, table: 'pipelines' | 'contacts', workspaceId: number, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await tx.query<{ id: string }>(`SELECT id FROM ${table} WHERE workspace_id = $1 AND id = ANY($2::text[]) AND NOT deleted`, [
    workspaceId,
    [...new Set(ids)],
  ]);
  return new Set(rows.map((r) => r.id));
}

/** Each live stage's pipeline, by the stage's id. */
async function liveStages(tx: Queryable, workspaceId: number, ids: string[]): Promise<Map<string, string>> {
  const rows = await tx.query<{ id: string; pipeline_id: string }>(
    `SELECT id, pipeline_id FROM pipeline_stages WHERE workspace_id = $1 AND id = ANY($2::text[]) AND NOT deleted`,
    [workspaceId, [...new Set(ids)]],
  );
  return new Map(rows.map((r) => [r.id, r.pipeline_id]));
}
