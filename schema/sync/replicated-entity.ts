import { z } from 'zod';
import { id, instant, text } from '../kit/input.js';

/**
 * What every replicated document carries (DESIGN.md §5). `id` is a client-made uuid so a device can
 * create records offline; `workspace_id` scopes it; `updated_at` is the last local edit time.
 * `server_seq` (position in the workspace's change feed) and `server_version` (bumped on every
 * accepted client write, used to detect conflicts) belong to the server: a client never sets them,
 * and the server ignores them when a client sends them back.
 */
export const replicatedBase = {
  id: text().min(1).max(64),
  workspace_id: id,
  updated_at: instant,
};

export const serverOwnedBase = {
  server_seq: z.number().int().nonnegative().optional(),
  server_version: z.number().int().nonnegative().optional(),
};

/** What merging a device's version of a document with the server's gives (app/data/conflicts.ts). */
export interface MergeResult<T> {
  merged: T;
  /** Fields both sides changed differently: the server's value won, the local one is here. */
  lost: { field: string; local: unknown; server: unknown }[];
}

/**
 * A collection's own merge rule, on top of the field-by-field three-way merge (`result`, made with
 * `base`): the module that owns the collection knows what its fields mean (DESIGN.md §12), so a
 * conflict on one of them can be settled rather than logged (an invoice's payments are a union).
 */
export type ConflictMerge = <T extends object>(server: T, local: T, result: MergeResult<T>, base: T | undefined) => MergeResult<T>;

/** SQL column kinds the generic sync layer knows how to read and write. */
export type ColumnKind = 'text' | 'uuid' | 'int' | 'bigint' | 'bool' | 'timestamptz' | 'jsonb';

export interface ReplicatedEntity<F extends z.ZodRawShape = z.ZodRawShape, S extends z.ZodRawShape = z.ZodRawShape> {
  /** RxDB collection name = SQL table name. */
  name: string;
  /** Bump with a migration strategy whenever the document shape changes. */
  version: number;
  /** Client-writable fields (with the common id/workspace_id/updated_at). */
  fields: z.ZodObject<F>;
  /** The full document as replicated down: client fields plus server-owned ones. */
  doc: z.ZodObject<S>;
  /** SQL column kind of every field in `doc` except the common server columns. */
  columns: Record<string, ColumnKind>;
  /** Fields only the server writes (never taken from a push). */
  serverOwned: readonly string[];
  /** Extra RxDB indexes. */
  indexes?: string[][];
  /** RxDB migration strategies, one per version above 0 (tldraw-style: type, validator, migrations together). */
  migrationStrategies: MigrationStrategies;
  /**
   * The collection whose feed the table's rows belong to when it is not the table's own (a kind's
   * table of `records`): what a live notice of a write names.
   */
  feed?: string;
  /** The collection's own conflict rule, when field-by-field is not enough (see ConflictMerge). */
  merge?: ConflictMerge;
}

/** Upgrades a stored document from version n-1 to n; null drops it. */
export type MigrationStrategies = Record<number, (old: Record<string, unknown>) => Record<string, unknown> | null>;

/**
 * Defines a replicated entity: `fields` are what a client may write, `serverOnly` what the server adds.
 * Keeping both in one object is what lets the server ignore exactly the fields it owns.
 */
export function replicatedEntity<F extends z.ZodRawShape, S extends z.ZodRawShape>(def: {
  name: string;
  version: number;
  fields: F;
  serverOnly: S;
  columns: Record<keyof F | keyof S, ColumnKind>;
  indexes?: string[][];
  migrationStrategies?: MigrationStrategies;
  feed?: string;
  merge?: ConflictMerge;
}) {
  const fields = z.object({ ...replicatedBase, ...def.fields });
  const doc = z.object({ ...replicatedBase, ...def.fields, ...serverOwnedBase, ...def.serverOnly });
  const serverOwned = [...Object.keys(serverOwnedBase), ...Object.keys(def.serverOnly)];
  const columns: Record<string, ColumnKind> = { id: 'text', workspace_id: 'int', updated_at: 'timestamptz' };
  for (const [k, v] of Object.entries<ColumnKind>(def.columns)) columns[k] = v;
  const migrationStrategies = def.migrationStrategies ?? {};
  return {
    name: def.name,
    version: def.version,
    fields,
    doc,
    serverOwned,
    columns,
    indexes: def.indexes,
    migrationStrategies,
    feed: def.feed,
    merge: def.merge,
  };
}

/** A JSON-schema fragment (RxDB's schema language). */
export type JsonSchema = { [key: string]: unknown };

/**
 * The RxDB JSON schema, derived from the zod document schema so the two cannot drift. RxDB needs a
 * bounded string primary key and bounded numbers for indexed fields; the rest is zod's own output.
 */
export function rxJsonSchema(entity: ReplicatedEntity) {
  const generated = z.toJSONSchema(entity.doc, { io: 'input', unrepresentable: 'any' });
  const properties: Record<string, JsonSchema> = {};
  const rawProps = generated.properties ?? {};
  for (const [key, value] of Object.entries(rawProps)) {
    if (typeof value !== 'object' || value === null) continue;
    // The pattern already checks dates; `format` would make RxDB's dev-mode validator need formats.
    const { format: _format, ...rest } = value;
    properties[key] = rest;
  }
  properties.id = { type: 'string', maxLength: 64 };
  properties.workspace_id = { type: 'integer', minimum: 1, maximum: 2147483647, multipleOf: 1 };
  const required = Array.isArray(generated.required) ? generated.required.filter((r) => typeof r === 'string') : [];
  return {
    title: entity.name,
    version: entity.version,
    primaryKey: 'id',
    type: 'object' as const,
    properties,
    required: Array.from(new Set(['id', 'workspace_id', ...required])),
    indexes: [['workspace_id', 'id'], ...(entity.indexes ?? [])],
  };
}
