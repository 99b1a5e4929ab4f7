import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventMessages } from '../../schema/events.js';
import { verifyTicketCode } from '../../schema/ticket-code.js';
import type { Db } from '../../sync-server/db/db.js';
import { smtpMailer } from '../../sync-server/mail/mailer.js';
import { payOnCheckout, startBillingHarness, type BillingHarness } from '../support/billing.js';
import { testDatabases } from '../support/databases.js';
import { startTestSmtp } from '../support/smtp.js';
import { accessCookie, openSyncDatabase, seedUser, seedWorkspace, syncApi } from '../support/sync-server.js';
import { startTestServer, type TestServer } from '../support/server.js';

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
    let base: string;
    let cookie: string;
    let ws: number;

    beforeAll(async () => {
      db = await openSyncDatabase(target);
      harness = await startBillingHarness(db);
      base = harness.server.url;
      smtp = await startTestSmtp();
      mailed = await startTestServer(db, { mailer: smtpMailer(smtp.url, 'Vuka <no-reply@vuka.africa>') });
      const owner = await seedUser(db);
      ws = await seedWorkspace(db, owner);
      cookie = await accessCookie(harness.server.deps, owner);
    });
    afterAll(async () => {
      await mailed.close();
      await harness.close();
      await smtp.close();
      await db.close();
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
    const order = (slug: string, lines: { ticket_type_id: string; quantity: number }[], email = 'buyer@example.test', at = base) =>
      send('POST', `/api/public/events/${slug}/orders`, { lines, name: 'Thandi Buyer', email }, { as: 'anonymous', at });
    const sold = async (typeId: string) =>
      Number((await db.query<{ sold: number }>('SELECT sold FROM ticket_types WHERE id = $1', [typeId]))[0].sold);
    const ticketsOf = async (typeId: string) =>
      Number((await db.query<{ n: string }>('SELECT count(*) AS n FROM attendees WHERE ticket_type_id = $1', [typeId]))[0].n);

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

    it('free tickets are e-mailed over SMTP with their codes and a PDF each', async () => {
      const event = await publishedEvent([{ name: 'Free entry', price_cents: 0, quantity: 50 }]);
      const placed = await order(event.slug, [{ ticket_type_id: event.typeIds[0], quantity: 2 }], 'smtp.buyer@example.test', mailed.url);
      expect(placed.status).toBe(200);
      const mail = await smtp.waitFor('smtp.buyer@example.test');
      const raw = mail.raw.replace(/=\r?\n/g, '');
      expect(raw).toContain('Your tickets:');
      expect((raw.match(/filename="?ticket-\d\.pdf/g) ?? []).length).toBe(2);
      const [t] = placed.body.tickets as { token: string }[];
      const pdf = await fetch(`${base}/api/public/tickets/${t.token}/pdf`);
      expect(pdf.headers.get('content-type')).toBe('application/pdf');
      expect(
        Buffer.from(await pdf.arrayBuffer())
          .subarray(0, 5)
          .toString(),
      ).toBe('%PDF-');
    });

    it('paid tickets go through the card checkout; the signed webhook issues them once; a decline releases the seats', async () => {
      const event = await publishedEvent([{ name: 'VIP', price_cents: 25_000, quantity: 5 }]);
      const [typeId] = event.typeIds;
      const started = await order(event.slug, [{ ticket_type_id: typeId, quantity: 2 }], 'payer@example.test');
      expect(started.status).toBe(200);
      const reference = String(started.body.reference);
      expect(reference).toMatch(/^vktkt_/);
      expect(await sold(typeId)).toBe(2);
      expect(await ticketsOf(typeId)).toBe(0);
      await payOnCheckout(String(started.body.authorization_url));
      await harness.sandbox.idle();
      expect(await ticketsOf(typeId)).toBe(2);
      const state = await send('GET', `/api/public/events/${event.slug}/checkouts/${reference}`, undefined, { as: 'anonymous' });
      expect(state.body).toMatchObject({ status: 'paid' });
      expect(state.body.tickets).toHaveLength(2);
      const mail = await db.query<{ body_text: string }>('SELECT body_text FROM mail_outbox WHERE recipient = $1', ['payer@example.test']);
      expect(mail).toHaveLength(1);
      expect(mail[0].body_text).toContain('VK1.');

      const declined = await order(event.slug, [{ ticket_type_id: typeId, quantity: 3 }], 'declined@example.test');
      expect(await sold(typeId)).toBe(5);
      await payOnCheckout(String(declined.body.authorization_url), { number: '4000000000000002' });
      await harness.sandbox.idle();
      // Back on the event page, the checkout is asked of the card partner: declined, its seats return.
      const back = await send('GET', `/api/public/events/${event.slug}/checkouts/${String(declined.body.reference)}`, undefined, {
        as: 'anonymous',
      });
      expect(back.body).toEqual({ status: 'failed', tickets: [] });
      expect(await sold(typeId)).toBe(2);
      expect(await ticketsOf(typeId)).toBe(2);
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

    it('another workspace cannot read or change these events', async () => {
      const stranger = await seedUser(db);
      await seedWorkspace(db, stranger);
      const theirs = await accessCookie(harness.server.deps, stranger);
      const list = await send('GET', `/api/workspaces/${ws}/events`, undefined, { as: theirs });
      expect(list.status).toBe(403);
    });
  });
}
