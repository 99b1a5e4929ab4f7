import { z } from 'zod';
import { formatCents } from '../../../schema/kit/money.js';
import type { AppDeps } from '../../deps.js';
import { defineSweep, type JobArea } from '../../jobs/job-queue.js';
import type { MailTemplate, MailTemplates } from '../../mail/outbox.js';
import { escapeHtml } from '../../mail/templates.js';
import { releaseLapsedOrderTickets } from '../events/index.js';
import { readSettings } from './storefront-settings.repo.js';
import { ORDER_HOLD_MINUTES } from './checkout.service.js';
import * as checkoutsRepo from './checkouts.repo.js';
import { ORDER_CONFIRMATION_MAIL } from './order-mail.repo.js';
import * as repo from './orders.repo.js';

export const EXPIRE_ORDER_CHECKOUTS_JOB = 'marketplace-checkouts-expire';
/** Every hour, off the minutes other sweeps use. */
const SWEEP_CRON = '47 * * * *';

/** Closes checkouts unpaid past the hold: their orders are cancelled and leave the sellers' lists, their seats go back on sale. */
export function expireOrderCheckouts(deps: AppDeps): Promise<number> {
  const now = deps.now();
  const before = new Date(now.getTime() - ORDER_HOLD_MINUTES * 60_000);
  return deps.db.transaction(async (tx) => {
    const closed = await checkoutsRepo.expireUnpaidCheckouts(tx, before, now);
    await releaseLapsedOrderTickets(tx, before);
    return closed;
  });
}

const orderId = z.uuid();

/**
 * The buyer's confirmation of one paid order, from its outbox row: what, from whom, the total and
 * where it goes. An order not paid (or gone), or a shop that sends no confirmations, has none.
 */
const NOTHING_TO_DELIVER = 'Nothing is posted: your order is complete.';

const orderConfirmation: MailTemplate = async (deps, key) => {
  const order = orderId.safeParse(key.subjectId).success ? await repo.orderOfSeller(deps.db, key.workspaceId, key.subjectId) : undefined;
  if (!order || order.payment_status === 'pending' || order.payment_status === 'failed') {
    return { notSent: 'Nothing to send: the order is not paid' };
  }
  const settings = await readSettings(deps.db, key.workspaceId);
  if (!settings.order_confirmation_email) return { notSent: 'Not sent: the shop sends no order confirmations' };
  const [dto] = await repo.orderDtos(deps.db, [order]);
  const money = (c: number) => formatCents(c, dto.currency);
  const lines = dto.items.map((i) => `${i.quantity} × ${i.name} — ${money(i.line_total_cents)}`);
  const a = dto.shipping_address;
  const address = a ? [a.name, a.line1, a.line2, `${a.city}, ${a.province} ${a.postal_code}`, a.country].filter(Boolean) : [];
  const link = `${deps.config.APP_ORIGIN}/orders`;
  // The one VAT rule as fixed on the order: a seller not VAT registered charged none and issues an "Invoice".
  const registered = dto.seller_vat_number !== null;
  const vatLabel = dto.tax_included ? 'VAT included' : 'VAT added';
  const vatLine = registered ? `${vatLabel}: ${money(dto.tax_cents)}` : 'No VAT: the seller is not VAT registered';
  const heading = `${dto.document_title}${registered ? ` · VAT no. ${dto.seller_vat_number}` : ''}`;
  const text = [
    `Thank you for your order from ${dto.seller.name}.`,
    '',
    `Order ${dto.order_number}`,
    heading,
    ...lines,
    ...(a ? [`Shipping${dto.shipping_method ? ` (${dto.shipping_method})` : ''}: ${money(dto.shipping_cents)}`] : []),
    vatLine,
    `Total paid: ${money(dto.total_cents)}`,
    '',
    ...(a ? ['Delivering to:', ...address] : [NOTHING_TO_DELIVER]),
    '',
    `Follow your order: ${link}`,
  ].join('\n');
  const html = `<p>Thank you for your order from <strong>${escapeHtml(dto.seller.name)}</strong>.</p>
<h2>Order ${escapeHtml(dto.order_number)}</h2>
<p>${escapeHtml(heading)}</p>
<ul>${lines.map((l) => `<li>${escapeHtml(l)}</li>`).join('')}</ul>
<p>${a ? `Shipping: ${escapeHtml(money(dto.shipping_cents))}<br>` : ''}${escapeHtml(vatLine)}<br><strong>Total paid: ${escapeHtml(money(dto.total_cents))}</strong></p>
<p>${a ? `Delivering to:<br>${address.map((l) => escapeHtml(String(l))).join('<br>')}` : escapeHtml(NOTHING_TO_DELIVER)}</p>
<p><a href="${escapeHtml(link)}">Follow your order</a></p>`;
  return { to: dto.buyer.email, subject: `Your order ${dto.order_number}`, text, html };
};

/** Order confirmation e-mails (DESIGN.md §13): recorded by each settled checkout, sent once per order by the outbox. */
export const orderMails: MailTemplates = { [ORDER_CONFIRMATION_MAIL]: orderConfirmation };

/** The hourly close of checkouts never paid. */
export const orderCheckoutJobs: JobArea = {
  definitions: (deps) => [
    defineSweep(EXPIRE_ORDER_CHECKOUTS_JOB, async () => {
      const closed = await expireOrderCheckouts(deps);
      if (closed > 0) deps.log.info({ closed }, 'unpaid marketplace checkouts expired');
    }),
  ],
  async start(_deps, queue) {
    await queue.schedule(EXPIRE_ORDER_CHECKOUTS_JOB, SWEEP_CRON);
    return async () => undefined;
  },
};
