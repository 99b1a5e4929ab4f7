import { Router } from 'express';
import { invoicesContract as c } from '../../../schema/invoices/contract.js';
import type { AppDeps } from '../../deps.js';
import { requireUser } from '../../http/auth-context.js';
import { clientLimitAddress } from '../../http/client-address.js';
import { mount } from '../../http/route.js';
import * as invoices from './invoices.service.js';
import * as quotes from './quote-accept.service.js';

/** Invoices online: the reminder switch, e-mail status, share links, the public invoice page and the public quote page. */
export function invoicesRoutes(deps: AppDeps): Router {
  const router = Router();
  mount(router, c.preferences, async ({ params }, req) => invoices.preferences(deps, await requireUser(deps, req), params.id));
  mount(router, c.updatePreferences, async ({ params, body }, req) =>
    invoices.updatePreferences(deps, await requireUser(deps, req), params.id, body),
  );
  mount(router, c.outreach, async ({ params }, req) => invoices.outreach(deps, await requireUser(deps, req), params.id, params.documentId));
  mount(router, c.shareLink, async ({ params }, req) =>
    invoices.shareLink(deps, await requireUser(deps, req), params.id, params.documentId),
  );
  mount(router, c.publicInvoice, async ({ params, query }, _req, res) => {
    // A page behind a secret link: never kept by a shared cache, never sent on as a referrer.
    res.setHeader('Cache-Control', 'private, no-store');
    res.setHeader('Referrer-Policy', 'no-referrer');
    return invoices.publicInvoice(deps, params.slug, params.number, query.t, query.ref);
  });
  mount(router, c.payInvoice, async ({ params, body }, req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('Referrer-Policy', 'no-referrer');
    return invoices.startPayment(deps, params.slug, params.number, body, clientLimitAddress(req));
  });
  mount(router, c.publicQuote, async ({ params, query }, _req, res) => {
    res.setHeader('Cache-Control', 'private, no-store');
    res.setHeader('Referrer-Policy', 'no-referrer');
    return quotes.publicQuote(deps, params.slug, params.number, query.t);
  });
  mount(router, c.acceptQuote, async ({ params, body }, req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('Referrer-Policy', 'no-referrer');
    return quotes.acceptQuote(deps, params.slug, params.number, body, clientLimitAddress(req));
  });
  return router;
}
