import { z } from 'zod';
import { formatCents } from '../../../schema/kit/money.js';
import type { AppDeps } from '../../deps.js';
import { defineJob, defineSweep, type JobArea, type JobQueue } from '../../jobs/job-queue.js';
import { escapeHtml } from '../../mail/templates.js';
import { releaseLapsedOrderTickets } from '../events/index.js';
import { readSettings } from './storefront-settings.repo.js';
import { ORDER_HOLD_MINUTES } from './checkout.service.js';
import * as checkoutsRepo from './checkouts.repo.js';
import * as orderMailRepo from './order-mail.repo.js';
import * as repo from './orders.repo.js';

export const ORDER_CONFIRMATION_JOB = 'marketplace-order-confirmation';
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

const jobData = z.object({ workspaceId: z.number().int().positive(), id: z.string().uuid() });

/** The buyer's confirmation of one paid order: what, from whom, the total and where it goes. */
async function sendConfirmation(deps: AppDeps, workspaceId: number, orderId: string): Promise<void> {
  const order = await repo.orderOfSeller(deps.db, workspaceId, orderId);
  if (!order || order.payment_status === 'pending' || order.payment_status === 'failed') return;
  const settings = await readSettings(deps.db, workspaceId);
  if (!settings.order_confirmation_email) return;
  if (!(await orderMailRepo.claimConfirmation(deps.db, workspaceId, orderId, deps.now()))) return;
  try {
    const [dto] = await repo.orderDtos(deps.db, [order]);
    const money = (c: number) => formatCents(c, dto.currency);
    const lines = dto.items.map((i) => `${i.quantity} × ${i.name} — ${money(i.line_total_cents)}`);
    const a = dto.shipping_address;
    const address = [a.name, a.line1, a.line2, `${a.city}, ${a.province} ${a.postal_code}`, a.country].filter(Boolean);
    const link = `${deps.config.APP_ORIGIN}/orders`;
    const vatLabel = dto.tax_included ? 'VAT included' : 'VAT/tax';
    const text = [
      `Thank you for your order from ${dto.seller.name}.`,
      '',
      `Order ${dto.order_number}`,
      ...lines,
      `Shipping${dto.shipping_method ? ` (${dto.shipping_method})` : ''}: ${money(dto.shipping_cents)}`,
      `${vatLabel}: ${money(dto.tax_cents)}`,
      `Total paid: ${money(dto.total_cents)}`,
      '',
      'Delivering to:',
      ...address,
      '',
      `Follow your order: ${link}`,
    ].join('\n');
    const html = `<p>Thank you for your order from <strong>${escapeHtml(dto.seller.name)}</strong>.</p>
<h2>Order ${escapeHtml(dto.order_number)}</h2>
<ul>${lines.map((l) => `<li>${escapeHtml(l)}</li>`).join('')}</ul>
<p>Shipping: ${escapeHtml(money(dto.shipping_cents))}<br>${vatLabel}: ${escapeHtml(money(dto.tax_cents))}<br><strong>Total paid: ${escapeHtml(money(dto.total_cents))}</strong></p>
<p>Delivering to:<br>${address.map((l) => escapeHtml(String(l))).join('<br>')}</p>
<p><a href="${escapeHtml(link)}">Follow your order</a></p>`;
    await deps.mailer.send({ to: dto.buyer.email, subject: `Your order ${dto.order_number}`, text, html });
  } catch (err) {
    // Not sent: released for the job's next try.
    await orderMailRepo.releaseConfirmation(deps.db, workspaceId, orderId);
    throw err;
  }
}

/** Hands every paid order whose confirmation is not queued yet to the job queue, one job per order. */
export async function enqueueConfirmations(deps: AppDeps, queue: JobQueue): Promise<number> {
  let queued = 0;
  for (const row of await orderMailRepo.unqueuedConfirmations(deps.db, 500)) {
    const jobId = await queue.send(ORDER_CONFIRMATION_JOB, { workspaceId: row.workspace_id, id: row.id }, `${row.workspace_id}:${row.id}`);
    if (jobId) {
      await orderMailRepo.markConfirmationQueued(deps.db, row, jobId);
      queued += 1;
    }
  }
  return queued;
}

/**
 * Order confirmation e-mails (DESIGN.md §13): woken by each settled checkout, sent once per order;
 * and the hourly close of checkouts never paid.
 */
export const orderMailJobs: JobArea = {
  definitions: (deps) => [
    defineJob({
      name: ORDER_CONFIRMATION_JOB,
      attempts: 5,
      retryDelaySeconds: 30,
      parse: (data) => jobData.parse(data),
      run: (job) => sendConfirmation(deps, job.data.workspaceId, job.data.id),
    }),
    defineSweep(EXPIRE_ORDER_CHECKOUTS_JOB, async () => {
      const closed = await expireOrderCheckouts(deps);
      if (closed > 0) deps.log.info({ closed }, 'unpaid marketplace checkouts expired');
    }),
  ],
  async start(deps, queue) {
    let running = Promise.resolve();
    const wake = () => {
      running = running.then(
        () => enqueueConfirmations(deps, queue).then(() => undefined),
        () => undefined,
      );
      running.catch((err: unknown) => deps.log.warn({ err }, 'queueing order confirmations failed'));
    };
    await queue.schedule(EXPIRE_ORDER_CHECKOUTS_JOB, SWEEP_CRON);
    const unlisten = await deps.db.listen(orderMailRepo.ORDER_MAIL_CHANNEL, wake);
    wake();
    return async () => {
      await unlisten();
      await running.catch(() => undefined);
    };
  },
};
