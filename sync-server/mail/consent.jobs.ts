import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { MAIL_CONFIRM_DAYS } from '../../schema/mail/mail-consent.js';
import type { AppDeps } from '../deps.js';
import { defineJob, type JobQueue } from '../jobs/job-queue.js';
import { failureReason, outboxArea } from '../jobs/outbox.js';
import { enqueueDue, outboxTable } from '../jobs/outbox-table.js';
import { siteOrigin } from '../seo/page-meta.js';
import { hashConsentToken, MAIL_CONSENT_CHANNEL } from './consent.js';
import { mailOptInMail } from './templates.js';

export const MAIL_OPT_IN_JOB = 'mail-opt-in';

interface ConsentKey {
  address: string;
}

/** The opt-in mails' outbox: one row per address in `mail_consents` (the job area runs it unscoped). */
export const consentOutbox = outboxTable<ConsentKey>('mail_consents', {
  columns: ['address'],
  values: (k) => [k.address],
  of: (r) => ({ address: String(r.address) }),
});

/**
 * Sends one opt-in mail, never twice (the row is claimed first). Its token is made here and only its
 * hash kept, so a retry mails a new token and the old one stops working. An address confirmed
 * meanwhile is not mailed.
 */
export async function sendOptInMail(deps: AppDeps, key: ConsentKey): Promise<void> {
  const row = await consentOutbox.claim<{ confirmed_at: Date | null }>(deps.db, key, deps.now());
  if (!row) return;
  try {
    if (row.confirmed_at) {
      await consentOutbox.finish(deps.db, key, { status: 'failed', error: 'Already confirmed' });
      return;
    }
    const token = randomBytes(24).toString('base64url');
    const expires = new Date(deps.now().getTime() + MAIL_CONFIRM_DAYS * 24 * 3600_000);
    await deps.db.query('UPDATE mail_consents SET token_hash = $2, token_expires_at = $3 WHERE address = $1', [
      key.address,
      hashConsentToken(token),
      expires,
    ]);
    const link = `${siteOrigin(deps)}/mail/confirm?token=${encodeURIComponent(token)}`;
    const mail = mailOptInMail(link, MAIL_CONFIRM_DAYS);
    await deps.mailer.send({ to: key.address, ...mail });
  } catch (err) {
    await consentOutbox.finish(deps.db, key, { status: 'queued', error: failureReason(err) });
    throw err;
  }
  await consentOutbox.finish(deps.db, key, { status: 'sent', at: deps.now() });
}

export function enqueueOptInMails(deps: AppDeps, queue: JobQueue): Promise<number> {
  return enqueueDue(deps, queue, consentOutbox, { name: MAIL_OPT_IN_JOB, keyText: (key) => key.address });
}

/** Opt-in mails (DESIGN.md §13): asked for in the commit of a public order or booking, sent by pg-boss. */
export const mailConsentJobs = outboxArea({
  name: MAIL_OPT_IN_JOB,
  channel: MAIL_CONSENT_CHANNEL,
  what: 'opt-in e-mails',
  job: (deps) =>
    defineJob({
      name: MAIL_OPT_IN_JOB,
      attempts: 6,
      retryDelaySeconds: 20,
      parse: (data) => z.object({ address: z.string().min(3) }).parse(data),
      run: (job) => sendOptInMail(deps, job.data),
      gaveUp: (job, err) => consentOutbox.finish(deps.db, job.data, { status: 'failed', error: failureReason(err) }),
    }),
  enqueue: enqueueOptInMails,
  requeueStale: consentOutbox.requeueStale,
});
