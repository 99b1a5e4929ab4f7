import { addDays as addCalendarDays, format, parseISO } from 'date-fns';
import { calendarDayIn } from '../../../schema/kit/dates.js';
import { pdfHeading } from '../../../schema/invoices/document-pdf.js';
import { balanceDueCents } from '../../../schema/invoices/invoice-payments.js';
import { documentTotals } from '../../../schema/invoices/invoices.js';
import { formatCents } from '../../../schema/kit/money.js';
import { noCountryDefaults } from '../../../schema/kit/countries.js';
import type { AppDeps } from '../../deps.js';
import { defineSweep, type JobArea } from '../../jobs/job-queue.js';
import type { MailTemplate, MailTemplates } from '../../mail/outbox.js';
import { permitDocumentMail } from './document-mail-allowance.js';
import { publicInvoiceUrl, renderable } from './invoice-delivery.jobs.js';
import { reminderMail } from './invoice-mail.js';
import * as repo from './invoice-reminders.repo.js';

export const INVOICE_REMINDERS_JOB = 'invoice-reminders';

/** The overdue reminder goes this many days after the due date (the spec names no number). */
export const OVERDUE_AFTER_DAYS = 3;
/** An invoice overdue longer than this when reminders first look at it gets no overdue reminder. */
const OVERDUE_WINDOW_DAYS = 30;
/** The sweep runs every hour, so each time zone's new day is reached within the hour. */
const SWEEP_CRON = '5 * * * *';

function addDays(date: string, days: number): string {
  return format(addCalendarDays(parseISO(date), days), 'yyyy-MM-dd');
}

/** Which reminder an invoice due on `due` gets on the local day `today`, if any. */
export function reminderKindOn(due: string, today: string): repo.ReminderKind | null {
  if (due === today) return 'due';
  if (today >= addDays(due, OVERDUE_AFTER_DAYS) && today <= addDays(due, OVERDUE_WINDOW_DAYS)) return 'overdue';
  return null;
}

/**
 * One reminder's mail, from its outbox row. A reminder is the workspace's own mail: its owner must be
 * verified, and it takes one of the day's documents; refused, it waits for the next sweep, which
 * queues it again (tomorrow's, when the day is full). An invoice that cannot be shown, has no
 * customer address or nothing due is an error: retried, and the day's e-mail given back.
 */
function reminderTemplate(kind: repo.ReminderKind): MailTemplate {
  return async (deps, key) => {
    const permit = await permitDocumentMail(deps, key.workspaceId, null);
    if (!permit.ok) return { notSent: permit.message, status: 'refused' };
    try {
      const found = await renderable(deps.db, key.workspaceId, 'invoice', key.subjectId);
      const to = typeof found?.doc.customer_email === 'string' ? found.doc.customer_email.trim() : '';
      if (!found || !to) throw new Error('The invoice cannot be shown or has no customer e-mail.');
      const { pdf, seller, slug } = found.rendered;
      const balance = balanceDueCents({
        items: pdf.items,
        prices_include_vat: pdf.pricesIncludeVat,
        payments: pdf.payments,
        credits: pdf.credits,
      });
      if (balance <= 0) throw new Error('Nothing is due on this invoice.');
      const money = (cents: number) => formatCents(cents, pdf.currency);
      const link = await publicInvoiceUrl(deps, deps.db, key.workspaceId, key.subjectId, slug, pdf.number);
      const mail = reminderMail({
        kind: 'invoice',
        heading: pdfHeading(pdf, seller),
        number: pdf.number,
        business: seller.name,
        customer: pdf.customer.name,
        total: money(documentTotals(pdf.items, pdf.pricesIncludeVat === true).total_cents),
        balance: money(balance),
        endDate: pdf.endDate,
        link,
        overdue: kind === 'overdue',
      });
      return { to, ...mail, giveBack: permit.giveBack };
    } catch (err) {
      await permit.giveBack();
      throw err;
    }
  };
}

/** The reminders' mail templates (`reminder_due`, `reminder_overdue`), sent by the outbox. */
export const reminderMails: MailTemplates = Object.fromEntries(
  (['due', 'overdue'] as const).map((kind) => [repo.reminderMailName(kind), reminderTemplate(kind)]),
);

/**
 * Finds every invoice whose due-date or overdue reminder falls on today in its workspace's own time
 * zone, and records each reminder in the outbox, which sends it once. Returns how many it queued.
 */
export async function recordDueReminders(deps: AppDeps): Promise<number> {
  const now = deps.now();
  const utcToday = now.toISOString().slice(0, 10);
  // Every zone's today is within a day of UTC's.
  const candidates = await repo.reminderCandidates(deps.db, addDays(utcToday, -OVERDUE_WINDOW_DAYS - 1), addDays(utcToday, 1));
  let queued = 0;
  for (const c of candidates) {
    const kind = reminderKindOn(c.due_date, calendarDayIn(now, c.timezone ?? noCountryDefaults.timezone));
    if (kind && (await repo.recordReminder(deps.db, c.workspace_id, c.invoice_id, kind))) queued += 1;
  }
  return queued;
}

/** Due-date and overdue reminders by e-mail (DESIGN.md §13): an hourly sweep records them in the outbox. */
export const invoiceReminderJobs: JobArea = {
  definitions: (deps) => [
    defineSweep(INVOICE_REMINDERS_JOB, async () => {
      await recordDueReminders(deps);
    }),
  ],
  async start(_deps, queue) {
    await queue.schedule(INVOICE_REMINDERS_JOB, SWEEP_CRON);
    return async () => undefined;
  },
};
