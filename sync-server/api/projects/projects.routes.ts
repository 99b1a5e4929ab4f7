import { Router, type Request } from 'express';
import { projectsContract } from '../../../schema/projects/contract.js';
import type { AppDeps } from '../../deps.js';
import { requireUser } from '../../http/auth-context.js';
import { mount } from '../../http/route.js';
import { requireMembership } from '../workspaces/membership.js';
import * as projects from './projects.service.js';

async function caller(deps: AppDeps, req: Request, workspaceId: number): Promise<projects.ProjectsCaller> {
  const userId = await requireUser(deps, req);
  return { userId, workspaceId, membership: await requireMembership(deps.db, workspaceId, userId) };
}

/** Projects (spec §3): who may open a project's document, and its name, status and priority. */
export function projectsRoutes(deps: AppDeps): Router {
  const router = Router();
  const c = projectsContract;
  mount(router, c.list, async ({ params }, req) => projects.listProjects(deps, await caller(deps, req, params.id)));
  mount(router, c.create, async ({ params, body }, req) => projects.createProject(deps, await caller(deps, req, params.id), body));
  mount(router, c.get, async ({ params }, req) => projects.getProject(deps, await caller(deps, req, params.id), params.projectId));
  mount(router, c.update, async ({ params, body }, req) =>
    projects.updateProject(deps, await caller(deps, req, params.id), params.projectId, body),
  );
  mount(router, c.addMember, async ({ params, body }, req) =>
    projects.addMember(deps, await caller(deps, req, params.id), params.projectId, body),
  );
  mount(router, c.removeMember, async ({ params }, req) =>
    projects.removeMember(deps, await caller(deps, req, params.id), params.projectId, params.userId),
  );
  mount(router, c.channels, async ({ params }, req) => projects.listChannels(deps, await caller(deps, req, params.id)));
  mount(router, c.createChannel, async ({ params, body }, req) =>
    projects.createChannel(deps, await caller(deps, req, params.id), body.name),
  );
  mount(router, c.due, async ({ params, query }, req) => projects.dueTasks(deps, await caller(deps, req, params.id), query.from, query.to));
  return router;
}
