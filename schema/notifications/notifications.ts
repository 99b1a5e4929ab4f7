import { z } from 'zod';

/**
 * What the people who run a workspace are told of (issue 37 §5): each kind has a label for the
 * choices page, its e-mail's fixed subject, and whether it is e-mailed unless the person says otherwise. The bell shows every
 * kind; e-mail and Web Push follow each person's choice.
 */
export const notificationKinds = {
  invoice_viewed: { label: 'An invoice is viewed', subject: 'Invoice viewed', email: false },
  invoice_paid: { label: 'An invoice is paid', subject: 'Invoice paid', email: true },
  payment_credited: { label: 'A card payment comes after an invoice was paid', subject: 'Payment kept as credit', email: true },
  quote_accepted: { label: 'A quote is accepted', subject: 'Quote accepted', email: true },
  order_placed: { label: 'A marketplace order comes in', subject: 'New order', email: true },
  tickets_sold: { label: 'Tickets are sold', subject: 'Tickets sold', email: true },
  booking_made: { label: 'A booking is made', subject: 'New booking', email: true },
  booking_cancelled: { label: 'A booking is cancelled', subject: 'Booking cancelled', email: true },
  classified_inquiry: { label: 'A classified ad gets a question or an offer', subject: 'New inquiry on your ad', email: true },
  send_failed: { label: 'An e-mail to a customer could not be sent', subject: 'An e-mail could not be sent', email: true },
} as const satisfies Record<string, { label: string; subject: string; email: boolean }>;

export type NotificationKind = keyof typeof notificationKinds;
export const notificationKind = z.enum(Object.keys(notificationKinds) as [NotificationKind, ...NotificationKind[]]);

/** The bell's list holds at most this many, newest first. */
export const NOTIFICATION_PAGE = 50;

export const notificationDto = z.object({
  id: z.uuid(),
  workspace_id: z.number().int(),
  workspace_name: z.string(),
  kind: notificationKind,
  title: z.string(),
  body: z.string(),
  /** An app path (`/workspace/…`) the notification opens. */
  link: z.string(),
  created_at: z.string(),
  read_at: z.string().nullable(),
});
export type NotificationDto = z.infer<typeof notificationDto>;

export const notificationList = z.object({
  notifications: z.array(notificationDto),
  /** Unread notifications in all, not only those listed. */
  unread: z.number().int(),
});
export type NotificationList = z.infer<typeof notificationList>;

/** Marks the listed notifications read, or every one when `all`. */
export const markReadBody = z.union([
  z.object({ ids: z.array(z.uuid()).min(1).max(NOTIFICATION_PAGE) }).strict(),
  z.object({ all: z.literal(true) }).strict(),
]);

/** How one kind reaches a person besides the bell. */
export const channelChoice = z.object({ email: z.boolean(), push: z.boolean() }).strict();
export type ChannelChoice = z.infer<typeof channelChoice>;

/** A person's choices, one per kind (every kind present: defaults filled in). */
export const notificationChoices = z.object({
  kinds: z.record(notificationKind, channelChoice),
});
export type NotificationChoices = z.infer<typeof notificationChoices>;

/** A change to some kinds' choices; the rest stay. */
export const choicesBody = z.object({ kinds: z.partialRecord(notificationKind, channelChoice) }).strict();

/** A kind's choice for someone who never chose: e-mail as the kind says, no push until they turn it on. */
export const defaultChoice = (kind: NotificationKind): ChannelChoice => ({ email: notificationKinds[kind].email, push: false });

/** A browser's Web Push subscription (PushSubscription.toJSON()), kept for the signed-in person. */
export const pushSubscriptionBody = z
  .object({
    endpoint: z.url({ protocol: /^https?$/ }).max(2000),
    keys: z.object({ p256dh: z.string().min(1).max(200), auth: z.string().min(1).max(100) }).strict(),
  })
  .strict();
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionBody>;

/** The server's VAPID public key (base64url), or null when Web Push is not set up on this server. */
export const pushKey = z.object({ public_key: z.string().nullable() });
