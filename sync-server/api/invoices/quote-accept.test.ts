import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptMessages } from '../../../schema/invoices/quote-acceptance.js';
import { pushResponse } from '../../../schema/sync/contract.js';
import type { Db } from '../../db/db.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import { startJobs } from '../../jobs/jobs.js';
import { smtpMailer } from '../../mail/mailer.js';
import { enqueueMails, MAIL_JOB } from '../../mail/outbox.js';
import { saveSettings } from '../workspaces/workspaces.repo.js';
import { testDatabases } from '../../../tests/support/databases.js';
import { sendQueuedMails } from '../../../tests/support/outbox.js';
import { startTestServer, type TestServer } from '../../../tests/support/server.js';
import { startTestSmtp } from '../../../tests/support/smtp.js';
import { toldIn } from '../../../tests/support/notifications.js';
import { accessCookie, openSyncDatabase, seedUser, seedWorkspace, syncApi } from '../../../tests/support/sync-server.js';

const now = () => new Date().toISOString();
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** A sent quote as a device pushes it: two lines, R 3,000.00 and R 450.00 plus 15 % VAT. */
function sentQuote(workspace_id: number, extra: Record<string, unknown> = {}) {
  return {
    id: randomUUID(),
    workspace_id,
    updated_at: now(),
    customer_name: 'Thandi Mokoena',
    customer_email: 'thandi@example.com',
    customer_address: '12 Long Street, Cape Town',
    issue_date: day(-2),
    expiry_date: day(28),
    currency: 'ZAR',
    quote_number: 'QUO-000001',
    status: 'sent',
    notes: 'Deposit of half on acceptance',
    items: [
      { id: 'l1', description: 'Event décor for 60 guests', quantity: 1, unit_price_cents: 300_000, tax_rate_bp: 1500 },
      { id: 'l2', description: 'Delivery and set-up', quantity: 1, unit_price_cents: 45_000, tax_rate_bp: 1500 },
    ],
    ...extra,
  };
}

/** The link in a mail's text (quoted-printable soft breaks and escapes undone). */
const linkIn = (raw: string) =>
  /https?:\/\/[^\s"<>]+\/storefront\/[^\s"<>]+\?t=[A-Za-z0-9_-]+/.exec(raw.replace(/=\r?\n/g, '').replace(/=3D/g, '='))?.[0] ?? '';

for (const target of testDatabases()) {
  describe(`a quote accepted from its e-mail's link on ${target.name}`, () => {
    let db: Db;
    let smtp: Awaited<ReturnType<typeof startTestSmtp>>;
    let server: TestServer;
    let jobs: { queue: JobQueue; stop(): Promise<void> };
    let api: ReturnType<typeof syncApi>;
    let ws: number;
    let ownerEmail: string;
    let adminEmail: string;
    const people = { owner: 0, admin: 0, member: 0 };

    beforeAll(async () => {
      db = await openSyncDatabase(target);
      smtp = await startTestSmtp();
      server = await startTestServer(db, {
        mailer: smtpMailer(smtp.url, 'Vuka <no-reply@vuka.africa>'),
        env: { DATA_DIR: mkdtempSync(join(tmpdir(), 'vuka-quote-accept-')) },
      });
      jobs = await startJobs(server.deps, { work: false });
      const owner = await seedUser(db);
      people.owner = owner;
      people.admin = await seedUser(db);
      people.member = await seedUser(db);
      ws = await seedWorkspace(db, owner, [people.admin, people.member]);
      await db.query(`UPDATE workspace_members SET role = 'admin' WHERE workspace_id = $1 AND user_id = $2`, [ws, people.admin]);
      adminEmail = (await db.query<{ email: string }>('SELECT email FROM users WHERE id = $1', [people.admin]))[0].email;
      await saveSettings(db, ws, { address: '3 Main Road, Durban', vat_number: '4123456789', timezone: 'Africa/Johannesburg' }, new Date());
      ownerEmail = (await db.query<{ email: string }>('SELECT email FROM users WHERE id = $1', [owner]))[0].email;
      api = syncApi(server.url, await accessCookie(server.deps, owner));
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

    /** Pushes a sent quote with an e-mail request, sends the mail and returns the page's API address and token from its link. */
    async function mailedQuote(extra: Record<string, unknown> = {}) {
      const to = `customer.${randomUUID().slice(0, 8)}@example.com`;
      const doc = sentQuote(ws, { send_request: { id: randomUUID(), to, at: now() }, ...extra });
      expect(await push('quotes', [{ newDocumentState: doc }])).toEqual({ conflicts: [], rejected: [] });
      await runJobs();
      const [mail] = mailsTo(to);
      const link = new URL(linkIn(mail.raw));
      const [, , slug, kind, number] = link.pathname.split('/');
      expect(kind).toBe('quote');
      return {
        doc,
        mail,
        link,
        api: `${server.url}/api/storefront/${slug}/quotes/${number}`,
        token: link.searchParams.get('t') ?? '',
      };
    }
    const view = async (page: { api: string }, token: string) => {
      const res = await fetch(`${page.api}?t=${encodeURIComponent(token)}`);
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    };
    const accept = async (page: { api: string }, token: string | undefined) => {
      const res = await fetch(`${page.api}/accept`, {
        method: 'POST',
        headers: { origin: server.url, 'content-type': 'application/json' },
        body: JSON.stringify(token === undefined ? {} : { t: token }),
      });
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    };
    const convertedFrom = (quoteId: string) =>
      db.query<{ id: string; invoice_number: string; status: string; total_cents: string; customer_name: string; server_seq: string }>(
        'SELECT id, invoice_number, status, total_cents, customer_name, server_seq FROM invoices WHERE workspace_id = $1 AND converted_from_quote_id = $2',
        [ws, quoteId],
      );
    const storedQuote = async (id: string) =>
      (
        await db.query<{ status: string; converted_to_invoice_id: string | null; server_version: number; server_seq: string }>(
          'SELECT status, converted_to_invoice_id, server_version, server_seq FROM quotes WHERE workspace_id = $1 AND id = $2',
          [ws, id],
        )
      )[0];

    it('a quote whose prices include VAT shows the VAT inside its total, and says so', async () => {
      const page = await mailedQuote({ prices_include_vat: true });
      const opened = await view(page, page.token);
      expect(opened.status).toBe(200);
      expect(opened.body).toMatchObject({ prices_include_vat: true, total_cents: 345_000, tax_cents: 45_000 });
    });

    it('the e-mail links to the quote’s page, which shows it as issued; accepting converts it once and tells the seller once', async () => {
      const page = await mailedQuote();
      expect(page.mail.raw).toContain('view and accept it online');
      // The seller's details change after the quote was issued: the page keeps the issued ones.
      await saveSettings(db, ws, { address: '9 Other Street, Durban' }, new Date());

      const opened = await view(page, page.token);
      expect(opened.status).toBe(200);
      expect(opened.body).toMatchObject({
        heading: 'Quote',
        number: 'QUO-000001',
        standing: 'open',
        seller_address: '3 Main Road, Durban',
        seller_vat_number: '4123456789',
        customer_name: 'Thandi Mokoena',
        valid_until: page.doc.expiry_date,
        prices_include_vat: false,
        total_cents: 396_750,
      });
      const before = await storedQuote(page.doc.id);

      // Two presses at once (a double click, a second tab): one conversion.
      const [first, second] = await Promise.all([accept(page, page.token), accept(page, page.token)]);
      const statuses = [first.status, second.status].sort();
      expect(statuses).toEqual([200, 409]);
      const refused = first.status === 409 ? first : second;
      expect(refused.body).toMatchObject({ message: acceptMessages.accepted, code: 'quote_not_open' });
      const ok = first.status === 200 ? first : second;
      expect(ok.body).toMatchObject({ standing: 'accepted' });

      const invoices = await convertedFrom(page.doc.id);
      expect(invoices).toHaveLength(1);
      expect(invoices[0]).toMatchObject({ status: 'draft', customer_name: 'Thandi Mokoena' });
      expect(invoices[0].invoice_number).toMatch(/^INV-\d{6}$/);
      expect(Number(invoices[0].total_cents)).toBe(396_750);
      const after = await storedQuote(page.doc.id);
      expect(after).toMatchObject({
        status: 'accepted',
        converted_to_invoice_id: invoices[0].id,
        server_version: before.server_version + 1,
      });

      // Devices pull both through the feed.
      const pulledQuotes = (await api.pull('quotes', ws, Number(before.server_seq))).body as { documents: Array<Record<string, unknown>> };
      expect(pulledQuotes.documents.find((d) => d.id === page.doc.id)).toMatchObject({
        status: 'accepted',
        converted_to_invoice_id: invoices[0].id,
      });
      const pulledInvoices = (await api.pull('invoices', ws, Number(before.server_seq))).body as {
        documents: Array<Record<string, unknown>>;
      };
      expect(pulledInvoices.documents.find((d) => d.id === invoices[0].id)).toMatchObject({
        converted_from_quote_id: page.doc.id,
        invoice_number: invoices[0].invoice_number,
      });

      // The seller is told once, through the outbox, whatever runs again.
      await runJobs();
      await jobs.queue.send(MAIL_JOB, { workspaceId: ws, template: 'invoices.quote_accepted', subjectId: page.doc.id });
      await runJobs();
      const told = mailsTo(ownerEmail).filter((m) => /^Subject: Quote accepted: QUO-000001\r?$/m.test(m.raw));
      expect(told).toHaveLength(1);
      const text = told[0].raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
      expect(text).toContain('Thandi Mokoena accepted quote QUO-000001');
      expect(text).toContain(invoices[0].invoice_number);
      expect(text).toContain(`/workspace/${ws}/invoices/${invoices[0].id}`);

      // The bell: the owner and the admin once each (the double press told nobody twice), a member not.
      const bell = [people.owner, people.admin].map((user_id) => ({
        user_id,
        kind: 'quote_accepted',
        title: 'QUO-000001 was accepted',
        body: `Thandi Mokoena accepted the quote; invoice ${invoices[0].invoice_number} was made from it.`,
        link: `/workspace/${ws}/invoices/${invoices[0].id}`,
      }));
      expect(await toldIn(db, ws, 'quote_accepted')).toEqual(bell);
      // The owner's one e-mail is the quote's own, not a second, generic notice; the admin has the notice.
      expect(mailsTo(ownerEmail)).toHaveLength(1);
      expect(mailsTo(ownerEmail).filter((m) => m.raw.includes('Subject: Vuka: Quote accepted'))).toHaveLength(0);
      const notices = mailsTo(adminEmail);
      expect(notices).toHaveLength(1);
      expect(notices[0].raw).toContain('Subject: Vuka: Quote accepted\r\n');
      expect(notices[0].raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=')).toContain('QUO-000001 was accepted');

      // A third press later: refused, nothing more converted, sent or told.
      expect(await accept(page, page.token)).toMatchObject({ status: 409, body: { message: acceptMessages.accepted } });
      expect(await convertedFrom(page.doc.id)).toHaveLength(1);
      await runJobs();
      expect(mailsTo(ownerEmail).filter((m) => m.raw.includes('Quote accepted: QUO-000001'))).toHaveLength(1);
      expect(mailsTo(ownerEmail)).toHaveLength(1);
      expect(mailsTo(adminEmail)).toHaveLength(1);
      expect(await toldIn(db, ws, 'quote_accepted')).toEqual(bell);

      // A device that still holds the old quote and edits its notes meets the server's accepted one.
      const stale = await push('quotes', [
        {
          newDocumentState: { ...page.doc, send_request: undefined, notes: 'Changed on an old copy', updated_at: now() },
          assumedMasterState: { ...page.doc, server_version: before.server_version },
        },
      ]);
      expect(stale.conflicts).toHaveLength(1);
      expect(stale.conflicts[0]).toMatchObject({ status: 'accepted', converted_to_invoice_id: invoices[0].id });
      expect(await storedQuote(page.doc.id)).toEqual(after);
    });

    it('an expired, declined or withdrawn quote cannot be accepted, and its page says which', async () => {
      const expired = await mailedQuote({ quote_number: 'QUO-000002', expiry_date: day(-1) });
      expect((await view(expired, expired.token)).body).toMatchObject({ standing: 'expired' });
      expect(await accept(expired, expired.token)).toMatchObject({ status: 409, body: { message: acceptMessages.expired } });

      const declined = await mailedQuote({ quote_number: 'QUO-000003' });
      const master = await storedQuote(declined.doc.id);
      await push('quotes', [
        {
          newDocumentState: { ...declined.doc, status: 'declined', updated_at: now() },
          assumedMasterState: { ...declined.doc, server_version: master.server_version },
        },
      ]);
      expect((await view(declined, declined.token)).body).toMatchObject({ standing: 'declined' });
      expect(await accept(declined, declined.token)).toMatchObject({ status: 409, body: { message: acceptMessages.declined } });

      const withdrawn = await mailedQuote({ quote_number: 'QUO-000004' });
      await db.query('UPDATE quotes SET deleted = true WHERE workspace_id = $1 AND id = $2', [ws, withdrawn.doc.id]);
      expect((await view(withdrawn, withdrawn.token)).body).toMatchObject({ standing: 'withdrawn' });
      expect(await accept(withdrawn, withdrawn.token)).toMatchObject({ status: 409, body: { message: acceptMessages.withdrawn } });

      for (const q of [expired, declined, withdrawn]) expect(await convertedFrom(q.doc.id)).toEqual([]);
      expect((await toldIn(db, ws, 'quote_accepted')).filter((n) => n.title !== 'QUO-000001 was accepted')).toEqual([]);
    });

    it('a wrong or missing token is not found, and converts nothing', async () => {
      const page = await mailedQuote({ quote_number: 'QUO-000005' });
      const wrong = `${page.token.slice(0, -1)}${page.token.endsWith('x') ? 'y' : 'x'}`;
      for (const token of [wrong, '', undefined]) {
        expect(await accept(page, token)).toEqual({ status: 404, body: { message: 'Not found' } });
      }
      expect((await view(page, wrong)).status).toBe(404);
      // Another quote's number with this one's token.
      expect((await accept({ api: page.api.replace('QUO-000005', 'QUO-000001') }, page.token)).status).toBe(404);
      expect(await convertedFrom(page.doc.id)).toEqual([]);
      expect(await storedQuote(page.doc.id)).toMatchObject({ status: 'sent', converted_to_invoice_id: null });
    });
  });
}
