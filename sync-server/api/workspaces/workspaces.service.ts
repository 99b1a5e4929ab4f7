import type { AreaContext, WorkspaceCreated } from '../../areas/area.js';
import type { AppDeps } from '../../deps.js';
import { withScope, type Queryable } from '../../db/db.js';
import { badRequest, notFound } from '../../http/errors.js';
import { assertWithinLimit, capabilitiesFor, workspaceOwner } from '../../plans/capabilities.js';
import { usageOf, type LimitRegistry } from '../../plans/limits.js';
import { countryDefaults, type CountryCode } from '../../../schema/kit/countries.js';
import { vatNumberProblem } from '../../../schema/kit/vat.js';
import {
  workspaceSettings,
  type CapabilitiesDto,
  type WorkspaceDto,
  type WorkspaceSettings,
} from '../../../schema/workspaces/workspaces.js';
import { requireMembership, requireRole, type Membership, type WorkspaceRole } from './membership.js';
import * as repo from './workspaces.repo.js';
import { slugCandidates } from './slug.js';

export const roleMessages = {
  manage: 'Only the workspace owner or an admin can do this',
  delete: 'Only the workspace owner can delete the workspace',
} as const;

export function toIso(value: Date | string): string {
  return (value instanceof Date ? value : new Date(value)).toISOString();
}

function toDto(row: repo.WorkspaceRow, role: WorkspaceRole, caps: CapabilitiesDto): WorkspaceDto {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    description: row.description,
    logo: row.logo,
    industry: row.industry,
    type: row.type,
    owner_id: row.owner_id,
    storefront_enabled: row.storefront_enabled,
    role,
    plan: caps.plan,
    created_at: toIso(row.created_at),
  };
}

async function plansOf(deps: AppDeps, ownerIds: number[]): Promise<Map<number, CapabilitiesDto>> {
  const now = deps.now();
  const rows = await repo.usersByIds(deps.db, ownerIds);
  return new Map(
    rows.map((u) => [u.id, capabilitiesFor(workspaceOwner({ ownerPlan: u.plan, ownerTrialEndsAt: u.plan_trial_ends_at }), now)]),
  );
}

async function capsOfUser(deps: AppDeps, userId: number): Promise<CapabilitiesDto> {
  const caps = (await plansOf(deps, [userId])).get(userId);
  if (!caps) throw notFound('User not found');
  return caps;
}

export async function listWorkspaces(deps: AppDeps, userId: number): Promise<WorkspaceDto[]> {
  const rows = await withScope(deps.db, { userId }, (tx) => repo.listMine(tx, userId));
  const caps = await plansOf(
    deps,
    rows.map((r) => r.owner_id),
  );
  return rows.flatMap((r) => {
    const c = caps.get(r.owner_id);
    return c ? [toDto(r, r.role, c)] : [];
  });
}

/** The workspace as `m` (a membership already checked) sees it. */
export async function workspaceFor(deps: AppDeps, m: Membership): Promise<WorkspaceDto> {
  const row = await withScope(deps.db, { userId: m.userId, workspaceId: m.workspaceId }, (tx) => repo.findById(tx, m.workspaceId));
  if (!row) throw notFound('Workspace not found');
  return toDto(row, m.role, capabilitiesFor(workspaceOwner(m), deps.now()));
}

export async function getWorkspace(deps: AppDeps, userId: number, id: number): Promise<WorkspaceDto> {
  return workspaceFor(deps, await requireMembership(deps.db, id, userId));
}

export interface CreateInput {
  name: string;
  description?: string | null;
  industry?: string | null;
  type?: string | null;
  /** Decides the first settings (currency, time zone, VAT); none keeps the spec's defaults. */
  country?: CountryCode | null;
  /** The answer to "Is the business VAT registered?" and, when it is, its VAT number (schema/kit/vat.ts). */
  vat_registered?: boolean | null;
  vat_number?: string | null;
}

/** Refuses VAT fields that break the rule (a registered business gives a valid VAT number), naming the field. */
function assertVatFields(fields: { vat_registered?: boolean | null; vat_number?: string | null; country?: string | null }): void {
  const problem = vatNumberProblem(fields);
  if (problem) throw badRequest(problem, { errors: { vat_number: [problem] } });
}

/** Creates a workspace owned by the user: owner membership and default settings in the same transaction. */
async function createInScope(
  tx: Queryable,
  deps: AppDeps,
  userId: number,
  input: CreateInput,
  created: WorkspaceCreated,
): Promise<repo.WorkspaceRow> {
  const fields: repo.NewWorkspace = {
    name: input.name,
    description: input.description ?? null,
    industry: input.industry ?? null,
    type: input.type ?? null,
    ownerId: userId,
  };
  let row: repo.WorkspaceRow | undefined;
  for (const slug of slugCandidates(input.name)) {
    row = await repo.insertWorkspace(tx, fields, slug);
    if (row) break;
  }
  if (!row) throw new Error('unreachable: slug candidates never end');
  const registered = input.vat_registered ?? null;
  await repo.enterWorkspace(tx, row.id);
  await repo.insertOwnerMembership(tx, row.id, userId, deps.now());
  await repo.insertDefaultSettings(tx, row.id, {
    ...countryDefaults(input.country),
    vat_registered: registered,
    vat_number: registered ? input.vat_number?.trim() || null : null,
  });
  await created(tx, row.id, deps.now());
  return row;
}

export async function createWorkspace(deps: AppDeps, userId: number, input: CreateInput, created: WorkspaceCreated): Promise<WorkspaceDto> {
  assertVatFields(input);
  const caps = await capsOfUser(deps, userId);
  const row = await withScope(deps.db, { userId }, async (tx) => {
    await repo.lockUserWorkspaces(tx, userId);
    const owned = await repo.listOwned(tx, userId);
    assertWithinLimit(caps, 'workspaces', owned.length);
    return createInScope(tx, deps, userId, input, created);
  });
  return toDto(row, 'owner', caps);
}

/**
 * Post an Ad needs a workspace to post into: the user's oldest own workspace when there is one,
 * else a new one. Repeating the call never creates a second.
 */
export async function autoCreateWorkspace(
  deps: AppDeps,
  userId: number,
  input: { name: string; type: string },
  created: WorkspaceCreated,
): Promise<WorkspaceDto> {
  const caps = await capsOfUser(deps, userId);
  const row = await withScope(deps.db, { userId }, async (tx) => {
    await repo.lockUserWorkspaces(tx, userId);
    const owned = await repo.listOwned(tx, userId);
    if (owned[0]) return owned[0];
    assertWithinLimit(caps, 'workspaces', owned.length);
    return createInScope(tx, deps, userId, input, created);
  });
  return toDto(row, 'owner', caps);
}

export async function updateWorkspace(deps: AppDeps, userId: number, id: number, changes: repo.WorkspaceChanges): Promise<WorkspaceDto> {
  const m = await requireMembership(deps.db, id, userId);
  requireRole(m, ['owner', 'admin'], roleMessages.manage);
  const row = await withScope(deps.db, { userId, workspaceId: id }, (tx) => repo.updateWorkspace(tx, id, changes, deps.now()));
  if (!row) throw notFound('Workspace not found');
  return toDto(row, m.role, capabilitiesFor(workspaceOwner(m), deps.now()));
}

export async function deleteWorkspace(
  deps: AppDeps,
  userId: number,
  id: number,
  workspaceRemoved: AreaContext['workspaceRemoved'],
): Promise<void> {
  const m = await requireMembership(deps.db, id, userId);
  requireRole(m, ['owner'], roleMessages.delete);
  const deleted = await withScope(deps.db, { userId, workspaceId: id }, (tx) => repo.deleteWorkspace(tx, id));
  if (!deleted) throw notFound('Workspace not found');
  // Its rows went with it; what the areas keep outside the database (its files' bytes) goes now.
  await workspaceRemoved(deps, id);
}

function settingsDto(row: repo.SettingsRow | undefined): WorkspaceSettings {
  // A workspace made before settings existed has no row: the schema's defaults stand in.
  return workspaceSettings.parse(row ?? {});
}

export async function getSettings(deps: AppDeps, userId: number, id: number): Promise<WorkspaceSettings> {
  await requireMembership(deps.db, id, userId);
  return settingsDto(await withScope(deps.db, { userId, workspaceId: id }, (tx) => repo.getSettings(tx, id)));
}

export async function updateSettings(
  deps: AppDeps,
  userId: number,
  id: number,
  changes: Partial<WorkspaceSettings>,
): Promise<WorkspaceSettings> {
  const m = await requireMembership(deps.db, id, userId);
  requireRole(m, ['owner', 'admin'], roleMessages.manage);
  return settingsDto(
    await withScope(deps.db, { userId, workspaceId: id }, async (tx) => {
      // The VAT fields are checked together, as they will stand after the change.
      if (changes.vat_registered !== undefined || changes.vat_number !== undefined || changes.country !== undefined) {
        assertVatFields({ ...settingsDto(await repo.getSettings(tx, id)), ...changes });
      }
      return repo.saveSettings(tx, id, changes, deps.now());
    }),
  );
}

/** What the workspace's plan allows, and how much of each limit it uses now (measured by the areas). */
export async function getCapabilities(deps: AppDeps, userId: number, id: number, limits: LimitRegistry): Promise<CapabilitiesDto> {
  const m = await requireMembership(deps.db, id, userId);
  const usage = await withScope(deps.db, { userId, workspaceId: id }, (q) => usageOf(q, limits, id));
  return { ...capabilitiesFor(workspaceOwner(m), deps.now()), usage };
}
