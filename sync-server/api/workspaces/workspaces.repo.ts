import type { Db, Queryable } from '../../db/db.js';
import type { WorkspaceSettings } from '../../../schema/workspaces/workspaces.js';
import type { WorkspaceRole } from './membership.js';

/**
 * SQL for workspaces and their settings. Every function taking a `Queryable` expects to run inside
 * `withScope` (role vuka_app, row-level security); the ones taking `Db` read account rows (users),
 * which are not workspace data, as the owner.
 */
export interface WorkspaceRow {
  id: number;
  name: string;
  slug: string;
  description: string | null;
  logo: string | null;
  industry: string | null;
  type: string | null;
  owner_id: number;
  storefront_enabled: boolean;
  created_at: Date | string;
}

export interface WorkspaceWithRole extends WorkspaceRow {
  role: WorkspaceRole;
}

const columns = 'w.id, w.name, w.slug, w.description, w.logo, w.industry, w.type, w.owner_id, w.storefront_enabled, w.created_at';

/** The caller's workspaces (scope without a workspace), with their role, oldest first. */
export function listMine(tx: Queryable, userId: number): Promise<WorkspaceWithRole[]> {
  return tx.query<WorkspaceWithRole>(
    `SELECT ${columns}, m.role
       FROM workspaces w JOIN workspace_members m ON m.workspace_id = w.id
      WHERE m.user_id = $1 AND m.is_active
      ORDER BY w.created_at, w.id`,
    [userId],
  );
}

export async function findById(tx: Queryable, id: number): Promise<WorkspaceRow | undefined> {
  const rows = await tx.query<WorkspaceRow>(`SELECT ${columns} FROM workspaces w WHERE w.id = $1`, [id]);
  return rows[0];
}

/** Workspaces the user owns, oldest first (scope without a workspace). */
export function listOwned(tx: Queryable, userId: number): Promise<WorkspaceRow[]> {
  return tx.query<WorkspaceRow>(`SELECT ${columns} FROM workspaces w WHERE w.owner_id = $1 ORDER BY w.created_at, w.id`, [userId]);
}

/** Serialises workspace creation per user, so two requests cannot both pass the plan limit. */
export async function lockUserWorkspaces(tx: Queryable, userId: number): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock(7281003, $1)', [userId]);
}

export interface NewWorkspace {
  name: string;
  description: string | null;
  industry: string | null;
  type: string | null;
  ownerId: number;
}

/** Inserts unless the slug is taken (unique across all workspaces, which RLS hides); undefined then. */
export async function insertWorkspace(tx: Queryable, ws: NewWorkspace, slug: string): Promise<WorkspaceRow | undefined> {
  const rows = await tx.query<WorkspaceRow>(
    `INSERT INTO workspaces AS w (name, slug, description, industry, type, owner_id)
     VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (slug) DO NOTHING
     RETURNING ${columns}`,
    [ws.name, slug, ws.description, ws.industry, ws.type, ws.ownerId],
  );
  return rows[0];
}

/** Narrows the running scoped transaction to one workspace (after creating it). */
export async function enterWorkspace(tx: Queryable, workspaceId: number): Promise<void> {
  await tx.query(`SELECT set_config('app.workspace_id', $1, true)`, [String(workspaceId)]);
}

export async function insertOwnerMembership(tx: Queryable, workspaceId: number, userId: number, now: Date): Promise<void> {
  await tx.query(`INSERT INTO workspace_members (workspace_id, user_id, role, joined_at) VALUES ($1, $2, 'owner', $3)`, [
    workspaceId,
    userId,
    now.toISOString(),
  ]);
}

/** The first settings row: what the workspace's country sets (schema/kit/countries.ts), the columns' defaults for the rest. */
export async function insertDefaultSettings(tx: Queryable, workspaceId: number, start: CountryStart): Promise<void> {
  await tx.query(
    `INSERT INTO workspace_settings (workspace_id, country, currency, timezone, vat_rate_bp, prices_include_vat, vat_registered, vat_number)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [
      workspaceId,
      start.country,
      start.currency,
      start.timezone,
      start.vat_rate_bp,
      start.prices_include_vat,
      start.vat_registered ?? null,
      start.vat_number ?? null,
    ],
  );
}

export type CountryStart = Pick<WorkspaceSettings, 'country' | 'currency' | 'timezone' | 'vat_rate_bp' | 'prices_include_vat'> &
  Partial<Pick<WorkspaceSettings, 'vat_registered' | 'vat_number'>>;

export type WorkspaceChanges = Partial<Pick<WorkspaceRow, 'name' | 'description' | 'industry' | 'logo' | 'storefront_enabled'>>;

const patchable = ['name', 'description', 'industry', 'logo', 'storefront_enabled'] as const;

export async function updateWorkspace(tx: Queryable, id: number, changes: WorkspaceChanges, now: Date): Promise<WorkspaceRow | undefined> {
  const sets: string[] = [];
  const params: unknown[] = [id, now.toISOString()];
  for (const key of patchable) {
    if (changes[key] === undefined) continue;
    params.push(changes[key]);
    sets.push(`${key} = $${params.length}`);
  }
  const rows = await tx.query<WorkspaceRow>(
    `UPDATE workspaces AS w SET ${[...sets, 'updated_at = $2'].join(', ')} WHERE w.id = $1 RETURNING ${columns}`,
    params,
  );
  return rows[0];
}

/** Members and settings go with it (ON DELETE CASCADE). */
export async function deleteWorkspace(tx: Queryable, id: number): Promise<boolean> {
  const rows = await tx.query('DELETE FROM workspaces WHERE id = $1 RETURNING id', [id]);
  return rows.length > 0;
}

export const settingsColumns = [
  'colors',
  'dark_mode',
  'logo',
  'favicon',
  'timezone',
  'date_format',
  'time_format',
  'language',
  'currency',
  'email_template',
  'email_signature',
  'email_from',
  'email_cc',
  'email_bcc',
  'email_reply_to',
  'allowed_file_types',
  'country',
  'vat_rate_bp',
  'prices_include_vat',
  'vat_registered',
  'vat_number',
  'company_registration_number',
  'address',
  'pos_confirm_over_stock',
] as const satisfies ReadonlyArray<keyof WorkspaceSettings>;

export type SettingsRow = { [K in (typeof settingsColumns)[number]]: unknown };

export async function getSettings(tx: Queryable, workspaceId: number): Promise<SettingsRow | undefined> {
  const rows = await tx.query<SettingsRow>(
    `SELECT ${settingsColumns.join(', ')} FROM workspace_settings WHERE workspace_id = $1 AND id = 1`,
    [workspaceId],
  );
  return rows[0];
}

/** Upserts the settings row, changing only the given fields. */
export async function saveSettings(
  tx: Queryable,
  workspaceId: number,
  changes: Partial<WorkspaceSettings>,
  now: Date,
): Promise<SettingsRow> {
  const names: string[] = [];
  const params: unknown[] = [workspaceId, now.toISOString()];
  for (const key of settingsColumns) {
    const value = changes[key];
    if (value === undefined) continue;
    params.push(key === 'colors' ? JSON.stringify(value) : value);
    names.push(key);
  }
  const values = names.map((n, i) => (n === 'colors' ? `$${i + 3}::jsonb` : `$${i + 3}`));
  const updates = [...names.map((n) => `${n} = EXCLUDED.${n}`), 'updated_at = EXCLUDED.updated_at'];
  const rows = await tx.query<SettingsRow>(
    `INSERT INTO workspace_settings (workspace_id, updated_at${names.map((n) => `, ${n}`).join('')})
     VALUES ($1, $2${values.map((v) => `, ${v}`).join('')})
     ON CONFLICT (workspace_id, id) DO UPDATE SET ${updates.join(', ')}
     RETURNING ${settingsColumns.join(', ')}`,
    params,
  );
  return rows[0];
}

export interface OwnerPlanRow {
  id: number;
  email: string;
  full_name: string;
  plan: 'free' | 'pro';
  plan_trial_ends_at: Date | string | null;
}

/** Account rows (email, name, plan) for users already known to share a workspace with the caller. */
export function usersByIds(db: Db, ids: readonly number[]): Promise<OwnerPlanRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.query<OwnerPlanRow>('SELECT id, email, full_name, plan, plan_trial_ends_at FROM users WHERE id = ANY($1::int[])', [
    [...new Set(ids)],
  ]);
}
