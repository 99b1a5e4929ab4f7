/** What other modules may use of events (DESIGN.md §12): tickets as marketplace cart lines, held, issued and given back with their order. */
export {
  cartTickets,
  failOrderTickets,
  holdOrderTickets,
  issueOrderTickets,
  lockTicketEvents,
  releaseLapsedOrderTickets,
  retakeLapsedSeats,
  revokeOrderTickets,
  ticketsOfOrders,
} from './tickets-cart.js';
