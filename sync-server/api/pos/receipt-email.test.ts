import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSale, newShareToken } from '../../../app/features/pos/sale.js';
import { pullResponse, pushResponse } from '../../../schema/sync/contract.js';
import { sendMessages } from '../../../schema/invoices/invoices.js';
import { posMessages, type PosOrder } from '../../../schema/pos/pos.js';
import { enqueueMails, MAIL_JOB } from '../../mail/outbox.js';
import type { Db } from '../../db/db.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import { startJobs } from '../../jobs/jobs.js';
import { smtpMailer } from '../../mail/mailer.js';
import { testDatabases } from '../../../tests/support/databases.js';
import { quotedPrintableText as plain } from '../../../tests/support/mime.js';
import { startTestServer, type TestServer } from '../../../tests/support/server.js';
import { startTestSmtp } from '../../../tests/support/smtp.js';
import { accessCookie, cookieFetch, openSyncDatabase, seedUser, seedWorkspace, syncApi } from '../../../tests/support/sync-server.js';
import { sendQueuedMails } from '../../../tests/support/outbox.js';
import { saveSettings } from '../workspaces/workspaces.repo.js';

const now = () => new Date().toISOString();
for (const target of testDatabases()) {
  describe(`receipts by e-mail from the till on ${target.name}`, () => {
    let db: Db;
    let smtp: Awaited<ReturnType<typeof startTestSmtp>>;
    let server: TestServer;
    let jobs: { queue: JobQueue; stop(): Promise<void> };
    let api: ReturnType<typeof syncApi>;
    let owned: typeof fetch;
    let ws: number;

    beforeAll(async () => {
      db = await openSyncDatabase(target);
      smtp = await startTestSmtp();
      server = await startTestServer(db, { mailer: smtpMailer(smtp.url, 'Vuka <no-reply@vuka.africa>') });
      jobs = await startJobs(server.deps, { work: false });
      const owner = await seedUser(db, { plan: 'pro' });
      ws = await seedWorkspace(db, owner);
      const cookie = await accessCookie(server.deps, owner);
      api = syncApi(server.url, cookie);
      owned = cookieFetch(cookie);
    });
    afterAll(async () => {
      await jobs.stop();
      await server.close();
      await smtp.close();
      await db.close();
    });

    async function push(rows: unknown[]) {
      const res = await api.push('pos_orders', ws, rows);
      expect(res.status).toBe(200);
      return pushResponse.parse(res.body);
    }
    async function stored(id: string) {
      return pullResponse.parse((await api.pull('pos_orders', ws, 0, '', 1000)).body).documents.find((d) => d.id === id);
    }
    // The outbox area's own listener may be queueing the same receipts: wait for each to have its job first.
    const runJobs = () =>
      sendQueuedMails(db, {
        table: 'mail_outbox_items',
        enqueue: () => enqueueMails(server.deps, jobs.queue),
        drain: () => jobs.queue.drain(MAIL_JOB),
      });
    function sale(extra: Partial<PosOrder> = {}): PosOrder {
      const built = buildSale({
        id: randomUUID(),
        workspaceId: ws,
        items: [
          { product_id: 'p-bread', name: 'Brown bread', unit_price_cents: 1_800, quantity: 2, tax_rate_bp: 1500 },
          { product_id: 'p-milk', name: 'Milk 1L', unit_price_cents: 2_150, quantity: 1, tax_rate_bp: 1500 },
        ],
        orderDiscountCents: 0,
        tender: { method: 'card' },
        deviceId: 'till-mail',
        receiptNumber: 41,
        shareToken: newShareToken(),
        now: new Date(),
      });
      if (!built.ok) throw new Error(built.message);
      return { ...built.value.order, ...extra };
    }
    const request = (to: string) => ({ id: randomUUID(), to, at: now() });
    const mailsTo = (to: string) => smtp.received.filter((m) => m.to.includes(to)).map((m) => plain(m.raw));
    const statusOf = async (orderId: string) => {
      const res = await owned(`${server.url}/api/workspaces/${ws}/invoices/${orderId}/outreach`);
      return ((await res.json()) as { deliveries: Array<{ status: string; recipient: string }> }).deliveries;
    };

    it('a sale pushed with an e-mail request mails its receipt once, with its link, lines and totals', async () => {
      const to = `${randomUUID()}@example.com`;
      const order = sale({ receipt_email: request(to) });
      expect(await push([{ newDocumentState: order }])).toEqual({ conflicts: [], rejected: [] });
      expect(await statusOf(order.id)).toMatchObject([{ status: 'queued', recipient: to }]);
      await runJobs();
      const mails = mailsTo(to);
      expect(mails).toHaveLength(1);
      expect(mails[0]).toContain('Subject: Receipt 41 from');
      expect(mails[0]).toContain('2 × Brown bread: R 36.00');
      expect(mails[0]).toContain('1 × Milk 1L: R 21.50');
      expect(mails[0]).toContain('Total: R 57.50');
      expect(mails[0]).toContain('VAT included: R 7.50');
      expect(mails[0]).toContain('Paid by Card: R 57.50');
      expect(mails[0]).toContain(`/r/${order.share_token}`);
      expect(await statusOf(order.id)).toMatchObject([{ status: 'sent', recipient: to }]);

      // The same push again, and the job run again: still one mail.
      await push([{ newDocumentState: order }]);
      await jobs.queue.send(MAIL_JOB, { workspaceId: ws, template: 'invoices.receipt', subjectId: order.receipt_email?.id });
      await runJobs();
      expect(mailsTo(to)).toHaveLength(1);
    });

    it('a receipt shows the VAT number fixed on its sale, not a later setting; a sale from before reads the current one', async () => {
      const receipt = async (token: string | undefined) => {
        const res = await fetch(`${server.url}/api/receipts/${token ?? ''}`);
        expect(res.status).toBe(200);
        return (await res.json()) as { vat_number: string | null };
      };
      await saveSettings(db, ws, { vat_registered: false, vat_number: null }, new Date());
      // Rung up while not VAT registered: the sale says so ('').
      const unregistered = sale({ seller_vat_number: '' });
      const registered = sale({ seller_vat_number: '4550001111' });
      const older = sale();
      delete (older as { seller_vat_number?: string }).seller_vat_number;
      expect(await push([{ newDocumentState: unregistered }, { newDocumentState: registered }, { newDocumentState: older }])).toEqual({
        conflicts: [],
        rejected: [],
      });
      // The seller registers for VAT afterwards.
      await saveSettings(db, ws, { vat_registered: true, vat_number: '4999999999' }, new Date());
      expect(await receipt(unregistered.share_token)).toMatchObject({ vat_number: null });
      expect(await receipt(registered.share_token)).toMatchObject({ vat_number: '4550001111' });
      expect(await receipt(older.share_token)).toMatchObject({ vat_number: '4999999999' });
      // The number cannot be changed on the completed sale afterwards.
      const master = await stored(registered.id);
      const changed = { ...master, seller_vat_number: '4999999999', updated_at: now() };
      expect((await push([{ newDocumentState: changed, assumedMasterState: master }])).rejected).toEqual([
        { id: registered.id, code: 'immutable', message: posMessages.saleFrozen },
      ]);
    });

    it('a completed sale takes an e-mail request later, and nothing else with it', async () => {
      const order = sale();
      await push([{ newDocumentState: order }]);
      const master = await stored(order.id);
      const to = `${randomUUID()}@example.com`;
      const sneaky = { ...master, receipt_email: request(to), note: 'changed', updated_at: now() };
      expect((await push([{ newDocumentState: sneaky, assumedMasterState: master }])).rejected).toEqual([
        { id: order.id, code: 'immutable', message: posMessages.saleFrozen },
      ]);
      const asked = { ...master, receipt_email: request(to), updated_at: now() };
      expect(await push([{ newDocumentState: asked, assumedMasterState: master }])).toEqual({ conflicts: [], rejected: [] });
      await runJobs();
      expect(mailsTo(to)).toHaveLength(1);
    });

    it('an invalid address, or a request on something other than a completed sale, is refused and nothing is queued', async () => {
      const bad = sale({ receipt_email: request('not-an-address') });
      const res = await push([{ newDocumentState: bad }]);
      expect(res.rejected).toHaveLength(1);
      expect(res.rejected[0]?.message).toContain(sendMessages.email);
      const pending = sale({ status: 'pending', receipt_email: request(`${randomUUID()}@example.com`) });
      expect((await push([{ newDocumentState: pending }])).rejected).toEqual([
        { id: pending.id, code: 'invalid', message: posMessages.emailNotSale },
      ]);
      const rows = await db.query('SELECT 1 FROM document_deliveries WHERE document_id = ANY($1::text[])', [[bad.id, pending.id]]);
      expect(rows).toHaveLength(0);
    });
  });
}
