/**
 * Every kind of mail that reaches an address somebody other than its owner supplied (a buyer's
 * e-mail typed into a public form, a customer an owner booked, an invitee). Each follows one policy
 * (`consent.ts`, `mail-limits.ts`): limits per source address, recipient and workspace; fixed
 * subjects with no text a caller chose; and, where the caller is anonymous, mail only to an address
 * that asked for it (double opt-in). The list is the registry tests/security/mail-relay.test.ts walks:
 * a file that sends mail, makes it (an outbox template) or records it into an outbox must be named here or
 * in `notThirdParty`.
 */

export type MailTrigger = 'anonymous' | 'member';

export interface ThirdPartyMailKind {
  /** Who can cause the mail: anyone on the web, or a member of the sending workspace. */
  triggeredBy: readonly MailTrigger[];
  /** Whose address it goes to. */
  to: string;
  /** The files (from the repository root) that send it, make it (its outbox template) or record it into the outbox. */
  files: readonly string[];
}

export const thirdPartyMail = {
  'mail-opt-in': {
    triggeredBy: ['anonymous', 'member'],
    to: 'an address a stranger typed, once a day at most, with no text anyone chose',
    files: ['sync-server/mail/consent.ts', 'sync-server/mail/consent.jobs.ts'],
  },
  'event-tickets': {
    triggeredBy: ['anonymous', 'member'],
    to: "the address a ticket buyer typed (free order, card checkout, the organiser's approval or decline)",
    files: [
      'sync-server/api/events/ticket-mail.jobs.ts',
      'sync-server/api/events/ticket-mail.repo.ts',
      'sync-server/api/events/ticket-mail.held.ts',
      'sync-server/api/events/tickets.service.ts',
      'sync-server/api/events/tickets-cart.ts',
      'sync-server/api/events/events.service.ts',
    ],
  },
  'event-message': {
    triggeredBy: ['member'],
    to: 'the confirmed ticket holders of an event',
    files: ['sync-server/api/events/events.service.ts'],
  },
  'booking-mail': {
    triggeredBy: ['anonymous', 'member'],
    to: 'the address a customer (online) or the owner (diary) typed for an appointment',
    files: [
      'sync-server/api/bookings/booking-mail.jobs.ts',
      'sync-server/api/bookings/booking-mail.repo.ts',
      'sync-server/api/bookings/booking-mail.held.ts',
      'sync-server/api/bookings/public-booking.service.ts',
      'sync-server/api/bookings/bookings.service.ts',
    ],
  },
  'marketplace-order': {
    triggeredBy: ['member'],
    to: "a signed-in buyer's own account address, after a card payment",
    files: [
      'sync-server/api/marketplace/order-mail.jobs.ts',
      'sync-server/api/marketplace/order-mail.repo.ts',
      'sync-server/api/marketplace/checkout.service.ts',
    ],
  },
  'classified-inquiry': {
    triggeredBy: ['member'],
    to: 'the seller of an ad, when a signed-in buyer asks about it',
    files: [
      'sync-server/api/classifieds/inquiry-mail.jobs.ts',
      'sync-server/api/classifieds/inquiry-mail.repo.ts',
      'sync-server/api/classifieds/inquiries.service.ts',
      'sync-server/api/classifieds/inquiries.repo.ts',
    ],
  },
  'workspace-invitation': {
    triggeredBy: ['member'],
    to: 'the address a verified inviter typed',
    files: ['sync-server/api/workspaces/members.service.ts'],
  },
  'invoice-delivery': {
    triggeredBy: ['member'],
    to: 'the customer address on an invoice, quote, credit note or till receipt',
    files: [
      'sync-server/api/invoices/invoice-delivery.jobs.ts',
      'sync-server/api/invoices/invoice-delivery.repo.ts',
      'sync-server/api/invoices/document-mail-allowance.ts',
    ],
  },
  'invoice-reminders': {
    triggeredBy: ['member'],
    to: 'the customer address on an unpaid invoice',
    files: ['sync-server/api/invoices/invoice-reminders.jobs.ts', 'sync-server/api/invoices/invoice-reminders.repo.ts'],
  },
} as const satisfies Record<string, ThirdPartyMailKind>;

export type ThirdPartyMailName = keyof typeof thirdPartyMail;

/** Files that send mail, and why none of it reaches an address a caller chose. */
export const notThirdParty: Readonly<Record<string, string>> = {
  'sync-server/mail/mailer.ts': 'the mailer itself: it delivers what the kinds above hand it',
  'sync-server/mail/outbox.ts': "the one outbox: it sends what the kinds' templates above make, to the address each template names",
  'sync-server/api/auth/verification.ts': "verification codes go to the account's own address",
  'sync-server/api/auth/auth.service.ts': "a password reset goes only to an existing account's own address",
  'sync-server/api/classifieds/classifieds-expiry.jobs.ts': "an ad's expiry notice goes to its owner's own account address",
  'sync-server/api/invoices/quote-accepted.mail.ts':
    "an accepted quote is told to the workspace owner's own account address, once per quote; its subject carries only the quote's number",
  'sync-server/api/notifications/notice.mail.ts':
    "a notification goes to the account's own address, of a workspace it runs, when its person chose e-mail; its subject is fixed per kind",
  'sync-server/api/notifications/notifications.service.ts':
    "records the notice e-mail (or an area's own e-mail to the same person) for the account's own address",
  'sync-server/api/notifications/web-push.repo.ts':
    "the Web Push outbox: no e-mail; a push goes only to the account's own subscribed devices",
  'sync-server/api/contact/contact.service.ts':
    "the contact form goes to the brand's own address (reply-to the sender), limited per source address (contactLimit)",
};
