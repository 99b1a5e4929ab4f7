import { map } from 'rxjs';
import { DEFAULT_PIPELINE_NAME, DEFAULT_STAGES, STAGE_GAP, type Deal } from '../../../../schema/crm/deals';
import type { Pipeline, PipelineStage } from '../../../../schema/crm/pipelines';
import type { UserData } from '../../../data/db';
import { useLiveQuery } from '../../../data/use-live-query';
import type { PipelineView, StageView } from './deals-model';

/** The workspace's pipelines and their stages, from the device (`records` of kinds pipeline and pipeline_stage). */
export function usePipelines(data: UserData, workspaceId: number): { pipelines: PipelineView[] | null; stages: StageView[] | null } {
  const pipelines = useLiveQuery(
    () =>
      data.db.records
        .find({ selector: { workspace_id: workspaceId, kind: 'pipeline' } })
        .$.pipe(
          map((docs) =>
            docs
              .map((d) => ({ ...(d.data as Pipeline), id: d.id }))
              .sort((a, b) => a.position - b.position || a.name.localeCompare(b.name)),
          ),
        ),
    [data, workspaceId],
  );
  const stages = useLiveQuery(
    () =>
      data.db.records
        .find({ selector: { workspace_id: workspaceId, kind: 'pipeline_stage' } })
        .$.pipe(map((docs) => docs.map((d) => ({ ...(d.data as PipelineStage), id: d.id })))),
    [data, workspaceId],
  );
  return { pipelines: pipelines.data, stages: stages.data };
}

/** The deals of one pipeline, live from the device. */
export function useDeals(data: UserData, workspaceId: number, pipelineId: string | null): Deal[] | null {
  const query = useLiveQuery(
    () =>
      pipelineId === null
        ? null
        : data.db.deals
            .find({ selector: { workspace_id: workspaceId, pipeline_id: pipelineId } })
            .$.pipe(map((docs) => docs.map((d) => d.toMutableJSON()))),
    [data, workspaceId, pipelineId],
  );
  return query.data;
}

export async function createDeal(data: UserData, doc: Deal): Promise<void> {
  await data.db.deals.insert(doc);
}

/**
 * Writes only the fields given over the deal as stored now, so a change another phone made to another
 * field meanwhile is kept and the merge sees exactly what this device changed.
 */
export async function changeDeal(data: UserData, id: string, changes: Partial<Deal>, now: string): Promise<boolean> {
  const stored = await data.db.deals.findOne(id).exec();
  if (!stored) return false;
  await stored.incrementalModify((current) => {
    for (const [field, value] of Object.entries(changes)) {
      if (value === undefined) Reflect.deleteProperty(current, field);
      else Reflect.set(current, field, value);
    }
    current.updated_at = now;
    return current;
  });
  return true;
}

/**
 * The usual first pipeline, for a workspace made before pipelines existed (a new one starts with it):
 * written on the device like any record, so it works offline and syncs.
 */
export async function addDefaultPipeline(data: UserData, workspaceId: number, now: string): Promise<string> {
  const pipelineId = crypto.randomUUID();
  const base = { workspace_id: workspaceId, updated_at: now };
  await data.db.records.insert({ ...base, id: pipelineId, kind: 'pipeline', data: { name: DEFAULT_PIPELINE_NAME, position: 0 } });
  await data.db.records.bulkInsert(
    DEFAULT_STAGES.map((s, i) => ({
      ...base,
      id: crypto.randomUUID(),
      kind: 'pipeline_stage',
      data: { pipeline_id: pipelineId, name: s.name, color: s.color, position: (i + 1) * STAGE_GAP, probability: s.probability },
    })),
  );
  return pipelineId;
}
