import type { ReplicatedEntity } from '../../schema/replicated.js';
import type { Row } from '../db/db.js';

/** A document as JSON: what RxDB sends and receives. */
export type Doc = Record<string, unknown>;

/** Columns the generic layer adds to every replicated table, outside the zod shape. */
export const FEED_COLUMNS = ['server_seq', 'server_version', 'deleted'] as const;

function fromSql(kind: ReplicatedEntity['columns'][string], value: unknown): unknown {
  switch (kind) {
    case 'bigint':
    case 'int':
      return Number(value);
    case 'timestamptz':
      return (value instanceof Date ? value : new Date(String(value))).toISOString();
    case 'jsonb':
      return typeof value === 'string' ? JSON.parse(value) : value;
    default:
      return value;
  }
}

/** A table row as the replicated document: NULL columns are absent fields, `deleted` is `_deleted`. */
export function rowToDoc(entity: ReplicatedEntity, row: Row): Doc {
  const doc: Doc = {};
  for (const [column, kind] of Object.entries(entity.columns)) {
    const value = row[column];
    if (value === null || value === undefined) continue;
    doc[column] = fromSql(kind, value);
  }
  doc.server_seq = Number(row.server_seq);
  doc.server_version = Number(row.server_version);
  doc._deleted = row.deleted === true;
  return doc;
}

/**
 * The client-written part of a document, in the exact form a pull would return it (timestamps
 * normalised), so "is this the same change?" compares like with like.
 */
export function clientView(entity: ReplicatedEntity, doc: Doc): Doc {
  const out: Doc = {};
  const owned = new Set(entity.serverOwned);
  for (const [column, kind] of Object.entries(entity.columns)) {
    if (owned.has(column)) continue;
    const value = doc[column];
    if (value === null || value === undefined) continue;
    out[column] = kind === 'timestamptz' ? new Date(String(value)).toISOString() : value;
  }
  out._deleted = doc._deleted === true;
  return out;
}

/** Order-insensitive structural equality for JSON values. */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((v, i) => sameJson(v, b[i]));
  }
  const ak = Object.keys(a);
  const bk = Object.keys(b);
  if (ak.length !== bk.length) return false;
  return ak.every((k) => Object.hasOwn(b, k) && sameJson(Reflect.get(a, k), Reflect.get(b, k)));
}

/** SQL type names for jsonb_to_recordset column lists. */
export function sqlType(kind: ReplicatedEntity['columns'][string]): string {
  switch (kind) {
    case 'int':
      return 'integer';
    case 'bool':
      return 'boolean';
    default:
      return kind;
  }
}
