import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { notificationChoices, notificationList } from '../../../schema/notifications/notifications.js';
import { liveServerMessage, type LiveServerMessage } from '../../../schema/sync/contract.js';
import type { Db } from '../../db/db.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import { startJobs } from '../../jobs/jobs.js';
import { smtpMailer } from '../../mail/mailer.js';
import { enqueueMails, MAIL_JOB, mailOutboxJobs, mailTemplateId } from '../../mail/outbox.js';
import { mailTemplates } from '../areas.js';
import { testDatabases } from '../../../tests/support/databases.js';
import { sendQueuedMails } from '../../../tests/support/outbox.js';
import { startTestServer, type TestServer } from '../../../tests/support/server.js';
import { startTestSmtp } from '../../../tests/support/smtp.js';
import { eventually } from '../../../tests/support/sync-clients.js';
import {
  accessCookie,
  openSyncDatabase,
  seedUser,
  seedWorkspace,
  startSyncTestServer,
  syncApi,
} from '../../../tests/support/sync-server.js';
import { notify, tellSendFailed } from './index.js';
import { NOTICE_MAIL } from './notifications.service.js';

/** The link in a mail's text (quoted-printable soft breaks and escapes undone). */
const linkIn = (raw: string) =>
  /https?:\/\/[^\s"<>]+\/storefront\/[^\s"<>]+\?t=[A-Za-z0-9_-]+/.exec(raw.replace(/=\r?\n/g, '').replace(/=3D/g, '='))?.[0] ?? '';

for (const target of testDatabases()) {
  describe(`the notification centre on ${target.name}`, () => {
    let db: Db;
    let smtp: Awaited<ReturnType<typeof startTestSmtp>>;
    let server: TestServer;
    let jobs: { queue: JobQueue; stop(): Promise<void> };
    let ws: number;
    const people = { owner: 0, admin: 0, member: 0, stranger: 0 };
    const cookies: Record<keyof typeof people, string> = { owner: '', admin: '', member: '', stranger: '' };
    const emails: Record<keyof typeof people, string> = { owner: '', admin: '', member: '', stranger: '' };

    beforeAll(async () => {
      db = await openSyncDatabase(target);
      smtp = await startTestSmtp();
      server = await startTestServer(db, {
        mailer: smtpMailer(smtp.url, 'Vuka <no-reply@vuka.africa>'),
        env: { DATA_DIR: mkdtempSync(join(tmpdir(), 'vuka-notifications-')) },
      });
      jobs = await startJobs(server.deps, { work: false });
      for (const who of Object.keys(people) as (keyof typeof people)[]) {
        people[who] = await seedUser(db);
        cookies[who] = await accessCookie(server.deps, people[who]);
        emails[who] = (await db.query<{ email: string }>('SELECT email FROM users WHERE id = $1', [people[who]]))[0].email;
      }
      ws = await seedWorkspace(db, people.owner, [people.admin, people.member]);
      await db.query(`UPDATE workspace_members SET role = 'admin' WHERE workspace_id = $1 AND user_id = $2`, [ws, people.admin]);
    });
    afterAll(async () => {
      await jobs.stop();
      await server.close();
      await smtp.close();
      await db.close();
    });

    const runJobs = () =>
      sendQueuedMails(db, {
        table: 'mail_outbox_items',
        enqueue: () => enqueueMails(server.deps, jobs.queue),
        drain: () => jobs.queue.drain(MAIL_JOB),
      });
    const mailsTo = (to: string) => smtp.received.filter((m) => m.to.includes(to));
    const call = async (who: keyof typeof people, method: string, path: string, body?: unknown) => {
      const res = await fetch(`${server.url}${path}`, {
        method,
        headers: { cookie: cookies[who], origin: server.url, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, body: (await res.json()) as unknown };
    };
    const listOf = async (who: keyof typeof people) => {
      const res = await call(who, 'GET', '/api/notifications');
      expect(res.status).toBe(200);
      return notificationList.parse(res.body);
    };
    const paid = (about: string) => ({
      workspaceId: ws,
      kind: 'invoice_paid' as const,
      about,
      title: 'INV-000007 was paid',
      body: 'Thandi Mokoena paid R 1 150,00 by card.',
      link: `/workspace/${ws}/invoices/${about}`,
    });

    it('an event tells the owner and the admins once each, members not, and e-mails each as they chose', async () => {
      const off = await call('admin', 'PUT', '/api/notifications/choices', { kinds: { invoice_paid: { email: false, push: false } } });
      expect(off.status).toBe(200);
      const about = randomUUID();
      // Told twice (a webhook delivered again): nothing more.
      await db.transaction((tx) => notify(tx, paid(about)));
      await db.transaction((tx) => notify(tx, paid(about)));

      const owner = await listOf('owner');
      expect(owner.notifications.filter((n) => n.link.endsWith(about))).toEqual([
        expect.objectContaining({ kind: 'invoice_paid', title: 'INV-000007 was paid', workspace_id: ws, read_at: null }),
      ]);
      expect((await listOf('admin')).notifications.filter((n) => n.link.endsWith(about))).toHaveLength(1);
      expect((await listOf('member')).notifications.filter((n) => n.link.endsWith(about))).toHaveLength(0);
      expect((await listOf('stranger')).notifications).toHaveLength(0);

      await runJobs();
      await runJobs();
      const [mail, ...more] = mailsTo(emails.owner);
      expect(more).toHaveLength(0);
      expect(mail.raw).toContain('Subject: Vuka: Invoice paid\r\n');
      const text = mail.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
      expect(text).toContain('INV-000007 was paid');
      expect(text).toContain(`/workspace/${ws}/invoices/${about}`);
      expect(mailsTo(emails.admin)).toHaveLength(0);
      expect(mailsTo(emails.member)).toHaveLength(0);
    });

    it('the bell lists the newest with the unread count; marking read is the person’s own; bad input changes nothing', async () => {
      const abouts = [randomUUID(), randomUUID()];
      for (const about of abouts) await db.transaction((tx) => notify(tx, paid(about)));
      const before = await listOf('owner');
      expect(before.unread).toBe(before.notifications.filter((n) => n.read_at === null).length);
      const mine = before.notifications.filter((n) => abouts.some((a) => n.link.endsWith(a)));
      expect(mine).toHaveLength(2);
      // Newest first.
      expect(mine[0].link.endsWith(abouts[1])).toBe(true);

      // The admin cannot mark the owner's notification read.
      expect((await call('admin', 'POST', '/api/notifications/read', { ids: [mine[0].id] })).status).toBe(200);
      expect((await listOf('owner')).unread).toBe(before.unread);

      for (const bad of [{ ids: ['not-a-uuid'] }, { ids: [] }, { all: false }, { ids: [mine[0].id], all: true }, {}]) {
        expect((await call('owner', 'POST', '/api/notifications/read', bad)).status).toBe(400);
      }
      expect((await listOf('owner')).unread).toBe(before.unread);

      const one = await call('owner', 'POST', '/api/notifications/read', { ids: [mine[0].id] });
      expect(one).toEqual({ status: 200, body: { unread: before.unread - 1 } });
      const after = await listOf('owner');
      expect(after.notifications.find((n) => n.id === mine[0].id)?.read_at).not.toBeNull();
      expect(await call('owner', 'POST', '/api/notifications/read', { all: true })).toEqual({ status: 200, body: { unread: 0 } });
      expect((await listOf('owner')).unread).toBe(0);

      // Signed out: nothing.
      expect((await fetch(`${server.url}/api/notifications`)).status).toBe(401);
    });

    it('a person’s choices start from each kind’s default, are saved per kind, and a wrong kind is refused', async () => {
      const start = notificationChoices.parse((await call('member', 'GET', '/api/notifications/choices')).body);
      expect(start.kinds.invoice_viewed).toEqual({ email: false, push: false });
      expect(start.kinds.order_placed).toEqual({ email: true, push: false });

      const saved = await call('member', 'PUT', '/api/notifications/choices', { kinds: { order_placed: { email: false, push: true } } });
      expect(saved.status).toBe(200);
      const again = notificationChoices.parse((await call('member', 'GET', '/api/notifications/choices')).body);
      expect(again.kinds.order_placed).toEqual({ email: false, push: true });
      expect(again.kinds.invoice_paid).toEqual(start.kinds.invoice_paid);

      for (const bad of [
        { kinds: { no_such_kind: { email: true, push: true } } },
        { kinds: { order_placed: { email: 'yes', push: true } } },
      ]) {
        expect((await call('member', 'PUT', '/api/notifications/choices', bad)).status).toBe(400);
      }
      expect(notificationChoices.parse((await call('member', 'GET', '/api/notifications/choices')).body)).toEqual(again);
    });

    it('a new notification reaches its person’s open tabs at once, and nobody else’s', async () => {
      const open = async (url: string, who: keyof typeof people) => {
        const messages: LiveServerMessage[] = [];
        const socket = new WebSocket(url.replace('http', 'ws') + '/api/live', { headers: { origin: url, cookie: cookies[who] } });
        socket.on('message', (data) => messages.push(liveServerMessage.parse(JSON.parse(data.toString()))));
        await new Promise<void>((resolve, reject) => {
          socket.on('open', () => resolve());
          socket.on('error', reject);
        });
        return { socket, messages };
      };
      const live = await startSyncTestServer(db);
      const owner = await open(live.url, 'owner');
      const member = await open(live.url, 'member');
      await db.transaction((tx) => notify(tx, paid(randomUUID())));
      await eventually(() => expect(owner.messages).toContainEqual({ type: 'notifications' }));
      await new Promise((r) => setTimeout(r, 200));
      expect(member.messages).not.toContainEqual({ type: 'notifications' });
      owner.socket.close();
      member.socket.close();
      await live.close();
    });

    it('opening a sent invoice’s link tells the seller once, and it is not e-mailed unless chosen', async () => {
      const api = syncApi(server.url, cookies.owner);
      const to = `customer.${randomUUID().slice(0, 8)}@example.com`;
      const invoice = {
        id: randomUUID(),
        workspace_id: ws,
        updated_at: new Date().toISOString(),
        customer_name: 'Sipho Dlamini',
        customer_email: to,
        issue_date: new Date().toISOString().slice(0, 10),
        due_date: new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10),
        currency: 'ZAR',
        invoice_number: 'INV-000042',
        status: 'sent',
        items: [{ id: 'l1', description: 'Catering', quantity: 1, unit_price_cents: 100_000, tax_rate_bp: 0 }],
        send_request: { id: randomUUID(), to, at: new Date().toISOString() },
      };
      expect((await api.push('invoices', ws, [{ newDocumentState: invoice }])).status).toBe(200);
      await runJobs();
      const link = new URL(linkIn(mailsTo(to)[0].raw));
      const [, , slug, , number] = link.pathname.split('/');
      const page = `${server.url}/api/storefront/${slug}/invoices/${number}?t=${link.searchParams.get('t') ?? ''}`;
      expect((await fetch(page)).status).toBe(200);
      expect((await fetch(page)).status).toBe(200);
      const viewed = (await listOf('owner')).notifications.filter((n) => n.kind === 'invoice_viewed');
      expect(viewed).toEqual([
        expect.objectContaining({
          title: 'INV-000042 was viewed',
          body: 'Sipho Dlamini opened the invoice you sent.',
          link: `/workspace/${ws}/invoices/${invoice.id}`,
        }),
      ]);
      // "Invoice viewed" is not e-mailed unless chosen.
      const mailsBefore = mailsTo(emails.owner).length;
      await runJobs();
      expect(mailsTo(emails.owner)).toHaveLength(mailsBefore);
    });

    it('an e-mail given up on tells the people who run the workspace; a failed notice e-mail tells nobody', async () => {
      const [job] = mailOutboxJobs(mailTemplates, tellSendFailed).definitions(server.deps);
      const subjectId = randomUUID();
      await db.query(
        `INSERT INTO mail_outbox_items (workspace_id, template, subject_id, status) VALUES ($1, 'invoices.delivery', $2, 'sending')`,
        [ws, subjectId],
      );
      const key = { workspaceId: ws, template: 'invoices.delivery', subjectId };
      await job.gaveUp(key, { id: 'j1', retryCount: 5 }, new Error('550 5.1.1 mailbox unavailable'));
      const [row] = await db.query<{ status: string; error: string }>(
        'SELECT status, error FROM mail_outbox_items WHERE workspace_id = $1 AND subject_id = $2',
        [ws, subjectId],
      );
      expect(row).toEqual({ status: 'failed', error: '550 5.1.1 mailbox unavailable' });
      const failed = (await listOf('admin')).notifications.filter((n) => n.kind === 'send_failed');
      expect(failed).toEqual([
        expect.objectContaining({ title: 'An e-mail could not be sent', body: expect.stringContaining('550 5.1.1') }),
      ]);

      const notice = { workspaceId: ws, template: mailTemplateId('notifications', NOTICE_MAIL), subjectId: randomUUID() };
      await db.transaction((tx) => tellSendFailed(tx, notice, 'refused'));
      expect((await listOf('admin')).notifications.filter((n) => n.kind === 'send_failed')).toHaveLength(1);
    });
  });
}
