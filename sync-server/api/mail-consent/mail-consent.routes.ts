import { Router } from 'express';
import { mailContract } from '../../../schema/mail/contract.js';
import type { AreaContext } from '../../areas/area.js';
import type { AppDeps } from '../../deps.js';
import { clientLimitAddress } from '../../http/client-address.js';
import { enforceRateLimits } from '../../http/rate-limit.js';
import { mount } from '../../http/route.js';
import { confirmMailAddress } from '../../mail/consent.js';

/**
 * Confirming an address from the opt-in mail (issue 35). The link opens the app's page, whose GET
 * changes nothing; its button posts the token here. Per address, so tokens cannot be guessed in bulk.
 */
export const MAIL_CONFIRM_LIMIT = { max: 30, windowSeconds: 600 } as const;

export function mailConsentRoutes(deps: AppDeps, ctx: AreaContext): Router {
  const router = Router();
  mount(router, mailContract.confirm, async ({ body }, req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    await enforceRateLimits(deps, [{ key: `mail-confirm:${clientLimitAddress(req)}`, ...MAIL_CONFIRM_LIMIT }]);
    return confirmMailAddress(deps, ctx.heldMail, body.token);
  });
  return router;
}
