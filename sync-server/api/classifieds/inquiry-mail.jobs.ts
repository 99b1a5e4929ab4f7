import { z } from 'zod';
import { firstName, type RequestType } from '../../../schema/classifieds/classifieds.js';
import { formatCents } from '../../../schema/kit/money.js';
import type { MailTemplate, MailTemplates } from '../../mail/outbox.js';
import { escapeHtml, type MailContent } from '../../mail/templates.js';
import * as repo from './inquiry-mail.repo.js';

/** The link the seller follows: the inquiry's page in their workspace (sign-in first when needed). */
export function inquiryLink(origin: string, workspaceId: number, inquiryId: string): string {
  return `${origin}/workspace/${workspaceId}/classifieds/inquiries/${inquiryId}`;
}

/** Fixed subjects: the ad's title and the buyer's name stay in the body (issue 35). */
export const inquirySubjects = {
  offer: 'New offer on your ad',
  viewing: 'Viewing request for your ad',
  question: 'New question about your ad',
} as const;

/** The e-mail a seller gets when a buyer asks a question, makes an offer or asks for a viewing. */
export function inquiryMail(m: {
  seller: string;
  buyer: string;
  title: string;
  type: RequestType;
  amount: string | null;
  viewing: string | null;
  message: string;
  link: string;
}): MailContent {
  const what =
    m.type === 'offer'
      ? { subject: inquirySubjects.offer, line: `${m.buyer} offers ${m.amount ?? ''} for your ad "${m.title}".` }
      : m.type === 'viewing'
        ? { subject: inquirySubjects.viewing, line: `${m.buyer} would like to view "${m.title}" on ${m.viewing ?? ''}.` }
        : { subject: inquirySubjects.question, line: `${m.buyer} has a question about your ad "${m.title}".` };
  const lines = [`Hi ${m.seller},`, what.line];
  const after = ['Answer on Vuka: keep the conversation there, and hand over the item only after the money is in your account.'];
  return {
    subject: what.subject,
    text: [...lines, '', `"${m.message}"`, '', ...after, m.link].join('\n'),
    html:
      `<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;color:#111;line-height:1.5">` +
      `<div style="max-width:520px;margin:0 auto;padding:24px">${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('')}` +
      `<blockquote style="margin:16px 0;padding:8px 16px;border-left:4px solid #ccc;white-space:pre-wrap">${escapeHtml(m.message)}</blockquote>` +
      `${after.map((l) => `<p>${escapeHtml(l)}</p>`).join('')}` +
      `<p><a href="${escapeHtml(m.link)}">Open the conversation</a></p></div></body></html>`,
  };
}

const sastDateTime = new Intl.DateTimeFormat('en-ZA', { dateStyle: 'long', timeStyle: 'short', timeZone: 'Africa/Johannesburg' });
const inquiryId = z.uuid();

/**
 * The seller's e-mail about one inquiry, from its outbox row. A seller with no address is an error
 * the outbox retries (and gives up on), as before; an inquiry gone meanwhile has nothing to send.
 */
const inquiryMailTemplate: MailTemplate = async (deps, key) => {
  const row = inquiryId.safeParse(key.subjectId).success ? await repo.mailedInquiry(deps.db, key.workspaceId, key.subjectId) : undefined;
  if (!row) return { notSent: 'Nothing to send: the inquiry is gone' };
  if (!row.seller_email) throw new Error('The seller has no e-mail address.');
  const amount = row.offer_amount_cents === null ? null : formatCents(Number(row.offer_amount_cents), row.currency);
  const mail = inquiryMail({
    seller: firstName(row.seller_name),
    buyer: firstName(row.buyer_name),
    title: row.listing_title,
    type: row.request_type,
    amount,
    viewing: row.viewing_at === null ? null : sastDateTime.format(new Date(row.viewing_at)),
    message: row.first_message ?? '',
    link: inquiryLink(deps.config.APP_ORIGIN ?? deps.config.allowedOrigins[0], key.workspaceId, key.subjectId),
  });
  return { to: row.seller_email, ...mail };
};

/** The sellers' e-mails about new inquiries (issue 21), sent by the outbox with retries (DESIGN.md §13). */
export const inquiryMails: MailTemplates = { [repo.INQUIRY_MAIL]: inquiryMailTemplate };
