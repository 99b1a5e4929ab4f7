import { recordKindList, recordMessages, type RecordKind } from '../../../schema/sync/records.js';
import type { Queryable } from '../../db/db.js';
import type { CollectionRules } from '../collection-rules.js';
import { quote } from '../sync.repo.js';

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

/**
 * A kind's rules (from the area that owns it) as its table's push applies them: the kind's own, and
 * one kind per id.
 */
export function kindTableRules(kind: RecordKind, rules: CollectionRules): CollectionRules {
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
