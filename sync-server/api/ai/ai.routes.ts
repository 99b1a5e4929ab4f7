import { Router, type Request } from 'express';
import { aiContract } from '../../../schema/ai/contract.js';
import type { AppDeps } from '../../deps.js';
import { requireUser } from '../../http/auth-context.js';
import { mount } from '../../http/route.js';
import { requireMembership } from '../workspaces/membership.js';
import { balance } from './ai-credits.service.js';
import { generate } from './ai.service.js';
import * as templates from './ai-templates.service.js';
import { workspaceName } from './ai-templates.repo.js';

async function member(deps: AppDeps, req: Request, workspaceId: number) {
  const userId = await requireUser(deps, req);
  await requireMembership(deps.db, workspaceId, userId);
  return { userId, workspaceId };
}

/** AI writing (issue 22): the credit balance, a streamed generation, and saved prompt templates. */
export function aiRoutes(deps: AppDeps): Router {
  const router = Router();
  const c = aiContract;
  mount(router, c.balance, async ({ params }, req) => balance(deps, (await member(deps, req, params.id)).userId));
  mount(router, c.generate, async ({ params, body }, req, res) => {
    const caller = await member(deps, req, params.id);
    await generate(deps, { ...caller, workspaceName: await workspaceName(deps.db, caller.workspaceId) }, body, res);
  });
  mount(router, c.templates, async ({ params }, req) => templates.list(deps, await member(deps, req, params.id)));
  mount(router, c.createTemplate, async ({ params, body }, req) => templates.create(deps, await member(deps, req, params.id), body));
  mount(router, c.updateTemplate, async ({ params, body }, req) =>
    templates.update(deps, await member(deps, req, params.id), params.templateId, body),
  );
  mount(router, c.deleteTemplate, async ({ params }, req) => templates.remove(deps, await member(deps, req, params.id), params.templateId));
  return router;
}
