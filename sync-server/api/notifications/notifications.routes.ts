import { Router } from 'express';
import { notificationsContract, notificationsPushContract } from '../../../schema/notifications/contract.js';
import type { AppDeps } from '../../deps.js';
import { requireUser } from '../../http/auth-context.js';
import { mount } from '../../http/route.js';
import * as service from './notifications.service.js';
import * as push from './web-push.js';

/** The signed-in person's notification centre: their list, marking read, their choices and their devices' Web Push. */
export function notificationsRoutes(deps: AppDeps): Router {
  const router = Router();
  const c = notificationsContract;
  mount(router, c.list, async (_input, req) => service.list(deps, await requireUser(deps, req)));
  mount(router, c.markRead, async ({ body }, req) => service.markRead(deps, await requireUser(deps, req), body));
  mount(router, c.choices, async (_input, req) => service.choices(deps, await requireUser(deps, req)));
  mount(router, c.setChoices, async ({ body }, req) => service.setChoices(deps, await requireUser(deps, req), body));
  const p = notificationsPushContract;
  mount(router, p.pushKey, async (_input, req) => {
    await requireUser(deps, req);
    return push.pushKey(deps);
  });
  mount(router, p.subscribePush, async ({ body }, req) => {
    await push.subscribe(deps, await requireUser(deps, req), body);
    return { message: 'This device will get push notifications.' };
  });
  mount(router, p.unsubscribePush, async ({ body }, req) => {
    await push.unsubscribe(deps, await requireUser(deps, req), body.endpoint);
    return { message: 'This device will no longer get push notifications.' };
  });
  return router;
}
