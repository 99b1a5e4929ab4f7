import type { ReplicatedEntity } from '../../schema/replicated.js';
import type { Queryable, Row } from '../db/db.js';
import { sqlType, type Doc } from './codec.js';

type ColumnKind = ReplicatedEntity['columns'][string];

/** Advisory-lock class for "one push at a time per workspace" (the second key is the workspace id). */
const SYNC_LOCK_CLASS = 73_510;

// Table and column names come only from the static registry in schema/, never from a request.
const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

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

/** How a column appears in a replicated document; timestamps exactly as `Date#toISOString` prints them. */
function jsonValue(column: string, kind: ColumnKind): string {
  const c = quote(column);
  return kind === 'timestamptz' ? `to_char(${c} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')` : c;
}

/**
 * The feed page built as JSON by Postgres itself: one text value goes straight to the client, with no
 * row objects, date parsing or re-serialising in between (a pull is the hottest path a device has).
 * The document is made from the registry's columns, so it holds exactly what `rowToDoc` would; NULL
 * columns are left out like there (`json_strip_nulls`; replicated schemas never allow a null inside
 * a field, which a test holds them to).
 */
export async function selectFeedJson(
  tx: Queryable,
  entity: ReplicatedEntity,
  workspaceId: number,
  after: { seq: number; id: string },
  limit: number,
): Promise<FeedPage> {
  const pairs = [
    ...Object.entries(entity.columns).map(([c, kind]) => `'${c}', ${jsonValue(c, kind)}`),
    `'server_seq', server_seq`,
    `'server_version', server_version`,
    `'_deleted', deleted`,
  ];
  const rows = await tx.query<{ documents: string; count: number; last_seq: string | null; last_id: string | null }>(
    `WITH page AS (
       SELECT * FROM ${quote(entity.name)}
        WHERE workspace_id = $1 AND (server_seq, id) > ($2::bigint, $3::text)
        ORDER BY server_seq, id LIMIT $4)
     SELECT coalesce(json_agg(json_strip_nulls(json_build_object(${pairs.join(', ')})) ORDER BY server_seq, id), '[]')::text AS documents,
            count(*)::int AS count,
            (array_agg(server_seq ORDER BY server_seq DESC, id DESC))[1]::text AS last_seq,
            (array_agg(id ORDER BY server_seq DESC, id DESC))[1] AS last_id
       FROM page`,
    [workspaceId, after.seq, after.id, limit],
  );
  const row = rows[0];
  return {
    documentsJson: row.documents,
    count: Number(row.count),
    last: row.last_seq !== null && row.last_id !== null ? { seq: Number(row.last_seq), id: row.last_id } : null,
  };
}

export function selectByIds(tx: Queryable, entity: ReplicatedEntity, workspaceId: number, ids: string[]): Promise<Row[]> {
  return tx.query(`SELECT * FROM ${quote(entity.name)} WHERE workspace_id = $1 AND id = ANY($2::text[])`, [
    workspaceId,
    ids,
  ]);
}

export async function countLive(tx: Queryable, table: string, workspaceId: number): Promise<number> {
  const rows = await tx.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM ${quote(table)} WHERE workspace_id = $1 AND NOT deleted`,
    [workspaceId],
  );
  return Number(rows[0].n);
}

/**
 * Writes accepted documents in one statement. `docs` hold only client-writable columns, the
 * server-computed `derived` ones, server_seq and deleted; server_version starts at 1 and goes up by
 * one on every accepted write. With `stockFromLedger` (products) a new row's stock_on_hand is the sum
 * of the movements already stored for it; an update leaves stock alone.
 */
export async function upsertDocs(
  tx: Queryable,
  entity: ReplicatedEntity,
  docs: Doc[],
  opts: { derived?: string[]; stockFromLedger?: boolean } = {},
): Promise<void> {
  if (docs.length === 0) return;
  const derived = opts.derived ?? [];
  const owned = new Set(entity.serverOwned.filter((c) => !derived.includes(c)));
  const columns = Object.entries(entity.columns).filter(([c]) => !owned.has(c));
  const names = [...columns.map(([c]) => c), 'server_seq', 'deleted'];
  const recordType = [
    ...columns.map(([c, kind]) => `${quote(c)} ${sqlType(kind)}`),
    'server_seq bigint',
    'deleted boolean',
  ].join(', ');
  const list = names.map(quote).join(', ');
  const updates = names
    .filter((c) => c !== 'id' && c !== 'workspace_id')
    .map((c) => `${quote(c)} = EXCLUDED.${quote(c)}`)
    .join(', ');
  const stock = opts.stockFromLedger
    ? {
        column: ', stock_on_hand',
        value: `, coalesce((SELECT sum(m.quantity) FROM stock_movements m
                             WHERE m.workspace_id = x.workspace_id AND m.product_id = x.id AND NOT m.deleted), 0)`,
      }
    : { column: '', value: '' };
  await tx.query(
    `INSERT INTO ${quote(entity.name)} (${list}${stock.column})
     SELECT ${list}${stock.value} FROM jsonb_to_recordset($1::jsonb) AS x(${recordType})
     ON CONFLICT (workspace_id, id) DO UPDATE
       SET ${updates}, server_version = ${quote(entity.name)}.server_version + 1`,
    [JSON.stringify(docs)],
  );
}

/** On-hand totals from the ledger for the given products, with the currently stored value. */
export function stockTotals(
  tx: Queryable,
  workspaceId: number,
  productIds: string[],
): Promise<{ id: string; stored: number; total: number }[]> {
  return tx.query(
    `SELECT p.id, p.stock_on_hand AS stored,
            coalesce((SELECT sum(m.quantity) FROM stock_movements m
                       WHERE m.workspace_id = p.workspace_id AND m.product_id = p.id AND NOT m.deleted), 0)::int AS total
       FROM products p WHERE p.workspace_id = $1 AND p.id = ANY($2::text[])`,
    [workspaceId, productIds],
  );
}

/** Stores computed on-hand values; each changed product gets its own place in the feed. */
export async function setStock(
  tx: Queryable,
  workspaceId: number,
  updates: { id: string; total: number; seq: number }[],
): Promise<void> {
  if (updates.length === 0) return;
  await tx.query(
    `UPDATE products p SET stock_on_hand = x.total, server_seq = x.seq
       FROM jsonb_to_recordset($2::jsonb) AS x(id text, total integer, seq bigint)
      WHERE p.workspace_id = $1 AND p.id = x.id`,
    [workspaceId, JSON.stringify(updates)],
  );
}

export async function notifyChange(tx: Queryable, payload: { collection: string; workspace: number; seq: number }) {
  await tx.query(`SELECT pg_notify('vuka_sync', $1)`, [JSON.stringify(payload)]);
}
