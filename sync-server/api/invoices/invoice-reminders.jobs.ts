import { addDays as addCalendarDays, format, parseISO } from 'date-fns';
import { calendarDayIn } from '../../../schema/kit/dates.js';
import { pdfHeading } from '../../../schema/invoices/document-pdf.js';
import { balanceDueCents } from '../../../schema/invoices/invoice-payments.js';
import { documentTotals } from '../../../schema/invoices/invoices.js';
import { formatCents } from '../../../schema/kit/money.js';
import { noCountryDefaults } from '../../../schema/kit/countries.js';
import type { AppDeps } from '../../deps.js';
import { defineSweep, type JobArea } from '../../jobs/job-queue.js';
import { permitDocumentMail, type MailPermit } from './document-mail-allowance.js';
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
 * Sends one reminder. The reminder is recorded before it is mailed, so a second sweep (here or on
 * another instance) finds it taken and sends nothing; a mail that fails or is refused gives the
 * record back for the next sweep.
 */
async function sendReminder(deps: AppDeps, c: repo.ReminderCandidate, kind: repo.ReminderKind): Promise<boolean> {
  if (!(await repo.claimReminder(deps.db, c.workspace_id, c.invoice_id, kind, deps.now()))) return false;
  // A reminder is the workspace's own mail: its owner must be verified, and it takes one of the
  // day's documents. Refused, it is given back, for a later sweep (tomorrow's, when the day is full).
  let permit: MailPermit | undefined;
  try {
    permit = await permitDocumentMail(deps, c.workspace_id, null);
    if (!permit.ok) {
      await repo.releaseReminder(deps.db, c.workspace_id, c.invoice_id, kind);
      deps.log.info({ workspace: c.workspace_id, invoice: c.invoice_id, refusal: permit.refusal }, `invoice ${kind} reminder not sent`);
      return false;
    }
    const found = await renderable(deps.db, c.workspace_id, 'invoice', c.invoice_id);
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
    const link = await publicInvoiceUrl(deps, deps.db, c.workspace_id, c.invoice_id, slug, pdf.number);
    await deps.mailer.send({
      to,
      ...reminderMail({
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
      }),
    });
  } catch (err) {
    if (permit?.ok) await permit.giveBack();
    await repo.releaseReminder(deps.db, c.workspace_id, c.invoice_id, kind);
    throw err;
  }
  return true;
}

/**
 * Finds every invoice whose due-date or overdue reminder falls on today in its workspace's own time
 * zone, and sends each reminder once. One failed mail does not stop the others; it is tried again at
 * the next sweep. Returns how many were sent.
 */
export async function sendDueReminders(deps: AppDeps): Promise<number> {
  const now = deps.now();
  const utcToday = now.toISOString().slice(0, 10);
  // Every zone's today is within a day of UTC's.
  const candidates = await repo.reminderCandidates(deps.db, addDays(utcToday, -OVERDUE_WINDOW_DAYS - 1), addDays(utcToday, 1));
  let sent = 0;
  for (const c of candidates) {
    const kind = reminderKindOn(c.due_date, calendarDayIn(now, c.timezone ?? noCountryDefaults.timezone));
    if (!kind) continue;
    try {
      if (await sendReminder(deps, c, kind)) sent += 1;
    } catch (err) {
      deps.log.warn({ err, workspace: c.workspace_id, invoice: c.invoice_id }, `invoice ${kind} reminder not sent`);
    }
  }
  return sent;
}

/** Due-date and overdue reminders by e-mail (DESIGN.md §13): an hourly sweep in the job queue. */
export const invoiceReminderJobs: JobArea = {
  definitions: (deps) => [
    defineSweep(INVOICE_REMINDERS_JOB, async () => {
      await sendDueReminders(deps);
    }),
  ],
  async start(_deps, queue) {
    await queue.schedule(INVOICE_REMINDERS_JOB, SWEEP_CRON);
    return async () => undefined;
  },
};
