import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { defineModule } from '../../module';
import { rootRoute } from '../../routes/root';
import { matching, uuid } from '../../routes/search-params';
import { workspaceRoute } from '../../shell/workspace-route';

export const servicesRoute = createRoute({ getParentRoute: () => workspaceRoute, path: 'services' });

const setupRoute = createRoute({
  getParentRoute: () => servicesRoute,
  path: '/',
  component: lazyRouteComponent(() => import('./services-page'), 'ServicesPage'),
});

const diaryRoute = createRoute({
  getParentRoute: () => servicesRoute,
  path: 'diary',
  component: lazyRouteComponent(() => import('./diary-page'), 'DiaryPage'),
});

// The route tree ships with the landing page, zod does not (app/routes/search-params.ts).
const serviceId = uuid();
const bookingToken = matching(/^[A-Za-z0-9_-]{20,64}$/, 'a booking link');

/** spec §2: the marketplace's services. */
const publicListRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/marketplace/services',
  component: lazyRouteComponent(() => import('./public/services-list-page'), 'ServicesListPage'),
});

const bookingRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/marketplace/services/$publicServiceId',
  params: {
    parse: (raw: { publicServiceId: string }) => ({ publicServiceId: serviceId.parse(raw.publicServiceId) }),
    stringify: ({ publicServiceId }: { publicServiceId: string }) => ({ publicServiceId }),
  },
  component: lazyRouteComponent(() => import('./public/booking-page'), 'BookingPage'),
});

const manageRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/marketplace/services/bookings/$bookingToken',
  params: {
    parse: (raw: { bookingToken: string }) => ({ bookingToken: bookingToken.parse(raw.bookingToken) }),
    stringify: ({ bookingToken: token }: { bookingToken: string }) => ({ bookingToken: token }),
  },
  component: lazyRouteComponent(() => import('./public/manage-booking-page'), 'ManageBookingPage'),
});

/** Services and appointment booking (issue 20): the owner's services, staff and diary; customers book on the marketplace. */
export const bookingsModule = defineModule({
  id: 'bookings',
  routes: [servicesRoute.addChildren([setupRoute, diaryRoute])],
  publicRoutes: [publicListRoute, bookingRoute, manageRoute],
  nav: { label: 'Services', to: '/workspace/$workspaceId/services' },
  calendar: () => import('./calendar-source').then((m) => m.appointmentTimes),
  collections: { appointments: { label: 'Appointment', recordName: (a) => a.customer_name } },
});
