import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { defineModule } from '../../module';
import { rootRoute } from '../../routes/root';
import { matching, searchOf, text, uuid } from '../../routes/search-params';
import { workspaceRoute } from '../../shell/workspace-route';

const eventParams = {
  parse: (raw: { eventId: string }) => ({ eventId: uuid().parse(raw.eventId) }),
  stringify: ({ eventId }: { eventId: string }) => ({ eventId }),
};

/** spec §2: events, events/{event_id}, events/{event_id}/tickets, events/{event_id}/registrations (+ the door). */
const eventsRoute = createRoute({
  getParentRoute: () => workspaceRoute,
  path: 'events',
  component: lazyRouteComponent(() => import('./events-page'), 'EventsPage'),
});

const eventRoute = createRoute({
  getParentRoute: () => workspaceRoute,
  path: 'events/$eventId',
  params: eventParams,
  component: lazyRouteComponent(() => import('./event-page'), 'EventPage'),
});

const ticketsRoute = createRoute({
  getParentRoute: () => workspaceRoute,
  path: 'events/$eventId/tickets',
  params: eventParams,
  component: lazyRouteComponent(() => import('./tickets-page'), 'TicketsPage'),
});

const registrationsRoute = createRoute({
  getParentRoute: () => workspaceRoute,
  path: 'events/$eventId/registrations',
  params: eventParams,
  component: lazyRouteComponent(() => import('./registrations-page'), 'RegistrationsPage'),
});

/** The door check-in screen: works with no network once opened online. */
const doorRoute = createRoute({
  getParentRoute: () => workspaceRoute,
  path: 'events/$eventId/door',
  params: eventParams,
  component: lazyRouteComponent(() => import('./door-page'), 'DoorPage'),
});

const eventsSearch = searchOf({ q: text(100) });

/** spec §2: /events and /marketplace/events list upcoming public events. */
const publicEventsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/events',
  validateSearch: eventsSearch,
  component: lazyRouteComponent(() => import('./public/public-events-page'), 'PublicEventsPage'),
});

const marketplaceEventsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/marketplace/events',
  validateSearch: eventsSearch,
  component: lazyRouteComponent(() => import('./public/public-events-page'), 'MarketplaceEventsPage'),
});

const publicEventRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/marketplace/events/$slug',
  // reference: the card checkout the buyer came back from.
  validateSearch: searchOf({ reference: matching(/^vktkt_[0-9a-f]{24}$/, 'a checkout reference') }),
  component: lazyRouteComponent(() => import('./public/public-event-page'), 'PublicEventPage'),
});

/** One ticket, opened from its e-mail (no sign-in): printable, with its PDF. */
const ticketRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/tickets/$token',
  component: lazyRouteComponent(() => import('./public/ticket-page'), 'TicketPage'),
});

export const eventsModule = defineModule({
  id: 'events',
  routes: [eventsRoute, eventRoute, ticketsRoute, registrationsRoute, doorRoute],
  publicRoutes: [publicEventsRoute, marketplaceEventsRoute, publicEventRoute, ticketRoute],
  nav: { label: 'Events', to: '/workspace/$workspaceId/events' },
  collections: { check_ins: { label: 'Door check-in', recordName: (c) => c.device_name } },
  // Event dates on the planner's calendar, from the events last seen on this device.
  calendar: () => import('./calendar-source').then((m) => m.eventDates),
});
