import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mailTemplates } from '../api/areas.js';
import type { Db } from '../db/db.js';
import type { AppDeps } from '../deps.js';
import type { JobQueue } from '../jobs/job-queue.js';
import { startJobs } from '../jobs/jobs.js';
import { sweepStaleClaims } from '../jobs/outbox.js';
import type { Mail } from './mailer.js';
import {
  enqueueMails,
  MAIL_CHANNEL,
  MAIL_JOB,
  mailOutbox,
  mailOutboxJobs,
  mailTemplateRegistry,
  recordMail,
  sendMail,
  unknownTemplateReason,
  type MailKey,
  type MailTemplateRegistry,
} from './outbox.js';
import { testDatabases } from '../../tests/support/databases.js';
import { sendQueuedMails } from '../../tests/support/outbox.js';
import { startTestServer, type TestServer } from '../../tests/support/server.js';
import { seedUser, seedWorkspace } from '../../tests/support/sync-server.js';

/**
 * The one outbox every area's mail goes through (sync-server/mail/outbox.ts), with templates of its
 * own: each mail is sent once, a template that throws is retried, a claim whose run died is given
 * back, and a mail no area can make ends failed with why instead of stopping the job.
 */
for (const target of testDatabases()) {
  describe(`the mail outbox on ${target.name}`, () => {
    let db: Db;
    let server: TestServer;
    let deps: AppDeps;
    let jobs: { queue: JobQueue; stop(): Promise<void> };
    let ws: number;
    const sent: Mail[] = [];
    /** How many more runs of the `test.flaky` template throw before it makes its mail. */
    let flakyFailures = 0;
    const templates: MailTemplateRegistry = {
      'test.hello': async (_deps, key) => ({ to: `${key.subjectId}@example.test`, subject: 'Hello', text: `Hello ${key.subjectId}` }),
      'test.flaky': async (_deps, key) => {
        if (flakyFailures > 0) {
          flakyFailures -= 1;
          throw new Error('The renderer is busy');
        }
        return { to: `${key.subjectId}@example.test`, subject: 'Flaky', text: 'At last' };
      },
      'test.refused': async () => ({ notSent: 'Not sent: the policy says no', status: 'refused' }),
      'test.nothing': async () => ({ notSent: 'Nothing to send' }),
    };

    beforeAll(async () => {
      db = await target.open();
      server = await startTestServer(db);
      deps = { ...server.deps, mailer: { send: async (mail) => void sent.push(mail) } };
      jobs = await startJobs(deps, { work: false, areas: [mailOutboxJobs(templates)] });
      ws = await seedWorkspace(db, await seedUser(db));
    });
    afterAll(async () => {
      await jobs?.stop();
      await server?.close();
      await db?.close();
    });
    beforeEach(() => {
      sent.length = 0;
      flakyFailures = 0;
    });

    const key = (template: string, subjectId: string): MailKey => ({ workspaceId: ws, template, subjectId });
    const record = (k: MailKey) => db.transaction((tx) => recordMail(tx, k));
    const run = () =>
      sendQueuedMails(db, {
        table: 'mail_outbox_items',
        enqueue: () => enqueueMails(deps, jobs.queue),
        drain: () => jobs.queue.drain(MAIL_JOB),
      });
    const row = async (k: MailKey) =>
      (
        await db.query<{ status: string; error: string | null; job_id: string | null }>(
          'SELECT status, error, job_id FROM mail_outbox_items WHERE workspace_id = $1 AND template = $2 AND subject_id = $3',
          [k.workspaceId, k.template, k.subjectId],
        )
      )[0];

    it('a recorded mail is sent once, however often it is recorded or its job runs', async () => {
      const k = key('test.hello', 'once');
      await record(k);
      await record(k);
      await run();
      expect(sent.map((m) => m.to)).toEqual(['once@example.test']);
      expect(await row(k)).toMatchObject({ status: 'sent', error: null });
      await jobs.queue.send(MAIL_JOB, k);
      await jobs.queue.drain(MAIL_JOB);
      await sendMail(deps, templates, k);
      expect(sent).toHaveLength(1);
    });

    it('two wake-ups at once, and two runs of one mail at once, send it once', async () => {
      const k = key('test.hello', 'twice');
      await record(k);
      const queued = await Promise.all([enqueueMails(deps, jobs.queue), enqueueMails(deps, jobs.queue), enqueueMails(deps, jobs.queue)]);
      expect(queued.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(1);
      await Promise.all([sendMail(deps, templates, k), sendMail(deps, templates, k)]);
      await run();
      expect(sent.map((m) => m.to)).toEqual(['twice@example.test']);
    });

    it('a template that throws puts the mail back in the queue with why, and the job retries it until it goes', async () => {
      const k = key('test.flaky', 'retry');
      flakyFailures = 1;
      await record(k);
      await run();
      expect(sent).toHaveLength(0);
      const waiting = await row(k);
      expect(waiting).toMatchObject({ status: 'queued', error: 'The renderer is busy' });
      const [job] = await db.query<{ state: string }>('SELECT state FROM pgboss.job WHERE id = $1', [waiting.job_id]);
      expect(job.state).toBe('retry');
      await db.query('UPDATE pgboss.job SET start_after = now() WHERE id = $1', [waiting.job_id]);
      await run();
      expect(sent.map((m) => m.subject)).toEqual(['Flaky']);
      expect(await row(k)).toMatchObject({ status: 'sent', error: null });
    });

    it('a mail server that refuses leaves the mail queued for the retry, with the reason kept meanwhile', async () => {
      const k = key('test.hello', 'down');
      await record(k);
      const down: AppDeps = {
        ...deps,
        mailer: {
          send: async () => {
            throw new Error('SMTP refused the connection');
          },
        },
      };
      await expect(sendMail(down, templates, k)).rejects.toThrow('SMTP refused');
      expect(await row(k)).toMatchObject({ status: 'queued', error: 'SMTP refused the connection' });
      await sendMail(deps, templates, k);
      expect(await row(k)).toMatchObject({ status: 'sent', error: null });
      expect(sent).toHaveLength(1);
    });

    it('a claim whose run died is given back once it is stale, and the mail goes once', async () => {
      const k = key('test.hello', 'stale');
      await record(k);
      expect(await mailOutbox.claim(db, k, deps.now())).toBeDefined();
      const outbox = { channel: MAIL_CHANNEL, requeueStale: mailOutbox.requeueStale };
      expect(await sweepStaleClaims(deps, outbox)).toBe(0);
      await run();
      expect(sent).toHaveLength(0);
      await db.query(`UPDATE mail_outbox_items SET claimed_at = now() - interval '16 minutes' WHERE subject_id = 'stale'`);
      expect(await sweepStaleClaims(deps, outbox)).toBe(1);
      await run();
      await run();
      expect(sent.map((m) => m.to)).toEqual(['stale@example.test']);
    });

    it('a template that says nothing is to go ends the mail failed or refused, with its reason', async () => {
      await record(key('test.refused', 'r'));
      await record(key('test.nothing', 'n'));
      await run();
      expect(sent).toHaveLength(0);
      expect(await row(key('test.refused', 'r'))).toMatchObject({ status: 'refused', error: 'Not sent: the policy says no' });
      expect(await row(key('test.nothing', 'n'))).toMatchObject({ status: 'failed', error: 'Nothing to send' });
    });

    it('a mail of a template no area has fails with why, and its job ends without crashing', async () => {
      const k = key('nobody.mail', 'lost');
      await record(k);
      await record(key('test.hello', 'after'));
      await run();
      const lost = await row(k);
      expect(lost).toMatchObject({ status: 'failed', error: unknownTemplateReason('nobody.mail') });
      const [job] = await db.query<{ state: string }>('SELECT state FROM pgboss.job WHERE id = $1', [lost.job_id]);
      expect(job.state).toBe('completed');
      expect(sent.map((m) => m.to)).toEqual(['after@example.test']);
    });
  });
}

describe('the mail templates of the areas', () => {
  it('each area names its templates `<area>.<name>`, and two areas never claim one', () => {
    expect(Object.keys(mailTemplates)).toEqual(
      expect.arrayContaining([
        'bookings.confirmation',
        'bookings.reminder_1h',
        'bookings.rescheduled',
        'events.tickets',
        'events.declined',
        'classifieds.inquiry',
        'marketplace.confirmation',
        'invoices.document',
        'invoices.receipt',
        'invoices.reminder_due',
        'invoices.reminder_overdue',
      ]),
    );
    const hello = async () => ({ notSent: 'x' });
    expect(() =>
      mailTemplateRegistry([
        { id: 'a', mails: { b: hello } },
        { id: 'a', mails: { b: hello } },
      ]),
    ).toThrow(/a\.b/);
  });
});
