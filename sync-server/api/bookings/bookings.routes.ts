import { Router, type Request } from 'express';
import { bookingsContract } from '../../../schema/bookings/contract.js';
import type { AppDeps } from '../../deps.js';
import { requireUser } from '../../http/auth-context.js';
import { clientLimitAddress } from '../../http/client-address.js';
import { enforceRateLimits } from '../../http/rate-limit.js';
import { mount } from '../../http/route.js';
import { requireMembership } from '../workspaces/membership.js';
import * as bookings from './bookings.service.js';
import * as online from './public-booking.service.js';

async function owner(deps: AppDeps, req: Request, workspaceId: number): Promise<bookings.OwnerCaller> {
  const userId = await requireUser(deps, req);
  return { userId, workspaceId, membership: await requireMembership(deps.db, workspaceId, userId) };
}

/** Services and appointment booking (issue 20): the owner's services, staff, rules and diary; customers' booking. */
export function bookingsRoutes(deps: AppDeps): Router {
  const router = Router();
  const c = bookingsContract;
  mount(router, c.services, async ({ params }, req) => bookings.listServices(deps, await owner(deps, req, params.id)));
  mount(router, c.createService, async ({ params, body }, req) => bookings.createService(deps, await owner(deps, req, params.id), body));
  mount(router, c.updateService, async ({ params, body }, req) =>
    bookings.updateService(deps, await owner(deps, req, params.id), params.serviceId, body),
  );
  mount(router, c.staff, async ({ params }, req) => bookings.listStaff(deps, await owner(deps, req, params.id)));
  mount(router, c.createStaff, async ({ params, body }, req) => bookings.createStaff(deps, await owner(deps, req, params.id), body));
  mount(router, c.updateStaff, async ({ params, body }, req) =>
    bookings.updateStaff(deps, await owner(deps, req, params.id), params.staffId, body),
  );
  mount(router, c.addTimeOff, async ({ params, body }, req) =>
    bookings.addTimeOff(deps, await owner(deps, req, params.id), params.staffId, body),
  );
  mount(router, c.removeTimeOff, async ({ params }, req) =>
    bookings.removeTimeOff(deps, await owner(deps, req, params.id), params.staffId, params.timeOffId),
  );
  mount(router, c.rules, async ({ params }, req) => bookings.getRules(deps, await owner(deps, req, params.id)));
  mount(router, c.putRules, async ({ params, body }, req) => bookings.putRules(deps, await owner(deps, req, params.id), body));
  mount(router, c.appointments, async ({ params, query }, req) =>
    bookings.listAppointments(deps, await owner(deps, req, params.id), query.from, query.to, query.staff_id),
  );
  mount(router, c.createAppointment, async ({ params, body }, req) =>
    bookings.createAppointment(deps, await owner(deps, req, params.id), body),
  );
  mount(router, c.updateAppointment, async ({ params, body }, req) =>
    bookings.updateAppointment(deps, await owner(deps, req, params.id), params.appointmentId, body),
  );

  mount(router, c.publicServices, async ({ query }) => online.publicServices(deps, query.storefront, query.q));
  mount(router, c.publicService, async ({ params }) => online.publicService(deps, params.publicServiceId));
  mount(router, c.slots, async ({ params, query }, _req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    return online.publicSlots(deps, params.publicServiceId, query.from, query.to);
  });
  mount(router, c.book, async ({ params, body }, req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    const ip = clientLimitAddress(req);
    await enforceRateLimits(deps, [{ key: `bookings:${ip}`, max: 30, windowSeconds: 600 }]);
    return online.book(deps, params.publicServiceId, body, ip);
  });
  mount(router, c.booking, async ({ params }, _req, res) => {
    res.setHeader('Cache-Control', 'private, no-store');
    res.setHeader('Referrer-Policy', 'no-referrer');
    return online.bookingByToken(deps, params.bookingToken);
  });
  mount(router, c.cancelBooking, async ({ params, body }, _req, res) => {
    res.setHeader('Cache-Control', 'private, no-store');
    return online.cancelByToken(deps, params.bookingToken, body);
  });
  mount(router, c.rescheduleBooking, async ({ params, body }, req, res) => {
    res.setHeader('Cache-Control', 'private, no-store');
    await enforceRateLimits(deps, [{ key: `bookings:${clientLimitAddress(req)}`, max: 30, windowSeconds: 600 }]);
    return online.rescheduleByToken(deps, params.bookingToken, body);
  });
  return router;
}
