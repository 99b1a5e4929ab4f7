import { firstName, RENEW_DAYS, RENEWAL_NOTICE_DAYS } from '../../../schema/classifieds/classifieds.js';
import type { AppDeps } from '../../deps.js';
import { defineSweep, type JobArea } from '../../jobs/job-queue.js';
import { escapeHtml, type MailContent } from '../../mail/templates.js';
import * as repo from './classifieds-expiry.repo.js';

export const CLASSIFIEDS_EXPIRY_JOB = 'classifieds-expiry';
/** Every hour, a few minutes past, like the invoices' reminders. */
const SWEEP_CRON = '10 * * * *';
const DAY_MS = 86_400_000;

/** The renewal e-mail: the listing expires soon; renewing adds RENEW_DAYS days. */
export function renewalMail(m: { name: string; title: string; expires: string; link: string }): MailContent {
  const lines = [
    `Hi ${m.name},`,
    `Your ad "${m.title}" expires on ${m.expires}. After that it is no longer shown on the classifieds.`,
    `Renew it to keep it up for another ${RENEW_DAYS} days:`,
  ];
  return {
    subject: `Your ad "${m.title}" expires soon`,
    text: [...lines, m.link].join('\n'),
    html:
      `<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;color:#111;line-height:1.5">` +
      `<div style="max-width:520px;margin:0 auto;padding:24px">${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('')}` +
      `<p><a href="${escapeHtml(m.link)}">${escapeHtml(m.link)}</a></p></div></body></html>`,
  };
}

/**
 * One sweep: listings past their expiry become expired (gone from the public lists), and each
 * listing expiring within RENEWAL_NOTICE_DAYS gets one renewal e-mail. A failed mail is given back
 * for the next sweep; one failure does not stop the others.
 */
export async function sweepClassifieds(deps: AppDeps): Promise<{ expired: number; notices: number }> {
  const now = deps.now();
  const expired = await repo.expireListings(deps.db, now);
  const due = await repo.claimRenewalNotices(deps.db, now, new Date(now.getTime() + RENEWAL_NOTICE_DAYS * DAY_MS));
  let notices = 0;
  for (const c of due) {
    try {
      const expires = new Intl.DateTimeFormat('en-ZA', { dateStyle: 'long', timeZone: 'Africa/Johannesburg' }).format(
        new Date(c.expires_at),
      );
      const link = `${deps.config.APP_ORIGIN}/workspace/${c.workspace_id}/classifieds/${c.id}`;
      await deps.mailer.send({ to: c.email, ...renewalMail({ name: firstName(c.full_name), title: c.title, expires, link }) });
      notices += 1;
    } catch (err) {
      await repo.releaseRenewalNotice(deps.db, c.workspace_id, c.id);
      deps.log.warn({ err, workspace: c.workspace_id, listing: c.id }, 'classified renewal notice not sent');
    }
  }
  return { expired, notices };
}

/** The classifieds' expiry sweep (DESIGN.md §13): hourly, in the job queue. */
export const classifiedsExpiryJobs: JobArea = {
  definitions: (deps) => [
    defineSweep(CLASSIFIEDS_EXPIRY_JOB, async () => {
      await sweepClassifieds(deps);
    }),
  ],
  async start(_deps, queue) {
    await queue.schedule(CLASSIFIEDS_EXPIRY_JOB, SWEEP_CRON);
    return async () => undefined;
  },
};
