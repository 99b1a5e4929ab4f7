import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveryMessages, documentOutreachDto } from '../../schema/invoices/contract.js';
import { pullResponse, pushResponse } from '../../schema/sync/contract.js';
import { noCountryDefaults } from '../../schema/kit/countries.js';
import { calendarDayIn } from '../../schema/kit/dates.js';
import { plans } from '../../schema/billing/plans.js';
import { buildSale, newShareToken } from '../../app/features/pos/sale.js';
import { RECEIPT_MAILS_PER_DAY } from '../../sync-server/api/invoices/document-mail-allowance.js';
import { enqueueMails, MAIL_JOB } from '../../sync-server/mail/outbox.js';
import { recordDueReminders } from '../../sync-server/api/invoices/invoice-reminders.jobs.js';
import type { Db } from '../../sync-server/db/db.js';
import type { JobQueue } from '../../sync-server/jobs/job-queue.js';
import { startJobs } from '../../sync-server/jobs/jobs.js';
import { testDatabases } from '../support/databases.js';
import { sentInvoice } from '../support/invoice-docs.js';
import { sendQueuedMails } from '../support/outbox.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { accessCookie, cookieFetch, openSyncDatabase, seedUser, seedWorkspace, syncApi } from '../support/sync-server.js';

/**
 * Probe: invoices, quotes and credit notes are no open mail relay. A device pushes a document with
 * "send this by e-mail" on it; the server mails it only when the account that asked has a verified
 * address, and a workspace only so many a day (its plan's number, reminders included). A refused
 * e-mail leaves the document stored, and its delivery says why. Mail is read from the real outbox.
 */

const DAY = 86_400_000;
const FREE_PER_DAY = plans.free.limits.documentMailsPerDay;

for (const target of testDatabases()) {
  describe(`documents are mailed for verified accounts only, and only so many a day, on ${target.name}`, () => {
    let db: Db;
    let server: TestServer;
    let jobs: { queue: JobQueue; stop(): Promise<void> };

    beforeAll(async () => {
      db = await openSyncDatabase(target);
      server = await startTestServer(db, { env: { APP_ORIGIN: 'https://app.vuka.test' } });
      jobs = await startJobs(server.deps, { work: false });
    });
    afterAll(async () => {
      await jobs?.stop();
      await server?.close();
      await db?.close();
    });

    /** A workspace on the free plan and its owner's device (a sync client), verified or not. */
    async function trader(opts: { verified: boolean; name?: string }) {
      const owner = await seedUser(db);
      if (!opts.verified) await db.query('UPDATE users SET verified = false WHERE id = $1', [owner]);
      const ws = await seedWorkspace(db, owner);
      if (opts.name) await db.query('UPDATE workspaces SET name = $2 WHERE id = $1', [ws, opts.name]);
      return { owner, ws, device: await device(owner, ws) };
    }
    /** The owner's device, signed in by the server's clock (which the tests move on). */
    async function device(owner: number, ws: number) {
      const cookie = await accessCookie(server.deps, owner);
      const api = syncApi(server.url, cookie);
      const get = cookieFetch(cookie);
      return {
        async push(rows: unknown[]) {
          const res = await api.push('invoices', ws, rows);
          expect(res.status).toBe(200);
          return pushResponse.parse(res.body);
        },
        async stored() {
          const res = await api.pull('invoices', ws, 0, '', 1000);
          return pullResponse.parse(res.body).documents;
        },
        /** What the invoice screen shows about the document's e-mails. */
        async outreach(documentId: string) {
          const res = await get(`${server.url}/api/workspaces/${ws}/invoices/${documentId}/outreach`);
          expect(res.status).toBe(200);
          return documentOutreachDto.parse(await res.json());
        },
      };
    }
    /** Invoices with a send request each, to addresses of their own under `tag`. */
    function invoicesToSend(ws: number, tag: string, count: number, from = 1) {
      return Array.from({ length: count }, (_, i) => {
        const to = `${tag}.${from + i}@example.com`;
        return sentInvoice(ws, {
          invoice_number: `INV-${String(from + i).padStart(6, '0')}`,
          customer_email: to,
          send_request: { id: randomUUID(), to, at: new Date().toISOString() },
        });
      });
    }
    const runJobs = () =>
      sendQueuedMails(db, {
        table: 'mail_outbox_items',
        enqueue: () => enqueueMails(server.deps, jobs.queue),
        drain: () => jobs.queue.drain(MAIL_JOB),
      });
    const mailsTo = (tag: string) =>
      db.query<{ recipient: string; subject: string; body_text: string }>(
        `SELECT recipient, subject, body_text FROM mail_outbox WHERE recipient LIKE $1 ORDER BY recipient, id`,
        [`${tag}.%`],
      );
    const deliveries = (ws: number) =>
      db.query<{ document_id: string; status: string; refusal: string | null; error: string | null }>(
        `SELECT d.document_id, m.status, d.refusal, m.error FROM document_deliveries d
           JOIN mail_outbox_items m ON m.workspace_id = d.workspace_id AND m.subject_id = d.id AND m.template LIKE 'invoices.%'
          WHERE d.workspace_id = $1 ORDER BY d.requested_at, d.id`,
        [ws],
      );
    const tagged = (name: string) => `${name}-${randomUUID().slice(0, 8)}`;

    it('an unverified account’s pushed send requests mail nobody; the invoices are kept and say why', async () => {
      const { owner, ws, device: phone } = await trader({ verified: false });
      const tag = tagged('unverified');
      const docs = invoicesToSend(ws, tag, FREE_PER_DAY);
      expect(await phone.push(docs.map((d) => ({ newDocumentState: d })))).toEqual({ conflicts: [], rejected: [] });
      await runJobs();

      expect(await mailsTo(tag)).toEqual([]);
      expect((await phone.stored()).map((d) => d.id).sort()).toEqual(docs.map((d) => d.id).sort());
      const rows = await deliveries(ws);
      expect(rows).toHaveLength(docs.length);
      for (const row of rows) expect(row).toMatchObject({ status: 'refused', refusal: 'unverified', error: deliveryMessages.unverified });
      expect((await phone.outreach(docs[0].id)).deliveries).toEqual([
        expect.objectContaining({ status: 'refused', refusal: 'unverified', error: deliveryMessages.unverified, sent_at: null }),
      ]);

      // Once the address is verified, sending the same invoice again (a new request) reaches the customer.
      await db.query('UPDATE users SET verified = true WHERE id = $1', [owner]);
      const [first] = (await phone.stored()).filter((d) => d.id === docs[0].id);
      const again = { ...first, send_request: { id: randomUUID(), to: docs[0].customer_email, at: new Date().toISOString() } };
      expect(await phone.push([{ newDocumentState: again, assumedMasterState: first }])).toEqual({ conflicts: [], rejected: [] });
      await runJobs();
      expect((await mailsTo(tag)).map((m) => m.recipient)).toEqual([docs[0].customer_email]);
    });

    it(`a verified free workspace mails ${FREE_PER_DAY} documents a day, however many one push asks for; the next day it sends again`, async () => {
      const { owner, ws, device: phone } = await trader({ verified: true });
      const tag = tagged('daily');
      // One push with far more requests than the day allows.
      const docs = invoicesToSend(ws, tag, FREE_PER_DAY * 3);
      expect(await phone.push(docs.map((d) => ({ newDocumentState: d })))).toEqual({ conflicts: [], rejected: [] });
      await runJobs();

      expect(await mailsTo(tag)).toHaveLength(FREE_PER_DAY);
      const rows = await deliveries(ws);
      expect(rows.filter((r) => r.status === 'sent')).toHaveLength(FREE_PER_DAY);
      const refused = rows.filter((r) => r.status === 'refused');
      expect(refused).toHaveLength(FREE_PER_DAY * 2);
      for (const row of refused) expect(row).toMatchObject({ refusal: 'daily_limit', error: deliveryMessages.dailyLimit('free') });
      expect(deliveryMessages.dailyLimit('free')).toBe(
        `Not sent: this workspace has e-mailed its ${FREE_PER_DAY} documents for today. Press Send again tomorrow. ` +
          `The Vuka plan e-mails up to ${plans.pro.limits.documentMailsPerDay} a day.`,
      );
      expect((await phone.stored()).map((d) => d.id).sort()).toEqual(docs.map((d) => d.id).sort());
      const refusedDoc = refused[0].document_id;
      expect((await phone.outreach(refusedDoc)).deliveries[0]).toMatchObject({ status: 'refused', refusal: 'daily_limit' });

      // A later push the same day is refused too.
      const late = invoicesToSend(ws, tag, 1, 1000);
      await phone.push(late.map((d) => ({ newDocumentState: d })));
      await runJobs();
      expect(await mailsTo(tag)).toHaveLength(FREE_PER_DAY);

      // The next day, "Send" again on a refused invoice reaches its customer.
      server.advance(DAY);
      const tomorrow = await device(owner, ws);
      const [stored] = (await tomorrow.stored()).filter((d) => d.id === refusedDoc);
      const again = { ...stored, send_request: { id: randomUUID(), to: String(stored.customer_email), at: new Date().toISOString() } };
      expect(await tomorrow.push([{ newDocumentState: again, assumedMasterState: stored }])).toEqual({ conflicts: [], rejected: [] });
      await runJobs();
      expect((await mailsTo(tag)).map((m) => m.recipient)).toContain(String(stored.customer_email));
      expect(await mailsTo(tag)).toHaveLength(FREE_PER_DAY + 1);
      expect((await tomorrow.outreach(refusedDoc)).deliveries[0]).toMatchObject({ status: 'sent', refusal: null, error: null });
    });

    it('reminders count against the same daily allowance, and an unverified workspace sends none', async () => {
      const today = () => calendarDayIn(server.deps.now(), noCountryDefaults.timezone);
      const dueToday = (ws: number, to: string) => sentInvoice(ws, { invoice_number: 'INV-000500', customer_email: to, due_date: today() });

      const { ws, device: phone } = await trader({ verified: true });
      const tag = tagged('reminded');
      const first = dueToday(ws, `${tag}.first@example.com`);
      await phone.push([{ newDocumentState: first }]);
      await recordDueReminders(server.deps);
      await runJobs();
      const [reminder] = await mailsTo(tag);
      expect(reminder).toMatchObject({ recipient: first.customer_email, subject: 'Due today: invoice INV-000500' });

      // The reminder took one of the day's e-mails: one of this many sends is refused.
      await phone.push(invoicesToSend(ws, tag, FREE_PER_DAY).map((d) => ({ newDocumentState: d })));
      await runJobs();
      expect(await mailsTo(tag)).toHaveLength(FREE_PER_DAY);
      expect((await deliveries(ws)).filter((r) => r.refusal === 'daily_limit')).toHaveLength(1);

      // With the day used up, an invoice due today is not reminded (and is left to be reminded later:
      // the next sweep queues it again).
      const second = dueToday(ws, `${tag}.second@example.com`);
      await phone.push([{ newDocumentState: second }]);
      await recordDueReminders(server.deps);
      await runJobs();
      expect(await mailsTo(tag)).toHaveLength(FREE_PER_DAY);
      const reminderOf = async (invoiceId: string) =>
        (
          await db.query<{ status: string; error: string | null }>(
            `SELECT status, error FROM mail_outbox_items WHERE workspace_id = $1 AND template = 'invoices.reminder_due' AND subject_id = $2`,
            [ws, invoiceId],
          )
        )[0];
      expect(await reminderOf(second.id)).toEqual({ status: 'refused', error: deliveryMessages.dailyLimit('free') });
      expect(await recordDueReminders(server.deps)).toBe(1);
      expect(await reminderOf(second.id)).toMatchObject({ status: 'queued' });
      await runJobs();
      expect(await mailsTo(tag)).toHaveLength(FREE_PER_DAY);

      const unverified = await trader({ verified: false });
      const quiet = tagged('unverified-reminder');
      await unverified.device.push([{ newDocumentState: dueToday(unverified.ws, `${quiet}.1@example.com`) }]);
      await recordDueReminders(server.deps);
      await runJobs();
      expect(await mailsTo(quiet)).toEqual([]);
    });

    it('the mail’s subject is the document’s heading and number only, never text the sender typed', async () => {
      const evil = 'Your bank\r\nBcc: victim@example.com <a href="https://evil.example">Log in</a>';
      const { ws, device: phone } = await trader({ verified: true, name: evil });
      const tag = tagged('subject');
      const [doc] = invoicesToSend(ws, tag, 1, 42);
      // A number the device made up is no system number: it stays out of the subject too.
      const [odd] = invoicesToSend(ws, tag, 1, 43).map((d) => ({ ...d, invoice_number: 'Urgent: pay now' }));
      await phone.push([{ newDocumentState: doc }, { newDocumentState: odd }]);
      await runJobs();
      const mails = await mailsTo(tag);
      expect(mails.map((m) => [m.recipient, m.subject])).toEqual([
        [doc.customer_email, 'Invoice INV-000042'],
        [odd.customer_email, 'Invoice'],
      ]);
    });

    it('a till receipt is e-mailed only for a verified account, and a workspace only so many a day', async () => {
      const sale = (ws: number, to: string) => {
        const built = buildSale({
          id: randomUUID(),
          workspaceId: ws,
          items: [{ product_id: 'p-bread', name: 'Brown bread', unit_price_cents: 1_800, quantity: 1, tax_rate_bp: 1500 }],
          orderDiscountCents: 0,
          tender: { method: 'card' },
          deviceId: 'till-probe',
          receiptNumber: 7,
          shareToken: newShareToken(),
          now: new Date(),
        });
        if (!built.ok) throw new Error(built.message);
        return { ...built.value.order, receipt_email: { id: randomUUID(), to, at: new Date().toISOString() } };
      };
      const pushSales = async (owner: number, ws: number, docs: unknown[]) => {
        const res = await syncApi(server.url, await accessCookie(server.deps, owner)).push(
          'pos_orders',
          ws,
          docs.map((newDocumentState) => ({ newDocumentState })),
        );
        expect(pushResponse.parse(res.body)).toEqual({ conflicts: [], rejected: [] });
      };

      const unverified = await trader({ verified: false });
      const quiet = tagged('receipt-unverified');
      await pushSales(unverified.owner, unverified.ws, [sale(unverified.ws, `${quiet}.1@example.com`)]);
      await runJobs();
      expect(await mailsTo(quiet)).toEqual([]);
      expect(await deliveries(unverified.ws)).toEqual([
        expect.objectContaining({ status: 'refused', refusal: 'unverified', error: deliveryMessages.unverified }),
      ]);

      // A verified till whose day's receipts are all sent (set straight in the counter) sends no more.
      const busy = await trader({ verified: true });
      const loud = tagged('receipt-busy');
      await pushSales(busy.owner, busy.ws, [sale(busy.ws, `${loud}.1@example.com`)]);
      await runJobs();
      expect(await mailsTo(loud)).toHaveLength(1);
      await db.query(`UPDATE rate_limits SET hits = $2 WHERE key = $1`, [`receipt-mail:ws:${busy.ws}`, RECEIPT_MAILS_PER_DAY]);
      await pushSales(busy.owner, busy.ws, [sale(busy.ws, `${loud}.2@example.com`)]);
      await runJobs();
      expect(await mailsTo(loud)).toHaveLength(1);
      expect((await deliveries(busy.ws)).map((d) => [d.status, d.refusal])).toEqual([
        ['sent', null],
        ['refused', 'daily_limit'],
      ]);
    });
  });
}
