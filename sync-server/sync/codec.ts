import type { ReplicatedEntity } from '../../schema/replicated.js';
import type { Row } from '../db/db.js';

type ColumnKind = ReplicatedEntity['columns'][string];

/** A document as JSON: what RxDB sends and receives. */
export type Doc = Record<string, unknown>;

/** Columns the generic layer adds to every replicated table, outside the zod shape. */
export const FEED_COLUMNS = ['server_seq', 'server_version', 'deleted'] as const;

function fromSql(kind: ColumnKind, value: unknown): unknown {
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

interface Plan {
  /** Every column of the document with its kind. */
  all: [string, ColumnKind][];
  /** The client-writable columns (server-owned ones left out). */
  client: [string, ColumnKind][];
}

const plans = new WeakMap<ReplicatedEntity, Plan>();

/** Column lists worked out once per entity: a push or pull converts thousands of rows with them. */
function planOf(entity: ReplicatedEntity): Plan {
  let plan = plans.get(entity);
  if (!plan) {
    const owned = new Set(entity.serverOwned);
    const all = Object.entries(entity.columns);
    plan = { all, client: all.filter(([c]) => !owned.has(c)) };
    plans.set(entity, plan);
  }
  return plan;
}

/** A table row as the replicated document: NULL columns are absent fields, `deleted` is `_deleted`. */
export function rowToDoc(entity: ReplicatedEntity, row: Row): Doc {
  const doc: Doc = {};
  for (const [column, kind] of planOf(entity).all) {
    const value = row[column];
    if (value === null || value === undefined) continue;
    doc[column] = fromSql(kind, value);
  }
  doc.server_seq = Number(row.server_seq);
  doc.server_version = Number(row.server_version);
  doc._deleted = row.deleted === true;
  return doc;
}

/** What `Date#toISOString` prints; such a value is already normalised. */
const CANONICAL_INSTANT = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

function normaliseInstant(value: unknown): string {
  const text = String(value);
  return CANONICAL_INSTANT.test(text) ? text : new Date(text).toISOString();
}

/**
 * The client-written part of a document, in the exact form a pull would return it (timestamps
 * normalised), so "is this the same change?" compares like with like.
 */
export function clientView(entity: ReplicatedEntity, doc: Doc): Doc {
  const out: Doc = {};
  for (const [column, kind] of planOf(entity).client) {
    const value = doc[column];
    if (value === null || value === undefined) continue;
    out[column] = kind === 'timestamptz' ? normaliseInstant(value) : value;
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
export function sqlType(kind: ColumnKind): string {
  switch (kind) {
    case 'int':
      return 'integer';
    case 'bool':
      return 'boolean';
    default:
      return kind;
  }
}
