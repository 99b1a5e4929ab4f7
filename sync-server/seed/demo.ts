import argon2 from 'argon2';
import type { ReplicatedEntity } from '../../schema/replicated.js';
import type { AppDeps } from '../deps.js';
import type { Config } from '../config.js';
import { createWorkspace } from '../api/workspaces/workspaces.service.js';
import { withScope } from '../db/db.js';
import { pushChanges } from '../sync/push.service.js';
import { areaContext, areas } from '../api/areas.js';
import { requireMembership } from '../api/workspaces/membership.js';

/** The demo account's sign-in, printed at start so a first-time visitor can look around. */
export const demoAccount = { email: 'demo@vuka.africa', password: 'vuka-demo' } as const;

export const DEMO_REFUSED_IN_PRODUCTION =
  'SEED_DEMO=1 is ignored in production: the demo account has a published password, so it is never created there.';

/**
 * Whether this start seeds the demo: by default only with the embedded database, and never in
 * production, whatever SEED_DEMO says (its password is printed in the README). A production start
 * that asked for it gets a warning to log.
 */
export function demoSeedPlan(config: Config): { seed: boolean; warning?: string } {
  const wanted = (config.SEED_DEMO ?? (config.DATABASE_URL ? '0' : '1')) === '1';
  if (!config.isProduction) return { seed: wanted };
  return config.SEED_DEMO === '1' ? { seed: false, warning: DEMO_REFUSED_IN_PRODUCTION } : { seed: false };
}

/**
 * First start with the embedded database: a clearly marked demo account and workspace with each
 * area's sample records (a few products, stock and contacts), written through the same push path devices use (so sequence numbers,
 * stock totals and row-level security all hold). Does nothing once any user exists, or in
 * production (checked here too, so no caller can create the account there).
 */
export async function seedDemo(deps: AppDeps): Promise<boolean> {
  if (deps.config.isProduction) return false;
  const existing = await deps.db.query<{ n: number }>('SELECT count(*)::int AS n FROM users');
  if (existing[0].n > 0) return false;
  const hash = await argon2.hash(demoAccount.password, { type: argon2.argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 });
  const users = await deps.db.query<{ id: number }>(
    `INSERT INTO users (email, password, full_name, verified, metadata)
     VALUES ($1, $2, 'Demo Trader', true, '{"demo": true}'::jsonb) RETURNING id`,
    [demoAccount.email, hash],
  );
  const userId = users[0].id;
  const workspace = await createWorkspace(
    deps,
    userId,
    {
      name: 'Demo Spaza (demo data)',
      description: 'A demo workspace with sample products and contacts. Change or delete anything.',
      industry: 'Retail',
      type: 'retail',
    },
    areaContext.workspaceCreated,
  );
  // A South African stall: prices in rand.
  await withScope(deps.db, { userId, workspaceId: workspace.id }, (tx) =>
    tx.query(`UPDATE workspace_settings SET currency = 'ZAR', timezone = 'Africa/Johannesburg' WHERE workspace_id = $1`, [workspace.id]),
  );
  const now = deps.now().toISOString();
  const membership = await requireMembership(deps.db, workspace.id, userId);
  const push = (entity: ReplicatedEntity, docs: Record<string, unknown>[]) =>
    pushChanges(deps, {
      entity,
      rules: areaContext.rules,
      caller: { membership },
      workspaceId: workspace.id,
      rows: docs.map((d) => ({ newDocumentState: { ...d, workspace_id: workspace.id, updated_at: now, _deleted: false } })),
    });
  for (const area of areas) await area.demo?.({ push, now });
  return true;
}
