import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classifiedDto, inquiryThread } from '../../../schema/classifieds/classifieds.js';
import { formatCents } from '../../../schema/kit/money.js';
import { mailTemplates } from '../areas.js';
import type { Db } from '../../db/db.js';
import type { AppDeps } from '../../deps.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import { startJobs } from '../../jobs/jobs.js';
import { sweepStaleClaims } from '../../jobs/outbox.js';
import { smtpMailer } from '../../mail/mailer.js';
import { enqueueMails, MAIL_CHANNEL, MAIL_JOB, mailOutbox, sendMail, type MailKey } from '../../mail/outbox.js';
import { testDatabases } from '../../../tests/support/databases.js';
import { signedInUser } from '../../../tests/support/fixtures.js';
import { quotedPrintableText as plain } from '../../../tests/support/mime.js';
import { sendQueuedMails } from '../../../tests/support/outbox.js';
import type { TestServer } from '../../../tests/support/server.js';
import { startTestServer } from '../../../tests/support/server.js';
import { startTestSmtp } from '../../../tests/support/smtp.js';
import { toldIn } from '../../../tests/support/notifications.js';
import { seedUser, seedWorkspace } from '../../../tests/support/sync-server.js';

const DAY = 86_400_000;

for (const target of testDatabases()) {
  describe(`the seller's e-mail about an inquiry on ${target.name}`, () => {
    let db: Db;
    let server: TestServer;
    let smtp: Awaited<ReturnType<typeof startTestSmtp>>;
    let jobs: { queue: JobQueue; stop(): Promise<void> };

    beforeAll(async () => {
      db = await target.open();
      smtp = await startTestSmtp();
      server = await startTestServer(db, { mailer: smtpMailer(smtp.url, 'Vuka <no-reply@vuka.africa>') });
      jobs = await startJobs(server.deps, { work: false });
    });
    afterAll(async () => {
      await jobs?.stop();
      await server?.close();
      await smtp?.close();
      await db?.close();
    });

    async function sellerWithAd(extra: Record<string, unknown> = {}) {
      const { user, client } = await signedInUser(server, { full_name: 'Palesa Mokoena' });
      // An admin beside the seller: an inquiry is the seller's alone.
      const admin = await seedUser(db);
      const ws = await seedWorkspace(db, user.id, [admin]);
      await db.query(`UPDATE workspace_members SET role = 'admin' WHERE workspace_id = $1 AND user_id = $2`, [ws, admin]);
      const res = await client.post(`/api/workspaces/${ws}/classifieds`, {
        title: 'Defy chest freezer',
        category: 'home_garden',
        price_cents: 180_000,
        status: 'published',
        allow_appointments: true,
        ...extra,
      });
      expect(res.status, res.text).toBe(200);
      return { user, client, ws, ad: classifiedDto.parse(res.json) };
    }
    const runJobs = () =>
      sendQueuedMails(db, {
        table: 'mail_outbox_items',
        enqueue: () => enqueueMails(server.deps, jobs.queue),
        drain: () => jobs.queue.drain(MAIL_JOB),
      });
    const mailKey = (workspaceId: number, inquiryId: string): MailKey => ({
      workspaceId,
      template: 'classifieds.inquiry',
      subjectId: inquiryId,
    });
    const mailsTo = (to: string) => smtp.received.filter((m) => m.to.includes(to)).map((m) => plain(m.raw));
    const mailState = async (id: string) =>
      (
        await db.query<{ status: string; error: string | null }>(
          `SELECT status, error FROM mail_outbox_items WHERE template = 'classifieds.inquiry' AND subject_id = $1`,
          [id],
        )
      )[0];

    it('a question, an offer and a viewing request each reach the seller once, with the buyer’s words and a link to the inquiry', async () => {
      const s = await sellerWithAd();
      const b = await signedInUser(server, { full_name: 'Bongani Sithole' });
      const ask = async (body: Record<string, unknown>) => {
        const res = await b.client.post(`/api/classifieds/${s.ad.id}/inquiries`, body);
        expect(res.status, res.text).toBe(200);
        return inquiryThread.parse(res.json);
      };
      const question = await ask({ message: 'Does it keep cold in load shedding?' });
      const offer = await ask({ request_type: 'offer', offer_amount_cents: 150_000, message: 'Would you take R1500?' });
      const at = new Date(server.deps.now().getTime() + 3 * DAY);
      at.setUTCHours(8, 30, 0, 0);
      const viewing = await ask({ request_type: 'viewing', viewing_at: at.toISOString(), message: 'Can I come on Saturday?' });
      // The listener may queue a job beside this run's; either way each inquiry is mailed once.
      await runJobs();

      const mails = mailsTo(s.user.email);
      expect(mails).toHaveLength(3);
      const about = (id: string) => mails.find((m) => m.includes(`/workspace/${s.ws}/classifieds/inquiries/${id}`)) ?? '';
      expect(about(question.id)).toContain('Bongani has a question about your ad');
      expect(about(question.id)).toContain('Does it keep cold in load shedding?');
      // The amount as the app writes it (its spaces may be non-breaking ones, encoded in the mail).
      expect(formatCents(150_000, 'ZAR')).toMatch(/1.500\.00/);
      expect(about(offer.id)).toMatch(/Bongani offers R.{0,12}1.500\.00 for your ad/);
      expect(about(viewing.id)).toContain('Bongani would like to view "Defy chest freezer" on');
      expect(about(viewing.id)).toContain('10:30');
      // The buyer's surname and e-mail stay inside Vuka.
      for (const m of mails) {
        expect(m).not.toContain('Sithole');
        expect(m).not.toContain(b.user.email);
      }
      expect((await mailState(offer.id)).status).toBe('sent');

      // The seller's bell has each inquiry once, and nobody else's (the workspace's admin not).
      const told = [
        [question.id, 'New question: Defy chest freezer'],
        [offer.id, 'New offer: Defy chest freezer'],
        [viewing.id, 'Viewing request: Defy chest freezer'],
      ].map(([id, title]) => ({
        user_id: s.user.id,
        kind: 'classified_inquiry',
        title,
        body: '',
        link: `/workspace/${s.ws}/classifieds/inquiries/${id}`,
      }));
      expect(await toldIn(db, s.ws, 'classified_inquiry')).toEqual(told);
      // The seller wants e-mail for inquiries by default: the one e-mail of each is the inquiry's own, no second notice.
      expect(mails.filter((m) => m.includes('Subject: Vuka: New inquiry on your ad'))).toHaveLength(0);

      // Waking the queue again, or a second job for the same inquiry, sends nothing more.
      expect(await runJobs()).toBe(0);
      expect(await jobs.queue.send(MAIL_JOB, mailKey(s.ws, offer.id), `again:${offer.id}`)).not.toBeNull();
      await jobs.queue.drain(MAIL_JOB);
      expect(mailsTo(s.user.email)).toHaveLength(3);
      // Replies in the thread are not new inquiries.
      expect((await b.client.post(`/api/classified-inquiries/${question.id}/messages`, { message: 'And the size?' })).status).toBe(200);
      expect(await runJobs()).toBe(0);
      expect(mailsTo(s.user.email)).toHaveLength(3);
      expect(await toldIn(db, s.ws, 'classified_inquiry')).toEqual(told);
    });

    it('a seller who turned off e-mail for inquiries is not e-mailed, but the bell still has the inquiry', async () => {
      const s = await sellerWithAd({ title: 'Kettle' });
      const off = await s.client.request('PUT', '/api/notifications/choices', {
        kinds: { classified_inquiry: { email: false, push: false } },
      });
      expect(off.status, off.text).toBe(200);
      const b = await signedInUser(server, { full_name: 'Ayanda Zulu' });
      const res = await b.client.post(`/api/classifieds/${s.ad.id}/inquiries`, { message: 'Does it switch off by itself?' });
      expect(res.status, res.text).toBe(200);
      const made = inquiryThread.parse(res.json);
      await runJobs();
      await runJobs();
      expect(mailsTo(s.user.email)).toHaveLength(0);
      expect(await mailState(made.id)).toBeUndefined();
      expect(await toldIn(db, s.ws, 'classified_inquiry')).toEqual([
        {
          user_id: s.user.id,
          kind: 'classified_inquiry',
          title: 'New question: Kettle',
          body: '',
          link: `/workspace/${s.ws}/classifieds/inquiries/${made.id}`,
        },
      ]);
    });

    it('a mail that fails is tried again with the reason kept meanwhile, and goes once the server answers', async () => {
      const s = await sellerWithAd({ title: 'Baby cot' });
      const b = await signedInUser(server, { full_name: 'Lindiwe Ngcobo' });
      const made = inquiryThread.parse(
        (await b.client.post(`/api/classifieds/${s.ad.id}/inquiries`, { message: 'Is the mattress included?' })).json,
      );
      const down: AppDeps = {
        ...server.deps,
        mailer: {
          send: async () => {
            throw new Error('SMTP refused the connection');
          },
        },
      };
      await expect(sendMail(down, mailTemplates, mailKey(s.ws, made.id))).rejects.toThrow('SMTP refused');
      expect(await mailState(made.id)).toEqual({ status: 'queued', error: 'SMTP refused the connection' });
      expect(mailsTo(s.user.email)).toHaveLength(0);
      await sendMail(server.deps, mailTemplates, mailKey(s.ws, made.id));
      expect(await mailState(made.id)).toEqual({ status: 'sent', error: null });
      expect(mailsTo(s.user.email)).toHaveLength(1);
      // A late retry of the failed run finds it sent.
      await sendMail(server.deps, mailTemplates, mailKey(s.ws, made.id));
      expect(mailsTo(s.user.email)).toHaveLength(1);
    });

    it('a mail whose run stopped after claiming it is sent once its claim is stale', async () => {
      const s = await sellerWithAd({ title: 'Gas braai' });
      const b = await signedInUser(server, { full_name: 'Zanele Dube' });
      const made = inquiryThread.parse(
        (await b.client.post(`/api/classifieds/${s.ad.id}/inquiries`, { message: 'Still available?' })).json,
      );
      expect(await mailOutbox.claim(db, mailKey(s.ws, made.id), server.deps.now())).toBeDefined();
      const outbox = { channel: MAIL_CHANNEL, requeueStale: mailOutbox.requeueStale };
      expect(await sweepStaleClaims(server.deps, outbox)).toBe(0);
      await runJobs();
      expect(mailsTo(s.user.email)).toHaveLength(0);
      await db.query(`UPDATE mail_outbox_items SET claimed_at = now() - interval '16 minutes' WHERE subject_id = $1`, [made.id]);
      expect(await sweepStaleClaims(server.deps, outbox)).toBe(1);
      await runJobs();
      await runJobs();
      expect(mailsTo(s.user.email)).toHaveLength(1);
      expect(await mailState(made.id)).toEqual({ status: 'sent', error: null });
    });

    it('a refused inquiry queues no mail', async () => {
      const s = await sellerWithAd({ title: 'Bakkie tyres' });
      const b = await signedInUser(server, { full_name: 'Musa Khoza' });
      const res = await b.client.post(`/api/classifieds/${s.ad.id}/inquiries`, { message: 'WhatsApp me on 082 555 1234' });
      expect(res.status).toBe(400);
      await runJobs();
      expect(mailsTo(s.user.email)).toHaveLength(0);
    });
  });
}
