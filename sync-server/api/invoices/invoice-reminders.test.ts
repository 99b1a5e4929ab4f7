import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushResponse } from '../../../schema/sync/contract.js';
import { INVOICE_REMINDERS_JOB, reminderKindOn } from './invoice-reminders.jobs.js';
import { preferenceMessages } from './invoices.service.js';
import type { Db } from '../../db/db.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import { startJobs } from '../../jobs/jobs.js';
import { smtpMailer } from '../../mail/mailer.js';
import { enqueueMails, MAIL_JOB } from '../../mail/outbox.js';
import { testDatabases } from '../../../tests/support/databases.js';
import { quotedPrintableText as plain } from '../../../tests/support/mime.js';
import { sendQueuedMails } from '../../../tests/support/outbox.js';
import { startTestServer, type TestServer } from '../../../tests/support/server.js';
import { startTestSmtp } from '../../../tests/support/smtp.js';
import { accessCookie, cookieFetch, openSyncDatabase, seedUser, seedWorkspace, syncApi } from '../../../tests/support/sync-server.js';

describe('which reminder falls on a day', () => {
  it('the due date gets the due reminder, three to thirty days after it the overdue one', () => {
    expect(reminderKindOn('2030-06-14', '2030-06-14')).toBe('due');
    expect(reminderKindOn('2030-06-14', '2030-06-15')).toBeNull();
    expect(reminderKindOn('2030-06-14', '2030-06-16')).toBeNull();
    expect(reminderKindOn('2030-06-14', '2030-06-17')).toBe('overdue');
    expect(reminderKindOn('2030-06-14', '2030-07-14')).toBe('overdue');
    expect(reminderKindOn('2030-06-14', '2030-07-15')).toBeNull();
    expect(reminderKindOn('2030-06-14', '2030-06-13')).toBeNull();
  });
});

for (const target of testDatabases()) {
  describe(`invoice reminders on ${target.name}`, () => {
    let db: Db;
    let smtp: Awaited<ReturnType<typeof startTestSmtp>>;
    let server: TestServer;
    let jobs: { queue: JobQueue; stop(): Promise<void> };
    let owner: number;
    let member: number;
    let ownerCookie: string;
    let memberCookie: string;

    beforeAll(async () => {
      db = await openSyncDatabase(target);
      smtp = await startTestSmtp();
      server = await startTestServer(db, { mailer: smtpMailer(smtp.url, 'Vuka <no-reply@vuka.africa>') });
      jobs = await startJobs(server.deps, { work: false });
      owner = await seedUser(db);
      member = await seedUser(db);
      ownerCookie = await accessCookie(server.deps, owner);
      memberCookie = await accessCookie(server.deps, member);
    });
    afterAll(async () => {
      await jobs.stop();
      await server.close();
      await smtp.close();
      await db.close();
    });

    /** A workspace in the time zone, the member in it as a plain member. */
    async function workspace(timezone: string) {
      const ws = await seedWorkspace(db, owner, [member]);
      await db.query('INSERT INTO workspace_settings (workspace_id, timezone) VALUES ($1, $2)', [ws, timezone]);
      return ws;
    }
    function invoice(ws: number, extra: Record<string, unknown> = {}) {
      const email = `${randomUUID()}@example.com`;
      return {
        id: randomUUID(),
        workspace_id: ws,
        updated_at: new Date().toISOString(),
        customer_name: 'Naledi Khumalo',
        customer_email: email,
        issue_date: '2030-05-15',
        due_date: '2030-06-14',
        currency: 'ZAR',
        invoice_number: `INV-${Math.floor(Math.random() * 900_000) + 100_000}`,
        status: 'sent',
        items: [{ id: 'l1', description: 'Logo design', quantity: 1, unit_price_cents: 100_000, tax_rate_bp: 1500 }],
        ...extra,
      };
    }
    async function push(ws: number, docs: Array<ReturnType<typeof invoice>>) {
      const res = await syncApi(server.url, ownerCookie).push(
        'invoices',
        ws,
        docs.map((d) => ({ newDocumentState: d })),
      );
      expect(res.status).toBe(200);
      expect(pushResponse.parse(res.body)).toEqual({ conflicts: [], rejected: [] });
    }
    /** Runs the reminder sweep, and the outbox that sends what it records, as the queue would, with the server's clock at `at`. */
    async function sweepAt(at: string) {
      const realClock = server.deps.now;
      server.deps.now = () => new Date(at);
      try {
        await jobs.queue.send(INVOICE_REMINDERS_JOB, {});
        await jobs.queue.drain(INVOICE_REMINDERS_JOB);
        await sendQueuedMails(db, {
          table: 'mail_outbox_items',
          enqueue: () => enqueueMails(server.deps, jobs.queue),
          drain: () => jobs.queue.drain(MAIL_JOB),
        });
      } finally {
        // Sign-ins are checked against the clock too: requests go at the real time.
        server.deps.now = realClock;
      }
    }
    const mailsTo = (to: string) => smtp.received.filter((m) => m.to.includes(to)).map((m) => plain(m.raw));

    it('an invoice due today gets one reminder with its link and balance; three days later one overdue reminder', async () => {
      const ws = await workspace('UTC');
      const partly = invoice(ws, {
        status: 'partially_paid',
        payments: [{ id: 'p1', amount_cents: 15_000, date: '2030-05-20', method: 'eft' }],
      });
      await push(ws, [partly]);
      await sweepAt('2030-06-14T09:00:00Z');
      let mails = mailsTo(partly.customer_email);
      expect(mails).toHaveLength(1);
      expect(mails[0]).toContain(`Subject: Due today: invoice ${partly.invoice_number}`);
      expect(mails[0]).toContain('R 1,000.00');
      expect(mails[0]).toMatch(new RegExp(`/storefront/[^/]+/invoice/${partly.invoice_number}\\?t=[A-Za-z0-9_-]{32}`));

      await sweepAt('2030-06-14T15:00:00Z');
      await sweepAt('2030-06-16T09:00:00Z');
      expect(mailsTo(partly.customer_email)).toHaveLength(1);

      await sweepAt('2030-06-17T09:00:00Z');
      await sweepAt('2030-06-18T09:00:00Z');
      mails = mailsTo(partly.customer_email);
      expect(mails).toHaveLength(2);
      expect(mails[1]).toContain(`Subject: Overdue: invoice ${partly.invoice_number}`);
      expect(mails[1]).toContain('R 1,000.00 is still outstanding');
      const kinds = await db.query<{ kind: string }>(
        `SELECT replace(template, 'invoices.reminder_', '') AS kind FROM mail_outbox_items
          WHERE workspace_id = $1 AND template LIKE 'invoices.reminder%' AND status = 'sent' ORDER BY kind`,
        [ws],
      );
      expect(kinds.map((k) => k.kind)).toEqual(['due', 'overdue']);
    });

    it('paid, cancelled and draft invoices, and invoices without an e-mail, get none', async () => {
      const ws = await workspace('UTC');
      const paid = invoice(ws, {
        status: 'paid',
        paid_date: '2030-06-01',
        payments: [{ id: 'p1', amount_cents: 115_000, date: '2030-06-01', method: 'eft' }],
      });
      const cancelled = invoice(ws, { status: 'cancelled' });
      const draft = invoice(ws, { status: 'draft' });
      const noMail = invoice(ws, { customer_email: undefined });
      await push(ws, [paid, cancelled, draft, noMail]);
      await sweepAt('2030-06-14T09:00:00Z');
      await sweepAt('2030-06-17T09:00:00Z');
      for (const d of [paid, cancelled, draft]) expect(mailsTo(d.customer_email)).toHaveLength(0);
      expect(
        await db.query(`SELECT 1 FROM mail_outbox_items WHERE workspace_id = $1 AND template LIKE 'invoices.reminder%'`, [ws]),
      ).toHaveLength(0);
    });

    it('a workspace that switched reminders off sends none; only an owner or admin may switch', async () => {
      const ws = await workspace('UTC');
      const url = `${server.url}/api/workspaces/${ws}/invoice-preferences`;
      const asOwner = cookieFetch(ownerCookie);
      const asMember = cookieFetch(memberCookie);
      const put = (f: typeof fetch, enabled: unknown) =>
        f(url, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ reminders_enabled: enabled }) });

      expect(await (await asMember(url)).json()).toEqual({ reminders_enabled: true });
      const refused = await put(asMember, false);
      expect(refused.status).toBe(403);
      expect(((await refused.json()) as { message: string }).message).toBe(preferenceMessages.manage);
      expect((await put(asOwner, 'no')).status).toBe(400);
      expect(await (await asOwner(url)).json()).toEqual({ reminders_enabled: true });

      const off = await put(asOwner, false);
      expect(off.status).toBe(200);
      expect(await off.json()).toEqual({ reminders_enabled: false });
      const doc = invoice(ws);
      await push(ws, [doc]);
      await sweepAt('2030-06-14T09:00:00Z');
      expect(mailsTo(doc.customer_email)).toHaveLength(0);

      expect((await put(asOwner, true)).status).toBe(200);
      await sweepAt('2030-06-14T10:00:00Z');
      expect(mailsTo(doc.customer_email)).toHaveLength(1);
    });

    it("an invoice due today in Johannesburg is reminded while UTC's day is still yesterday", async () => {
      const jhb = await workspace('Africa/Johannesburg');
      const utc = await workspace('UTC');
      const there = invoice(jhb);
      const here = invoice(utc);
      await push(jhb, [there]);
      await push(utc, [here]);
      await sweepAt('2030-06-13T22:30:00Z');
      expect(mailsTo(there.customer_email)).toHaveLength(1);
      expect(mailsTo(here.customer_email)).toHaveLength(0);
      await sweepAt('2030-06-14T00:30:00Z');
      expect(mailsTo(there.customer_email)).toHaveLength(1);
      expect(mailsTo(here.customer_email)).toHaveLength(1);
    });
  });
}
