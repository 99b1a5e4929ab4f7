import { isRecordKindName, recordKindList, recordMessages, type RecordKind, type RecordKindName } from '../../../schema/records.js';
import { pipelineRules, pipelineStageRules } from '../../api/crm/pipelines.sync.js';
import type { Queryable } from '../../db/db.js';
import type { CollectionRules } from '../collection-rules.js';
import { quote } from '../sync.repo.js';

/**
 * Each kind's server rules, one line per kind (the module owns them, as a collection's): the same
 * rules a collection has (`entityRules` over the kind's table), applied to its records' `data`. The
 * compiler checks the map names every kind of `schema/records.ts`.
 */
export const recordKindRules: Record<RecordKindName, CollectionRules> = {
  pipeline: pipelineRules,
  pipeline_stage: pipelineStageRules,
};

/**
 * The ids among `ids` that a record of another kind holds: a record's kind never changes, and two
 * kinds never share an id (the device keeps every kind in one collection, keyed by id).
 */
async function heldByOtherKinds(tx: Queryable, own: RecordKind, workspaceId: number, ids: string[]): Promise<Set<string>> {
  const others = recordKindList.filter((k) => k !== own);
  if (others.length === 0 || ids.length === 0) return new Set();
  const sql = others
    .map((k) => `SELECT id FROM ${quote(k.entity.name)} WHERE workspace_id = $1 AND id = ANY($2::text[])`)
    .join(' UNION ALL ');
  const rows = await tx.query<{ id: string }>(sql, [workspaceId, ids]);
  return new Set(rows.map((r) => r.id));
}

/** A kind's rules as its table's push applies them: the kind's own, and one kind per id. */
function tableRules(kind: RecordKind, rules: CollectionRules): CollectionRules {
  return {
    ...rules,
    async refuseUnderLock(tx, pushed) {
      const [taken, own] = await Promise.all([
        heldByOtherKinds(
          tx,
          kind,
          pushed.workspaceId,
          pushed.docs.map((d) => String(d.id)),
        ),
        rules.refuseUnderLock?.(tx, pushed),
      ]);
      const refused = new Map(own ?? []);
      for (const id of taken) refused.set(id, recordMessages.otherKind);
      return refused;
    },
  };
}

const byTable = new Map<string, CollectionRules>(
  recordKindList.flatMap((kind) =>
    isRecordKindName(kind.kind) ? [[kind.entity.name, tableRules(kind, recordKindRules[kind.kind])] as const] : [],
  ),
);

/** The push rules of a kind's table (`sync/rules.ts` looks a table up here when it is no collection). */
export function recordTableRules(table: string): CollectionRules | undefined {
  return byTable.get(table);
}
