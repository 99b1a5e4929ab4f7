import { z } from 'zod';
import { recordKinds } from '../registry.js';
import type { RecordKind } from './record-kind.js';

export * from './record-kind.js';

export { recordKinds };

export type RecordKindName = keyof typeof recordKinds;

/** The kinds in registry order. */
export const recordKindList: readonly RecordKind[] = Object.values(recordKinds);

export function isRecordKindName(kind: string): kind is RecordKindName {
  return Object.hasOwn(recordKinds, kind);
}

export function recordKindOf(kind: string): RecordKind | undefined {
  return isRecordKindName(kind) ? recordKinds[kind] : undefined;
}

/** The kind whose table this is. */
export function recordKindOfTable(table: string): RecordKind | undefined {
  return recordKindList.find((k) => k.entity.name === table);
}

/** A kind's `data`, as the device stores it and the server returns it. */
export type RecordData<K extends RecordKindName> = z.output<(typeof recordKinds)[K]['data']>;

export const recordMessages = {
  unknownKind: 'kind: This kind of record is not known',
  otherKind: 'id: This id belongs to a record of another kind',
} as const;

/** What is wrong with a record's kind or data ("data.name: Give it a name"), or null. */
export function recordDataProblem(kind: string, data: unknown): string | null {
  const def = recordKindOf(kind);
  if (!def) return recordMessages.unknownKind;
  const parsed = def.data.safeParse(data);
  if (parsed.success) return null;
  const issue = parsed.error.issues[0];
  return `${['data', ...issue.path].join('.')}: ${issue.message}`;
}

/** A kind's table row (as `rowToDoc` makes it: the kind's fields at the top) as its record. */
export function recordFromRow(def: RecordKind, row: Record<string, unknown>): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  for (const column of Object.keys(def.entity.columns)) {
    if (column === 'id' || column === 'workspace_id' || column === 'updated_at') continue;
    if (row[column] !== undefined) data[column] = row[column];
  }
  const out: Record<string, unknown> = { id: row.id, workspace_id: row.workspace_id, kind: def.kind, data, updated_at: row.updated_at };
  for (const key of ['server_seq', 'server_version', '_deleted']) if (row[key] !== undefined) out[key] = row[key];
  return out;
}

/**
 * A record as its kind's table row: `data` spread at the top, under the envelope's fields (a `data`
 * key named like one of them is never read). Anything but an object in `data` reads as no fields.
 */
export function rowFromRecord(record: Record<string, unknown>): Record<string, unknown> {
  const data = typeof record.data === 'object' && record.data !== null && !Array.isArray(record.data) ? record.data : {};
  const { kind: _kind, data: _data, ...envelope } = record;
  return { ...data, ...envelope };
}
