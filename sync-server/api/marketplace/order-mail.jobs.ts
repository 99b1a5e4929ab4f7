import { z } from 'zod';
import { formatCents } from '../../../schema/kit/money.js';
import { vatRowLabel } from '../../../schema/kit/vat.js';
import type { AppDeps } from '../../deps.js';
import { defineSweep, type JobArea } from '../../jobs/job-queue.js';
import type { MailTemplate, MailTemplates } from '../../mail/outbox.js';
import { escapeHtml } from '../../mail/templates.js';
import { releaseLapsedOrderTickets } from '../events/index.js';
import { readSettings } from './storefront-settings.repo.js';
import { ORDER_HOLD_MINUTES } from './checkout.service.js';
import * as checkoutsRepo from './checkouts.repo.js';
import { ORDER_CONFIRMATION_MAIL, ORDER_STEP_MAILS } from './order-mail.repo.js';
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
  const vatLabel = vatRowLabel(dto.tax_included);
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

/**
 * The buyer's e-mail that their order was shipped (with its tracking number, as it stands when the
 * mail goes) or delivered. An order cancelled or refunded meanwhile has nothing to tell.
 */
const orderStep =
  (step: keyof typeof ORDER_STEP_MAILS): MailTemplate =>
  async (deps, key) => {
    const order = orderId.safeParse(key.subjectId).success ? await repo.orderOfSeller(deps.db, key.workspaceId, key.subjectId) : undefined;
    if (!order || (order.status !== 'shipped' && order.status !== 'delivered')) {
      return { notSent: `Nothing to send: the order is not ${step}` };
    }
    const [dto] = await repo.orderDtos(deps.db, [order]);
    const link = `${deps.config.APP_ORIGIN}/orders`;
    const lines =
      step === 'shipped'
        ? [
            `${dto.seller.name} has sent your order ${dto.order_number}.`,
            ...(dto.shipping_method ? [`Shipping: ${dto.shipping_method}`] : []),
            dto.tracking_number ? `Tracking number: ${dto.tracking_number}` : 'The seller gave no tracking number.',
          ]
        : [
            `${dto.seller.name} says your order ${dto.order_number} was delivered.`,
            'If it has not reached you, reply to the seller from your orders.',
          ];
    const text = [...lines, '', `Follow your order: ${link}`].join('\n');
    const html = `${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('')}<p><a href="${escapeHtml(link)}">Follow your order</a></p>`;
    const subject = step === 'shipped' ? `Your order ${dto.order_number} is on its way` : `Your order ${dto.order_number} was delivered`;
    return { to: dto.buyer.email, subject, text, html };
  };

/** The buyer's order e-mails (DESIGN.md §13): the confirmation of a settled checkout, then shipped and delivered; each sent once per order by the outbox. */
export const orderMails: MailTemplates = {
  [ORDER_CONFIRMATION_MAIL]: orderConfirmation,
  [ORDER_STEP_MAILS.shipped]: orderStep('shipped'),
  [ORDER_STEP_MAILS.delivered]: orderStep('delivered'),
};

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
