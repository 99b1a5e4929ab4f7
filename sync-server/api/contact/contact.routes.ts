import { clientLimitAddress } from '../../http/client-address.js';
import { Router } from 'express';
import type { AppDeps } from '../../deps.js';
import { sessionOf } from '../../http/auth-context.js';
import { mount } from '../../http/route.js';
import { contactContract } from '../../../schema/contact/contract.js';
import { sendContactMessage } from './contact.service.js';

export function contactRoutes(deps: AppDeps): Router {
  const router = Router();
  mount(router, contactContract.send, async ({ body }, req) => {
    const session = await sessionOf(deps, req);
    return sendContactMessage(deps, body, { ip: clientLimitAddress(req), userId: session?.sub ?? null });
  });
  return router;
}
