import { Router, type Request } from 'express';
import { contentContract } from '../../../schema/content/contract.js';
import type { AppDeps } from '../../deps.js';
import { requireUser, sessionOf } from '../../http/auth-context.js';
import { mount } from '../../http/route.js';
import { sendPicture } from '../drive/index.js';
import { requireMembership } from '../workspaces/membership.js';
import * as content from './content.service.js';
import * as magazine from './magazine.service.js';

async function member(deps: AppDeps, req: Request, workspaceId: number): Promise<content.ContentCaller> {
  const userId = await requireUser(deps, req);
  await requireMembership(deps.db, workspaceId, userId);
  return { userId, workspaceId };
}

/** The content area (a workspace's entries and categories) and the public magazine (issue 22). */
export function contentRoutes(deps: AppDeps): Router {
  const router = Router();
  const c = contentContract;
  mount(router, c.list, async ({ params, query }, req) => content.listEntries(deps, await member(deps, req, params.id), query));
  mount(router, c.create, async ({ params, body }, req) => content.createEntry(deps, await member(deps, req, params.id), body));
  mount(router, c.get, async ({ params }, req) => content.getEntry(deps, await member(deps, req, params.id), params.entryId));
  mount(router, c.update, async ({ params, body }, req) =>
    content.updateEntry(deps, await member(deps, req, params.id), params.entryId, body),
  );
  mount(router, c.categories, async ({ params }, req) => content.listCategories(deps, await member(deps, req, params.id)));
  mount(router, c.createCategory, async ({ params, body }, req) =>
    content.createCategory(deps, await member(deps, req, params.id), body.name),
  );

  mount(router, c.front, async ({ query }, req) => {
    const session = await sessionOf(deps, req);
    return magazine.front(deps, query, session?.sub ?? null);
  });
  mount(router, c.article, async ({ params }) => magazine.article(deps, params.slug));
  mount(router, c.cover, async ({ params, query }, _req, res) => {
    await sendPicture(deps, res, await magazine.cover(deps, params.slug), query.w);
  });
  mount(router, c.feature, async ({ params, body }, req) =>
    magazine.feature(deps, await requireUser(deps, req), params.slug, body.featured),
  );
  return router;
}
