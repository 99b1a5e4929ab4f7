import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  browseResult,
  classifiedDetail,
  classifiedDto,
  classifiedList,
  classifiedMessages as msg,
  inquiryThread,
  MESSAGES_PER_HOUR,
  publicListingDetail,
  reportList,
  viewingList,
} from '../../../schema/classifieds/classifieds.js';
import { CLASSIFIEDS_EXPIRY_JOB, sweepClassifieds } from './classifieds-expiry.jobs.js';
import type { Db } from '../../db/db.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import { startJobs } from '../../jobs/jobs.js';
import { smtpMailer } from '../../mail/mailer.js';
import { testDatabases } from '../../../tests/support/databases.js';
import { signIn, signedInUser, type TestUser } from '../../../tests/support/fixtures.js';
import { quotedPrintableText as plain } from '../../../tests/support/mime.js';
import type { CookieClient, TestServer } from '../../../tests/support/server.js';
import { startTestServer } from '../../../tests/support/server.js';
import { startTestSmtp } from '../../../tests/support/smtp.js';
import { seedWorkspace } from '../../../tests/support/sync-server.js';

const DAY = 86_400_000;

for (const target of testDatabases()) {
  describe(`classifieds on ${target.name}`, () => {
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

    /** A seller on `plan` with a workspace of their own. */
    async function seller(plan: 'free' | 'pro' = 'free', name = 'Thandi Nkosi') {
      const { user, client } = await signedInUser(server, { plan, full_name: name });
      const ws = await seedWorkspace(db, user.id);
      return { user, client, ws };
    }
    async function buyer(name = 'Sipho Dlamini'): Promise<{ user: TestUser; client: CookieClient }> {
      return signedInUser(server, { full_name: name });
    }
    async function listing(client: CookieClient, ws: number, extra: Record<string, unknown> = {}) {
      const res = await client.post(`/api/workspaces/${ws}/classifieds`, {
        title: 'Hisense 43" TV',
        description: 'Two years old, works well, with remote.',
        category: 'electronics',
        price_cents: 250_000,
        area: 'Soweto, Johannesburg',
        status: 'published',
        ...extra,
      });
      expect(res.status, res.text).toBe(200);
      return classifiedDto.parse(res.json);
    }
    const countRows = async (table: string) => Number((await db.query<{ n: string }>(`SELECT count(*) AS n FROM ${table}`))[0].n);

    it('a draft or a published listing is saved; only the published one is on the public list, with the seller’s first name only', async () => {
      const s = await seller('free', 'Naledi Khumalo');
      const draft = await listing(s.client, s.ws, { title: 'Draft couch', status: 'draft' });
      const live = await listing(s.client, s.ws, { title: 'Bakkie canopy', category: 'vehicles', price_cents: 450_000 });
      expect(draft.status).toBe('draft');
      expect(live.status).toBe('published');
      const list = browseResult.parse((await s.client.get('/api/classifieds?category=vehicles')).json);
      expect(list.listings.map((l) => l.id)).toContain(live.id);
      expect(list.listings.map((l) => l.id)).not.toContain(draft.id);
      const page = await s.client.get(`/api/classifieds/${live.id}`);
      const shown = publicListingDetail.parse(page.json);
      expect(shown.seller_first_name).toBe('Naledi');
      expect(shown.mine).toBe(true);
      expect(page.text).not.toContain('Khumalo');
      expect(page.text).not.toContain('@');
      expect((await s.client.get(`/api/classifieds/${draft.id}`)).status).toBe(404);
    });

    it('a listing without a title or category is refused with the spec’s words, and nothing is stored', async () => {
      const s = await seller();
      const before = await countRows('classifieds');
      const res = await s.client.post(`/api/workspaces/${s.ws}/classifieds`, { title: '  ', description: 'x' });
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.json)).toContain(msg.title);
      expect(JSON.stringify(res.json)).toContain(msg.category);
      expect(await countRows('classifieds')).toBe(before);
    });

    it('the free plan holds 10 listings: the eleventh is refused with the plan’s message; Pro has no limit', async () => {
      const s = await seller('free');
      for (let i = 0; i < 10; i++) await listing(s.client, s.ws, { title: `Item ${i}`, status: i % 2 ? 'draft' : 'published' });
      const eleventh = await s.client.post(`/api/workspaces/${s.ws}/classifieds`, { title: 'One too many', category: 'other' });
      expect(eleventh.status).toBe(403);
      expect(eleventh.json).toMatchObject({
        code: 'plan_limit',
        message: 'The Mahala plan allows 10 classified listings. Upgrade to the Vuka plan for unlimited classified listings.',
      });
      expect(classifiedList.parse((await s.client.get(`/api/workspaces/${s.ws}/classifieds`)).json).listings).toHaveLength(10);
      const rows = await db.query<{ n: string }>(`SELECT count(*) AS n FROM classifieds WHERE workspace_id = $1`, [s.ws]);
      expect(Number(rows[0].n)).toBe(10);
      const pro = await seller('pro');
      for (let i = 0; i < 11; i++) await listing(pro.client, pro.ws, { title: `Pro item ${i}`, status: 'draft' });
    });

    it('offers: 0 and above the limit are refused, no offer on your own listing, nothing stored', async () => {
      const s = await seller();
      const ad = await listing(s.client, s.ws);
      const b = await buyer();
      const before = await countRows('classified_inquiries');
      const zero = await b.client.post(`/api/classifieds/${ad.id}/inquiries`, {
        request_type: 'offer',
        offer_amount_cents: 0,
        message: 'Would you take this?',
      });
      expect(zero.status).toBe(400);
      expect(zero.json).toMatchObject({ message: msg.offerZero });
      const huge = await b.client.post(`/api/classifieds/${ad.id}/inquiries`, {
        request_type: 'offer',
        offer_amount_cents: 100_000_001,
        message: 'Would you take this?',
      });
      expect(huge.status).toBe(400);
      expect(huge.json).toMatchObject({ message: msg.offerTooHigh });
      const own = await s.client.post(`/api/classifieds/${ad.id}/inquiries`, {
        request_type: 'offer',
        offer_amount_cents: 100_00,
        message: 'Me again',
      });
      expect(own.status).toBe(403);
      expect(own.json).toMatchObject({ message: msg.ownListing });
      expect(await countRows('classified_inquiries')).toBe(before);
    });

    it('a first message with a link or a phone number is refused with the safety message; nothing is stored', async () => {
      const s = await seller();
      const ad = await listing(s.client, s.ws);
      const b = await buyer();
      const before = await countRows('classified_messages');
      for (const message of [
        'Call me on 082 555 1234',
        'WhatsApp +27 82 555 1234 please',
        'See https://pay.example.com/x',
        'details at www.scam.co.za',
      ]) {
        const res = await b.client.post(`/api/classifieds/${ad.id}/inquiries`, { message });
        expect(res.status, message).toBe(400);
        expect(res.json).toMatchObject({ message: msg.flagged });
      }
      expect(await countRows('classified_messages')).toBe(before);
      const ok = await b.client.post(`/api/classifieds/${ad.id}/inquiries`, {
        message: 'Is it still available? I can collect on the 12th.',
      });
      expect(ok.status).toBe(200);
    });

    it('offer, counter, accept: the listing is reserved for that buyer and both see the same thread', async () => {
      const s = await seller();
      const ad = await listing(s.client, s.ws);
      const b = await buyer();
      const other = await buyer('Lerato Mokoena');
      const made = inquiryThread.parse(
        (
          await b.client.post(`/api/classifieds/${ad.id}/inquiries`, {
            request_type: 'offer',
            offer_amount_cents: 200_000,
            message: 'Would you take R2000?',
          })
        ).json,
      );
      expect(made).toMatchObject({ status: 'new', offer_amount_cents: 200_000, role: 'buyer' });
      // The buyer cannot answer their own offer; a stranger cannot see the thread.
      expect((await b.client.post(`/api/classified-inquiries/${made.id}/response`, { action: 'accept' })).status).toBe(403);
      expect((await other.client.get(`/api/classified-inquiries/${made.id}`)).status).toBe(404);
      const countered = await s.client.post(`/api/classified-inquiries/${made.id}/response`, { action: 'counter', amount_cents: 230_000 });
      expect(countered.status, countered.text).toBe(200);
      expect(inquiryThread.parse(countered.json)).toMatchObject({ status: 'countered', counter_amount_cents: 230_000, role: 'seller' });
      const accepted = inquiryThread.parse(
        (await b.client.post(`/api/classified-inquiries/${made.id}/response`, { action: 'accept' })).json,
      );
      expect(accepted).toMatchObject({ status: 'accepted', offer_amount_cents: 230_000 });
      expect(accepted.messages.map((m) => m.kind)).toEqual(['offer', 'counter', 'accepted']);
      const sellerView = inquiryThread.parse((await s.client.get(`/api/classified-inquiries/${made.id}`)).json);
      expect(sellerView.messages.map((m) => m.id)).toEqual(accepted.messages.map((m) => m.id));
      const detail = classifiedDetail.parse((await s.client.get(`/api/workspaces/${s.ws}/classifieds/${ad.id}`)).json);
      expect(detail.status).toBe('reserved');
      expect(publicListingDetail.parse((await other.client.get(`/api/classifieds/${ad.id}`)).json).status).toBe('reserved');
      // Another buyer's offer on a reserved item is refused.
      const late = await other.client.post(`/api/classifieds/${ad.id}/inquiries`, {
        request_type: 'offer',
        offer_amount_cents: 300_000,
        message: 'More?',
      });
      expect(late.status).toBe(409);
      expect(late.json).toMatchObject({ message: msg.reserved });
    });

    it('no message to a sold or expired listing; nothing is stored', async () => {
      const s = await seller();
      const ad = await listing(s.client, s.ws);
      const b = await buyer();
      const asked = inquiryThread.parse((await b.client.post(`/api/classifieds/${ad.id}/inquiries`, { message: 'Still there?' })).json);
      expect((await s.client.patch(`/api/workspaces/${s.ws}/classifieds/${ad.id}`, { status: 'sold' })).status).toBe(200);
      const before = await countRows('classified_messages');
      const late = await b.client.post(`/api/classified-inquiries/${asked.id}/messages`, { message: 'Hello?' });
      expect(late.status).toBe(409);
      expect(late.json).toMatchObject({ message: msg.closed });
      const ad2 = await listing(s.client, s.ws, { run_days: 7 });
      server.advance(8 * DAY);
      try {
        // The server's clock moved on: sign in again, as a person would.
        const expired = await (await signIn(server, b.user.id)).post(`/api/classifieds/${ad2.id}/inquiries`, { message: 'Still there?' });
        expect(expired.status).toBe(409);
        expect(expired.json).toMatchObject({ message: msg.closed });
      } finally {
        server.advance(-8 * DAY);
      }
      expect(await countRows('classified_messages')).toBe(before);
    });

    it(`a person may send ${MESSAGES_PER_HOUR} messages an hour; the next is refused and not stored, and an hour later it goes`, async () => {
      const s = await seller('pro');
      const ad = await listing(s.client, s.ws);
      const b = await buyer();
      const asked = inquiryThread.parse((await b.client.post(`/api/classifieds/${ad.id}/inquiries`, { message: 'Question 1' })).json);
      for (let i = 2; i <= MESSAGES_PER_HOUR; i++) {
        const res = await b.client.post(`/api/classified-inquiries/${asked.id}/messages`, { message: `Question ${i}` });
        expect(res.status).toBe(200);
      }
      const over = await b.client.post(`/api/classified-inquiries/${asked.id}/messages`, { message: 'One more' });
      expect(over.status).toBe(429);
      expect(over.json).toMatchObject({ message: msg.rateLimited, code: 'rate_limited' });
      expect(inquiryThread.parse((await b.client.get(`/api/classified-inquiries/${asked.id}`)).json).messages).toHaveLength(
        MESSAGES_PER_HOUR,
      );
      // The seller's own allowance is separate.
      expect((await s.client.post(`/api/classified-inquiries/${asked.id}/messages`, { message: 'Yes it is' })).status).toBe(200);
      server.advance(61 * 60_000);
      try {
        expect(
          (await (await signIn(server, b.user.id)).post(`/api/classified-inquiries/${asked.id}/messages`, { message: 'Thanks' })).status,
        ).toBe(200);
      } finally {
        server.advance(-61 * 60_000);
      }
    });

    it('the expiry sweep e-mails the seller before a listing expires, expires it after, and renewing brings it back for 30 more days', async () => {
      const s = await seller('free', 'Ayanda Zulu');
      const ad = await listing(s.client, s.ws, { title: 'Mountain bike', category: 'sport_leisure', run_days: 7 });
      await jobs.queue.send(CLASSIFIEDS_EXPIRY_JOB, {});
      await jobs.queue.drain(CLASSIFIEDS_EXPIRY_JOB);
      expect(smtp.received.filter((m) => m.to.includes(s.user.email))).toHaveLength(0);
      server.advance(5 * DAY);
      try {
        await sweepClassifieds(server.deps);
        const mail = plain((await smtp.waitFor(s.user.email)).raw);
        expect(mail).toContain('Your ad "Mountain bike" expires');
        expect(mail).toContain(`/workspace/${s.ws}/classifieds/${ad.id}`);
        // A second sweep sends nothing more.
        await sweepClassifieds(server.deps);
        expect(smtp.received.filter((m) => m.to.includes(s.user.email))).toHaveLength(1);
        server.advance(3 * DAY);
        expect((await sweepClassifieds(server.deps)).expired).toBeGreaterThanOrEqual(1);
        s.client = await signIn(server, s.user.id);
        const gone = browseResult.parse((await s.client.get('/api/classifieds?category=sport_leisure')).json);
        expect(gone.listings.map((l) => l.id)).not.toContain(ad.id);
        expect(classifiedDto.parse((await s.client.get(`/api/workspaces/${s.ws}/classifieds/${ad.id}`)).json).status).toBe('expired');
        const renewed = classifiedDto.parse((await s.client.post(`/api/workspaces/${s.ws}/classifieds/${ad.id}/renew`)).json);
        expect(renewed.status).toBe('published');
        expect(Date.parse(renewed.expires_at) - server.deps.now().getTime()).toBeGreaterThan(29 * DAY);
        const back = browseResult.parse((await s.client.get('/api/classifieds?category=sport_leisure')).json);
        expect(back.listings.map((l) => l.id)).toContain(ad.id);
      } finally {
        server.advance(-8 * DAY);
      }
    });

    it('a viewing request reaches the seller’s viewings; reports reach admins only', async () => {
      const s = await seller();
      const ad = await listing(s.client, s.ws, { allow_appointments: true });
      const b = await buyer();
      const at = new Date(server.deps.now().getTime() + 2 * DAY);
      at.setUTCHours(10, 0, 0, 0);
      const v = await b.client.post(`/api/classifieds/${ad.id}/inquiries`, {
        request_type: 'viewing',
        viewing_at: at.toISOString(),
        message: 'Can I come and see it?',
      });
      expect(v.status, v.text).toBe(200);
      const day = at.toISOString().slice(0, 10);
      const list = viewingList.parse((await s.client.get(`/api/workspaces/${s.ws}/classified-viewings?from=${day}&to=${day}`)).json);
      expect(list.viewings).toEqual([expect.objectContaining({ classified_id: ad.id, buyer: 'Sipho', viewing_at: at.toISOString() })]);
      const reported = await b.client.post(`/api/classifieds/${ad.id}/reports`, { reason: 'Asked me to pay a deposit first' });
      expect(reported.status).toBe(200);
      expect((await b.client.get('/api/admin/classified-reports')).status).toBe(403);
      const admin = await buyer('Admin Person');
      await db.query('UPDATE users SET is_admin = true WHERE id = $1', [admin.user.id]);
      const reports = reportList.parse((await admin.client.get('/api/admin/classified-reports')).json);
      expect(reports.reports).toEqual(
        expect.arrayContaining([expect.objectContaining({ classified_id: ad.id, reason: 'Asked me to pay a deposit first' })]),
      );
    });
  });
}
