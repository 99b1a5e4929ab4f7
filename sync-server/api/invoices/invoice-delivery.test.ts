import { createHash, randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushResponse } from '../../../schema/sync/contract.js';
import { sendMessages } from '../../../schema/invoices/invoices.js';
import { enqueueMails, MAIL_CHANNEL, MAIL_JOB, mailOutbox } from '../../mail/outbox.js';
import type { Db } from '../../db/db.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import { startJobs } from '../../jobs/jobs.js';
import { sweepStaleClaims } from '../../jobs/outbox.js';
import { saveSettings } from '../workspaces/workspaces.repo.js';
import { driveRuntime } from '../drive/drive-uploads.js';
import { insertFile } from '../drive/drive.repo.js';
import { fileKey } from '../../files/storage.js';
import { smtpMailer } from '../../mail/mailer.js';
import { testDatabases } from '../../../tests/support/databases.js';
import { sendQueuedMails } from '../../../tests/support/outbox.js';
import { sentInvoice } from '../../../tests/support/invoice-docs.js';
import { mimeAttachments } from '../../../tests/support/mime.js';
import { pdfFirstPageImages, pdfText } from '../../../tests/support/pdf-text.js';
import { startTestServer, type TestServer } from '../../../tests/support/server.js';
import { startTestSmtp } from '../../../tests/support/smtp.js';
import { accessCookie, cookieFetch, openSyncDatabase, seedUser, seedWorkspace, syncApi } from '../../../tests/support/sync-server.js';

const now = () => new Date().toISOString();

for (const target of testDatabases()) {
  describe(`invoices and quotes by e-mail on ${target.name}`, () => {
    let db: Db;
    let smtp: Awaited<ReturnType<typeof startTestSmtp>>;
    let server: TestServer;
    let jobs: { queue: JobQueue; stop(): Promise<void> };
    let api: ReturnType<typeof syncApi>;
    let ws: number;
    let otherWs: number;
    let owned: typeof fetch;
    let ownerId: number;

    beforeAll(async () => {
      db = await openSyncDatabase(target);
      smtp = await startTestSmtp();
      server = await startTestServer(db, {
        mailer: smtpMailer(smtp.url, 'Vuka <no-reply@vuka.africa>'),
        env: { DATA_DIR: mkdtempSync(join(tmpdir(), 'vuka-delivery-')) },
      });
      jobs = await startJobs(server.deps, { work: false });
      const owner = await seedUser(db);
      ws = await seedWorkspace(db, owner);
      await saveSettings(db, ws, { address: '3 Main Road, Durban' }, new Date());
      otherWs = await seedWorkspace(db, owner);
      const cookie = await accessCookie(server.deps, owner);
      api = syncApi(server.url, cookie);
      owned = cookieFetch(cookie);
      ownerId = owner;
    });
    afterAll(async () => {
      await jobs.stop();
      await server.close();
      await smtp.close();
      await db.close();
    });

    async function push(collection: string, rows: unknown[]) {
      const res = await api.push(collection, ws, rows);
      expect(res.status).toBe(200);
      return pushResponse.parse(res.body);
    }
    const runJobs = () =>
      sendQueuedMails(db, {
        table: 'mail_outbox_items',
        enqueue: () => enqueueMails(server.deps, jobs.queue),
        drain: () => jobs.queue.drain(MAIL_JOB),
      });
    const mailsTo = (to: string) => smtp.received.filter((m) => m.to.includes(to));
    const delivery = async (id: string) =>
      (
        await db.query<{ status: string; error: string | null }>(
          `SELECT m.status, m.error FROM document_deliveries d
           JOIN mail_outbox_items m ON m.workspace_id = d.workspace_id AND m.subject_id = d.id AND m.template LIKE 'invoices.%'
           WHERE d.id = $1`,
          [id],
        )
      )[0];

    it('a pushed send request reaches the customer once, with the PDF attached', async () => {
      const request = { id: randomUUID(), to: 'naledi@example.com', at: now() };
      const doc = sentInvoice(ws, { send_request: request });
      expect(await push('invoices', [{ newDocumentState: doc }])).toEqual({ conflicts: [], rejected: [] });
      expect(await delivery(request.id)).toMatchObject({ status: 'queued' });
      await runJobs();
      const mails = mailsTo('naledi@example.com');
      expect(mails).toHaveLength(1);
      expect(mails[0].raw).toMatch(/^Subject: Invoice INV-000007\r?$/m);
      const [pdf] = mimeAttachments(mails[0].raw);
      expect(pdf).toMatchObject({ filename: 'INV-000007.pdf', contentType: 'application/pdf' });
      const text = await pdfText(pdf.bytes);
      expect(text).toContain('INV-000007');
      expect(text).toContain('Logo design');
      expect(text).toContain('3 Main Road, Durban');
      expect(text).toMatch(/Total\s+R\s?2,875\.00/);
      expect(await delivery(request.id)).toMatchObject({ status: 'sent', error: null });

      // The same push again, a second run of the job and a second dispatch: still one mail.
      await push('invoices', [{ newDocumentState: doc }]);
      await jobs.queue.send(MAIL_JOB, { workspaceId: ws, template: 'invoices.document', subjectId: request.id });
      await runJobs();
      expect(mailsTo('naledi@example.com')).toHaveLength(1);
    });

    it('a mail whose run died after claiming it goes out once the claim is stale, and a live claim is left alone', async () => {
      const request = { id: randomUUID(), to: 'sipho.stale@example.com', at: now() };
      await push('invoices', [{ newDocumentState: sentInvoice(ws, { send_request: request }) }]);
      await enqueueMails(server.deps, jobs.queue);
      // A run claims the mail and its process stops before it sends.
      expect(
        await mailOutbox.claim(db, { workspaceId: ws, template: 'invoices.document', subjectId: request.id }, new Date()),
      ).toBeDefined();
      const outbox = { channel: MAIL_CHANNEL, requeueStale: mailOutbox.requeueStale };

      // Within the lease the claim may still be alive: the sweep leaves it, and the queued job does not send.
      expect(await sweepStaleClaims(server.deps, outbox)).toBe(0);
      await jobs.queue.drain(MAIL_JOB);
      expect(mailsTo('sipho.stale@example.com')).toHaveLength(0);
      expect(await delivery(request.id)).toMatchObject({ status: 'sending' });

      // Past the lease: back in the queue, with the reason shown, and sent once.
      await db.query(`UPDATE mail_outbox_items SET claimed_at = now() - interval '16 minutes' WHERE subject_id = $1`, [request.id]);
      expect(await sweepStaleClaims(server.deps, outbox)).toBe(1);
      expect(await delivery(request.id)).toMatchObject({ status: 'queued', error: 'Sending was interrupted; sending again' });
      await runJobs();
      await runJobs();
      expect(mailsTo('sipho.stale@example.com')).toHaveLength(1);
      expect(await delivery(request.id)).toMatchObject({ status: 'sent', error: null });
    });

    it('a new request for the same invoice is a second mail; a quote goes out headed Quote', async () => {
      const first = { id: randomUUID(), to: 'thabo@example.com', at: now() };
      const doc = sentInvoice(ws, { invoice_number: 'INV-000008', send_request: first });
      await push('invoices', [{ newDocumentState: doc }]);
      await runJobs();
      const quote = {
        ...sentInvoice(ws, { send_request: { id: randomUUID(), to: 'thabo@example.com', at: now() } }),
        invoice_number: undefined,
        due_date: undefined,
        quote_number: 'QUO-000003',
        expiry_date: '2026-04-01',
      };
      await push('quotes', [{ newDocumentState: quote }]);
      await runJobs();
      const mails = mailsTo('thabo@example.com');
      expect(mails).toHaveLength(2);
      const quoteMail = mails.find((m) => m.raw.includes('Subject: Quote QUO-000003'));
      expect(quoteMail).toBeDefined();
      expect(await pdfText(mimeAttachments(quoteMail?.raw ?? '')[0].bytes)).toContain('Valid until: 2026-04-01');
    });

    async function shareUrl(workspaceId: number, invoiceId: string) {
      const res = await owned(`${server.url}/api/workspaces/${workspaceId}/invoices/${invoiceId}/share-link`, {
        method: 'POST',
        headers: { origin: server.url, 'content-type': 'application/json' },
        body: '{}',
      });
      return { status: res.status, body: (await res.json()) as { url?: string; message?: string } };
    }
    const publicPath = (url: string) => {
      const u = new URL(url);
      const [, , slug, , number] = u.pathname.split('/');
      return { api: `${server.url}/api/storefront/${slug}/invoices/${number}`, token: u.searchParams.get('t') ?? '', slug, number };
    };

    it('the public page shows paid and balance to the link holder only, and opening it marks the invoice viewed', async () => {
      const payments = [{ id: randomUUID(), amount_cents: 100_000, date: '2026-03-05', method: 'eft' }];
      const doc = sentInvoice(ws, { invoice_number: 'INV-000020', payments, status: 'partially_paid' });
      await push('invoices', [{ newDocumentState: doc }]);
      const draft = sentInvoice(ws, { invoice_number: 'INV-000021', status: 'draft' });
      await push('invoices', [{ newDocumentState: draft }]);
      expect((await shareUrl(ws, draft.id)).status).toBe(409);

      const shared = await shareUrl(ws, doc.id);
      expect(shared.status).toBe(200);
      const url = shared.body.url ?? '';
      expect(url).toMatch(/\/storefront\/[^/]+\/invoice\/INV-000020\?t=[A-Za-z0-9_-]{32}$/);
      expect((await shareUrl(ws, doc.id)).body.url).toBe(url);
      const page = publicPath(url);

      const outreach = async () =>
        (await (await owned(`${server.url}/api/workspaces/${ws}/invoices/${doc.id}/outreach`)).json()) as { viewed_at: string | null };
      expect((await outreach()).viewed_at).toBeNull();

      // Wrong, missing or another invoice's token, and another workspace's address: the same plain not-found.
      // The altered token differs in its last character whatever that character was.
      const altered = `${page.token.slice(0, -1)}${page.token.endsWith('x') ? 'y' : 'x'}`;
      for (const wrong of [`${page.api}?t=${altered}`, page.api, `${page.api}?t=`]) {
        const res = await fetch(wrong);
        expect(res.status).toBe(404);
        expect(await res.json()).toEqual({ message: 'Not found' });
      }
      const other = sentInvoice(otherWs, { invoice_number: 'INV-000020' });
      await api.push('invoices', otherWs, [{ newDocumentState: other }]);
      const otherSlug = (await db.query<{ slug: string }>('SELECT slug FROM workspaces WHERE id = $1', [otherWs]))[0].slug;
      expect((await fetch(`${server.url}/api/storefront/${otherSlug}/invoices/INV-000020?t=${page.token}`)).status).toBe(404);
      expect((await fetch(`${server.url}/api/storefront/${page.slug}/invoices/INV-000021?t=${page.token}`)).status).toBe(404);
      expect((await outreach()).viewed_at).toBeNull();

      const res = await fetch(`${page.api}?t=${page.token}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toContain('no-store');
      expect(await res.json()).toMatchObject({
        heading: 'Invoice',
        number: 'INV-000020',
        status: 'partially_paid',
        customer_name: 'Naledi Khumalo',
        total_cents: 287_500,
        paid_cents: 100_000,
        balance_cents: 187_500,
        due_date: '2026-04-01',
        payable: true,
      });
      expect((await outreach()).viewed_at).toEqual(expect.any(String));
    });

    it('an issued invoice keeps the seller it was issued by after the workspace registers for VAT; new ones take the new details', async () => {
      const shop = await seedWorkspace(db, ownerId);
      await saveSettings(db, shop, { address: '3 Main Road, Durban' }, new Date());
      const pushTo = async (doc: Record<string, unknown>, assumedMasterState?: unknown) =>
        expect(pushResponse.parse((await api.push('invoices', shop, [{ newDocumentState: doc, assumedMasterState }])).body)).toEqual({
          conflicts: [],
          rejected: [],
        });
      const first = sentInvoice(shop, {
        invoice_number: 'INV-000001',
        send_request: { id: randomUUID(), to: 'first@example.com', at: now() },
      });
      const draft = sentInvoice(shop, { invoice_number: 'INV-000002', status: 'draft' });
      await pushTo(first);
      await pushTo(draft);
      const stored = async (id: string) =>
        (
          await db.query<{ issued_seller: unknown }>('SELECT issued_seller FROM invoices WHERE workspace_id = $1 AND id = $2', [shop, id])
        )[0].issued_seller;
      const name = (await db.query<{ name: string }>('SELECT name FROM workspaces WHERE id = $1', [shop]))[0].name;
      expect(await stored(first.id)).toEqual({ name, address: '3 Main Road, Durban' });
      expect(await stored(draft.id)).toBeNull();
      // The device that issued it pulls the seller with the invoice.
      const pulled = async (id: string) =>
        (await api.pull('invoices', shop, 0, '', 100)).body.documents.find((d: { id: string }) => d.id === id) as Record<string, unknown>;
      const master = await pulled(first.id);
      expect(master).toMatchObject({ issued_seller: { name, address: '3 Main Road, Durban' } });

      await saveSettings(db, shop, { address: '9 New Street, Durban', vat_number: '4123456789' }, new Date());
      // A payment and a second e-mail later: the same seller, still an "Invoice".
      const again = { id: randomUUID(), to: 'again@example.com', at: now() };
      await pushTo(
        {
          ...first,
          status: 'partially_paid',
          payments: [{ id: randomUUID(), amount_cents: 100_000, date: '2026-03-05', method: 'eft' }],
          send_request: again,
          updated_at: now(),
        },
        master,
      );
      expect(await stored(first.id)).toEqual({ name, address: '3 Main Road, Durban' });
      await runJobs();
      const [mail] = mailsTo('again@example.com');
      const text = await pdfText(mimeAttachments(mail.raw)[0].bytes);
      expect(text).toMatch(/^Invoice$/m);
      expect(text).toContain('3 Main Road, Durban');
      expect(text).not.toContain('4123456789');

      // The draft, issued now, and a new invoice are "Tax Invoices" with the new details.
      await pushTo({ ...draft, status: 'sent', updated_at: now() }, await pulled(draft.id));
      expect(await stored(draft.id)).toEqual({ name, address: '9 New Street, Durban', vat_number: '4123456789' });
      const shared = await shareUrl(shop, draft.id);
      const page = publicPath(shared.body.url ?? '');
      expect(await (await fetch(`${page.api}?t=${page.token}`)).json()).toMatchObject({
        heading: 'Tax Invoice',
        seller_address: '9 New Street, Durban',
        seller_vat_number: '4123456789',
      });
      const firstPage = publicPath((await shareUrl(shop, first.id)).body.url ?? '');
      expect(await (await fetch(`${firstPage.api}?t=${firstPage.token}`)).json()).toMatchObject({
        heading: 'Invoice',
        seller_vat_number: null,
      });
    });

    it("the mailed PDF carries the workspace's logo from its drive, converted for the PDF", async () => {
      const logoWs = await seedWorkspace(db, ownerId);
      // A WebP logo, as the app stores pictures: a PDF cannot hold WebP, so the server redraws it.
      const webp = await sharp({ create: { width: 400, height: 160, channels: 4, background: '#e07a1f' } })
        .webp()
        .toBuffer();
      const id = randomUUID();
      const key = fileKey(logoWs, id);
      await driveRuntime(server.deps).storage.put(key, webp, webp.length, 'image/webp');
      await insertFile(db, {
        ws: logoWs,
        id,
        folderId: null,
        name: 'logo.webp',
        mimeType: 'image/webp',
        size: webp.length,
        sha256: createHash('sha256').update(webp).digest('hex'),
        storageKey: key,
        thumbnailKey: null,
        userId: ownerId,
        now: new Date(),
      });
      await saveSettings(db, logoWs, { logo: id }, new Date());
      const request = { id: randomUUID(), to: 'logo-check@example.com', at: now() };
      const res = await api.push('invoices', logoWs, [{ newDocumentState: sentInvoice(logoWs, { send_request: request }) }]);
      expect(pushResponse.parse(res.body)).toEqual({ conflicts: [], rejected: [] });
      await runJobs();
      const [mail] = mailsTo('logo-check@example.com');
      const [pdf] = mimeAttachments(mail.raw);
      expect(await pdfFirstPageImages(pdf.bytes)).toBe(1);
      // Without a logo, no image.
      const [plain] = mimeAttachments(mailsTo('naledi@example.com')[0].raw);
      expect(await pdfFirstPageImages(plain.bytes)).toBe(0);
    });

    it('a logo given by address is fetched for the mailed PDF; an address the server must not reach is left out', async () => {
      const png = await sharp({ create: { width: 300, height: 120, channels: 3, background: '#1f6fe0' } })
        .png()
        .toBuffer();
      const pictures = createServer((req, res) => {
        if (req.url === '/logo.png') {
          res.writeHead(200, { 'content-type': 'image/png' }).end(png);
        } else res.writeHead(404).end();
      });
      await new Promise<void>((resolve) => pictures.listen(0, '127.0.0.1', resolve));
      const address = `http://127.0.0.1:${(pictures.address() as AddressInfo).port}/logo.png`;
      const mailWithLogo = async (to: string) => {
        const logoWs = await seedWorkspace(db, ownerId);
        await saveSettings(db, logoWs, { logo: address }, new Date());
        const request = { id: randomUUID(), to, at: now() };
        const res = await api.push('invoices', logoWs, [{ newDocumentState: sentInvoice(logoWs, { send_request: request }) }]);
        expect(pushResponse.parse(res.body)).toEqual({ conflicts: [], rejected: [] });
        await runJobs();
        const [mail] = mailsTo(to);
        return pdfFirstPageImages(mimeAttachments(mail.raw)[0].bytes);
      };
      try {
        // By default a private address (here the loopback) is refused: the invoice still goes, without the logo.
        expect(await mailWithLogo('outside-logo-refused@example.com')).toBe(0);
        server.deps.config.OUTSIDE_FETCH_PRIVATE = 'allow';
        expect(await mailWithLogo('outside-logo@example.com')).toBe(1);
      } finally {
        server.deps.config.OUTSIDE_FETCH_PRIVATE = 'refuse';
        await new Promise((resolve) => pictures.close(resolve));
      }
    });

    it('a send request without a number or to an invalid address is refused and nothing is sent', async () => {
      const unnumbered = sentInvoice(ws, {
        invoice_number: undefined,
        status: 'draft',
        send_request: { id: randomUUID(), to: 'x@example.com', at: now() },
      });
      expect((await push('invoices', [{ newDocumentState: unnumbered }])).rejected).toEqual([
        { id: unnumbered.id, code: 'invalid', message: sendMessages.noNumber },
      ]);
      const bad = sentInvoice(ws, { send_request: { id: randomUUID(), to: 'x@', at: now() } });
      expect((await push('invoices', [{ newDocumentState: bad }])).rejected[0]?.code).toBe('invalid');
      expect(await runJobs()).toBe(0);
      expect(mailsTo('x@example.com')).toHaveLength(0);
    });
  });
}
