import { Router } from 'express';
import { posContract } from '../../../schema/pos/contract.js';
import type { AppDeps } from '../../deps.js';
import { mount } from '../../http/route.js';
import { publicReceipt } from './pos.service.js';

/** The till's REST side: a receipt's public page, read by its link's token (everything else syncs). */
export function posRoutes(deps: AppDeps): Router {
  const router = Router();
  mount(router, posContract.receipt, async ({ params }) => publicReceipt(deps, params.token));
  return router;
}
