import { bookingPriceText, bookingTotalCents } from '../../../schema/bookings/booking-price.js';
import { formatCents } from '../../../schema/kit/money.js';
import type { AppDeps } from '../../deps.js';
import { signingKey } from '../../http/auth-context.js';
import { defineSweep, type JobArea } from '../../jobs/job-queue.js';
import type { MailTemplate, MailTemplates } from '../../mail/outbox.js';
import { escapeHtml, type MailContent } from '../../mail/templates.js';
import { siteOrigin } from '../../seo/page-meta.js';
import { appointmentIcs } from './booking-ics.js';
import * as repo from './booking-mail.repo.js';
import { bookingToken } from './booking-token.js';
import { lapseDepositHolds } from './public-booking.service.js';
import { rateLimit } from '../../http/rate-limit.js';
import { MAIL_PER_WORKSPACE_PER_DAY, mailLimitKeys } from '../../mail/mail-limits.js';

export const BOOKING_REMINDER_SWEEP = 'booking-reminders';
/** Every five minutes: the hour-before reminder goes out within five minutes of its moment. */
const SWEEP_CRON = '*/5 * * * *';

/** "Monday, 3 June 2030 at 09:00" in the workspace's zone, and the zone named. */
export function whenText(start: Date, zone: string): string {
  const day = new Intl.DateTimeFormat('en-ZA', { dateStyle: 'full', timeZone: zone }).format(start);
  const time = new Intl.DateTimeFormat('en-ZA', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: zone }).format(start);
  return `${day} at ${time} (${zone})`;
}

/** Fixed subjects: no service, business or customer name a caller typed goes in a subject (issue 35). */
export const bookingMailSubjects: Record<repo.BookingMailKind, string> = {
  confirmation: 'Your booking is confirmed',
  reminder_24h: 'Reminder: your booking is tomorrow',
  reminder_1h: 'Reminder: your booking is in an hour',
  cancelled: 'Your booking is cancelled',
  rescheduled: 'Your booking has moved',
};

const openings: Record<Exclude<repo.BookingMailKind, 'cancelled'>, (a: repo.MailedAppointment) => string> = {
  confirmation: (a) => `Your booking with ${a.business} is confirmed.`,
  reminder_24h: (a) => `This is a reminder of your booking with ${a.business}.`,
  reminder_1h: (a) => `This is a reminder of your booking with ${a.business}.`,
  rescheduled: (a) => `Your booking with ${a.business} has moved to a new time.`,
};

export function bookingMail(kind: repo.BookingMailKind, a: repo.MailedAppointment, manageLink: string): MailContent {
  const when = whenText(a.start_at, a.timezone);
  const lines =
    kind === 'cancelled'
      ? [
          `Hi ${a.customer_name},`,
          `Your booking for ${a.service_title} on ${when} with ${a.business} is cancelled.`,
          ...(a.payment_status === 'refunded' && a.paid_cents > 0
            ? [`Your deposit of ${formatCents(a.paid_cents, a.currency)} goes back to your card.`]
            : []),
        ]
      : [
          `Hi ${a.customer_name},`,
          openings[kind](a),
          `${a.service_title} with ${a.staff_name}, ${when}.`,
          `${bookingPriceText(a)}.`,
          ...(a.payment_status === 'paid' && a.paid_cents > 0
            ? [
                `Deposit paid: ${formatCents(a.paid_cents, a.currency)}. Still to pay at your appointment: ${formatCents(Math.max(0, bookingTotalCents(a) - a.paid_cents), a.currency)}.`,
              ]
            : []),
          'The attached calendar file adds it to your calendar. To change the time or cancel, open:',
        ];
  const showLink = kind !== 'cancelled';
  return {
    subject: bookingMailSubjects[kind],
    text: [...lines, ...(showLink ? [manageLink] : [])].join('\n'),
    html:
      `<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;color:#111;line-height:1.5">` +
      `<div style="max-width:520px;margin:0 auto;padding:24px">${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('')}` +
      (showLink ? `<p><a href="${escapeHtml(manageLink)}">Change or cancel your booking</a></p>` : '') +
      `</div></body></html>`,
  };
}

export const memberBookingMailRefusals = {
  unverified: 'Not sent: the workspace owner has not verified their e-mail address yet',
  dailyLimit: `Not sent: this workspace has sent the ${MAIL_PER_WORKSPACE_PER_DAY} e-mails to customers it may send today`,
} as const;

/**
 * A booking a member made (the diary, a synced phone) mails an address they typed, as an invoice
 * does: it goes only for a workspace whose owner has a verified address, and counts against the
 * workspace's daily allowance of mail to third parties (the mail policy's own counter).
 */
async function memberMailRefusal(deps: AppDeps, workspaceId: number, ownerVerified: boolean): Promise<string | null> {
  if (!ownerVerified) return memberBookingMailRefusals.unverified;
  const taken = await rateLimit(
    deps.db,
    mailLimitKeys.workspace(workspaceId),
    { max: MAIL_PER_WORKSPACE_PER_DAY, windowSeconds: 86_400 },
    deps.now(),
  );
  return taken.allowed ? null : memberBookingMailRefusals.dailyLimit;
}

/**
 * A booking mail from its outbox row: the appointment as it is now, its calendar file attached. A
 * reminder for an appointment cancelled meanwhile, one with no address, or a member's mail the policy
 * refuses is not sent, with why.
 */
function bookingMailTemplate(kind: repo.BookingMailKind): MailTemplate {
  return async (deps, key) => {
    const a = await repo.mailedAppointment(deps.db, { workspaceId: key.workspaceId, appointmentId: key.subjectId });
    if (!a || !a.customer_email || (kind !== 'cancelled' && a.status === 'cancelled')) return { notSent: 'Nothing to send' };
    const refused = a.source === 'online' ? null : await memberMailRefusal(deps, key.workspaceId, a.owner_verified);
    if (refused) return { notSent: refused };
    const link = `${siteOrigin(deps)}/marketplace/services/bookings/${bookingToken(await signingKey(deps), key.workspaceId, a.id)}`;
    const ics = appointmentIcs({
      id: a.id,
      title: a.service_title,
      business: a.business,
      start: a.start_at,
      end: a.end_at,
      zone: a.timezone,
      stamp: deps.now(),
      cancelled: kind === 'cancelled',
      sequence: a.sequence,
      description: `${a.service_title} with ${a.staff_name}`,
    });
    return {
      to: a.customer_email,
      ...bookingMail(kind, a, link),
      attachments: [{ filename: 'booking.ics', content: new TextEncoder().encode(ics), contentType: 'text/calendar; charset=utf-8' }],
    };
  };
}

/** The bookings' mail templates by kind (`'bookings.confirmation'`…), sent by the one outbox. */
export const bookingMails: MailTemplates = Object.fromEntries(repo.bookingMailKinds.map((kind) => [kind, bookingMailTemplate(kind)]));

/** The reminder sweep (DESIGN.md §13): it records due reminders in the outbox, and lapses deposit holds. */
export const bookingReminderJobs: JobArea = {
  definitions: (deps) => [
    defineSweep(BOOKING_REMINDER_SWEEP, async () => {
      await repo.recordDueReminders(deps.db, deps.now());
      // Holds whose deposit never came: their time shows free again in the diary too.
      await lapseDepositHolds(deps.db, deps.now());
    }),
  ],
  async start(_deps, queue) {
    await queue.schedule(BOOKING_REMINDER_SWEEP, SWEEP_CRON);
    return async () => undefined;
  },
};
