import type { ReplicatedEntity } from '../../schema/replicated.js';
import type { Queryable, Row } from '../db/db.js';
import { SYNC_CHANNEL, type ChangeNotice } from '../live/notice.js';
import { sqlType, type Doc } from './codec.js';

type ColumnKind = ReplicatedEntity['columns'][string];

/**
 * Advisory-lock class for "one push at a time per workspace" (the second key is the workspace id).
 * The appointments trigger (migration 0060) takes it by this number too.
 */
export const SYNC_LOCK_CLASS = 73_510;

// Table and column names come only from the static registry in schema/, never from a request.
export const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The advisory-lock key a push holds for its workspace (taken with the scope, see `enterScope`). */
export function workspaceLock(workspaceId: number): readonly [number, number] {
  return [SYNC_LOCK_CLASS, workspaceId];
}

/** Takes `count` numbers from the workspace's change feed; returns the first. Call under the lock. */
export async function takeSeq(tx: Queryable, workspaceId: number, count: number): Promise<number> {
  const rows = await tx.query<{ seq: number }>(
    `INSERT INTO sync_counters (workspace_id, seq) VALUES ($1, $2)
     ON CONFLICT (workspace_id) DO UPDATE SET seq = sync_counters.seq + EXCLUDED.seq
     RETURNING seq`,
    [workspaceId, count],
  );
  return Number(rows[0].seq) - count + 1;
}

/** One page of the feed, already serialised: the documents as a JSON array text and the last position. */
export interface FeedPage {
  documentsJson: string;
  count: number;
  last: { seq: number; id: string } | null;
}

/**
 * One document member as JSON text, `"name":value`, or NULL when the column is NULL (concat_ws then
 * leaves it out, as `rowToDoc` does). Timestamps exactly as `Date#toISOString` prints them; text
 * and uuids through to_json for JSON string escaping; numbers, booleans and jsonb print as JSON already.
 */
export function jsonMember(column: string, kind: ColumnKind): string {
  const c = quote(column);
  const key = `'"${column}":'`;
  switch (kind) {
    case 'text':
    case 'uuid':
      return `${key} || to_json(${c})`;
    case 'timestamptz':
      return `${key} || '"' || to_char(${c} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') || '"'`;
    default:
      return `${key} || ${c}::text`;
  }
}

const feedSql = new WeakMap<ReplicatedEntity, string>();

/**
 * Each row of a feed page printed as its replicated document's JSON text by Postgres: one text value
 * per row goes straight to the client, with no row objects, date parsing or re-serialising in
 * between (a pull is the hottest path a device has). String concatenation rather than
 * json_build_object + json_strip_nulls: the same text at a fraction of the cost, since nothing is
 * parsed back. The document is made from the registry's columns, so it holds exactly what `rowToDoc`
 * would; a test holds the two together. Replicated schemas never allow a null inside a field (also
 * tested), so leaving out NULL columns is all the null handling a document needs.
 */
function feedQuery(entity: ReplicatedEntity): string {
  let sql = feedSql.get(entity);
  if (!sql) {
    const members = [
      ...Object.entries(entity.columns).map(([c, kind]) => jsonMember(c, kind)),
      `'"server_seq":' || server_seq`,
      `'"server_version":' || server_version`,
      `'"_deleted":' || deleted`,
    ];
    sql = `SELECT '{' || concat_ws(',', ${members.join(', ')}) || '}' AS doc, server_seq, id
             FROM ${quote(entity.name)}
            WHERE workspace_id = $1 AND (server_seq, id) > ($2::bigint, $3::text)
            ORDER BY server_seq, id LIMIT $4`;
    feedSql.set(entity, sql);
  }
  return sql;
}

/**
 * One page of the feed after `after`, in feed order `(server_seq, id)`, already serialised. The query
 * is sent at once (before any await), so a caller can pipeline it behind the statements that set
 * the transaction's scope.
 */
export function selectFeedJson(
  tx: Queryable,
  entity: ReplicatedEntity,
  workspaceId: number,
  after: { seq: number; id: string },
  limit: number,
): Promise<FeedPage> {
  return feedPage(tx, feedQuery(entity), workspaceId, after, limit);
}

/**
 * Runs a feed page's query (parameters: workspace, checkpoint seq and id, limit; columns: doc,
 * server_seq, id) and gathers its documents. Shared by a collection's feed and the `records` feed.
 */
export async function feedPage(
  tx: Queryable,
  sql: string,
  workspaceId: number,
  after: { seq: number; id: string },
  limit: number,
): Promise<FeedPage> {
  // The page must walk the feed index in order and stop after `limit` rows. On a table whose
  // statistics lag its rows (fresh, or just bulk-written) the planner may instead fetch every row
  // after the checkpoint and sort them, which makes a full pull quadratic; with sorting ruled out for
  // this transaction only the index walk is left.
  const [, rows] = await Promise.all([
    tx.query(`SELECT set_config('enable_sort', 'off', true)`, [], { prepare: true }),
    tx.query<{ doc: string; server_seq: number | string; id: string }>(sql, [workspaceId, after.seq, after.id, limit], {
      prepare: true,
    }),
  ]);
  const tail = rows[rows.length - 1];
  return {
    documentsJson: `[${rows.map((r) => r.doc).join(',')}]`,
    count: rows.length,
    last: tail ? { seq: Number(tail.server_seq), id: tail.id } : null,
  };
}

/** The workspace's newest change number: how far a device catching up still has to go. */
export async function selectHead(tx: Queryable, workspaceId: number): Promise<number> {
  const rows = await tx.query<{ seq: number | string }>('SELECT seq FROM sync_counters WHERE workspace_id = $1', [workspaceId], {
    prepare: true,
  });
  return rows[0] ? Number(rows[0].seq) : 0;
}

export function selectByIds(tx: Queryable, entity: ReplicatedEntity, workspaceId: number, ids: string[]): Promise<Row[]> {
  return tx.query(`SELECT * FROM ${quote(entity.name)} WHERE workspace_id = $1 AND id = ANY($2::text[])`, [workspaceId, ids]);
}

/**
 * Writes accepted documents, numbers them in the workspace's change feed and NOTIFYs the collection
 * (for a kind's table, `records`: the entity's `feed`),
 * all in one statement (one round trip; call under the workspace lock). Only the client-writable
 * columns, the server-computed `derived` ones and `deleted` are read from each document: any other
 * field it carries (a server-owned one a client sent) is never looked at. The documents take the
 * next server_seq numbers in the order given. server_version starts at 1 and goes up by one on
 * every accepted write. `computedOnInsert` (a collection rule) names server-owned columns SQL fills
 * when a row is first inserted (a new product's stock from its ledger); an update leaves them alone. `onlyNew` says none of the
 * documents is stored yet (known under the workspace lock, which every writer of these tables holds),
 * so a plain INSERT does instead of an upsert's speculative one. `skipExisting` inserts only the
 * documents not stored yet and leaves stored ones untouched (their feed numbers go unused: the feed
 * may have gaps, never reorderings). Returns the ids of the documents it stored: with
 * `skipExisting` the inserted ones, else all of them.
 */
export async function writeDocs(
  tx: Queryable,
  entity: ReplicatedEntity,
  workspaceId: number,
  docs: Doc[],
  opts: { derived?: string[]; computedOnInsert?: Readonly<Record<string, string>>; onlyNew?: boolean; skipExisting?: boolean } = {},
): Promise<string[]> {
  const derived = opts.derived ?? [];
  const owned = new Set(entity.serverOwned.filter((c) => !derived.includes(c)));
  const columns = Object.entries(entity.columns).filter(([c]) => !owned.has(c));
  const names = [...columns.map(([c]) => c), 'deleted'];
  const recordType = [...columns.map(([c, kind]) => `${quote(c)} ${sqlType(kind)}`), 'deleted boolean'].join(', ');
  const list = names.map(quote).join(', ');
  const values = names.map((c) => `x.${quote(c)}`).join(', ');
  const updates = [...names, 'server_seq']
    .filter((c) => c !== 'id' && c !== 'workspace_id')
    .map((c) => `${quote(c)} = EXCLUDED.${quote(c)}`)
    .join(', ');
  const computed = Object.entries(opts.computedOnInsert ?? {});
  const computedSql = {
    column: computed.map(([c]) => `, ${quote(c)}`).join(''),
    value: computed.map(([, sql]) => `, ${sql}`).join(''),
  };
  const conflict = opts.skipExisting
    ? 'ON CONFLICT (workspace_id, id) DO NOTHING RETURNING id'
    : opts.onlyNew
      ? ''
      : `ON CONFLICT (workspace_id, id) DO UPDATE SET ${updates}, server_version = ${quote(entity.name)}.server_version + 1`;
  // Which ids were inserted is only spelled out when some were not (parsing 200 ids costs more than
  // the rest of the answer): all of them is said as NULL.
  const inserted = opts.skipExisting
    ? ', CASE WHEN (SELECT count(*) FROM written) < $3 THEN ARRAY(SELECT id FROM written) END AS inserted'
    : '';
  const rows = await tx.query<{ inserted?: string[] | null }>(
    `WITH counter AS (
       INSERT INTO sync_counters (workspace_id, seq) VALUES ($2, $3)
       ON CONFLICT (workspace_id) DO UPDATE SET seq = sync_counters.seq + EXCLUDED.seq
       RETURNING seq),
     written AS (
       INSERT INTO ${quote(entity.name)} (${list}, server_seq${computedSql.column})
       SELECT ${values}, counter.seq - $3 + x.feed_n${computedSql.value}
         FROM ROWS FROM (jsonb_to_recordset($1::jsonb) AS (${recordType})) WITH ORDINALITY AS x(${list}, feed_n)
              CROSS JOIN counter
       ${conflict})
     SELECT pg_notify('${SYNC_CHANNEL}', json_build_object('collection', $4::text, 'workspace', $2::int, 'seq', seq)::text)${inserted}
       FROM counter`,
    [JSON.stringify(docs), workspaceId, docs.length, entity.feed ?? entity.name],
    { prepare: true },
  );
  return rows[0].inserted ?? docs.map((doc) => String(doc.id));
}

export async function notifyChange(tx: Queryable, payload: ChangeNotice) {
  await tx.query(`SELECT pg_notify('${SYNC_CHANNEL}', $1)`, [JSON.stringify(payload)]);
}
