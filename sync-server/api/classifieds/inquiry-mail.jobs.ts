import { z } from 'zod';
import { firstName, type RequestType } from '../../../schema/classifieds/classifieds.js';
import { formatCents } from '../../../schema/kit/money.js';
import type { AppDeps } from '../../deps.js';
import { defineJob, type JobQueue } from '../../jobs/job-queue.js';
import { outboxArea } from '../../jobs/outbox.js';
import { escapeHtml, type MailContent } from '../../mail/templates.js';
import * as repo from './inquiry-mail.repo.js';

export const INQUIRY_MAIL_JOB = 'classified-inquiry-mail';

const jobData = z.object({ workspaceId: z.number().int().positive(), id: z.uuid() });

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

const reasonOf = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 500);
const sastDateTime = new Intl.DateTimeFormat('en-ZA', { dateStyle: 'long', timeStyle: 'short', timeZone: 'Africa/Johannesburg' });

/** Sends one inquiry's e-mail to its seller. Never twice (see claimInquiryMail); a failure is given back for the retry. */
export async function sendInquiryMail(deps: AppDeps, workspaceId: number, id: string): Promise<void> {
  const row = await repo.claimInquiryMail(deps.db, workspaceId, id, deps.now());
  if (!row) return;
  try {
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
      link: inquiryLink(deps.config.APP_ORIGIN ?? deps.config.allowedOrigins[0], workspaceId, id),
    });
    await deps.mailer.send({ to: row.seller_email, ...mail });
  } catch (err) {
    await repo.finishInquiryMail(deps.db, workspaceId, id, { status: 'queued', error: reasonOf(err) });
    throw err;
  }
  await repo.finishInquiryMail(deps.db, workspaceId, id, { status: 'sent', at: deps.now() });
}

/** Hands every queued inquiry e-mail not yet in the job queue to it (one job per inquiry, keyed by it). */
export async function enqueueInquiryMails(deps: AppDeps, queue: JobQueue): Promise<number> {
  let queued = 0;
  for (const row of await repo.unqueuedInquiryMails(deps.db, 500)) {
    const jobId = await queue.send(INQUIRY_MAIL_JOB, { workspaceId: row.workspace_id, id: row.id }, `inquiry:${row.id}`);
    if (jobId) {
      await repo.markInquiryMailQueued(deps.db, row.workspace_id, row.id, jobId);
      queued += 1;
    }
  }
  return queued;
}

/** The sellers' e-mails about new inquiries (issue 21), through the job queue with retries (DESIGN.md §13). */
export const inquiryMailJobs = outboxArea({
  name: INQUIRY_MAIL_JOB,
  channel: repo.INQUIRY_MAIL_CHANNEL,
  what: 'inquiry e-mails',
  job: (deps) =>
    defineJob({
      name: INQUIRY_MAIL_JOB,
      attempts: 5,
      retryDelaySeconds: 30,
      parse: (data) => jobData.parse(data),
      run: (job) => sendInquiryMail(deps, job.data.workspaceId, job.data.id),
      gaveUp: (job, err) => repo.finishInquiryMail(deps.db, job.data.workspaceId, job.data.id, { status: 'failed', error: reasonOf(err) }),
    }),
  enqueue: enqueueInquiryMails,
  requeueStale: repo.requeueStaleInquiryMails,
});
