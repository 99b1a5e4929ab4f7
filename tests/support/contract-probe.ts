import { z } from 'zod';
import { areas } from '../../sync-server/api/areas.js';
import type { EndpointDef } from '../../schema/kit/http.js';
import type { Db } from '../../sync-server/db/db.js';

/**
 * What the security suites walk: every endpoint of the API contract, read from every server area's definition (`contracts`)
 * itself, so an area or endpoint added later is probed without anyone listing it here.
 */
export interface ContractEndpoint {
  /** `area.endpoint`, e.g. `workspaces.invite`. */
  name: string;
  def: EndpointDef;
}

export function contractEndpoints(): ContractEndpoint[] {
  const out: ContractEndpoint[] = [];
  const contracts = areas.flatMap((a) => Object.entries<Readonly<Record<string, EndpointDef>>>(a.contracts ?? {}));
  for (const [group, endpoints] of contracts) {
    const area = group.replace(/Contract$/, '');
    for (const [name, def] of Object.entries(endpoints)) out.push({ name: `${area}.${name}`, def });
  }
  return out;
}

/** The `:name` segments of a path, each with the segment before it (`workspaces/:id`). */
export function pathParams(path: string): Array<{ name: string; key: string }> {
  const segments = path.split('/');
  const out: Array<{ name: string; key: string }> = [];
  segments.forEach((segment, i) => {
    if (segment.startsWith(':')) out.push({ name: segment.slice(1), key: `${segments[i - 1] ?? ''}/${segment}` });
  });
  return out;
}

/** The top-level keys an object schema names (through refinements, intersections and pipes). */
export function objectKeys(schema: z.core.$ZodType | undefined): string[] {
  if (!schema) return [];
  if (schema instanceof z.ZodObject) return Object.keys(schema.shape);
  if (schema instanceof z.ZodIntersection) return [...objectKeys(schema.def.left), ...objectKeys(schema.def.right)];
  if (schema instanceof z.ZodPipe) return objectKeys(schema.in);
  return [];
}

/** A query or body key that names a workspace. */
export const WORKSPACE_KEY = /^workspace(_?id|Id)?$/;

export type Sample = { ok: true; value: unknown } | { ok: false };

// Leaf values tried in order; the first one the leaf's own schema accepts is used.
const leafCandidates: readonly unknown[] = [
  'probe-value-0001',
  'probe',
  'ZAR',
  'probe@example.test',
  new Date().toISOString(),
  '2026-01-01',
  '123456',
  '/settings?tab=subscription',
  1,
  0,
  false,
  true,
  null,
];

/**
 * A minimal valid input for a zod schema: required fields only, each leaf the first candidate its
 * schema accepts. `ok: false` when none fits (a custom check, a cross-field refinement): the suite
 * then needs an override for that endpoint.
 */
export function sampleOf(schema: z.core.$ZodType): Sample {
  const value = draft(schema);
  return value.ok && z.safeParse(schema, value.value).success ? value : { ok: false };
}

function draft(schema: z.core.$ZodType): Sample {
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable || schema instanceof z.ZodDefault) {
    return draft(schema.unwrap());
  }
  if (schema instanceof z.ZodPipe) return draft(schema.in);
  if (schema instanceof z.ZodObject) {
    const out: Record<string, unknown> = {};
    for (const [key, field] of Object.entries<z.core.$ZodType>(schema.shape)) {
      if (z.safeParse(field, undefined).success) continue;
      const part = draft(field);
      if (!part.ok) return part;
      out[key] = part.value;
    }
    return { ok: true, value: out };
  }
  if (schema instanceof z.ZodIntersection) {
    const left = draft(schema.def.left);
    const right = draft(schema.def.right);
    if (!left.ok || !right.ok || !isRecord(left.value) || !isRecord(right.value)) return { ok: false };
    return { ok: true, value: { ...left.value, ...right.value } };
  }
  if (schema instanceof z.ZodArray) {
    const element = draft(schema.element);
    for (const length of [0, 1, 2]) {
      if (length > 0 && !element.ok) break;
      const value = element.ok ? Array.from({ length }, () => element.value) : [];
      if (z.safeParse(schema, value).success) return { ok: true, value };
    }
    return { ok: false };
  }
  if (schema instanceof z.ZodRecord) return { ok: true, value: {} };
  if (schema instanceof z.ZodEnum) return { ok: true, value: schema.options[0] };
  if (schema instanceof z.ZodLiteral) return { ok: true, value: schema.value };
  if (schema instanceof z.ZodUnion) {
    for (const option of schema.options) {
      const part = draft(option);
      if (part.ok) return part;
    }
    return { ok: false };
  }
  const leaf = leafCandidates.find((candidate) => z.safeParse(schema, candidate).success);
  return leaf === undefined ? { ok: false } : { ok: true, value: leaf };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Every row the database holds for one account and its workspace, as JSON: rows of tables with a
 * `workspace_id` column in that workspace, of tables with a `user_id` column for that user, the
 * user and the workspace. The tables are read from the catalog, so a new module's table is
 * included without being named.
 */
export async function ownedRows(db: Db, owner: { userId: number; workspaceId: number }): Promise<Record<string, unknown[]>> {
  const columns = await db.query<{ table_name: string; column_name: string }>(
    `SELECT c.table_name, c.column_name FROM information_schema.columns c
       JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
      WHERE c.table_schema = 'public' AND t.table_type = 'BASE TABLE' AND c.column_name IN ('workspace_id', 'user_id')
      ORDER BY c.table_name, c.column_name`,
  );
  const out: Record<string, unknown[]> = {};
  const read = async (label: string, sql: string, params: unknown[]) => {
    const rows = await db.query<{ row: unknown }>(sql, params);
    out[label] = rows.map((r) => r.row);
  };
  for (const { table_name: table, column_name: column } of columns) {
    const value = column === 'workspace_id' ? owner.workspaceId : owner.userId;
    await read(`${table}.${column}`, `SELECT to_jsonb(t) AS row FROM "${table}" t WHERE "${column}" = $1 ORDER BY to_jsonb(t)::text`, [
      value,
    ]);
  }
  await read('users', 'SELECT to_jsonb(t) AS row FROM users t WHERE id = $1', [owner.userId]);
  await read('workspaces', 'SELECT to_jsonb(t) AS row FROM workspaces t WHERE id = $1', [owner.workspaceId]);
  return out;
}

/**
 * One fingerprint per table of the whole database: a refused request must leave every one as it
 * was. `except` names bookkeeping tables a test expects to move.
 */
export async function databaseFingerprint(db: Db, except: readonly string[] = []): Promise<Record<string, string>> {
  const tables = await db.query<{ table_name: string }>(
    `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
  );
  const out: Record<string, string> = {};
  for (const { table_name: table } of tables) {
    if (except.includes(table)) continue;
    const [row] = await db.query<{ digest: string | null }>(
      `SELECT md5(string_agg(t::text, '|' ORDER BY t::text)) AS digest FROM "${table}" t`,
    );
    out[table] = row?.digest ?? 'empty';
  }
  return out;
}
