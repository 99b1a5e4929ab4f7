import type { OrderDto } from '../../../schema/marketplace/marketplace-orders.js';
import type { Queryable } from '../../db/db.js';
import { ticketsOfOrders } from '../events/index.js';
import * as repo from './orders.repo.js';

/** Orders as their buyer sees them: with the tickets they issued. */
export async function buyerDtos(q: Queryable, orders: repo.OrderRow[]): Promise<OrderDto[]> {
  const [dtos, tickets] = await Promise.all([repo.orderDtos(q, orders), ticketsOfOrders(q, orders)]);
  return dtos.map((d) => ({ ...d, tickets: tickets.get(d.id) ?? [] }));
}
