import { Router } from 'express';
import type { AreaContext } from '../../areas/area.js';
import type { AppDeps } from '../../deps.js';
import { requireUser } from '../../http/auth-context.js';
import { rawBodyOf } from '../../http/raw-body.js';
import { mount } from '../../http/route.js';
import { WEBHOOK_PATH } from '../../payments/payments.js';
import { billingContract as c } from '../../../schema/billing/contract.js';
import * as billing from './billing.service.js';
import * as cards from './payment-methods.service.js';
import { adjustCredits } from './credit-adjustment.service.js';
import { handleWebhook } from './webhook.service.js';

export function billingRoutes(deps: AppDeps, ctx: AreaContext): Router {
  const router = Router();
  const user = (req: Parameters<typeof requireUser>[1]) => requireUser(deps, req);

  mount(router, c.overview, async (_in, req) => billing.overview(deps, await user(req)));
  mount(router, c.subscriptionCheckout, async ({ body }, req) => billing.startSubscriptionCheckout(deps, await user(req), body));
  mount(router, c.startTrial, async (_in, req) => billing.startTrial(deps, await user(req)));
  mount(router, c.cancelSubscription, async (_in, req) => billing.cancelSubscription(deps, await user(req)));
  mount(router, c.creditsCheckout, async ({ body }, req) => billing.startCreditsCheckout(deps, await user(req), body));
  mount(router, c.creditsChargeSaved, async ({ body }, req) => billing.chargeSavedCard(deps, await user(req), body));
  mount(router, c.verify, async ({ body }, req) => billing.verifyReturn(deps, await user(req), body.reference));
  mount(router, c.adjustCredits, async ({ body }, req) => adjustCredits(deps, await user(req), body));
  mount(router, c.checkPromo, async ({ body }, req) => billing.quote(deps, await user(req), body.code, body.item));
  mount(router, c.history, async (_in, req) => billing.history(deps, await user(req)));
  mount(router, c.paymentMethods, async (_in, req) => cards.listMethods(deps, await user(req)));
  mount(router, c.setDefaultMethod, async ({ params }, req) => cards.setDefaultMethod(deps, await user(req), params.id));
  mount(router, c.removeMethod, async ({ params }, req) => cards.removeMethod(deps, await user(req), params.id));

  // The provider's webhook: no session, authenticated by its signature over the raw body.
  router.post(WEBHOOK_PATH, async (req, res) => {
    const signature = req.headers['x-paystack-signature'];
    const result = await handleWebhook(deps, ctx.payments, rawBodyOf(req), typeof signature === 'string' ? signature : undefined);
    res.json({ message: result });
  });
  return router;
}
