import { z } from 'zod';
import type { Queryable } from '../db/db.js';
import type { AppDeps } from '../deps.js';
import { defineJob, type JobArea, type JobQueue } from '../jobs/job-queue.js';
import { failureReason, outboxArea } from '../jobs/outbox.js';
import { enqueueDue, outboxTable } from '../jobs/outbox-table.js';
import type { Mail } from './mailer.js';

/**
 * The one e-mail outbox every area sends through (DESIGN.md §13): a row of `mail_outbox_items` per
 * mail, keyed by its workspace, its template (`'<area>.<name>'`) and what it is about (`subjectId`,
 * in the area's terms: an appointment, a registration). A commit records the row (`recordMail`) and
 * NOTIFYs; one job claims it, asks the area's template what to send, sends it and finishes the row.
 * Areas hand their templates to the area list (`AreaDefinition.mails`); this file knows none of them.
 */

export const MAIL_JOB = 'mail-send';
/** The channel a commit that records a mail NOTIFYs (the outbox's job area listens on it). */
export const MAIL_CHANNEL = 'vuka_mail_outbox';
export const MAIL_TABLE = 'mail_outbox_items';

export interface MailKey {
  workspaceId: number;
  /** `'<area>.<name>'`: which area's template makes the mail. */
  template: string;
  /** What the mail is about, in the area's terms. */
  subjectId: string;
}

/** The outbox's shared SQL: queueing, claiming and finishing a mail (the job area runs it unscoped). */
export const mailOutbox = outboxTable<MailKey>(MAIL_TABLE, {
  columns: ['workspace_id', 'template', 'subject_id'],
  values: (k) => [k.workspaceId, k.template, k.subjectId],
  of: (r) => ({ workspaceId: Number(r.workspace_id), template: String(r.template), subjectId: String(r.subject_id) }),
});

/** A template's id: the area's id and the mail's name. */
export const mailTemplateId = (area: string, name: string) => `${area}.${name}`;

/** What a template hands back when a mail is to go: the mail, and what to undo if sending it fails. */
export interface MailToSend extends Mail {
  /** Gives back what making the mail took (a day's allowance) when the mail server refuses it. */
  giveBack?(): Promise<void>;
}

/** What a template hands back when nothing is sent: why (kept on the row), and whether it was refused or failed. */
export interface NoMail {
  notSent: string;
  status?: 'failed' | 'refused';
}

/**
 * Makes one mail from its outbox key: what to send, or why nothing is. It may throw (the database
 * or a renderer failed): the row goes back to the queue and the job tries again later.
 */
export type MailTemplate = (deps: AppDeps, key: MailKey) => Promise<MailToSend | NoMail>;

/** An area's templates, by name (`AreaDefinition.mails`). */
export type MailTemplates = Readonly<Record<string, MailTemplate>>;

/** Every area's templates, by id (`'<area>.<name>'`). */
export type MailTemplateRegistry = Readonly<Partial<Record<string, MailTemplate>>>;

/** Records that a mail is due (once per key: a second request changes nothing) and wakes the job area. */
export async function recordMail(tx: Queryable, key: MailKey): Promise<void> {
  await tx.query(`INSERT INTO ${MAIL_TABLE} (workspace_id, template, subject_id) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`, [
    key.workspaceId,
    key.template,
    key.subjectId,
  ]);
  await wakeMailOutbox(tx, key.workspaceId);
}

/**
 * Records a mail that may go more than once: one that ended in one of `again` (by default: sent,
 * failed or refused, as a booking moved twice is mailed twice) is queued again; one waiting is left
 * to go (a template reads its subject when it sends, so it carries the latest state); one being sent
 * at this moment is left to finish. Returns whether it is queued anew.
 */
export async function recordMailAgain(
  tx: Queryable,
  key: MailKey,
  again: readonly ('sent' | 'failed' | 'refused')[] = ['sent', 'failed', 'refused'],
): Promise<boolean> {
  const rows = await tx.query(
    `INSERT INTO ${MAIL_TABLE} (workspace_id, template, subject_id) VALUES ($1, $2, $3)
     ON CONFLICT (workspace_id, template, subject_id) DO UPDATE
        SET status = 'queued', job_id = NULL, claimed_at = NULL, error = NULL, sent_at = NULL, requested_at = now()
      WHERE ${MAIL_TABLE}.status = ANY($4::text[])
     RETURNING 1`,
    [key.workspaceId, key.template, key.subjectId, [...again]],
  );
  if (rows.length > 0) await wakeMailOutbox(tx, key.workspaceId);
  return rows.length > 0;
}

/** Withdraws a subject's mails of these templates, sent or not, unless one is being sent at this moment. */
export async function withdrawMails(
  tx: Queryable,
  key: { workspaceId: number; subjectId: string; templates: readonly string[] },
): Promise<void> {
  await tx.query(
    `DELETE FROM ${MAIL_TABLE} WHERE workspace_id = $1 AND subject_id = $2 AND template = ANY($3::text[]) AND status <> 'sending'`,
    [key.workspaceId, key.subjectId, [...key.templates]],
  );
}

/** Wakes the job area (at commit): after `recordMail`, or after a bulk insert of due mails (a reminder sweep). */
export async function wakeMailOutbox(q: Queryable, workspaceId = 0): Promise<void> {
  await q.query(`SELECT pg_notify('${MAIL_CHANNEL}', $1)`, [String(workspaceId)]);
}

export const unknownTemplateReason = (template: string) => `Not sent: no area has the mail template ${template}`;

/**
 * Sends one due mail, never twice: the row is claimed before its template runs. A failed send (or a
 * template that throws) puts it back in the queue and fails the run, so the job tries again later
 * and the next run claims it anew; a template that says nothing is to go finishes the row with why.
 */
export async function sendMail(deps: AppDeps, templates: MailTemplateRegistry, key: MailKey): Promise<void> {
  if (!(await mailOutbox.claim(deps.db, key, deps.now()))) return;
  const template = templates[key.template];
  if (!template) {
    await mailOutbox.finish(deps.db, key, { status: 'failed', error: unknownTemplateReason(key.template) });
    return;
  }
  let giveBack: (() => Promise<void>) | undefined;
  try {
    const made = await template(deps, key);
    if ('notSent' in made) {
      await mailOutbox.finish(deps.db, key, { status: made.status ?? 'failed', error: made.notSent });
      return;
    }
    const { giveBack: undo, ...mail } = made;
    giveBack = undo;
    await deps.mailer.send(mail);
  } catch (err) {
    await giveBack?.();
    await mailOutbox.finish(deps.db, key, { status: 'queued', error: failureReason(err) });
    throw err;
  }
  await mailOutbox.finish(deps.db, key, { status: 'sent', at: deps.now() });
}

/** Hands every due mail not yet queued to the job queue: one job per mail, keyed by it. */
export function enqueueMails(deps: AppDeps, queue: JobQueue): Promise<number> {
  return enqueueDue(deps, queue, mailOutbox, {
    name: MAIL_JOB,
    keyText: (key) => `${key.workspaceId}:${key.template}:${key.subjectId}`,
  });
}

const mailJobData = z.object({ workspaceId: z.number().int().positive(), template: z.string().min(1), subjectId: z.string().min(1) });

/** The outbox's job area: the one send job, its stale-claim sweep and the listener that queues due mail. */
export function mailOutboxJobs(
  templates: MailTemplateRegistry,
  /** Told, in the transaction that fails it for good, of a mail given up on after its retries. */
  gaveUp?: (tx: Queryable, key: MailKey, reason: string) => Promise<void>,
): JobArea {
  return outboxArea({
    name: MAIL_JOB,
    channel: MAIL_CHANNEL,
    what: 'e-mails',
    job: (deps) =>
      defineJob({
        name: MAIL_JOB,
        attempts: 6,
        retryDelaySeconds: 20,
        parse: (data) => mailJobData.parse(data),
        run: (job) => sendMail(deps, templates, job.data),
        gaveUp: (job, err) =>
          deps.db.transaction(async (tx) => {
            await mailOutbox.finish(tx, job.data, { status: 'failed', error: failureReason(err) });
            await gaveUp?.(tx, job.data, failureReason(err));
          }),
      }),
    enqueue: enqueueMails,
    requeueStale: mailOutbox.requeueStale,
  });
}

/** Every area's templates by id, from the areas' own lists; throws when two areas claim one id. */
export function mailTemplateRegistry(areas: readonly { id: string; mails?: MailTemplates }[]): MailTemplateRegistry {
  const registry: Partial<Record<string, MailTemplate>> = {};
  for (const area of areas) {
    for (const [name, template] of Object.entries(area.mails ?? {})) {
      const id = mailTemplateId(area.id, name);
      if (registry[id]) throw new Error(`Two areas have the mail template ${id}`);
      registry[id] = template;
    }
  }
  return registry;
}
