import { clientLimitAddress } from '../../http/client-address.js';
import { Router, type Request } from 'express';
import { classifiedsContract } from '../../../schema/classifieds/contract.js';
import type { AppDeps } from '../../deps.js';
import { requireUser, sessionOf } from '../../http/auth-context.js';
import { mount } from '../../http/route.js';
import { requireMembership } from '../workspaces/membership.js';
import { sendPicture } from '../drive/index.js';
import * as classifieds from './classifieds.service.js';
import * as inquiriesService from './inquiries.service.js';
import * as reportsService from './reports.service.js';

async function seller(deps: AppDeps, req: Request, workspaceId: number): Promise<classifieds.SellerCaller> {
  const userId = await requireUser(deps, req);
  return { userId, workspaceId, membership: await requireMembership(deps.db, workspaceId, userId) };
}

/** Classified ads (issue 21): the seller's listings, public browsing, inquiries, offers and reports. */
export function classifiedsRoutes(deps: AppDeps): Router {
  const router = Router();
  const c = classifiedsContract;
  mount(router, c.list, async ({ params }, req) => classifieds.listListings(deps, await seller(deps, req, params.id)));
  mount(router, c.create, async ({ params, body }, req) => classifieds.createListing(deps, await seller(deps, req, params.id), body));
  mount(router, c.get, async ({ params }, req) => classifieds.getListing(deps, await seller(deps, req, params.id), params.classifiedId));
  mount(router, c.update, async ({ params, body }, req) =>
    classifieds.updateListing(deps, await seller(deps, req, params.id), params.classifiedId, body),
  );
  mount(router, c.renew, async ({ params }, req) =>
    classifieds.renewListing(deps, await seller(deps, req, params.id), params.classifiedId),
  );
  mount(router, c.viewings, async ({ params, query }, req) =>
    classifieds.listViewings(deps, await seller(deps, req, params.id), query.from, query.to),
  );

  mount(router, c.browse, async ({ query }) => classifieds.browse(deps, query));
  mount(router, c.listing, async ({ params }, req) => {
    const session = await sessionOf(deps, req);
    return classifieds.publicListing(deps, params.classifiedId, session?.sub ?? null);
  });
  mount(router, c.photo, async ({ params, query }, _req, res) => {
    await sendPicture(deps, res, await classifieds.listingPhoto(deps, params.classifiedId, params.fileId), query.w);
  });
  mount(router, c.myInquiries, async ({ params }, req) =>
    inquiriesService.myInquiries(deps, await requireUser(deps, req), params.classifiedId),
  );
  mount(router, c.ask, async ({ params, body }, req) =>
    inquiriesService.ask(deps, await requireUser(deps, req), params.classifiedId, body, clientLimitAddress(req)),
  );
  mount(router, c.report, async ({ params, body }, req) =>
    reportsService.report(deps, await requireUser(deps, req), params.classifiedId, body),
  );
  mount(router, c.thread, async ({ params }, req) => inquiriesService.getThread(deps, await requireUser(deps, req), params.inquiryId));
  mount(router, c.send, async ({ params, body }, req) =>
    inquiriesService.sendMessage(deps, await requireUser(deps, req), params.inquiryId, body.message),
  );
  mount(router, c.respond, async ({ params, body }, req) =>
    inquiriesService.respond(deps, await requireUser(deps, req), params.inquiryId, body),
  );
  mount(router, c.reports, async ({ query }, req) => reportsService.listReports(deps, await requireUser(deps, req), query.status));
  mount(router, c.resolveReport, async ({ params, body }, req) =>
    reportsService.resolveReport(deps, await requireUser(deps, req), params.reportId, body),
  );
  return router;
}
