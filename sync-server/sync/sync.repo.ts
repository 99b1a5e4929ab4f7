import type { ReplicatedEntity } from '../../schema/replicated.js';
import type { Queryable, Row } from '../db/db.js';
import { sqlType, type Doc } from './codec.js';

/** Advisory-lock class for "one push at a time per workspace" (the second key is the workspace id). */
const SYNC_LOCK_CLASS = 73_510;

// Table and column names come only from the static registry in schema/, never from a request.
const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

export async function lockWorkspace(tx: Queryable, workspaceId: number): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock($1, $2)', [SYNC_LOCK_CLASS, workspaceId]);
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

export function selectFeed(
  tx: Queryable,
  entity: ReplicatedEntity,
  workspaceId: number,
  after: { seq: number; id: string },
  limit: number,
): Promise<Row[]> {
  return tx.query(
    `SELECT * FROM ${quote(entity.name)}
      WHERE workspace_id = $1 AND (server_seq, id) > ($2::bigint, $3::text)
      ORDER BY server_seq, id LIMIT $4`,
    [workspaceId, after.seq, after.id, limit],
  );
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
 * one on every accepted write.
 */
export async function upsertDocs(tx: Queryable, entity: ReplicatedEntity, docs: Doc[], derived: string[] = []): Promise<void> {
  if (docs.length === 0) return;
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
  await tx.query(
    `INSERT INTO ${quote(entity.name)} (${list})
     SELECT ${list} FROM jsonb_to_recordset($1::jsonb) AS x(${recordType})
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
