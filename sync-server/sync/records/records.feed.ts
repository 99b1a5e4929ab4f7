import { recordKindList, type RecordKind } from '../../../schema/sync/records.js';
import type { Queryable } from '../../db/db.js';
import { feedPage, jsonMember, quote, type FeedPage } from '../sync.repo.js';

const ENVELOPE = new Set(['id', 'workspace_id', 'updated_at']);

/** One kind's rows after the checkpoint, each printed as its record's JSON text (as `selectFeedJson` prints a document). */
function kindBranch(kind: RecordKind): string {
  const { columns } = kind.entity;
  const data = Object.entries(columns)
    .filter(([c]) => !ENVELOPE.has(c))
    .map(([c, k]) => jsonMember(c, k));
  const members = [
    jsonMember('id', 'text'),
    jsonMember('workspace_id', 'int'),
    `'"kind":"${kind.kind}"'`,
    `'"data":{' || concat_ws(',', ${data.join(', ')}) || '}'`,
    jsonMember('updated_at', 'timestamptz'),
    `'"server_seq":' || server_seq`,
    `'"server_version":' || server_version`,
    `'"_deleted":' || deleted`,
  ];
  return `(SELECT '{' || concat_ws(',', ${members.join(', ')}) || '}' AS doc, server_seq, id
             FROM ${quote(kind.entity.name)}
            WHERE workspace_id = $1 AND (server_seq, id) > ($2::bigint, $3::text)
            ORDER BY server_seq, id LIMIT $4)`;
}

let feedSql: string | undefined;

/**
 * The `records` feed: every kind's table read as one stream in the workspace's feed order
 * `(server_seq, id)`. All tables take their server_seq from the workspace's one counter
 * (`sync_counters`), so one checkpoint covers every kind, and a kind added later joins the same
 * stream. Each branch walks its table's feed index and stops after `limit` rows; the merge of the
 * branches keeps the order (no sort: it is turned off for the transaction, as for any feed page).
 */
function recordsFeedQuery(): string {
  feedSql ??= `SELECT doc, server_seq, id FROM (${recordKindList.map(kindBranch).join(' UNION ALL ')}) feed
                ORDER BY server_seq, id LIMIT $4`;
  return feedSql;
}

/** One page of the `records` feed after `after`, already serialised (see `selectFeedJson`). */
export function selectRecordsFeedJson(
  tx: Queryable,
  workspaceId: number,
  after: { seq: number; id: string },
  limit: number,
): Promise<FeedPage> {
  return feedPage(tx, recordsFeedQuery(), workspaceId, after, limit);
}
