import { randomUUID } from 'node:crypto';
import QRCode from 'qrcode';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eventMessages } from '../../../schema/events/events.js';
import { formatCents } from '../../../schema/kit/money.js';
import { verifyTicketCode } from '../../../schema/events/ticket-code.js';
import { ticketQrOptions } from '../../../schema/events/ticket-qr.js';
import { sweepStaleClaims } from '../../jobs/outbox.js';
import { TICKET_QR_PIXELS } from './ticket-qr.js';
import type { Db } from '../../db/db.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import { startJobs } from '../../jobs/jobs.js';
import { smtpMailer } from '../../mail/mailer.js';
import { enqueueMails, MAIL_CHANNEL, MAIL_JOB, mailOutbox } from '../../mail/outbox.js';
import { renderShell, siteOrigin } from '../../seo/page-meta.js';
import { metaFor } from '../../seo/seo.js';
import { payOnCheckout, startBillingHarness, type BillingHarness } from '../../../tests/support/billing.js';
import { payRefundsDue, refundStateOf } from '../../payments/refunds-due.js';
import { saveSettings } from '../workspaces/workspaces.repo.js';
import { testDatabases } from '../../../tests/support/databases.js';
import { confirmMailAddresses } from '../../../tests/support/mail-consent.js';
import { sendQueuedMails } from '../../../tests/support/outbox.js';
import { mimeAttachments, quotedPrintableText } from '../../../tests/support/mime.js';
import { pdfFirstPageImages, pdfText } from '../../../tests/support/pdf-text.js';
import { startTestSmtp } from '../../../tests/support/smtp.js';
import { toldIn } from '../../../tests/support/notifications.js';
import { accessCookie, openSyncDatabase, seedUser, seedWorkspace, syncApi } from '../../../tests/support/sync-server.js';
import { startTestServer, type TestServer } from '../../../tests/support/server.js';

/** The PNG the ticket's QR code should be, made by qrcode straight from the code's text. */
const expectedQrPng = async (code: string) =>
  (await QRCode.toBuffer(code, { ...ticketQrOptions, type: 'png', width: TICKET_QR_PIXELS })).toString('base64');

interface Json {
  status: number;
  body: Record<string, unknown>;
}

for (const target of testDatabases()) {
  describe(`events and tickets on ${target.name}`, () => {
    let db: Db;
    let harness: BillingHarness;
    let mailed: TestServer;
    let smtp: Awaited<ReturnType<typeof startTestSmtp>>;
    let jobs: { queue: JobQueue; stop(): Promise<void> };
    let base: string;
    let cookie: string;
    let adminCookie: string;
    let ws: number;
    const people = { owner: 0, admin: 0, member: 0 };

    beforeAll(async () => {
      db = await openSyncDatabase(target);
      harness = await startBillingHarness(db);
      base = harness.server.url;
      smtp = await startTestSmtp();
      mailed = await startTestServer(db, { mailer: smtpMailer(smtp.url, 'Vuka <no-reply@vuka.africa>') });
      // The job queue's workers send over SMTP; the tests run them by hand.
      jobs = await startJobs(mailed.deps, { work: false });
      const owner = await seedUser(db);
      people.owner = owner;
      people.admin = await seedUser(db);
      people.member = await seedUser(db);
      ws = await seedWorkspace(db, owner, [people.admin, people.member]);
      await db.query(`UPDATE workspace_members SET role = 'admin' WHERE workspace_id = $1 AND user_id = $2`, [ws, people.admin]);
      cookie = await accessCookie(harness.server.deps, owner);
      adminCookie = await accessCookie(harness.server.deps, people.admin);
    });
    afterAll(async () => {
      await jobs.stop();
      await mailed.close();
      await harness.close();
      await smtp.close();
      await db.close();
    });

    // Every test buys from the same address: the per-address limits on ticket orders and their mail start afresh for each.
    beforeEach(async () => {
      await db.query(`DELETE FROM rate_limits WHERE key LIKE 'tickets:%' OR key LIKE 'mail:%'`);
    });

    async function send(method: string, path: string, body?: unknown, opts: { as?: string; at?: string } = {}): Promise<Json> {
      const at = opts.at ?? base;
      const res = await fetch(at + path, {
        method,
        headers: {
          origin: at,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(opts.as === 'anonymous' ? {} : { cookie: opts.as ?? cookie }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    }
    const eventCount = async () =>
      Number((await db.query<{ n: string }>('SELECT count(*) AS n FROM events WHERE workspace_id = $1', [ws]))[0].n);
    const create = (body: Record<string, unknown>) => send('POST', `/api/workspaces/${ws}/events`, body);

    it('spec §5: start_date required, empty-string dates absent, end before start refused, price and gallery defaults, slug from title', async () => {
      const missing = await create({ title: 'No date' });
      expect(missing).toMatchObject({ status: 400, body: { message: eventMessages.startRequired } });
      const empty = await create({ title: 'Empty date', start_date: '' });
      expect(empty).toMatchObject({ status: 400, body: { errors: { start_date: [eventMessages.startRequired] } } });
      const backwards = await create({ title: 'Backwards', start_date: '2030-05-02', end_date: '2030-05-01' });
      expect(backwards).toMatchObject({ status: 400, body: { errors: { end_date: [eventMessages.endBeforeStart] } } });
      expect(await eventCount()).toBe(0);

      const first = await create({ title: 'Jazz on the Lawn', start_date: '2030-05-01T18:00:00.000Z', end_date: '' });
      expect(first.status).toBe(200);
      expect(first.body).toMatchObject({
        title: 'Jazz on the Lawn',
        slug: 'jazz-on-the-lawn',
        start_date: '2030-05-01',
        start_time: '18:00',
        end_date: null,
        price: '0',
        gallery: [],
        visibility: 'public',
        status: 'draft',
        requires_approval: false,
      });
      const second = await create({ title: 'Jazz on the Lawn', start_date: '2030-06-01', price: 150 });
      expect(second.body).toMatchObject({ slug: 'jazz-on-the-lawn-2', price: '150' });
      expect(await eventCount()).toBe(2);
    });

    it('the free plan holds five events; the sixth is refused with an upgrade and nothing stored', async () => {
      for (let n = (await eventCount()) + 1; n <= 5; n++)
        expect((await create({ title: `Event ${n}`, start_date: '2030-07-01' })).status).toBe(200);
      const sixth = await create({ title: 'Event 6', start_date: '2030-07-01' });
      expect(sixth.status).toBe(403);
      expect(sixth.body).toMatchObject({ code: 'plan_limit' });
      expect(String(sixth.body.message)).toMatch(/allows 5 events\. Upgrade to the .+ plan for unlimited events\./);
      expect(await eventCount()).toBe(5);
    });

    async function publishedEvent(
      types: Record<string, unknown>[],
    ): Promise<{ id: string; slug: string; publicKey: string; typeIds: string[] }> {
      await db.query('UPDATE users SET plan = $1 WHERE id = (SELECT owner_id FROM workspaces WHERE id = $2)', ['pro', ws]);
      const made = await create({ title: `Gig ${randomUUID().slice(0, 6)}`, start_date: '2030-08-01T19:30', status: 'published' });
      expect(made.status).toBe(200);
      const id = String(made.body.id);
      let detail = made.body;
      for (const t of types) {
        const added = await send('POST', `/api/workspaces/${ws}/events/${id}/ticket-types`, t);
        expect(added.status).toBe(200);
        detail = added.body;
      }
      const typeIds = (detail.ticket_types as { id: string }[]).map((t) => t.id);
      return { id, slug: String(detail.slug), publicKey: String(detail.public_key), typeIds };
    }
    // The buyers here have confirmed their addresses (the opt-in is tests/security/mail-relay.test.ts's).
    const order = async (slug: string, lines: { ticket_type_id: string; quantity: number }[], email = 'buyer@example.test', at = base) => {
      await confirmMailAddresses(db, email);
      return send('POST', `/api/public/events/${slug}/orders`, { lines, name: 'Thandi Buyer', email }, { as: 'anonymous', at });
    };
    const sold = async (typeId: string) =>
      Number((await db.query<{ sold: number }>('SELECT sold FROM ticket_types WHERE id = $1', [typeId]))[0].sold);
    const ticketsOf = async (typeId: string) =>
      Number((await db.query<{ n: string }>('SELECT count(*) AS n FROM attendees WHERE ticket_type_id = $1', [typeId]))[0].n);
    /** Hands due ticket mails to the queue and runs every job that is ready, as a worker would. */
    const runMailJobs = () =>
      sendQueuedMails(db, {
        table: 'mail_outbox_items',
        enqueue: () => enqueueMails(mailed.deps, jobs.queue),
        drain: () => jobs.queue.drain(MAIL_JOB),
      });
    const mailsTo = (to: string) => smtp.received.filter((m) => m.to.includes(to));
    /** The organisers' "tickets sold" notifications of one event: the owner and the admin, once each per order. */
    const toldSold = async (eventId: string) =>
      (await toldIn(db, ws, 'tickets_sold')).filter((n) => n.link === `/workspace/${ws}/events/${eventId}/registrations`);
    const toldEach = async (eventId: string, count: number, name: string) => {
      const [{ title }] = await db.query<{ title: string }>('SELECT title FROM events WHERE id = $1', [eventId]);
      return [people.owner, people.admin].map((user_id) => ({
        user_id,
        kind: 'tickets_sold',
        title: `${count} ticket${count === 1 ? '' : 's'} for ${title}`,
        body: `${name} has ${count === 1 ? 'a ticket' : 'tickets'}.`,
        link: `/workspace/${ws}/events/${eventId}/registrations`,
      }));
    };
    const codeOf = async (token: string) =>
      String((await send('GET', `/api/public/tickets/${token}`, undefined, { as: 'anonymous' })).body.code);

    it('20 buyers racing for the last 10 of 400 tickets: exactly 10 succeed, the 401st is refused', async () => {
      const event = await publishedEvent([{ name: 'General', price_cents: 0, quantity: 400 }]);
      const [typeId] = event.typeIds;
      await db.query('UPDATE ticket_types SET sold = 390 WHERE id = $1', [typeId]);
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) => order(event.slug, [{ ticket_type_id: typeId, quantity: 1 }], `racer${i}@example.test`)),
      );
      const won = results.filter((r) => r.status === 200);
      const lost = results.filter((r) => r.status !== 200);
      expect(won).toHaveLength(10);
      expect(lost.every((r) => r.status === 409 && r.body.message === eventMessages.soldOut)).toBe(true);
      expect(await sold(typeId)).toBe(400);
      expect(await ticketsOf(typeId)).toBe(10);
      // Each issued ticket verifies offline against the event's public key.
      for (const r of won) {
        const [t] = r.body.tickets as { id: string; token: string }[];
        const view = await send('GET', `/api/public/tickets/${t.token}`, undefined, { as: 'anonymous' });
        expect(await verifyTicketCode(String(view.body.code), event.publicKey, event.id)).toMatchObject({
          ok: true,
          claims: { ticketId: t.id },
        });
      }
      expect(await order(event.slug, [{ ticket_type_id: typeId, quantity: 1 }])).toMatchObject({ status: 409 });
    });

    it('a storefront lists its own upcoming public events only', async () => {
      const mine = await publishedEvent([{ name: 'General', price_cents: 0, quantity: 10 }]);
      const [{ slug: shopSlug }] = await db.query<{ slug: string }>('SELECT slug FROM workspaces WHERE id = $1', [ws]);
      const stranger = await seedUser(db);
      const theirWs = await seedWorkspace(db, stranger);
      await db.query(`UPDATE workspaces SET slug = $2 WHERE id = $1`, [theirWs, `other-shop-${theirWs}`]);
      const listed = await send('GET', `/api/public/events?storefront=${encodeURIComponent(shopSlug)}`, undefined, { as: 'anonymous' });
      expect(listed.status).toBe(200);
      const slugs = (listed.body.events as { slug: string }[]).map((e) => e.slug);
      expect(slugs).toContain(mine.slug);
      const theirs = await send('GET', `/api/public/events?storefront=other-shop-${theirWs}`, undefined, { as: 'anonymous' });
      expect(theirs.body.events).toEqual([]);
    });

    it('outside the sale window a ticket is refused and nothing is stored', async () => {
      const event = await publishedEvent([
        { name: 'Later', price_cents: 0, quantity: 10, sale_starts: '2099-01-01T00:00' },
        { name: 'Over', price_cents: 0, quantity: 10, sale_ends: '2001-01-01T00:00' },
      ]);
      const before = Number((await db.query<{ n: string }>('SELECT count(*) AS n FROM registrations'))[0].n);
      expect(await order(event.slug, [{ ticket_type_id: event.typeIds[0], quantity: 1 }])).toMatchObject({
        status: 409,
        body: { message: eventMessages.saleNotStarted },
      });
      expect(await order(event.slug, [{ ticket_type_id: event.typeIds[1], quantity: 1 }])).toMatchObject({
        status: 409,
        body: { message: eventMessages.saleEnded },
      });
      expect(Number((await db.query<{ n: string }>('SELECT count(*) AS n FROM registrations'))[0].n)).toBe(before);
      expect(await sold(event.typeIds[0])).toBe(0);
      // A sale window that ends before it starts is refused when the type is made.
      const bad = await send('POST', `/api/workspaces/${ws}/events/${event.id}/ticket-types`, {
        name: 'Bad',
        quantity: 1,
        sale_starts: '2030-01-02T00:00',
        sale_ends: '2030-01-01T00:00',
      });
      expect(bad).toMatchObject({ status: 400, body: { errors: { sale_ends: [eventMessages.saleEndBeforeStart] } } });
    });

    it('free tickets are e-mailed through the job queue, each with its QR code inline, its code and a PDF with the QR code', async () => {
      const event = await publishedEvent([{ name: 'Free entry', price_cents: 0, quantity: 50 }]);
      const placed = await order(event.slug, [{ ticket_type_id: event.typeIds[0], quantity: 2 }], 'smtp.buyer@example.test', mailed.url);
      expect(placed.status).toBe(200);
      // The organisers hear of the free order in the bell, once each.
      const told = await toldEach(event.id, 2, 'Thandi Buyer');
      expect(await toldSold(event.id)).toEqual(told);
      // Nothing is sent inside the request: the mail waits for the queue's worker.
      expect(mailsTo('smtp.buyer@example.test')).toHaveLength(0);
      await runMailJobs();
      await runMailJobs();
      expect(await toldSold(event.id)).toEqual(told);
      const [mail] = mailsTo('smtp.buyer@example.test');
      const text = quotedPrintableText(mail.raw);
      // A fixed subject: the event's title stays in the body (issue 35).
      expect(text).toMatch(/^Subject: Your tickets$/m);
      const codes = await Promise.all((placed.body.tickets as { token: string }[]).map((t) => codeOf(t.token)));
      for (const code of codes) {
        expect(text).toContain(`Code: ${code}`);
        // The code in the QR image is the one the door verifies offline.
        expect(await verifyTicketCode(code, event.publicKey, event.id)).toMatchObject({ ok: true });
      }
      const attached = mimeAttachments(mail.raw);
      expect(attached.filter((a) => a.contentType === 'application/pdf').map((a) => a.filename)).toEqual(['ticket-1.pdf', 'ticket-2.pdf']);
      // Each ticket's QR code is an inline PNG the HTML shows by its Content-ID (mail clients run no scripts)...
      const qrs = attached.filter((a) => a.contentType === 'image/png');
      expect(qrs.map((a) => a.contentId)).toEqual(['ticket-1-qr@tickets.vuka', 'ticket-2-qr@tickets.vuka']);
      for (const qr of qrs) expect(text).toContain(`src="cid:${qr.contentId}"`);
      // ...made from exactly the ticket's code: byte for byte what qrcode draws for that text.
      expect(qrs.map((a) => Buffer.from(a.bytes).toString('base64')).sort()).toEqual((await Promise.all(codes.map(expectedQrPng))).sort());

      const [t] = placed.body.tickets as { token: string }[];
      const pdf = await fetch(`${base}/api/public/tickets/${t.token}/pdf`);
      expect(pdf.headers.get('content-type')).toBe('application/pdf');
      const bytes = new Uint8Array(await pdf.arrayBuffer());
      expect(Buffer.from(bytes).subarray(0, 5).toString()).toBe('%PDF-');
      expect(await pdfFirstPageImages(bytes)).toBe(1);
      expect((await pdfText(bytes)).replace(/\s+/g, '')).toContain(await codeOf(t.token));
      const mailedPdf = attached.find((a) => a.filename === 'ticket-1.pdf');
      expect(await pdfFirstPageImages(mailedPdf?.bytes ?? new Uint8Array())).toBe(1);
    });

    it('a mail server refusing the first try: the queue retries the same job and the buyer gets exactly one mail', async () => {
      await runMailJobs();
      // Only the buyer's mail is in play: the organiser takes "tickets sold" in the bell alone.
      const organiser = await fetch(`${harness.server.url}/api/notifications/choices`, {
        method: 'PUT',
        headers: { cookie, origin: harness.server.url, 'content-type': 'application/json' },
        body: JSON.stringify({ kinds: { tickets_sold: { email: false, push: false } } }),
      });
      expect(organiser.status).toBe(200);
      const admin = await fetch(`${harness.server.url}/api/notifications/choices`, {
        method: 'PUT',
        headers: { cookie: adminCookie, origin: harness.server.url, 'content-type': 'application/json' },
        body: JSON.stringify({ kinds: { tickets_sold: { email: false, push: false } } }),
      });
      expect(admin.status).toBe(200);
      const event = await publishedEvent([{ name: 'Retry', price_cents: 0, quantity: 10 }]);
      const to = `retry.${randomUUID().slice(0, 8)}@example.test`;
      expect((await order(event.slug, [{ ticket_type_id: event.typeIds[0], quantity: 1 }], to)).status).toBe(200);
      smtp.refuseNext(1);
      expect(await runMailJobs()).toBe(1);
      expect(mailsTo(to)).toHaveLength(0);
      const [waiting] = await db.query<{ status: string; error: string | null; job_id: string }>(
        `SELECT m.status, m.error, m.job_id FROM mail_outbox_items m
           JOIN registrations r ON r.workspace_id = m.workspace_id AND r.id::text = m.subject_id
          WHERE m.template = 'events.tickets' AND r.email = $1`,
        [to],
      );
      expect(waiting).toMatchObject({ status: 'queued', error: expect.stringMatching(/451|busy/i) });
      const [job] = await db.query<{ state: string; retry_count: number }>('SELECT state, retry_count FROM pgboss.job WHERE id = $1', [
        waiting.job_id,
      ]);
      expect(job.state).toBe('retry');
      // The retry's wait passes; the same job runs again and sends.
      await db.query(`UPDATE pgboss.job SET start_after = now() WHERE id = $1`, [waiting.job_id]);
      expect(await runMailJobs()).toBe(1);
      expect(mailsTo(to)).toHaveLength(1);
      expect(
        (await db.query<{ retry_count: number }>('SELECT retry_count FROM pgboss.job WHERE id = $1', [waiting.job_id]))[0].retry_count,
      ).toBe(1);
      // The same mail asked for again, and its job run again: still one mail.
      const [reg] = await db.query<{ workspace_id: number; id: string }>('SELECT workspace_id, id FROM registrations WHERE email = $1', [
        to,
      ]);
      await jobs.queue.send(MAIL_JOB, { workspaceId: reg.workspace_id, template: 'events.tickets', subjectId: reg.id });
      await runMailJobs();
      expect(mailsTo(to)).toHaveLength(1);
      expect(
        (
          await db.query<{ status: string }>(`SELECT status FROM mail_outbox_items WHERE template = 'events.tickets' AND subject_id = $1`, [
            reg.id,
          ])
        )[0].status,
      ).toBe('sent');
    });

    it('tickets whose mail run stopped after claiming it are mailed once the claim is stale', async () => {
      await runMailJobs();
      const event = await publishedEvent([{ name: 'Stale', price_cents: 0, quantity: 10 }]);
      const to = `stale.${randomUUID().slice(0, 8)}@example.test`;
      expect((await order(event.slug, [{ ticket_type_id: event.typeIds[0], quantity: 1 }], to)).status).toBe(200);
      const [reg] = await db.query<{ workspace_id: number; id: string }>('SELECT workspace_id, id FROM registrations WHERE email = $1', [
        to,
      ]);
      const key = { workspaceId: reg.workspace_id, template: 'events.tickets', subjectId: reg.id };
      expect(await mailOutbox.claim(db, key, mailed.deps.now())).toBeDefined();
      const outbox = { channel: MAIL_CHANNEL, requeueStale: mailOutbox.requeueStale };
      expect(await sweepStaleClaims(mailed.deps, outbox)).toBe(0);
      await runMailJobs();
      expect(mailsTo(to)).toHaveLength(0);
      await db.query(`UPDATE mail_outbox_items SET claimed_at = now() - interval '16 minutes' WHERE subject_id = $1`, [reg.id]);
      expect(await sweepStaleClaims(mailed.deps, outbox)).toBe(1);
      await runMailJobs();
      await runMailJobs();
      expect(mailsTo(to)).toHaveLength(1);
    });

    it('paid tickets go through the card checkout; the signed webhook issues them once; a decline releases the seats', async () => {
      const event = await publishedEvent([{ name: 'VIP', price_cents: 25_000, quantity: 5 }]);
      const [typeId] = event.typeIds;
      const started = await order(event.slug, [{ ticket_type_id: typeId, quantity: 2 }], 'payer@example.test');
      expect(started.status).toBe(200);
      const reference = String(started.body.reference);
      expect(reference).toMatch(/^vktkt_/);
      // An organiser without a payout account: the platform takes the payment for them.
      expect(harness.sandbox.state.transactions.get(reference)?.subaccount).toBeNull();
      expect(await sold(typeId)).toBe(2);
      expect(await ticketsOf(typeId)).toBe(0);
      expect(await toldSold(event.id)).toEqual([]);
      await payOnCheckout(String(started.body.authorization_url));
      await harness.sandbox.idle();
      expect(await ticketsOf(typeId)).toBe(2);
      // Nothing was told while the order waited for its payment; the webhook tells the organisers once.
      const told = await toldEach(event.id, 2, 'Thandi Buyer');
      expect(await toldSold(event.id)).toEqual(told);
      // The same webhook again (a provider retry) issues and tells nothing more.
      const data = await (
        await fetch(`${harness.sandbox.apiUrl}/transaction/verify/${reference}`, {
          headers: { authorization: `Bearer ${harness.secretKey}` },
        })
      ).json();
      expect((await harness.postWebhook({ event: 'charge.success', data: (data as { data: unknown }).data })).status).toBe(200);
      expect(await ticketsOf(typeId)).toBe(2);
      expect(await toldSold(event.id)).toEqual(told);
      const state = await send('GET', `/api/public/events/${event.slug}/checkouts/${reference}`, undefined, { as: 'anonymous' });
      expect(state.body).toMatchObject({ status: 'paid' });
      expect(state.body.tickets).toHaveLength(2);
      await runMailJobs();
      expect(mailsTo('payer@example.test')).toHaveLength(1);
      expect(quotedPrintableText(mailsTo('payer@example.test')[0].raw)).toContain('Code: VK1.');

      const declined = await order(event.slug, [{ ticket_type_id: typeId, quantity: 3 }], 'declined@example.test');
      expect(await sold(typeId)).toBe(5);
      await payOnCheckout(String(declined.body.authorization_url), { number: '4000000000000002' });
      await harness.sandbox.idle();
      // Back on the event page, the checkout is asked of the card partner: declined, its seats return.
      const back = await send('GET', `/api/public/events/${event.slug}/checkouts/${String(declined.body.reference)}`, undefined, {
        as: 'anonymous',
      });
      expect(back.body).toEqual({
        status: 'failed',
        tickets: [],
        awaiting_approval: false,
        paid_cents: 0,
        currency: 'ZAR',
        vat: { tax_rate_bp: 0, tax_cents: 0, tax_included: true },
      });
      expect(await sold(typeId)).toBe(2);
      expect(await ticketsOf(typeId)).toBe(2);
      // The decline told nobody.
      expect(await toldSold(event.id)).toEqual(told);
    });

    it('an organiser with a payout account is paid into it: the ticket payment names their subaccount', async () => {
      const saved = await send('PUT', `/api/workspaces/${ws}/storefront/payout`, {
        business_name: 'Thandi Events',
        settlement_bank: '632005',
        account_number: '4081234567',
      });
      expect(saved.status).toBe(200);
      const code = String(saved.body.subaccount_code);
      try {
        const event = await publishedEvent([{ name: 'Early bird', price_cents: 15_000, quantity: 5 }]);
        const started = await order(event.slug, [{ ticket_type_id: event.typeIds[0], quantity: 1 }], 'owned@example.test');
        expect(started.status).toBe(200);
        const reference = String(started.body.reference);
        expect(harness.sandbox.state.transactions.get(reference)?.subaccount).toMatchObject({
          account: { subaccount_code: code, business_name: 'Thandi Events' },
          bearer: 'subaccount',
        });
        await payOnCheckout(String(started.body.authorization_url));
        await harness.sandbox.idle();
        expect(await ticketsOf(event.typeIds[0])).toBe(1);
      } finally {
        await db.query('UPDATE storefront_settings SET paystack_subaccount = NULL WHERE workspace_id = $1', [ws]);
      }
    });

    it('check_ins replicate append-only; two doors admitting one ticket show once in the report with both devices', async () => {
      const event = await publishedEvent([{ name: 'Door', price_cents: 0, quantity: 10 }]);
      const placed = await order(event.slug, [{ ticket_type_id: event.typeIds[0], quantity: 1 }]);
      const [ticket] = placed.body.tickets as { id: string }[];
      const api = syncApi(base, cookie);
      const admission = (device: string, at: string) => ({
        id: randomUUID(),
        workspace_id: ws,
        updated_at: at,
        event_id: event.id,
        ticket_id: ticket.id,
        device_id: device,
        device_name: `Door ${device}`,
        scanned_at: at,
      });
      const a = admission('A', '2030-08-01T17:31:00.000Z');
      const b = admission('B', '2030-08-01T17:32:00.000Z');
      expect((await api.push('check_ins', ws, [{ newDocumentState: a }])).body).toEqual({ conflicts: [], rejected: [] });
      expect((await api.push('check_ins', ws, [{ newDocumentState: b }])).body).toEqual({ conflicts: [], rejected: [] });
      const changed = await api.push('check_ins', ws, [{ newDocumentState: { ...a, device_name: 'Edited' }, assumedMasterState: a }]);
      expect(changed.body).toMatchObject({ rejected: [{ id: a.id, code: 'immutable', message: eventMessages.checkInFixed }] });
      const pulled = await api.pull('check_ins', ws);
      expect((pulled.body as { documents: { id: string }[] }).documents.map((d) => d.id).sort()).toEqual([a.id, b.id].sort());

      const report = await send('GET', `/api/workspaces/${ws}/events/${event.id}/admissions`);
      expect(report.body).toMatchObject({ admitted: 1, sold: 1 });
      expect(report.body.doubles).toEqual([
        {
          ticket_id: ticket.id,
          holder: 'Thandi Buyer',
          ticket_type: 'Door',
          admissions: [
            { device_id: 'A', device_name: 'Door A', scanned_at: a.scanned_at },
            { device_id: 'B', device_name: 'Door B', scanned_at: b.scanned_at },
          ],
        },
      ]);
    });

    it('a cancelled ticket joins the revocation list door devices fetch, and its seat goes back on sale', async () => {
      const event = await publishedEvent([{ name: 'Seat', price_cents: 0, quantity: 3 }]);
      const placed = await order(event.slug, [{ ticket_type_id: event.typeIds[0], quantity: 1 }]);
      const [ticket] = placed.body.tickets as { id: string }[];
      expect((await send('GET', `/api/workspaces/${ws}/events/${event.id}/door-kit`)).body).toMatchObject({ revoked: [], sold: 1 });
      const cancelled = await send('POST', `/api/workspaces/${ws}/events/${event.id}/attendees/${ticket.id}/cancel`, {});
      expect(cancelled.status).toBe(200);
      expect((await send('GET', `/api/workspaces/${ws}/events/${event.id}/door-kit`)).body).toMatchObject({
        revoked: [ticket.id],
        sold: 0,
        public_key: event.publicKey,
      });
      expect(await sold(event.typeIds[0])).toBe(0);
    });

    async function approvalEvent(types: Record<string, unknown>[]) {
      const event = await publishedEvent(types);
      expect((await send('PATCH', `/api/workspaces/${ws}/events/${event.id}`, { requires_approval: true })).status).toBe(200);
      return event;
    }
    const registrationsPath = (eventId: string) => `/api/workspaces/${ws}/events/${eventId}/registrations`;
    const unique = (name: string) => `${name}.${randomUUID().slice(0, 8)}@example.test`;

    it('requires_approval: registrations wait with no ticket; approval issues and mails the tickets, a decline mails a note and frees the seats', async () => {
      const event = await approvalEvent([{ name: 'Guest list', price_cents: 0, quantity: 5 }]);
      const [typeId] = event.typeIds;
      const yes = unique('approved');
      const no = unique('declined');
      const a = await order(event.slug, [{ ticket_type_id: typeId, quantity: 2 }], yes);
      expect(a).toMatchObject({ status: 200, body: { registration_status: 'pending', tickets: [] } });
      const b = await order(event.slug, [{ ticket_type_id: typeId, quantity: 1 }], no);
      expect(await ticketsOf(typeId)).toBe(0);
      // The seats are held meanwhile.
      expect(await sold(typeId)).toBe(3);
      await runMailJobs();
      expect(mailsTo(yes)).toHaveLength(0);

      const waiting = await send('GET', registrationsPath(event.id));
      expect(waiting.body.registrations).toEqual([
        {
          id: a.body.registration_id,
          name: 'Thandi Buyer',
          email: yes,
          lines: [{ ticket_type: 'Guest list', quantity: 2 }],
          payment_status: 'free',
          amount_paid_cents: 0,
          currency: 'ZAR',
          created_at: expect.any(String),
        },
        expect.objectContaining({ id: b.body.registration_id, email: no }),
      ]);

      const approved = await send('POST', `${registrationsPath(event.id)}/${String(a.body.registration_id)}/approve`, {});
      expect(approved.status).toBe(200);
      expect((approved.body.registrations as { id: string }[]).map((r) => r.id)).toEqual([b.body.registration_id]);
      expect(await ticketsOf(typeId)).toBe(2);
      const twice = await send('POST', `${registrationsPath(event.id)}/${String(a.body.registration_id)}/decline`, {});
      expect(twice).toMatchObject({ status: 409, body: { message: eventMessages.alreadyDecided } });
      await runMailJobs();
      expect(mailsTo(yes)).toHaveLength(1);
      const attached = mimeAttachments(mailsTo(yes)[0].raw);
      expect(attached.filter((x) => x.contentType === 'image/png')).toHaveLength(2);
      const holders = await send('GET', `/api/workspaces/${ws}/events/${event.id}/attendees`);
      expect(
        (holders.body.attendees as { email: string; registration_status: string }[]).map((x) => [x.email, x.registration_status]),
      ).toEqual([
        [yes, 'confirmed'],
        [yes, 'confirmed'],
      ]);

      const declined = await send('POST', `${registrationsPath(event.id)}/${String(b.body.registration_id)}/decline`, {});
      expect(declined).toMatchObject({ status: 200, body: { registrations: [] } });
      expect(await sold(typeId)).toBe(2);
      expect(await ticketsOf(typeId)).toBe(2);
      await runMailJobs();
      expect(mailsTo(no)).toHaveLength(1);
      const note = quotedPrintableText(mailsTo(no)[0].raw);
      expect(note).toMatch(/^Subject: About your registration$/m);
      expect(note).toContain('could not accept your registration');
      expect(note).not.toContain('refund');
      expect(mimeAttachments(mailsTo(no)[0].raw)).toEqual([]);
      const missing = await send('POST', `${registrationsPath(event.id)}/${randomUUID()}/approve`, {});
      expect(missing).toMatchObject({ status: 404, body: { message: eventMessages.registrationNotFound } });
    });

    it('requires_approval with paid tickets: paid first with no ticket; declined, the payment is refunded in full and the buyer is told', async () => {
      const event = await approvalEvent([{ name: 'Patron', price_cents: 40_000, quantity: 4 }]);
      const [typeId] = event.typeIds;
      const payer = unique('patron');
      const started = await order(event.slug, [{ ticket_type_id: typeId, quantity: 1 }], payer);
      await payOnCheckout(String(started.body.authorization_url));
      await harness.sandbox.idle();
      const state = await send('GET', `/api/public/events/${event.slug}/checkouts/${String(started.body.reference)}`, undefined, {
        as: 'anonymous',
      });
      // An organiser that is not VAT registered: the order carries no VAT.
      expect(state.body).toEqual({
        status: 'paid',
        tickets: [],
        awaiting_approval: true,
        paid_cents: 40_000,
        currency: 'ZAR',
        vat: { tax_rate_bp: 0, tax_cents: 0, tax_included: true },
      });
      expect(await ticketsOf(typeId)).toBe(0);
      const waiting = await send('GET', registrationsPath(event.id));
      expect(waiting.body.registrations).toEqual([
        expect.objectContaining({ email: payer, payment_status: 'paid', amount_paid_cents: 40_000 }),
      ]);
      const declined = await send('POST', `${registrationsPath(event.id)}/${String(started.body.registration_id)}/decline`, {});
      expect(declined.status, JSON.stringify(declined.body)).toBe(200);
      expect(await sold(typeId)).toBe(0);
      // The card partner was asked for the whole payment back, once.
      const reference = String(started.body.reference);
      expect(harness.sandbox.state.transactions.get(reference)?.refunded).toBe(40_000);
      expect(harness.sandbox.state.refunds.filter((r) => r.transaction.reference === reference)).toHaveLength(1);
      expect(await payRefundsDue(harness.server.deps)).toBe(0);
      expect(await refundStateOf(db, reference)).toBe('refunded');
      const after = await send('GET', `/api/workspaces/${ws}/events/${event.id}/attendees`);
      expect((after.body.attendees as unknown[]).length).toBe(0);
      await runMailJobs();
      expect(quotedPrintableText(mailsTo(payer)[0].raw)).toContain(
        // The mail text is read with no-break spaces as plain ones.
        `The ${formatCents(40_000, 'ZAR').replace(/\u00a0/g, ' ')} you paid is being refunded to your card`,
      );
    });

    it('a VAT-registered organiser’s ticket order fixes its VAT when bought: the event page and the tickets’ e-mail say "VAT included"', async () => {
      await saveSettings(
        db,
        ws,
        { vat_registered: true, vat_number: '4123456789', vat_rate_bp: 1500, prices_include_vat: true },
        new Date(),
      );
      try {
        const event = await approvalEvent([{ name: 'Patron', price_cents: 25_000, quantity: 4 }]);
        const payer = unique('vat-patron');
        const started = await order(event.slug, [{ ticket_type_id: event.typeIds[0], quantity: 1 }], payer);
        expect(started.status).toBe(200);
        await payOnCheckout(String(started.body.authorization_url));
        await harness.sandbox.idle();
        const checkout = `/api/public/events/${event.slug}/checkouts/${String(started.body.reference)}`;
        // R 250 with 15 % inside: R 32.61.
        const fixed = { tax_rate_bp: 1500, tax_cents: 3261, tax_included: true };
        const paidState = (await send('GET', checkout, undefined, { as: 'anonymous' })).body;
        expect(paidState).toMatchObject({ paid_cents: 25_000, vat: fixed });
        const money = (cents: number) => formatCents(cents, String(paidState.currency)).replace(/\u00a0/g, ' ');
        // A later change of the settings leaves the order as bought.
        await saveSettings(db, ws, { vat_registered: false, vat_number: '' }, new Date());
        expect((await send('GET', checkout, undefined, { as: 'anonymous' })).body).toMatchObject({ vat: fixed });
        const approved = await send('POST', `${registrationsPath(event.id)}/${String(started.body.registration_id)}/approve`, {});
        expect(approved.status).toBe(200);
        await runMailJobs();
        const mail = quotedPrintableText(mailsTo(payer)[0].raw).replace(/\u00a0/g, ' ');
        expect(mail).toContain(`Paid ${money(25_000)} · VAT included ${money(3261)}.`);

        // VAT on top of the price: charged with it, and said so.
        await saveSettings(
          db,
          ws,
          { vat_registered: true, vat_number: '4123456789', vat_rate_bp: 1500, prices_include_vat: false },
          new Date(),
        );
        const onTop = await order(event.slug, [{ ticket_type_id: event.typeIds[0], quantity: 1 }], unique('vat-on-top'));
        expect(harness.sandbox.state.transactions.get(String(onTop.body.reference))?.amount).toBe(28_750);
        await payOnCheckout(String(onTop.body.authorization_url));
        await harness.sandbox.idle();
        const onTopState = await send('GET', `/api/public/events/${event.slug}/checkouts/${String(onTop.body.reference)}`, undefined, {
          as: 'anonymous',
        });
        expect(onTopState.body).toMatchObject({ paid_cents: 28_750, vat: { tax_rate_bp: 1500, tax_cents: 3750, tax_included: false } });
      } finally {
        await saveSettings(db, ws, { vat_registered: false, vat_number: '', prices_include_vat: true }, new Date());
      }
    });

    it("another workspace's organiser can neither approve nor decline these registrations, through either workspace's path", async () => {
      const event = await approvalEvent([{ name: 'Door list', price_cents: 0, quantity: 5 }]);
      const placed = await order(event.slug, [{ ticket_type_id: event.typeIds[0], quantity: 1 }], unique('guarded'));
      const regId = String(placed.body.registration_id);
      const stranger = await seedUser(db);
      const theirWs = await seedWorkspace(db, stranger);
      const theirs = await accessCookie(harness.server.deps, stranger);
      const theirEvent = await send(
        'POST',
        `/api/workspaces/${theirWs}/events`,
        { title: 'Their gig', start_date: '2030-09-01' },
        { as: theirs },
      );
      expect(theirEvent.status).toBe(200);
      for (const action of ['approve', 'decline']) {
        const viaOurs = await send('POST', `${registrationsPath(event.id)}/${regId}/${action}`, {}, { as: theirs });
        expect(viaOurs.status).toBe(403);
        const viaTheirs = await send(
          'POST',
          `/api/workspaces/${theirWs}/events/${event.id}/registrations/${regId}/${action}`,
          {},
          { as: theirs },
        );
        expect(viaTheirs).toMatchObject({ status: 404, body: { message: eventMessages.notFound } });
        const viaTheirEvent = await send(
          'POST',
          `/api/workspaces/${theirWs}/events/${String(theirEvent.body.id)}/registrations/${regId}/${action}`,
          {},
          { as: theirs },
        );
        expect(viaTheirEvent).toMatchObject({ status: 404, body: { message: eventMessages.registrationNotFound } });
      }
      expect((await send('GET', registrationsPath(event.id), undefined, { as: theirs })).status).toBe(403);
      const still = await send('GET', registrationsPath(event.id));
      expect((still.body.registrations as { id: string }[]).map((r) => r.id)).toEqual([regId]);
      expect(await ticketsOf(event.typeIds[0])).toBe(0);
    });

    it('a published public event page carries its title, description, canonical URL and Event JSON-LD; drafts and private events none; public ones are in sitemap.xml', async () => {
      const owner = await seedUser(db);
      const theirWs = await seedWorkspace(db, owner);
      await db.query(`INSERT INTO workspace_settings (workspace_id, timezone, currency) VALUES ($1, 'Africa/Johannesburg', 'ZAR')`, [
        theirWs,
      ]);
      const as = await accessCookie(harness.server.deps, owner);
      const make = async (body: Record<string, unknown>) => {
        const made = await send('POST', `/api/workspaces/${theirWs}/events`, { start_date: '2031-04-10T19:00', ...body }, { as });
        expect(made.status).toBe(200);
        return { id: String(made.body.id), slug: String(made.body.slug) };
      };
      const blues = await make({
        title: 'Braai and Blues',
        description: 'Live blues by the river.',
        location: 'Riverside Park, Durban',
        end_date: '2031-04-10T23:30',
        status: 'published',
      });
      for (const t of [
        { name: 'General', price_cents: 12_000, quantity: 100 },
        { name: 'VIP', price_cents: 35_000, quantity: 1 },
      ]) {
        expect((await send('POST', `/api/workspaces/${theirWs}/events/${blues.id}/ticket-types`, t, { as })).status).toBe(200);
      }
      await db.query(`UPDATE ticket_types SET sold = quantity WHERE event_id = $1 AND name = 'VIP'`, [blues.id]);
      const online = await make({ title: 'Open mic online', is_online: true, status: 'published' });
      const draft = await make({ title: 'Secret draft', status: 'draft' });
      const hidden = await make({ title: 'Members night', status: 'published', visibility: 'private' });

      const path = `/marketplace/events/${blues.slug}`;
      const meta = await metaFor(harness.server.deps, path);
      expect(meta).not.toBeNull();
      const shell = '<html><head><meta name="description" content="x" /><title>Vuka</title></head><body></body></html>';
      const html = renderShell(shell, meta ?? { title: '', description: '', path: '' }, 'https://tickets.example');
      expect(html).toContain('<title>Braai and Blues – 2031-04-10 | Vuka</title>');
      expect(html).toContain(`<link rel="canonical" href="https://tickets.example${path}" />`);
      expect(meta?.description).toContain('Riverside Park, Durban');
      expect(meta?.description).toContain(`Tickets from ${formatCents(12_000, 'ZAR')}`);
      const ld = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map(
        (m) => JSON.parse(m[1]) as Record<string, unknown>,
      );
      expect(ld.map((d) => d['@type'])).toEqual(['Event', 'BreadcrumbList']);
      expect(ld[0]).toMatchObject({
        '@context': 'https://schema.org',
        name: 'Braai and Blues',
        description: 'Live blues by the river.',
        // The venue's wall clock, at its zone's offset.
        startDate: '2031-04-10T19:00:00+02:00',
        endDate: '2031-04-10T23:30:00+02:00',
        eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
        location: { '@type': 'Place', name: 'Riverside Park, Durban' },
        url: `${siteOrigin(harness.server.deps)}${path}`,
        organizer: { '@type': 'Organization' },
        offers: [
          { '@type': 'Offer', name: 'General', price: '120.00', priceCurrency: 'ZAR', availability: 'https://schema.org/InStock' },
          { '@type': 'Offer', name: 'VIP', price: '350.00', priceCurrency: 'ZAR', availability: 'https://schema.org/SoldOut' },
        ],
      });

      // No cover: no og:image; online: a virtual location; no ticket types yet: the event's own price.
      const onlineMeta = await metaFor(harness.server.deps, `/marketplace/events/${online.slug}`);
      expect(onlineMeta?.image).toBeUndefined();
      expect(renderShell(shell, onlineMeta ?? { title: '', description: '', path: '' }, 'https://tickets.example')).not.toContain(
        'og:image',
      );
      expect(onlineMeta?.jsonLd?.[0]).toMatchObject({
        location: { '@type': 'VirtualLocation' },
        offers: [{ price: '0.00', priceCurrency: 'ZAR' }],
      });
      expect(await metaFor(harness.server.deps, `/marketplace/events/${draft.slug}`)).toBeNull();
      expect(await metaFor(harness.server.deps, `/marketplace/events/${hidden.slug}`)).toBeNull();
      expect(await metaFor(harness.server.deps, '/marketplace/events/no-such-event')).toBeNull();

      const xml = await (await fetch(`${base}/sitemap.xml`)).text();
      expect(xml).toContain(`/marketplace/events/${blues.slug}</loc>`);
      expect(xml).toContain(`/marketplace/events/${online.slug}</loc>`);
      expect(xml).not.toContain(`/marketplace/events/${draft.slug}<`);
      expect(xml).not.toContain(`/marketplace/events/${hidden.slug}<`);
    });

    it('another workspace cannot read or change these events', async () => {
      const stranger = await seedUser(db);
      await seedWorkspace(db, stranger);
      const theirs = await accessCookie(harness.server.deps, stranger);
      const list = await send('GET', `/api/workspaces/${ws}/events`, undefined, { as: theirs });
      expect(list.status).toBe(403);
    });
  });
}
