import { z } from 'zod';
import { text } from '../kit/input.js';
import { replicatedEntity, type ColumnKind, type ReplicatedEntity } from './replicated-entity.js';

/** The collection every kind replicates through (DESIGN.md §5). */
export const RECORDS = 'records';

/** Fields of the records envelope, which a kind's `data` may not use. */
export const RECORD_ENVELOPE = ['id', 'workspace_id', 'kind', 'data', 'updated_at', 'server_seq', 'server_version', 'deleted'] as const;

/**
 * One kind of the `records` collection (DESIGN.md §5): its `data` schema, checked on the device and
 * by the server, and its own server table, whose rows are the kind's records with `data` spread into
 * columns (the table's entity: the common fields plus the kind's; its feed is `records`).
 */
export interface RecordKind<F extends z.ZodRawShape = z.ZodRawShape> {
  kind: string;
  /** What the sync screens call one record: "Pipeline". */
  label: string;
  /** The client-writable fields of `data`. */
  data: z.ZodObject<F>;
  /** The kind's table, as the generic sync layer reads and writes it. */
  entity: ReplicatedEntity;
}

/**
 * Defines a kind: its name, its table, what the sync screens call it, and its fields with their
 * column kinds (exactly the table's columns besides the common and feed ones; a test holds them together).
 */
export function recordKind<F extends z.ZodRawShape>(def: {
  kind: string;
  table: string;
  label: string;
  fields: F;
  columns: Record<keyof F, ColumnKind>;
}) {
  // Both are written into SQL text (the records feed), so they are plain lower-case names.
  if (!/^[a-z][a-z_]*$/.test(def.kind) || !/^[a-z][a-z_]*$/.test(def.table))
    throw new Error(`${def.kind}: kind and table are lower_case names`);
  for (const field of Object.keys(def.fields)) {
    if ((RECORD_ENVELOPE as readonly string[]).includes(field)) throw new Error(`${def.kind}: ${field} is an envelope field`);
  }
  const serverOnly: Record<never, z.ZodType> = {};
  const entity = replicatedEntity<F, typeof serverOnly>({
    name: def.table,
    version: 0,
    fields: def.fields,
    serverOnly,
    columns: def.columns,
    feed: RECORDS,
  });
  return { kind: def.kind, label: def.label, data: z.object(def.fields), entity } satisfies RecordKind<F>;
}

/**
 * The generic replicated collection (DESIGN.md §5): `{ id, workspace_id, kind, data, updated_at }`.
 * The envelope is all RxDB's schema knows, so a new kind changes no device schema; `data` is checked
 * by its kind's schema (`recordDataProblem`) on every local write and by the server on every push.
 */
export const records = replicatedEntity({
  name: RECORDS,
  version: 0,
  migrationStrategies: {},
  fields: {
    kind: text(64).min(1),
    data: z.record(z.string(), z.unknown()),
  },
  serverOnly: {},
  columns: { kind: 'text', data: 'jsonb' },
  indexes: [['workspace_id', 'kind']],
});
export type RecordDoc = z.output<typeof records.doc>;
