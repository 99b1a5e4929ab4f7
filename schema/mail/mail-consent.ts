import { z } from 'zod';

/**
 * Double opt-in for mail a stranger asked for (issue 35): a ticket or booking e-mail to an address
 * nobody has confirmed waits until its owner confirms it from a short mail with no text anyone chose.
 */

/** What became of the e-mail a public order or booking asked for. */
export const mailOutcomes = ['sent', 'awaiting_confirmation'] as const;
export type MailOutcome = (typeof mailOutcomes)[number];

/** How long the link in the confirmation mail works. */
export const MAIL_CONFIRM_DAYS = 7;

/** The token the confirmation link carries (`/mail/confirm?token=…`). */
export const mailConfirmToken = z.string().regex(/^[A-Za-z0-9_-]{20,64}$/, 'This confirmation link is not complete.');
export const mailConfirmInput = z.object({ token: mailConfirmToken });

export const mailConsentMessages = {
  optInSubject: 'Confirm your e-mail address',
  confirmed: 'Thank you: your e-mail address is confirmed. Anything waiting for it is on its way now.',
  invalidLink: `This confirmation link no longer works: it was used already, or it is more than ${MAIL_CONFIRM_DAYS} days old. Your next ticket order or booking with this address sends a new one.`,
  ticketsWaiting: "Check your inbox to confirm your e-mail address, then we'll send your tickets.",
  bookingWaiting: "Check your inbox to confirm your e-mail address, then we'll send your confirmation and calendar file.",
  movedWaiting: "Check your inbox to confirm your e-mail address, then we'll send the new calendar file.",
  approvalWaiting: "Check your inbox to confirm your e-mail address: once the organiser approves, we'll send your tickets there.",
  pageTitle: 'Confirm your e-mail address',
  pageIntro:
    'Someone asked for e-mail from a business on Vuka to be sent to this address. Confirm it to receive that mail. If it was not you, close this page: nothing more will be sent.',
  confirmButton: 'Confirm my e-mail address',
} as const;
