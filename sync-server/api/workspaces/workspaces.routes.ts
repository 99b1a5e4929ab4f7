import { Router } from 'express';
import type { AreaContext } from '../../areas/area.js';
import type { AppDeps } from '../../deps.js';
import { requireUser } from '../../http/auth-context.js';
import { clientLimitAddress } from '../../http/client-address.js';
import { enforceRateLimits } from '../../http/rate-limit.js';
import { mount } from '../../http/route.js';
import { workspacesContract as c } from '../../../schema/workspaces/contract.js';
import type { WorkspaceSettings } from '../../../schema/workspaces/workspaces.js';
import * as members from './members.service.js';
import * as workspaces from './workspaces.service.js';
import { settingsColumns } from './workspaces.repo.js';

export const INVITATION_PREVIEW_LIMIT = { max: 30, windowSeconds: 600 } as const;

export function workspacesRoutes(deps: AppDeps, ctx: AreaContext): Router {
  const router = Router();
  const user = (req: Parameters<typeof requireUser>[1]) => requireUser(deps, req);

  mount(router, c.list, async (_in, req) => workspaces.listWorkspaces(deps, await user(req)));
  // Registered before `/:id` routes so "auto-create" is never read as an id.
  mount(router, c.autoCreate, async ({ body }, req) => workspaces.autoCreateWorkspace(deps, await user(req), body, ctx.workspaceCreated));
  mount(router, c.create, async ({ body }, req) => workspaces.createWorkspace(deps, await user(req), body, ctx.workspaceCreated));
  mount(router, c.get, async ({ params }, req) => workspaces.getWorkspace(deps, await user(req), params.id));
  mount(router, c.update, async ({ params, body }, req) => workspaces.updateWorkspace(deps, await user(req), params.id, body));
  mount(router, c.remove, async ({ params }, req) => {
    await workspaces.deleteWorkspace(deps, await user(req), params.id, ctx.workspaceRemoved);
    return { message: 'Workspace deleted' };
  });
  mount(router, c.getSettings, async ({ params }, req) => workspaces.getSettings(deps, await user(req), params.id));
  mount(router, c.updateSettings, async ({ params, body }, req) =>
    workspaces.updateSettings(deps, await user(req), params.id, sentFields(body, req.body)),
  );
  mount(router, c.capabilities, async ({ params }, req) => workspaces.getCapabilities(deps, await user(req), params.id, ctx.limits));
  mount(router, c.members, async ({ params }, req) => members.listMembers(deps, await user(req), params.id));
  mount(router, c.invite, async ({ params, body }, req) => members.inviteMember(deps, await user(req), params.id, body));
  mount(router, c.updateMember, async ({ params, body }, req) =>
    members.updateMemberRole(deps, await user(req), params.id, params.memberId, body.role),
  );
  mount(router, c.removeMember, async ({ params }, req) => {
    await members.removeMember(deps, await user(req), params.id, params.memberId);
    return { message: 'Member removed' };
  });
  mount(router, c.previewInvitation, async ({ body }, req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    // Open to anyone: guessing tokens is bounded per address, as confirming a mail address is.
    await enforceRateLimits(deps, [{ key: `invitation-preview:${clientLimitAddress(req)}`, ...INVITATION_PREVIEW_LIMIT }]);
    return members.previewInvitation(deps, body.token);
  });
  mount(router, c.acceptInvitation, async ({ body }, req) => members.acceptInvitation(deps, await user(req), body.token));
  return router;
}

/**
 * The settings patch schema fills every absent field with its default, so a PATCH of one field would
 * reset the rest; only the fields the client actually sent are kept.
 */
function sentFields(parsed: Partial<WorkspaceSettings>, raw: unknown): Partial<WorkspaceSettings> {
  const sent = new Set(typeof raw === 'object' && raw !== null ? Object.keys(raw) : []);
  const out: Partial<WorkspaceSettings> = { ...parsed };
  for (const key of settingsColumns) if (!sent.has(key)) delete out[key];
  return out;
}
