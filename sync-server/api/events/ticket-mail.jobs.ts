import { z } from 'zod';
import type { AppDeps } from '../../deps.js';
import { defineJob, type JobQueue } from '../../jobs/job-queue.js';
import { outboxArea } from '../../jobs/outbox.js';
import { enqueueDue } from '../../jobs/outbox-table.js';
import { siteOrigin } from '../../seo/page-meta.js';
import * as ticketsRepo from './tickets.repo.js';
import { declinedMail, ticketsMail, type MailContent } from './ticket-mail.js';
import * as repo from './ticket-mail.repo.js';

export const TICKET_EMAIL_JOB = 'ticket-email';

const ticketMailJob = z.object({
  workspaceId: z.number().int().positive(),
  registrationId: z.uuid(),
  kind: z.enum(repo.ticketMailKinds),
});

const reasonOf = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 500);

/** The mail a due row stands for, or null when there is nothing left to send (the registration is gone). */
async function contentOf(deps: AppDeps, key: repo.TicketMailKey): Promise<{ to: string; mail: MailContent } | null> {
  const reg = await repo.mailedRegistration(deps.db, key.workspaceId, key.registrationId);
  if (!reg) return null;
  if (key.kind === 'declined') return { to: reg.email, mail: declinedMail(reg) };
  const tickets = await ticketsRepo.ticketsOfRegistration(deps.db, key.workspaceId, key.registrationId);
  if (tickets.length === 0) return null;
  return { to: reg.email, mail: await ticketsMail(siteOrigin(deps), reg, tickets) };
}

/**
 * Sends one due mail, never twice: the row is claimed before sending. A failed send puts it back
 * in the queue and fails the run, so pg-boss tries again later; the next run claims it anew.
 */
export async function sendTicketMail(deps: AppDeps, key: repo.TicketMailKey): Promise<void> {
  if (!(await repo.ticketMailOutbox.claim(deps.db, key, deps.now()))) return;
  try {
    const found = await contentOf(deps, key);
    if (!found) {
      await repo.ticketMailOutbox.finish(deps.db, key, { status: 'failed', error: 'Nothing to send: the registration has no tickets' });
      return;
    }
    await deps.mailer.send({ to: found.to, ...found.mail });
  } catch (err) {
    await repo.ticketMailOutbox.finish(deps.db, key, { status: 'queued', error: reasonOf(err) });
    throw err;
  }
  await repo.ticketMailOutbox.finish(deps.db, key, { status: 'sent', at: deps.now() });
}

/** Hands every due mail not yet queued to the job queue: one job per mail, keyed by it. */
export function enqueueTicketMails(deps: AppDeps, queue: JobQueue): Promise<number> {
  return enqueueDue(deps, queue, repo.ticketMailOutbox, {
    name: TICKET_EMAIL_JOB,
    keyText: (key) => `${key.workspaceId}:${key.registrationId}:${key.kind}`,
  });
}

/** Ticket e-mails (DESIGN.md §13): queued at the commit that issues or declines, sent and retried by pg-boss. */
export const ticketMailJobs = outboxArea({
  name: TICKET_EMAIL_JOB,
  channel: repo.TICKET_MAIL_CHANNEL,
  what: 'ticket e-mails',
  job: (deps) =>
    defineJob({
      name: TICKET_EMAIL_JOB,
      attempts: 6,
      retryDelaySeconds: 20,
      parse: (data) => ticketMailJob.parse(data),
      run: (job) => sendTicketMail(deps, job.data),
      gaveUp: (job, err) => repo.ticketMailOutbox.finish(deps.db, job.data, { status: 'failed', error: reasonOf(err) }),
    }),
  enqueue: enqueueTicketMails,
  requeueStale: repo.ticketMailOutbox.requeueStale,
});
