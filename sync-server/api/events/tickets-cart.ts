import { randomUUID } from 'node:crypto';
import { noCountryDefaults } from '../../../schema/kit/countries.js';
import { eventsContract } from '../../../schema/events/contract.js';
import { fillPath } from '../../../schema/kit/http.js';
import { wallMinuteIn } from '../../../schema/kit/dates.js';
import { eventMessages } from '../../../schema/events/events.js';
import { MARKET_CURRENCY, stockStateOf, ticketTypeOfLine, toTicketCartId } from '../../../schema/marketplace/marketplace.js';
import type { Queryable } from '../../db/db.js';
import { conflict } from '../../http/errors.js';
import type { CartProduct } from '../marketplace/index.js';
import * as registrationsRepo from './registrations.repo.js';
import * as typesRepo from './ticket-types.repo.js';
import { issueTickets, releaseStaleHolds, saleRefusal } from './tickets.service.js';
import { recordTicketMail } from './ticket-mail.repo.js';
import { tellTicketsSold } from './tickets-sold.js';
import { boundUnpaidSeats } from './ticket-holds.js';
import { pricedSale, sellerVat } from '../../payments/seller-vat.js';

/**
 * Tickets in the marketplace cart (issue 19): a paid ticket type of a published event is a cart line
 * like a product, sold by the organiser's workspace. At checkout its seats are taken at once (the
 * event's own count, which never passes the type's quantity) and a registration joins the
 * organiser's order; the order's payment issues and mails the signed tickets, its failure or lapse
 * gives the seats back, and its full refund revokes the tickets.
 */

/** Below this many seats left a line says how many are left, as low stock does. */
const FEW_SEATS = 10;

export const ticketCartMessages = {
  approval: 'The organiser approves each registration for this event: ask for tickets on its page',
  free: 'Free tickets are taken on the event page',
  currency: 'Only tickets priced in rand are sold in the marketplace',
} as const;

interface Row {
  workspace_id: number;
  type_id: string;
  type_name: string;
  price_cents: number | string;
  currency: string;
  quantity: number;
  sold: number;
  sale_starts: string | null;
  sale_ends: string | null;
  event_id: string;
  title: string;
  slug: string;
  status: string;
  requires_approval: boolean;
  max_attendees: number | string | null;
  event_sold: number | string;
  cover: string | null;
  timezone: string | null;
  seller_name: string;
  seller_slug: string;
}

const ticketKeys = (keys: readonly { workspaceId: number; productId: string }[]) =>
  keys.flatMap((k) => {
    const typeId = ticketTypeOfLine(k.productId);
    return typeId ? [{ ws: k.workspaceId, typeId }] : [];
  });

/** Why this ticket type cannot go in a cart now, or null. */
function refusal(r: Row, now: Date): string | null {
  if (r.status !== 'published') return eventMessages.notOnSale;
  if (r.requires_approval) return ticketCartMessages.approval;
  if (Number(r.price_cents) === 0) return ticketCartMessages.free;
  if (r.currency !== MARKET_CURRENCY) return ticketCartMessages.currency;
  return saleRefusal(r, wallMinuteIn(now, r.timezone ?? noCountryDefaults.timezone));
}

/** The cart lines that name ticket types, as the cart shows and prices them (keyed by cart item id). */
export async function cartTickets(
  q: Queryable,
  keys: readonly { workspaceId: number; productId: string }[],
  now: Date,
): Promise<Map<string, CartProduct>> {
  const out = new Map<string, CartProduct>();
  const wanted = ticketKeys(keys);
  if (wanted.length === 0) return out;
  const rows = await q.query<Row>(
    `SELECT t.workspace_id, t.id AS type_id, t.name AS type_name, t.price_cents, t.currency, t.quantity, t.sold, t.sale_starts,
            t.sale_ends, e.id AS event_id, e.title, e.slug, e.status, e.requires_approval, e.max_attendees,
            (SELECT coalesce(sum(x.sold), 0) FROM ticket_types x WHERE x.workspace_id = e.workspace_id AND x.event_id = e.id) AS event_sold,
            (SELECT f.id::text FROM drive_files f
              WHERE f.workspace_id = e.workspace_id AND f.id = e.cover_image AND f.trashed_at IS NULL) AS cover,
            s.timezone, w.name AS seller_name, w.slug AS seller_slug
       FROM ticket_types t
       JOIN events e ON e.workspace_id = t.workspace_id AND e.id = t.event_id
       JOIN workspaces w ON w.id = t.workspace_id
       LEFT JOIN workspace_settings s ON s.workspace_id = t.workspace_id
      WHERE (t.workspace_id, t.id) IN (SELECT * FROM unnest($1::int[], $2::uuid[]))`,
    [wanted.map((k) => k.ws), wanted.map((k) => k.typeId)],
  );
  for (const r of rows) {
    const room = r.max_attendees === null ? Infinity : Number(r.max_attendees) - Number(r.event_sold);
    const left = Math.max(0, Math.min(Number(r.quantity) - Number(r.sold), room));
    const stock = stockStateOf({ track_inventory: true, on_hand: left, low_stock_threshold: FEW_SEATS });
    const reason = refusal(r, now);
    const id = toTicketCartId(r.workspace_id, r.type_id);
    out.set(id, {
      product: {
        id,
        name: `${r.title} — ${r.type_name}`,
        price_cents: Number(r.price_cents),
        was_cents: null,
        category: 'Tickets',
        // Sized by the cart as a product's picture is (`?w=`).
        image: r.cover ? fillPath(eventsContract.publicPicture.path, { slug: r.slug, fileId: r.cover }) : null,
        stock,
        stock_left: stock === 'low' ? left : null,
        seller: { name: r.seller_name, slug: r.seller_slug },
        href: `/marketplace/events/${r.slug}`,
      },
      left,
      forSale: reason === null,
      reason: reason ?? undefined,
      // A ticket is issued, not posted.
      ships: false,
    });
  }
  return out;
}

/**
 * Locks the events of a checkout's ticket lines (in one order, as every ticket writer does) and
 * gives back the seats of holds that lapsed, so the cart is priced against what is really left.
 */
export async function lockTicketEvents(tx: Queryable, keys: readonly { workspaceId: number; productId: string }[], now: Date) {
  const wanted = ticketKeys(keys);
  if (wanted.length === 0) return;
  const events = await tx.query<{ workspace_id: number; event_id: string }>(
    `SELECT DISTINCT workspace_id, event_id FROM ticket_types
      WHERE (workspace_id, id) IN (SELECT * FROM unnest($1::int[], $2::uuid[])) ORDER BY workspace_id, event_id`,
    [wanted.map((k) => k.ws), wanted.map((k) => k.typeId)],
  );
  for (const e of events) {
    await tx.query(`SELECT 1 FROM events WHERE workspace_id = $1 AND id = $2 FOR UPDATE`, [e.workspace_id, e.event_id]);
    await releaseStaleHolds(tx, e.workspace_id, e.event_id, now);
  }
}

/**
 * Holds the seats of one order's ticket lines (its events already locked and priced): one
 * registration per event, unpaid, in the buyer's name, joined to the order. The buyer's unpaid
 * seats of each event are bounded as on the event page.
 */
export async function holdOrderTickets(
  tx: Queryable,
  order: { workspaceId: number; id: string; currency: string },
  lines: readonly { productId: string; quantity: number; unitPrice: number }[],
  buyer: { userId: number; name: string; email: string; at: Date },
): Promise<void> {
  const typed = lines.flatMap((l) => {
    const typeId = ticketTypeOfLine(l.productId);
    return typeId ? [{ ...l, typeId }] : [];
  });
  if (typed.length === 0) return;
  const owners = await tx.query<{ id: string; event_id: string }>(
    `SELECT id, event_id FROM ticket_types WHERE workspace_id = $1 AND id = ANY ($2::uuid[])`,
    [order.workspaceId, typed.map((l) => l.typeId)],
  );
  const eventOf = new Map(owners.map((o) => [o.id, o.event_id]));
  const byEvent = new Map<string, typeof typed>();
  for (const l of typed) {
    const eventId = eventOf.get(l.typeId);
    if (!eventId) throw conflict(eventMessages.ticketTypeNotFound);
    byEvent.set(eventId, [...(byEvent.get(eventId) ?? []), l]);
  }
  // Tickets in the cart follow the one VAT rule as the order does, fixed on each registration now.
  const vat = await sellerVat(tx, order.workspaceId);
  for (const [eventId, mine] of byEvent) {
    const seats = mine.reduce((sum, l) => sum + l.quantity, 0);
    await boundUnpaidSeats(tx, { ws: order.workspaceId, eventId, email: buyer.email, userId: buyer.userId, seats, now: buyer.at });
    for (const l of mine) {
      if (!(await typesRepo.takeTickets(tx, order.workspaceId, l.typeId, l.quantity))) throw conflict(eventMessages.soldOut);
    }
    await registrationsRepo.insertRegistration(tx, {
      ws: order.workspaceId,
      id: randomUUID(),
      eventId,
      userId: buyer.userId,
      name: buyer.name,
      email: buyer.email,
      lines: mine.map((l) => ({ ticket_type_id: l.typeId, quantity: l.quantity })),
      status: 'pending',
      payment: 'unpaid',
      ...pricedSale(
        vat,
        mine.reduce((sum, l) => sum + l.unitPrice * l.quantity, 0),
      ),
      currency: order.currency,
      reference: null,
      needsApproval: false,
      orderId: order.id,
      at: buyer.at,
    });
  }
}

/** The registrations of some orders, locked, in a fixed order. */
async function registrationsOf(
  tx: Queryable,
  orders: readonly { workspace_id: number; id: string }[],
): Promise<registrationsRepo.RegistrationRow[]> {
  if (orders.length === 0) return [];
  return tx.query<registrationsRepo.RegistrationRow>(
    `SELECT * FROM registrations WHERE (workspace_id, order_id) IN (SELECT * FROM unnest($1::int[], $2::uuid[]))
      ORDER BY workspace_id, id FOR UPDATE`,
    [orders.map((o) => o.workspace_id), orders.map((o) => o.id)],
  );
}

async function releaseSeats(tx: Queryable, reg: registrationsRepo.RegistrationRow) {
  for (const line of reg.lines) await typesRepo.releaseTickets(tx, reg.workspace_id, line.ticket_type_id, line.quantity);
}

/** A checkout that failed: the unpaid seats of its orders go back on sale. */
export async function failOrderTickets(tx: Queryable, orders: readonly { workspace_id: number; id: string }[]): Promise<void> {
  for (const reg of await registrationsOf(tx, orders)) {
    if (reg.payment_status !== 'unpaid') continue;
    await releaseSeats(tx, reg);
    await registrationsRepo.setRegistrationFailed(tx, reg.workspace_id, reg.id);
  }
}

/** The hourly sweep: seats held by checkouts started before `before` and never paid go back on sale. */
export async function releaseLapsedOrderTickets(tx: Queryable, before: Date): Promise<void> {
  const lapsed = await tx.query<registrationsRepo.RegistrationRow>(
    `SELECT * FROM registrations WHERE order_id IS NOT NULL AND payment_status = 'unpaid' AND created_at < $1
      ORDER BY workspace_id, id FOR UPDATE`,
    [before],
  );
  for (const reg of lapsed) {
    await releaseSeats(tx, reg);
    await registrationsRepo.setRegistrationFailed(tx, reg.workspace_id, reg.id);
  }
}

/**
 * Before a payment that came late settles its orders: seats whose hold lapsed (or whose checkout
 * failed) are taken again where they are still there. False, with nothing taken, when any are gone.
 */
export async function retakeLapsedSeats(tx: Queryable, orders: readonly { workspace_id: number; id: string }[]): Promise<boolean> {
  const lapsed = (await registrationsOf(tx, orders)).filter((r) => r.payment_status === 'failed');
  const taken: { ws: number; typeId: string; quantity: number }[] = [];
  for (const reg of lapsed) {
    for (const line of reg.lines) {
      if (!(await typesRepo.takeTickets(tx, reg.workspace_id, line.ticket_type_id, line.quantity))) {
        for (const t of taken) await typesRepo.releaseTickets(tx, t.ws, t.typeId, t.quantity);
        return false;
      }
      taken.push({ ws: reg.workspace_id, typeId: line.ticket_type_id, quantity: line.quantity });
    }
  }
  for (const reg of lapsed) {
    await tx.query(
      `UPDATE registrations SET payment_status = 'unpaid', registration_status = 'pending' WHERE workspace_id = $1 AND id = $2`,
      [reg.workspace_id, reg.id],
    );
  }
  return true;
}

/** The orders are paid: each of their registrations is paid, its signed tickets issued and mailed, once. */
export async function issueOrderTickets(tx: Queryable, orders: readonly { workspace_id: number; id: string }[], paidAt: Date) {
  for (const reg of await registrationsOf(tx, orders)) {
    if (reg.payment_status !== 'unpaid') continue;
    await registrationsRepo.setRegistrationPaid(tx, reg.workspace_id, reg.id, Number(reg.amount_cents), paidAt);
    await issueTickets(tx, { workspace_id: reg.workspace_id, id: reg.event_id }, reg);
    await recordTicketMail(tx, { workspaceId: reg.workspace_id, registrationId: reg.id, kind: 'tickets' });
    await tellTicketsSold(tx, { workspace_id: reg.workspace_id, id: reg.event_id }, reg);
  }
}

/** An order refunded in full: its tickets are revoked (door devices learn it) and their seats go back on sale. */
export async function revokeOrderTickets(tx: Queryable, order: { workspace_id: number; id: string }): Promise<void> {
  for (const reg of await registrationsOf(tx, [order])) {
    if (reg.payment_status !== 'paid') continue;
    const revoked = await tx.query<{ ticket_type_id: string }>(
      `UPDATE attendees SET status = 'refunded' WHERE workspace_id = $1 AND registration_id = $2 AND status IN ('registered', 'checked_in')
       RETURNING ticket_type_id`,
      [reg.workspace_id, reg.id],
    );
    for (const r of revoked) await typesRepo.releaseTickets(tx, reg.workspace_id, r.ticket_type_id, 1);
    await tx.query(
      `UPDATE registrations SET payment_status = 'refunded', registration_status = 'cancelled' WHERE workspace_id = $1 AND id = $2`,
      [reg.workspace_id, reg.id],
    );
  }
}

/** The tickets of a buyer's orders, for My Orders: each order's ticket pages. */
export async function ticketsOfOrders(
  q: Queryable,
  orders: readonly { workspace_id: number; id: string }[],
): Promise<Map<string, { token: string; label: string; status: string }[]>> {
  const out = new Map<string, { token: string; label: string; status: string }[]>();
  if (orders.length === 0) return out;
  const rows = await q.query<{ order_id: string; token: string; label: string; status: string }>(
    `SELECT r.order_id, a.token, e.title || ' — ' || t.name AS label, a.status
       FROM registrations r
       JOIN attendees a ON a.workspace_id = r.workspace_id AND a.registration_id = r.id
       JOIN ticket_types t ON t.workspace_id = a.workspace_id AND t.id = a.ticket_type_id
       JOIN events e ON e.workspace_id = r.workspace_id AND e.id = r.event_id
      WHERE (r.workspace_id, r.order_id) IN (SELECT * FROM unnest($1::int[], $2::uuid[]))
      ORDER BY a.created_at, a.id`,
    [orders.map((o) => o.workspace_id), orders.map((o) => o.id)],
  );
  for (const r of rows) out.set(r.order_id, [...(out.get(r.order_id) ?? []), { token: r.token, label: r.label, status: r.status }]);
  return out;
}
