import { z } from 'zod';
import { instant, text } from '../kit/input.js';
import { browseSorts, classifiedCategories } from './classified-terms.js';
import { formatCents } from '../kit/money.js';

export * from './classified-terms.js';

/**
 * spec §3 "Content and classifieds": a listing's states; `reserved` follows an accepted offer,
 * `removed` an admin taking the ad down after a report.
 */
export const classifiedStatuses = ['draft', 'published', 'paused', 'reserved', 'sold', 'expired', 'removed'] as const;
export type ClassifiedStatus = (typeof classifiedStatuses)[number];

export const classifiedStatusLabels: Record<ClassifiedStatus, string> = {
  draft: 'Draft',
  published: 'Published',
  paused: 'Paused',
  reserved: 'Reserved',
  sold: 'Sold',
  expired: 'Expired',
  removed: 'Taken down',
};

/** How long a listing runs once published, in days; renewing adds RENEW_DAYS. */
export const classifiedRunDays = [7, 14, 30, 60] as const;
export const RENEW_DAYS = 30;
/** The renewal e-mail goes this many days before a listing expires. */
export const RENEWAL_NOTICE_DAYS = 3;
/** Photos per listing. */
export const MAX_CLASSIFIED_PHOTOS = 8;
/** The largest offer a buyer may make: R 1 000 000.00. */
export const MAX_OFFER_CENTS = 100_000_000;
/** Messages one person may send across every thread in an hour. */
export const MESSAGES_PER_HOUR = 30;

export const requestTypes = ['question', 'offer', 'viewing'] as const;
export type RequestType = (typeof requestTypes)[number];
export const inquiryStatuses = ['new', 'answered', 'countered', 'accepted', 'declined'] as const;
export type InquiryStatus = (typeof inquiryStatuses)[number];
export const inquiryStatusLabels: Record<InquiryStatus, string> = {
  new: 'New',
  answered: 'Answered',
  countered: 'Counter-offer',
  accepted: 'Accepted',
  declined: 'Declined',
};
export const messageKinds = ['message', 'offer', 'counter', 'accepted', 'declined', 'viewing'] as const;

/** What a person is told when a listing, inquiry or message is refused. */
export const classifiedMessages = {
  title: 'Give the ad a title',
  category: 'Choose a category',
  price: 'Price must be an amount like 12.50',
  photos: `An ad can have at most ${MAX_CLASSIFIED_PHOTOS} photos`,
  notFound: 'This listing does not exist or is no longer shown',
  inquiryNotFound: 'This conversation does not exist',
  notYours: 'Only the seller can do this',
  offerZero: 'An offer must be more than R 0.00',
  offerTooHigh: `An offer can be at most ${formatCents(MAX_OFFER_CENTS, 'ZAR')}`,
  ownListing: 'You cannot send an inquiry or make an offer on your own listing',
  closed: 'This listing is sold or expired and takes no more messages',
  notOpen: 'This listing is not open for inquiries',
  flagged:
    'For your safety, keep contact inside Vuka: take the link or phone number out of your first message. Share contact details only once you trust the buyer or seller.',
  empty: 'Write a message',
  rateLimited: `You can send up to ${MESSAGES_PER_HOUR} messages an hour. Please try again later.`,
  viewingsOff: 'This seller does not take viewing requests',
  viewingTime: 'Choose a viewing time in the future',
  alreadyDecided: 'This offer has already been answered',
  reserved: 'This item is already reserved for another buyer',
  notOffer: 'Only an offer can be accepted, declined or countered',
  reason: 'Say why you are reporting this',
  adminsOnly: 'Only Vuka admins can see and resolve reports',
  reportNotFound: 'This report does not exist',
  alreadyResolved: 'This report has already been resolved',
  takedownReason: 'Say why the ad is taken down: its seller sees this',
  removed: 'This ad was taken down by Vuka and cannot be shown again',
  offline: 'You are offline. Classifieds need a connection: try again when you are back online.',
} as const;

/**
 * The plain safety notice on every listing page (issue 21): fake payment notices are the classifieds'
 * commonest scam.
 */
export const SAFETY_NOTICE =
  'Stay safe: keep your conversation on Vuka, and hand over the item only after the money is in your account. A payment notification, SMS or screenshot is not money.';

const LINK = /(https?:\/\/|www\.|\b[a-z0-9-]+\.(com|co\.za|za|net|org|io|ly|me|app|link)\b)/i;
const PHONE = /(\+?\d[\d\s().-]{7,}\d)/;

/** Whether a message carries a link or a phone number (refused as a first message, issue 21). */
export function hasContactDetails(message: string): boolean {
  if (LINK.test(message)) return true;
  const phone = PHONE.exec(message);
  return phone !== null && phone[1].replace(/\D/g, '').length >= 9;
}

/** The first word of a person's name: all a buyer sees of the seller (no surname, phone or e-mail). */
export function firstName(fullName: string | null | undefined): string {
  const first = (fullName ?? '').trim().split(/\s+/)[0] ?? '';
  return first || 'Seller';
}

export const classifiedId = z.uuid();
export const driveFileId = z.uuid();

const title = text().trim().min(1, classifiedMessages.title).max(120, 'A title can be at most 120 characters');
const description = text(5000).trim();
const price = z.number().int().min(0, classifiedMessages.price).max(9_999_999_999, 'Price is too large').nullable();
const images = z.array(driveFileId).max(MAX_CLASSIFIED_PHOTOS, classifiedMessages.photos);
const area = text().trim().max(100, 'An area can be at most 100 characters');
const category = z.enum(classifiedCategories, { error: classifiedMessages.category });
const runDays = z.literal(classifiedRunDays, { error: 'An ad runs for 7, 14, 30 or 60 days' });

/** A new listing: saved as a draft, or published at once. */
export const classifiedCreate = z.object({
  title,
  description: description.default(''),
  category,
  price_cents: price.default(null),
  images: images.default([]),
  area: area.default(''),
  run_days: runDays.default(30),
  allow_appointments: z.boolean().default(false),
  status: z.enum(['draft', 'published']).default('draft'),
});

/** What the seller may change; status moves follow `nextStatuses`. */
export const classifiedPatch = z.object({
  title: title.optional(),
  description: description.optional(),
  category: category.optional(),
  price_cents: price.optional(),
  images: images.optional(),
  area: area.optional(),
  allow_appointments: z.boolean().optional(),
  status: z.enum(['draft', 'published', 'paused', 'sold']).optional(),
});

/** The status moves a seller may make by hand (reserved comes from an accepted offer, expired from the clock). */
export const nextStatuses: Record<ClassifiedStatus, readonly ClassifiedStatus[]> = {
  draft: ['published'],
  published: ['paused', 'sold', 'draft'],
  paused: ['published', 'sold', 'draft'],
  reserved: ['published', 'sold'],
  sold: [],
  expired: [],
  removed: [],
};

export const classifiedDto = z.object({
  id: z.string(),
  workspace_id: z.number(),
  title: z.string(),
  description: z.string(),
  category: z.enum(classifiedCategories),
  price_cents: z.number().nullable(),
  currency: z.string(),
  images: z.array(z.string()),
  area: z.string(),
  expires_at: z.string(),
  allow_appointments: z.boolean(),
  status: z.enum(classifiedStatuses),
  published_at: z.string().nullable(),
  created_at: z.string(),
  /** Inquiries not yet answered by the seller. */
  open_inquiries: z.number(),
  /** Why Vuka's admins took the ad down (status removed), as its seller sees it. */
  removed_reason: z.string().nullable(),
});
export type ClassifiedDto = z.infer<typeof classifiedDto>;
export const classifiedList = z.object({ listings: z.array(classifiedDto) });

export const messageDto = z.object({
  id: z.string(),
  kind: z.enum(messageKinds),
  body: z.string(),
  amount_cents: z.number().nullable(),
  /** First name of who sent it; null for a deleted account. */
  sender: z.string().nullable(),
  mine: z.boolean(),
  created_at: z.string(),
});
export type MessageDto = z.infer<typeof messageDto>;

export const inquiryDto = z.object({
  id: z.string(),
  classified_id: z.string(),
  workspace_id: z.number(),
  listing_title: z.string(),
  listing_status: z.enum(classifiedStatuses),
  currency: z.string(),
  request_type: z.enum(requestTypes),
  offer_amount_cents: z.number().nullable(),
  counter_amount_cents: z.number().nullable(),
  viewing_at: z.string().nullable(),
  status: z.enum(inquiryStatuses),
  seller_response: z.string().nullable(),
  /** The buyer's first name. */
  buyer: z.string(),
  /** Which side the caller is on. */
  role: z.enum(['buyer', 'seller']),
  created_at: z.string(),
  updated_at: z.string(),
});
export type InquiryDto = z.infer<typeof inquiryDto>;
export const inquiryThread = inquiryDto.extend({ messages: z.array(messageDto) });
export type InquiryThread = z.infer<typeof inquiryThread>;
export const inquiryList = z.object({ inquiries: z.array(inquiryDto) });
export const threadList = z.object({ inquiries: z.array(inquiryThread) });

export const classifiedDetail = classifiedDto.extend({ inquiries: z.array(inquiryDto) });
export type ClassifiedDetail = z.infer<typeof classifiedDetail>;

/** A listing as anyone sees it: the seller's first name and area only. */
export const publicListingDto = z.object({
  id: z.string(),
  workspace_id: z.number(),
  title: z.string(),
  description: z.string(),
  category: z.enum(classifiedCategories),
  price_cents: z.number().nullable(),
  currency: z.string(),
  images: z.array(z.string()),
  area: z.string(),
  status: z.enum(['published', 'reserved']),
  allow_appointments: z.boolean(),
  seller_first_name: z.string(),
  published_at: z.string(),
  expires_at: z.string(),
});
export type PublicListingDto = z.infer<typeof publicListingDto>;
export const publicListingDetail = publicListingDto.extend({
  /** The signed-in caller is a member of the seller's workspace. */
  mine: z.boolean(),
});

export const browseQuery = z.object({
  category: z.enum(classifiedCategories).optional(),
  area: text(100).trim().optional(),
  q: text(100).trim().optional(),
  sort: z.enum(browseSorts).default('newest'),
});
export const browseResult = z.object({ listings: z.array(publicListingDto), areas: z.array(z.string()) });

const offerAmount = z
  .number({ error: classifiedMessages.offerZero })
  .int()
  .min(1, classifiedMessages.offerZero)
  .max(MAX_OFFER_CENTS, classifiedMessages.offerTooHigh);
const messageBody = text(2000).trim().min(1, classifiedMessages.empty);

/** A question, an offer or a viewing request, with its first message. */
export const inquiryCreate = z
  .object({
    request_type: z.enum(requestTypes).default('question'),
    message: messageBody,
    offer_amount_cents: offerAmount.optional(),
    viewing_at: instant.optional(),
  })
  .superRefine((v, ctx) => {
    if (v.request_type === 'offer' && v.offer_amount_cents === undefined)
      ctx.addIssue({ code: 'custom', path: ['offer_amount_cents'], message: classifiedMessages.offerZero });
    if (v.request_type === 'viewing' && v.viewing_at === undefined)
      ctx.addIssue({ code: 'custom', path: ['viewing_at'], message: classifiedMessages.viewingTime });
  });

export const messageCreate = z.object({ message: messageBody });

/** The seller answers an offer (accept, decline, counter); the buyer answers a counter-offer (accept, decline). */
export const offerResponse = z
  .object({
    action: z.enum(['accept', 'decline', 'counter']),
    amount_cents: offerAmount.optional(),
    note: text(2000).trim().optional(),
  })
  .superRefine((v, ctx) => {
    if (v.action === 'counter' && v.amount_cents === undefined)
      ctx.addIssue({ code: 'custom', path: ['amount_cents'], message: classifiedMessages.offerZero });
  });

export const reportCreate = z.object({
  reason: text(1000).trim().min(1, classifiedMessages.reason),
  message_id: z.uuid().optional(),
});

export const reportStatuses = ['open', 'dismissed', 'removed'] as const;
export type ReportStatus = (typeof reportStatuses)[number];
export const reportStatusLabels: Record<ReportStatus, string> = { open: 'Open', dismissed: 'Dismissed', removed: 'Ad taken down' };

export const reportDto = z.object({
  id: z.string(),
  classified_id: z.string(),
  listing_title: z.string(),
  listing_status: z.enum(classifiedStatuses),
  message_id: z.string().nullable(),
  message_body: z.string().nullable(),
  reason: z.string(),
  reporter: z.string().nullable(),
  created_at: z.string(),
  status: z.enum(reportStatuses),
  /** The admin who resolved it (their e-mail), and when; null while open. */
  resolved_by: z.string().nullable(),
  resolved_at: z.string().nullable(),
  resolution_note: z.string().nullable(),
});
export type ReportDto = z.infer<typeof reportDto>;
export const reportList = z.object({ reports: z.array(reportDto) });

/** Which reports the admins' list shows: the open ones (the default) or the resolved ones. */
export const reportQuery = z.object({ status: z.enum(['open', 'resolved']).default('open') });
export const reportId = z.uuid();

/** An admin's decision on a report: dismiss it, or take the ad down with a reason its seller sees. */
export const reportResolve = z
  .object({
    action: z.enum(['dismiss', 'remove']),
    note: text(1000).trim().optional(),
  })
  .superRefine((v, ctx) => {
    if (v.action === 'remove' && !v.note) ctx.addIssue({ code: 'custom', path: ['note'], message: classifiedMessages.takedownReason });
  });

/** A viewing a buyer asked for, as the seller's planner shows it. */
export const viewingDto = z.object({
  inquiry_id: z.string(),
  classified_id: z.string(),
  listing_title: z.string(),
  buyer: z.string(),
  viewing_at: z.string(),
  status: z.enum(inquiryStatuses),
});
export const viewingList = z.object({ viewings: z.array(viewingDto) });

/** When a listing published now for `days` expires. */
export function expiryAfter(from: Date, days: number): Date {
  return new Date(from.getTime() + days * 86_400_000);
}
