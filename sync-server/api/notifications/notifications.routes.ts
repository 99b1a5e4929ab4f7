import { Router } from 'express';
import { notificationsContract } from '../../../schema/notifications/contract.js';
import type { AppDeps } from '../../deps.js';
import { requireUser } from '../../http/auth-context.js';
import { mount } from '../../http/route.js';
import * as service from './notifications.service.js';

/** The signed-in person's notification centre: their list, marking read, and their choices. */
export function notificationsRoutes(deps: AppDeps): Router {
  const router = Router();
  const c = notificationsContract;
  mount(router, c.list, async (_input, req) => service.list(deps, await requireUser(deps, req)));
  mount(router, c.markRead, async ({ body }, req) => service.markRead(deps, await requireUser(deps, req), body));
  mount(router, c.choices, async (_input, req) => service.choices(deps, await requireUser(deps, req)));
  mount(router, c.setChoices, async ({ body }, req) => service.setChoices(deps, await requireUser(deps, req), body));
  return router;
}
