import { randomBytes, randomUUID } from 'node:crypto';
import { computeTotals } from '../../../schema/pos/pos-totals.js';
import { lineRateBp, vatStatusOf, type VatStatus } from '../../../schema/kit/vat.js';
import {
  checkoutInput,
  ORDER_REFERENCE_PREFIX,
  orderMessages,
  type CheckoutQuote,
  type CheckoutResult,
  type SellerQuote,
  type ShippingAddress,
} from '../../../schema/marketplace/marketplace-orders.js';
import {
  MARKET_CURRENCY,
  storefrontDefaults,
  ticketTypeOfLine,
  toPublicProductId,
  type StorefrontSettings,
  orderNumber,
} from '../../../schema/marketplace/marketplace.js';
import type { z } from 'zod';
import type { Queryable } from '../../db/db.js';
import type { AppDeps } from '../../deps.js';
import { badRequest, conflict, notFound } from '../../http/errors.js';
import type { VerifiedTransaction } from '../../payments/gateway.js';
import { workspaceLock } from '../../sync/sync.repo.js';
import { payRefundsDueSoon, recordRefundDue, refundStateOf } from '../../payments/refunds-due.js';
import { gatewayOrFail, viaProvider } from '../billing/billing.service.js';
import { holdLimitMessages, holdRefused, humanWait, OPEN_CHECKOUTS_PER_BUYER } from '../../http/hold-limits.js';
import { writeStockMovements } from '../inventory/index.js';
import * as cartRepo from './cart.repo.js';
import { failOrderTickets, holdOrderTickets, issueOrderTickets, lockTicketEvents, retakeLapsedSeats } from '../events/index.js';
import { cartItems, lineProblem, linesOf } from './cart.service.js';
import type { CartProduct } from './cart-products.repo.js';
import { readCheckoutTerms } from './storefront-settings.repo.js';
import { buyerDtos } from './buyer-orders.js';
import * as checkoutsRepo from './checkouts.repo.js';
import { recordOrderMail } from './order-mail.repo.js';
import { notify } from '../notifications/index.js';
import { formatCents } from '../../../schema/kit/money.js';
import * as repo from './orders.repo.js';

/** Stock held by a checkout unpaid after this long goes back on sale (the buyer walked away). */
export const ORDER_HOLD_MINUTES = 30;

type Input = z.output<typeof checkoutInput>;

interface Group {
  workspaceId: number;
  settings: StorefrontSettings;
  vat: VatStatus;
  quote: SellerQuote;
  products: { productId: string; quantity: number; found: CartProduct }[];
}

/**
 * One seller's part of the cart, with the shipping option the buyer chose (the first one when none).
 * VAT follows the one rule (schema/kit/vat.ts), line by line as the till works it out: none from a
 * seller that is not VAT registered; else each line at its product's own rate or the seller's standard
 * rate, and shipping at the standard rate, taken out of the prices when the seller's prices include
 * VAT (the price shown is the price paid), else added on top.
 */
function sellerQuoteOf(
  settings: StorefrontSettings,
  vat: VatStatus,
  lines: Group['products'],
  choice: string | undefined,
): { quote: Omit<SellerQuote, 'seller'>; unknownRate: boolean } {
  const subtotal = lines.reduce((sum, l) => sum + l.found.product.price_cents * l.quantity, 0);
  // Tickets, downloads and services are not posted: a seller's part of only those has no shipping.
  const ships = lines.some((l) => l.found.ships);
  const options = settings.shipping_enabled && ships ? settings.shipping_rates : [];
  const chosen = choice === undefined ? options[0] : options.find((o) => o.name === choice);
  const shipping = chosen?.price_cents ?? 0;
  const pricesIncludeVat = vat.pricesIncludeVat;
  const charged = [
    ...lines.map((l) => ({
      unit_price_cents: l.found.product.price_cents,
      quantity: l.quantity,
      tax_rate_bp: lineRateBp(vat, l.found.ownTaxRateBp),
    })),
    ...(shipping > 0 ? [{ unit_price_cents: shipping, quantity: 1, tax_rate_bp: lineRateBp(vat) }] : []),
  ];
  const tax = computeTotals(charged, 0, pricesIncludeVat).tax_cents;
  return {
    unknownRate: choice !== undefined && options.length > 0 && !chosen,
    quote: {
      ships,
      lines: lines.map((l) => ({
        product_id: l.found.product.id,
        name: l.found.product.name,
        quantity: l.quantity,
        unit_price_cents: l.found.product.price_cents,
      })),
      shipping_options: options,
      shipping_method: chosen?.name ?? null,
      subtotal_cents: subtotal,
      shipping_cents: shipping,
      tax_rate_bp: vat.rateBp,
      seller_vat_number: vat.vatNumber,
      tax_cents: tax,
      tax_included: pricesIncludeVat,
      total_cents: subtotal + shipping + (pricesIncludeVat ? 0 : tax),
    },
  };
}

/** The cart grouped by seller and priced as it stands now. Throws when a line cannot be bought. */
async function priceCart(
  q: Queryable,
  rows: cartRepo.CartRow[],
  choices: Input['shipping'],
  now: Date,
): Promise<{ groups: Group[]; found: Map<string, CartProduct> }> {
  if (rows.length === 0) throw badRequest(orderMessages.cartEmpty);
  const keys = rows.map((r) => ({ workspaceId: r.workspace_id, productId: r.product_id }));
  const found = await cartItems(q, keys, now);
  const byWorkspace = new Map<number, Group['products']>();
  for (const r of rows) {
    const f = found.get(toPublicProductId(r.workspace_id, r.product_id));
    if (!f || lineProblem(f, r.quantity)) throw conflict(orderMessages.cartProblems);
    const list = byWorkspace.get(r.workspace_id) ?? [];
    list.push({ productId: r.product_id, quantity: r.quantity, found: f });
    byWorkspace.set(r.workspace_id, list);
  }
  const groups: Group[] = [];
  const terms = await readCheckoutTerms(q, [...byWorkspace.keys()]);
  for (const [workspaceId, products] of byWorkspace) {
    const { settings, vat } = terms.get(workspaceId) ?? { settings: storefrontDefaults, vat: vatStatusOf(undefined) };
    const seller = products[0].found.product.seller;
    const choice = choices.find((c) => c.seller === seller.slug)?.rate;
    const { quote, unknownRate } = sellerQuoteOf(settings, vat, products, choice);
    if (unknownRate) throw badRequest(orderMessages.unknownRate, { errors: { shipping: [orderMessages.unknownRate] } });
    groups.push({ workspaceId, settings, vat, products, quote: { seller, ...quote } });
  }
  return { groups, found };
}

const quoteOf = (groups: Group[]): CheckoutQuote => ({
  sellers: groups.map((g) => g.quote),
  needs_address: groups.some((g) => g.quote.ships),
  total_cents: groups.reduce((sum, g) => sum + g.quote.total_cents, 0),
  currency: MARKET_CURRENCY,
});

/** What the checkout page shows: each seller's lines, shipping options, tax and total. */
export async function checkoutQuote(deps: AppDeps, userId: number, shipping: Input['shipping']): Promise<CheckoutQuote> {
  const rows = await cartRepo.cartRows(deps.db, userId);
  return quoteOf((await priceCart(deps.db, rows, shipping, deps.now())).groups);
}

/**
 * Checks out the signed-in buyer's whole cart. In one transaction holding the cart's product rows:
 * prices are read again (a change is answered with the new cart and nothing is charged), stock less
 * what other unpaid checkouts hold must cover each line, and one pending order per seller is made
 * with the next number of the marketplace's order series (unique across sellers). Then one card payment for the whole cart is
 * started, split so each seller with a payout account receives their order's total.
 */
export async function checkout(deps: AppDeps, userId: number, input: Input): Promise<CheckoutResult> {
  const now = deps.now();
  const placed = await deps.db.transaction(
    async (
      tx,
    ): Promise<
      | CheckoutResult
      | {
          reference: string;
          orders: { ws: number; number: string; seller: string; total: number }[];
          total: number;
          email: string;
          id: string;
        }
    > => {
      await cartRepo.lockCart(tx, userId);
      const rows = await cartRepo.cartRows(tx, userId);
      if (rows.length === 0) throw badRequest(orderMessages.cartEmpty);
      const keys = rows.map((r) => ({ workspaceId: r.workspace_id, productId: r.product_id }));
      await checkoutsRepo.lockProducts(tx, keys);
      await lockTicketEvents(tx, keys, now);
      const { groups, found } = await priceCart(tx, rows, input.shipping, now);
      // Checked here, not only by the form: a parcel cannot be sent without an address.
      const address = groups.some((g) => g.quote.ships) ? input.address : null;
      if (address === undefined) {
        throw badRequest(orderMessages.addressRequired, { errors: { address: [orderMessages.addressRequired] } });
      }

      const changed = rows.filter(
        (r) => Number(r.price_seen_cents) !== found.get(toPublicProductId(r.workspace_id, r.product_id))?.product.price_cents,
      );
      if (changed.length > 0) {
        for (const r of changed) {
          const price = found.get(toPublicProductId(r.workspace_id, r.product_id))?.product.price_cents ?? 0;
          await cartRepo.putLine(tx, userId, {
            workspaceId: r.workspace_id,
            productId: r.product_id,
            quantity: r.quantity,
            priceCents: price,
          });
        }
        return {
          outcome: 'prices_changed',
          message: orderMessages.pricesChanged,
          cart: await linesOf(tx, await cartRepo.cartRows(tx, userId)),
        };
      }

      await boundOpenCheckouts(tx, userId, now);
      const held = await checkoutsRepo.heldUnits(tx, keys, new Date(now.getTime() - ORDER_HOLD_MINUTES * 60_000));
      for (const r of rows) {
        // A ticket line's seats are counted on its event (held from here until paid or lapsed).
        if (ticketTypeOfLine(r.product_id)) continue;
        const key = toPublicProductId(r.workspace_id, r.product_id);
        const left = found.get(key)?.left ?? null;
        if (left !== null && r.quantity > left - (held.get(key) ?? 0)) throw conflict(orderMessages.soldOut);
      }

      // A card checkout of nothing cannot be paid (the card partner refuses a zero amount).
      if (groups.every((g) => g.quote.total_cents <= 0)) throw conflict(orderMessages.nothingToPay, { code: 'nothing_to_pay' });
      const who = await checkoutsRepo.buyer(tx, userId);
      if (!who) throw notFound('Account not found');
      const id = randomUUID();
      const reference = `${ORDER_REFERENCE_PREFIX}${randomBytes(12).toString('hex')}`;
      const total = groups.reduce((sum, g) => sum + g.quote.total_cents, 0);
      await checkoutsRepo.insertCheckout(tx, {
        id,
        userId,
        reference,
        email: who.email,
        amount: total,
        currency: MARKET_CURRENCY,
        address,
        at: now,
      });
      const orders: { ws: number; number: string; seller: string; total: number }[] = [];
      // Tickets carry the name deliveries go to, else the buyer's own.
      const buyerName = address?.name ?? (who.full_name?.trim() || who.email);
      for (const g of groups) {
        const number = orderNumber(g.settings.order_prefix, await repo.nextOrderNumber(tx));
        const orderId = randomUUID();
        await checkoutsRepo.insertOrder(tx, {
          workspaceId: g.workspaceId,
          id: orderId,
          checkoutId: id,
          buyerId: userId,
          buyerName,
          buyerEmail: who.email,
          number,
          currency: MARKET_CURRENCY,
          subtotal: g.quote.subtotal_cents,
          shipping: g.quote.shipping_cents,
          tax: g.quote.tax_cents,
          sellerVatNumber: g.vat.vatNumber,
          total: g.quote.total_cents,
          shippingMethod: g.quote.shipping_method,
          address: g.quote.ships ? address : null,
          reference,
          at: now,
          items: g.products.map((p) => ({
            productId: p.productId,
            name: p.found.product.name,
            quantity: p.quantity,
            unitPrice: p.found.product.price_cents,
            snapshot: { ...p.found.product, stock: undefined, stock_left: undefined },
          })),
        });
        await holdOrderTickets(
          tx,
          { workspaceId: g.workspaceId, id: orderId, currency: MARKET_CURRENCY },
          g.products.map((p) => ({ productId: p.productId, quantity: p.quantity, unitPrice: p.found.product.price_cents })),
          { userId, name: buyerName, email: who.email, at: now },
        );
        orders.push({ ws: g.workspaceId, number, seller: g.quote.seller.name, total: g.quote.total_cents });
      }
      return { id, reference, orders, total, email: who.email };
    },
  );
  if ('outcome' in placed) return placed;

  try {
    const gateway = gatewayOrFail(deps);
    const shares: { subaccount: string; share: number }[] = [];
    for (const o of placed.orders) {
      const account = await checkoutsRepo.payoutAccount(deps.db, o.ws);
      if (account) shares.push({ subaccount: account, share: o.total });
    }
    const started = await viaProvider(() =>
      gateway.initialize({
        email: placed.email,
        amount: placed.total,
        currency: MARKET_CURRENCY,
        reference: placed.reference,
        callbackUrl: `${deps.config.APP_ORIGIN}/checkout/complete?reference=${encodeURIComponent(placed.reference)}`,
        metadata: { checkout_id: placed.id, orders: placed.orders.map((o) => o.number).join(',') },
        split: { subaccounts: shares },
      }),
    );
    return {
      outcome: 'pay',
      checkout_id: placed.id,
      reference: placed.reference,
      authorization_url: started.authorizationUrl,
      orders: placed.orders.map((o) => ({ order_number: o.number, seller: o.seller, total_cents: o.total })),
      total_cents: placed.total,
    };
  } catch (err) {
    await deps.db.transaction(async (tx) => {
      const c = await checkoutsRepo.checkoutForUpdate(tx, placed.reference);
      if (c && c.status === 'pending') await failCheckout(tx, c.id, deps.now());
    });
    throw err;
  }
}

/**
 * Each checkout holds its cart's stock and seats until it is paid or lapses, so starting checkouts
 * over and over would hold many carts at once: a buyer has at most OPEN_CHECKOUTS_PER_BUYER waiting
 * for payment (the cart's lock makes their checkouts take turns). Over it: 429, with Retry-After
 * until the oldest lapses.
 */
async function boundOpenCheckouts(tx: Queryable, userId: number, now: Date): Promise<void> {
  const open = await tx.query<{ created_at: Date | string }>(
    `SELECT created_at FROM marketplace_checkouts WHERE user_id = $1 AND status = 'pending' AND created_at > $2 ORDER BY created_at`,
    [userId, new Date(now.getTime() - ORDER_HOLD_MINUTES * 60_000)],
  );
  if (open.length < OPEN_CHECKOUTS_PER_BUYER) return;
  const wait = Math.max(1, Math.ceil((new Date(open[0].created_at).getTime() + ORDER_HOLD_MINUTES * 60_000 - now.getTime()) / 1000));
  throw holdRefused(holdLimitMessages.openCheckouts(humanWait(wait)), wait);
}

async function failCheckout(tx: Queryable, checkoutId: string, at: Date): Promise<void> {
  await checkoutsRepo.setCheckoutStatus(tx, checkoutId, 'failed', null);
  await repo.setOrdersFailed(tx, checkoutId, at);
  await failOrderTickets(tx, await repo.ordersOfCheckout(tx, checkoutId));
}

/** The ledger's sale movements of one paid order, recorded as the till records its own. */
/** Only products move stock; a ticket's seat is counted on its event. */
const goodsOnly = (items: repo.ItemRow[]) => items.filter((i) => ticketTypeOfLine(i.product_id) === null);

async function takeStock(tx: Queryable, workspaceId: number, order: { id: string; order_number: string }, items: repo.ItemRow[], at: Date) {
  const stamp = at.toISOString();
  const movements = goodsOnly(items).map((i) => ({
    id: `mko-${order.id}-${i.line}`,
    workspace_id: workspaceId,
    updated_at: stamp,
    product_id: i.product_id,
    quantity: -i.quantity,
    reason: 'sale' as const,
    reference: order.order_number,
    note: 'Marketplace order',
    created_at: stamp,
    _deleted: false,
  }));
  await writeStockMovements(tx, workspaceId, movements);
}

/** Stock given back through the ledger (a refund that asks for it): one return movement per line. */
export async function returnStock(
  tx: Queryable,
  workspaceId: number,
  order: { id: string; order_number: string },
  items: repo.ItemRow[],
  at: Date,
) {
  const stamp = at.toISOString();
  const movements = goodsOnly(items)
    .filter((i) => i.quantity - i.restocked_quantity > 0)
    .map((i) => ({
      id: `mkr-${order.id}-${i.line}`,
      workspace_id: workspaceId,
      updated_at: stamp,
      product_id: i.product_id,
      quantity: i.quantity - i.restocked_quantity,
      reason: 'return' as const,
      reference: order.order_number,
      note: 'Marketplace refund',
      created_at: stamp,
      _deleted: false,
    }));
  await writeStockMovements(tx, workspaceId, movements);
}

/**
 * A marketplace payment the card partner confirmed or refused (its signed webhook, or the buyer's
 * return asking the partner; call inside one transaction). Paid in full: every order of the checkout
 * is confirmed and paid once, its stock leaves through the ledger, the bought lines leave the cart,
 * and the confirmation e-mails are queued. Refused: the orders are cancelled and their stock is free.
 * Paid after the checkout closed (the hold ran out, or a refused card was followed by one that went
 * through): the orders go ahead if their stock is still there, else the money is due back in full
 * (the card partner is asked after commit). Paid short: the money is due back too.
 */
export async function settleOrderPayment(tx: Queryable, t: VerifiedTransaction, now: Date): Promise<'handled' | 'duplicate' | 'ignored'> {
  const checkout = await checkoutsRepo.checkoutForUpdate(tx, t.reference);
  if (!checkout) return 'ignored';
  if (checkout.status === 'paid' || (await refundStateOf(tx, t.reference)) !== null) return 'duplicate';
  if (t.status !== 'success') {
    if (checkout.status === 'pending' && t.status !== 'pending') await failCheckout(tx, checkout.id, now);
    return 'handled';
  }
  if (t.amount < checkout.amount_cents || t.currency !== checkout.currency) {
    if (checkout.status === 'pending') await failCheckout(tx, checkout.id, now);
    await recordRefundDue(tx, { reference: t.reference, note: LATE_REFUND_NOTE });
    return 'handled';
  }
  const paidAt = t.paidAt ? new Date(t.paidAt) : now;
  const orders = await repo.ordersOfCheckout(tx, checkout.id);
  // Workspaces in ascending order, as every writer takes their locks, so two settlements never deadlock.
  for (const ws of [...new Set(orders.map((o) => o.workspace_id))].sort((a, b) => a - b)) {
    await tx.query('SELECT pg_advisory_xact_lock($1, $2)', [...workspaceLock(ws)]);
  }
  const items = await repo.itemsOf(tx, orders);
  if (checkout.status === 'failed' && !(await stillInStock(tx, goodsOnly(items), now))) {
    await recordRefundDue(tx, { reference: t.reference, note: LATE_REFUND_NOTE });
    return 'handled';
  }
  if (!(await retakeLapsedSeats(tx, orders))) {
    if (checkout.status === 'pending') await failCheckout(tx, checkout.id, now);
    await recordRefundDue(tx, { reference: t.reference, note: LATE_REFUND_NOTE });
    return 'handled';
  }
  for (const o of orders) {
    const mine = items.filter((i) => i.workspace_id === o.workspace_id && i.order_id === o.id);
    await takeStock(tx, o.workspace_id, o, mine, paidAt);
    await repo.setOrderPaid(tx, o, paidAt);
    // The buyer's confirmation goes through the outbox once this commits; the seller is told.
    await recordOrderMail(tx, o);
    await notify(tx, {
      workspaceId: o.workspace_id,
      kind: 'order_placed',
      about: o.id,
      title: `New order ${o.order_number}`,
      body: `${o.buyer_name} paid ${formatCents(o.total_cents, o.currency)} for ${itemCount(mine.reduce((n, i) => n + i.quantity, 0))}.`,
      link: `/workspace/${o.workspace_id}/orders/${encodeURIComponent(o.id)}`,
    });
    await repo.insertPayment(tx, {
      workspaceId: o.workspace_id,
      id: randomUUID(),
      orderId: o.id,
      kind: 'charge',
      amount: o.total_cents,
      reference: t.reference,
      at: paidAt,
    });
  }
  await issueOrderTickets(tx, orders, paidAt);
  await checkoutsRepo.setCheckoutStatus(tx, checkout.id, 'paid', paidAt);
  await checkoutsRepo.removeBoughtFromCart(tx, checkout.user_id, items);
  return 'handled';
}

/**
 * Whether a closed checkout's lines can still be had: each product still exists and, where its stock
 * is counted, what is on hand less what open checkouts hold covers the line.
 */
async function stillInStock(tx: Queryable, items: repo.ItemRow[], now: Date): Promise<boolean> {
  const keys = items.map((i) => ({ workspaceId: i.workspace_id, productId: i.product_id }));
  await checkoutsRepo.lockProducts(tx, keys);
  const found = await cartItems(tx, keys, now);
  const held = await checkoutsRepo.heldUnits(tx, keys, new Date(now.getTime() - ORDER_HOLD_MINUTES * 60_000));
  const wanted = new Map<string, number>();
  for (const i of items) {
    const key = toPublicProductId(i.workspace_id, i.product_id);
    wanted.set(key, (wanted.get(key) ?? 0) + i.quantity);
  }
  for (const [key, quantity] of wanted) {
    const f = found.get(key);
    if (!f) return false;
    if (f.left !== null && quantity > f.left - (held.get(key) ?? 0)) return false;
  }
  return true;
}

const LATE_REFUND_NOTE = 'The order could not go ahead: the payment came after the checkout closed, or short';

/**
 * Where a checkout stands, for the page the buyer comes back to. One still pending here is asked of
 * the card partner: refused or abandoned releases its stock at once, paid but not yet told by the
 * webhook is settled now (the webhook then finds it done).
 */
export async function checkoutState(deps: AppDeps, userId: number, reference: string) {
  const state = async () => {
    const c = await checkoutsRepo.checkoutByReference(deps.db, userId, reference);
    if (!c) throw notFound(orderMessages.checkoutNotFound);
    const orders = await repo.ordersOfCheckout(deps.db, c.id);
    return { status: c.status, refund: await refundStateOf(deps.db, reference), orders: await buyerDtos(deps.db, orders) };
  };
  const first = await state();
  if (first.status !== 'pending') return first;
  const gateway = gatewayOrFail(deps);
  const verified = await viaProvider(() => gateway.verify(reference));
  if (verified.status === 'pending') return first;
  await deps.db.transaction((tx) => settleOrderPayment(tx, verified, deps.now()));
  await payRefundsDueSoon(deps);
  return state();
}

export type { ShippingAddress };

const itemCount = (n: number) => `${n} item${n === 1 ? '' : 's'}`;
