import { Router } from 'express';
import { crmContract } from '../../../schema/crm/contract.js';
import { withScope } from '../../db/db.js';
import type { AppDeps } from '../../deps.js';
import { requireUser } from '../../http/auth-context.js';
import { mount } from '../../http/route.js';
import { requireMembership } from '../workspaces/membership.js';
import { forecast } from './deals.repo.js';

/** The CRM's endpoints beside the sync engine: the deals forecast, for any member of the workspace. */
export function crmRoutes(deps: AppDeps): Router {
  const router = Router();
  mount(router, crmContract.forecast, async ({ params, query }, req) => {
    const userId = await requireUser(deps, req);
    await requireMembership(deps.db, params.id, userId);
    return withScope(deps.db, { userId, workspaceId: params.id }, (tx) => forecast(tx, params.id, query.pipeline));
  });
  return router;
}
