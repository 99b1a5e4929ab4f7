import { eventsContract } from '../../../schema/events/contract.js';
import { defineArea } from '../../areas/area.js';
import { checkInRules } from './events.sync.js';
import { eventsRoutes } from './events.routes.js';
import { eventsSeo } from './events.seo.js';
import { countEvents } from './events.repo.js';
import { heldTicketMail } from './ticket-mail.held.js';
import { ticketMails } from './ticket-mail.jobs.js';
import { settleTicketPayment, TICKET_REFERENCE_PREFIX } from './tickets.service.js';

/** Events: ticketing, paid registrations, and the door's replicated check-ins. */
export const eventsArea = defineArea({
  id: 'events',
  contracts: { eventsContract },
  routes: [eventsRoutes],
  rules: { check_ins: checkInRules },
  mails: ticketMails,
  seo: [eventsSeo],
  heldMail: heldTicketMail,
  limits: { events: { used: countEvents } },
  payments: { prefix: TICKET_REFERENCE_PREFIX, settle: settleTicketPayment },
});
