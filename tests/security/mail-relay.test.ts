import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailConsentMessages } from '../../schema/mail/mail-consent.js';
import { errorBody } from '../../schema/kit/http.js';
import { noCountryDefaults } from '../../schema/kit/countries.js';
import { calendarDayIn } from '../../schema/kit/dates.js';
import { plans } from '../../schema/billing/plans.js';
import { recordDueReminders } from '../../sync-server/api/invoices/invoice-reminders.jobs.js';
import { memberBookingMailRefusals } from '../../sync-server/api/bookings/booking-mail.jobs.js';
import { ATTENDEE_MESSAGE_SUBJECT } from '../../sync-server/api/events/events.service.js';
import type { Db } from '../../sync-server/db/db.js';
import type { JobQueue } from '../../sync-server/jobs/job-queue.js';
import { startJobs } from '../../sync-server/jobs/jobs.js';
import { enqueueOptInMails, MAIL_OPT_IN_JOB } from '../../sync-server/mail/consent.jobs.js';
import { enqueueMails, MAIL_JOB } from '../../sync-server/mail/outbox.js';
import {
  MAIL_LIMIT_CODE,
  MAIL_PER_RECIPIENT_PER_DAY,
  MAIL_PER_SOURCE_PER_HOUR,
  MAIL_PER_WORKSPACE_PER_DAY,
  mailLimitKeys,
} from '../../sync-server/mail/mail-limits.js';
import { notThirdParty, thirdPartyMail, type ThirdPartyMailName } from '../../sync-server/mail/third-party.js';
import { testDatabases } from '../support/databases.js';
import { createUser, signedInUser, signIn, uniqueEmail } from '../support/fixtures.js';
import { sendQueuedMails } from '../support/outbox.js';
import { sentInvoice } from '../support/invoice-docs.js';
import { accessCookie, seedUser, seedWorkspace, syncApi } from '../support/sync-server.js';
import { CookieClient, startTestServer, type TestServer } from '../support/server.js';

/**
 * Probe: Vuka is no open mail relay (SECURITY.md; issue 35). Every code path that mails an address
 * a caller supplied is in the registry `sync-server/mail/third-party.ts`, and the source is read to
 * prove no other file sends mail or records it into an outbox. Each registered kind is then driven
 * as an anonymous caller (or an unverified account) against a real server, and the real outbox
 * (`mail_outbox`) is read: a stranger's address gets at most the one fixed opt-in mail, no subject
 * carries a caller's text, and the limits per source, recipient and workspace refuse with 429.
 */

const ROOT = join(import.meta.dirname, '..', '..');

/** A line that sends mail, makes one (an outbox template), or records one into an outbox table, in server source. */
const MAIL_CALL =
  /\bmailer\s*\.send\(|\bMailTemplate\b|\brecord[A-Za-z]*Mail[A-Za-z]*\(|\brecordMove\(|\bmailOrHold\(|\brequestOptIn\(|INSERT INTO [a-z_]*(mail|deliver|inquir|remind|consent)[a-z_]*/;

function serverSources(dir = join(ROOT, 'sync-server')): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return serverSources(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [relative(ROOT, path).split('\\').join('/')] : [];
  });
}

/** What a stranger types that must never reach a subject, nor an unconfirmed inbox. */
const EVIL = 'WIN A PRIZE http://spam.example';

describe('the third-party mail registry matches the source', () => {
  const registered = new Set<string>(Object.values(thirdPartyMail).flatMap((k) => [...k.files]));

  it('every file under sync-server that sends mail or records it into an outbox is registered, or named as no third-party mail', () => {
    const senders = serverSources().filter((file) => MAIL_CALL.test(readFileSync(join(ROOT, file), 'utf8')));
    expect(senders.length).toBeGreaterThan(10);
    const unknown = senders.filter((file) => !registered.has(file) && notThirdParty[file] === undefined);
    expect(
      unknown,
      'register these in sync-server/mail/third-party.ts (or say in notThirdParty why they mail nobody a caller chose)',
    ).toEqual([]);
  });

  it('every registered file exists and still sends or records mail (the registry does not go stale)', () => {
    for (const file of [...registered, ...Object.keys(notThirdParty)]) {
      const source = readFileSync(join(ROOT, file), 'utf8');
      expect(MAIL_CALL.test(source), `${file} no longer sends mail: take it out of the registry`).toBe(true);
    }
  });

  it('every registered kind has a driver in this walk', () => {
    const kinds = Object.keys(thirdPartyMail);
    const withoutDriver = kinds.filter((k) => !(k in drivers));
    expect(withoutDriver).toEqual([]);
    for (const k of Object.keys(drivers)) expect(kinds).toContain(k);
  });
});

interface Ctx {
  db: Db;
  server: TestServer;
  /** Runs every mail outbox's due jobs, as the workers would. */
  flush(): Promise<void>;
  outbox(to: string): Promise<Array<{ subject: string; body_text: string; body_html: string | null }>>;
  /** A new client address (X-Forwarded-For from the loopback proxy). */
  ip(): string;
}

type Driver = (ctx: Ctx) => Promise<void>;

/** A fresh anonymous client from `ip`. */
const from = (ctx: Ctx, ip: string) => ({
  post: (path: string, body: unknown) => new CookieClient(ctx.server.url).request('POST', path, body, { 'x-forwarded-for': ip }),
});

async function organiser(ctx: Ctx, opts: { requiresApproval?: boolean } = {}) {
  const owner = await createUser(ctx.db, { plan: 'pro' });
  const ws = await seedWorkspace(ctx.db, owner.id);
  await ctx.db.query('UPDATE workspaces SET name = $2 WHERE id = $1', [ws, EVIL]);
  const client = await signIn(ctx.server, owner.id);
  const made = await client.post(`/api/workspaces/${ws}/events`, {
    title: EVIL,
    start_date: '2030-08-01T19:30',
    location: EVIL,
    status: 'published',
    requires_approval: opts.requiresApproval ?? false,
  });
  expect(made.status, made.text).toBe(200);
  const event = made.json as { id: string };
  const typed = await client.post(`/api/workspaces/${ws}/events/${event.id}/ticket-types`, { name: EVIL, price_cents: 0, quantity: 1000 });
  expect(typed.status, typed.text).toBe(200);
  const detail = typed.json as { slug: string; ticket_types: Array<{ id: string }> };
  return { owner, ws, client, eventId: event.id, slug: detail.slug, typeId: detail.ticket_types[0].id };
}

const orderFree = (ctx: Ctx, ev: { slug: string; typeId: string }, email: string, ip: string) =>
  from(ctx, ip).post(`/api/public/events/${ev.slug}/orders`, { lines: [{ ticket_type_id: ev.typeId, quantity: 1 }], name: EVIL, email });

async function salon(ctx: Ctx) {
  const owner = await createUser(ctx.db, { plan: 'pro' });
  const ws = await seedWorkspace(ctx.db, owner.id);
  await ctx.db.query('UPDATE workspaces SET name = $2 WHERE id = $1', [ws, EVIL]);
  const client = await signIn(ctx.server, owner.id);
  const hours = Object.fromEntries(['0', '1', '2', '3', '4', '5', '6'].map((d) => [d, [{ start: '08:00', end: '18:00' }]]));
  const staff = await client.post(`/api/workspaces/${ws}/consultants`, { name: EVIL, hours });
  expect(staff.status, staff.text).toBe(200);
  const service = await client.post(`/api/workspaces/${ws}/services`, {
    title: EVIL,
    price_cents: 10_000,
    duration_minutes: 30,
    staff_ids: [(staff.json as { id: string }).id],
  });
  expect(service.status, service.text).toBe(200);
  const serviceId = (service.json as { id: string }).id;
  const day = (n: number) => new Date(ctx.server.deps.now().getTime() + n * 86_400_000).toISOString().slice(0, 10);
  const slots = await new CookieClient(ctx.server.url).get(`/api/public/services/${serviceId}/slots?from=${day(3)}&to=${day(5)}`);
  const starts = (slots.json as { slots: Array<{ start_at: string }> }).slots.map((s) => s.start_at);
  expect(starts.length).toBeGreaterThan(MAIL_PER_SOURCE_PER_HOUR + 12);
  return { owner, ws, client, serviceId, staffId: (staff.json as { id: string }).id, starts };
}

const book = (ctx: Ctx, serviceId: string, start: string, email: string, ip: string) =>
  from(ctx, ip).post(`/api/public/services/${serviceId}/bookings`, {
    start_at: start,
    customer_name: EVIL,
    customer_email: email,
    customer_phone: '082 555 1234',
  });

/** The one fixed opt-in mail, and nothing any caller chose in it. */
function expectOnlyOptIn(mails: Array<{ subject: string; body_text: string; body_html: string | null }>) {
  expect(mails.map((m) => m.subject)).toEqual([mailConsentMessages.optInSubject]);
  for (const body of [mails[0].body_text, mails[0].body_html ?? '']) {
    expect(body).not.toContain('WIN A PRIZE');
    expect(body).not.toContain('spam.example');
  }
  expect(mails[0].body_text).toContain("If it wasn't you, ignore this e-mail: nothing more will be sent to you.");
}

const tokenOf = (mail: { body_text: string }) => {
  const token = /\/mail\/confirm\?token=([A-Za-z0-9_-]+)/.exec(mail.body_text)?.[1];
  if (!token) throw new Error('no confirmation link in the opt-in mail');
  return token;
};

async function expectRefused(res: { status: number; json: unknown; headers: Headers }, message: RegExp) {
  expect(res.status).toBe(429);
  expect(res.json).toMatchObject({ code: MAIL_LIMIT_CODE });
  expect(errorBody.parse(res.json).message).toMatch(message);
  expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
}

/** Each registered kind, driven by the callers who can reach it; every one's assertions can fail. */
const drivers: Record<ThirdPartyMailName, Driver> = {
  async 'mail-opt-in'(ctx) {
    // However often a stranger types an address, it gets one opt-in mail a day, then another the next.
    const ev = await organiser(ctx);
    const victim = uniqueEmail('victim');
    for (let i = 0; i < 3; i += 1) expect((await orderFree(ctx, ev, victim, ctx.ip())).status).toBe(200);
    await ctx.flush();
    expectOnlyOptIn(await ctx.outbox(victim));
    ctx.server.advance(25 * 3600_000);
    expect((await orderFree(ctx, ev, victim, ctx.ip())).status).toBe(200);
    await ctx.flush();
    const mails = await ctx.outbox(victim);
    expect(mails.map((m) => m.subject)).toEqual([mailConsentMessages.optInSubject, mailConsentMessages.optInSubject]);
    // A used or unknown token confirms nothing.
    const anon = from(ctx, ctx.ip());
    const first = await anon.post('/api/public/mail-consent', { token: tokenOf(mails[0]) });
    expect(first.status).toBe(404);
    expect(first.json).toEqual({ message: mailConsentMessages.invalidLink, code: 'mail_link_invalid' });
    expect((await anon.post('/api/public/mail-consent', { token: tokenOf(mails[1]) })).status).toBe(200);
    expect((await anon.post('/api/public/mail-consent', { token: tokenOf(mails[1]) })).status).toBe(404);
  },

  async 'event-tickets'(ctx) {
    const ev = await organiser(ctx);
    // 1. Anonymous free orders for strangers: the tickets are made and shown, the mail waits.
    const strangers = Array.from({ length: 3 }, () => uniqueEmail('stranger'));
    const ip = ctx.ip();
    for (const to of strangers) {
      const res = await orderFree(ctx, ev, to, ip);
      expect(res.status, res.text).toBe(200);
      expect(res.json).toMatchObject({ registration_status: 'confirmed', mail: 'awaiting_confirmation' });
      expect((res.json as { tickets: unknown[] }).tickets).toHaveLength(1);
    }
    await ctx.flush();
    for (const to of strangers) expectOnlyOptIn(await ctx.outbox(to));

    // 2. The owner confirms: the held tickets go out, under a fixed subject.
    const [first] = strangers;
    const confirmed = await from(ctx, ctx.ip()).post('/api/public/mail-consent', { token: tokenOf((await ctx.outbox(first))[0]) });
    expect(confirmed.status, confirmed.text).toBe(200);
    await ctx.flush();
    const mails = await ctx.outbox(first);
    expect(mails.map((m) => m.subject)).toEqual([mailConsentMessages.optInSubject, 'Your tickets']);
    // A signed-in, verified buyer ordering for their own address is mailed at once.
    const buyer = await signedInUser(ctx.server);
    const own = await buyer.client.request(
      'POST',
      `/api/public/events/${ev.slug}/orders`,
      { lines: [{ ticket_type_id: ev.typeId, quantity: 1 }], name: EVIL, email: buyer.user.email },
      { 'x-forwarded-for': ctx.ip() },
    );
    expect(own.json).toMatchObject({ mail: 'sent' });
    await ctx.flush();
    expect((await ctx.outbox(buyer.user.email)).map((m) => m.subject)).toEqual(['Your tickets']);

    // 3. An organiser's approval and decline of a stranger's registration wait for the address too.
    const gated = await organiser(ctx, { requiresApproval: true });
    const pending = [uniqueEmail('pending'), uniqueEmail('pending')];
    const ids: string[] = [];
    for (const to of pending) {
      const res = await orderFree(ctx, gated, to, ctx.ip());
      expect(res.json).toMatchObject({ registration_status: 'pending', mail: 'awaiting_confirmation' });
      ids.push((res.json as { registration_id: string }).registration_id);
    }
    const base = `/api/workspaces/${gated.ws}/events/${gated.eventId}/registrations`;
    expect((await gated.client.post(`${base}/${ids[0]}/approve`)).status).toBe(200);
    expect((await gated.client.post(`${base}/${ids[1]}/decline`)).status).toBe(200);
    await ctx.flush();
    for (const to of pending) expectOnlyOptIn(await ctx.outbox(to));

    // 4. Limits: per source address, per recipient, per workspace; refused with 429 and nothing mailed.
    const spammer = ctx.ip();
    for (let i = 0; i < MAIL_PER_SOURCE_PER_HOUR; i += 1) expect((await orderFree(ctx, ev, uniqueEmail('s'), spammer)).status).toBe(200);
    const overSource = uniqueEmail('over');
    await expectRefused(await orderFree(ctx, ev, overSource, spammer), /^Too many e-mails have been asked for from your connection/);
    const victim = uniqueEmail('victim');
    for (let i = 0; i < MAIL_PER_RECIPIENT_PER_DAY; i += 1) expect((await orderFree(ctx, ev, victim, ctx.ip())).status).toBe(200);
    await expectRefused(await orderFree(ctx, ev, victim, ctx.ip()), /^This e-mail address has been sent as much mail/);
    const busy = await organiser(ctx);
    await ctx.db.query(
      `INSERT INTO rate_limits (key, window_start, window_seconds, hits) VALUES ($1, $2, 86400, $3)
       ON CONFLICT (key) DO UPDATE SET window_start = $2, window_seconds = 86400, hits = $3`,
      [mailLimitKeys.workspace(busy.ws), ctx.server.deps.now().toISOString(), MAIL_PER_WORKSPACE_PER_DAY],
    );
    const overWorkspace = uniqueEmail('over');
    await expectRefused(await orderFree(ctx, busy, overWorkspace, ctx.ip()), /^This business has sent as many e-mails today/);
    const stored = await ctx.db.query('SELECT 1 FROM registrations WHERE email IN ($1, $2)', [overSource, overWorkspace]);
    expect(stored).toEqual([]);
    await ctx.flush();
    expect(await ctx.outbox(overSource)).toEqual([]);
    expect(await ctx.outbox(overWorkspace)).toEqual([]);
    expectOnlyOptIn(await ctx.outbox(victim));
  },

  async 'event-message'(ctx) {
    const ev = await organiser(ctx);
    const stranger = uniqueEmail('stranger');
    const holder = await createUser(ctx.db);
    for (const to of [stranger, holder.email]) expect((await orderFree(ctx, ev, to, ctx.ip())).status).toBe(200);
    await ctx.flush();
    const path = `/api/workspaces/${ev.ws}/events/${ev.eventId}/messages`;
    // Anonymous: refused.
    expect((await from(ctx, ctx.ip()).post(path, { subject: EVIL, body: EVIL })).status).toBe(401);
    // An unverified organiser: refused, nothing sent.
    await ctx.db.query('UPDATE users SET verified = false WHERE id = $1', [ev.owner.id]);
    const unverified = await ev.client.post(path, { subject: EVIL, body: EVIL });
    expect(unverified.status).toBe(403);
    expect(unverified.json).toMatchObject({ code: 'email_unverified' });
    // Verified: only the confirmed holder (a verified account's address) gets it, under a fixed subject.
    await ctx.db.query('UPDATE users SET verified = true WHERE id = $1', [ev.owner.id]);
    const sent = await ev.client.post(path, { subject: EVIL, body: EVIL });
    expect(sent.status, sent.text).toBe(200);
    expect((sent.json as { message: string }).message).toMatch(/^Sent to 1 attendee\. 1 ticket holder has not confirmed/);
    await ctx.flush();
    const got = await ctx.outbox(holder.email);
    expect(got.map((m) => m.subject)).toEqual(['Your tickets', ATTENDEE_MESSAGE_SUBJECT]);
    expect(got[1].body_text).toContain('as they wrote it');
    expectOnlyOptIn(await ctx.outbox(stranger));
  },

  async 'booking-mail'(ctx) {
    const shop = await salon(ctx);
    const stranger = uniqueEmail('stranger');
    const res = await book(ctx, shop.serviceId, shop.starts[0], stranger, ctx.ip());
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({ status: 'confirmed', mail: 'awaiting_confirmation' });
    const token = (res.json as { token: string }).token;
    // Its page says the mail waits (the moved notice tells the customer to confirm the address).
    expect((await new CookieClient(ctx.server.url).get(`/api/public/bookings/${token}`)).json).toMatchObject({ mail_held: true });
    // The customer's own changes through the link wait for the address as well.
    const moved = await from(ctx, ctx.ip()).post(`/api/public/bookings/${token}/reschedule`, { start_at: shop.starts[4] });
    expect(moved.status, moved.text).toBe(200);
    expect((await from(ctx, ctx.ip()).post(`/api/public/bookings/${token}/cancel`, { reason: EVIL })).status).toBe(200);
    await ctx.flush();
    expectOnlyOptIn(await ctx.outbox(stranger));
    // Once the address is confirmed, what was held goes out, under fixed subjects.
    const second = uniqueEmail('customer');
    expect((await book(ctx, shop.serviceId, shop.starts[8], second, ctx.ip())).status).toBe(200);
    await ctx.flush();
    const optIn = (await ctx.outbox(second))[0];
    expect((await from(ctx, ctx.ip()).post('/api/public/mail-consent', { token: tokenOf(optIn) })).status).toBe(200);
    await ctx.flush();
    const mails = await ctx.outbox(second);
    expect(mails.map((m) => m.subject)).toEqual([mailConsentMessages.optInSubject, 'Your booking is confirmed']);
    // Limits: the source address's hour runs out (spent on other businesses, so set in its counter:
    // one business takes fewer bookings an hour from an address); refused with 429, nothing stored or mailed.
    const spammer = ctx.ip();
    await ctx.db.query(
      `INSERT INTO rate_limits (key, window_start, window_seconds, hits) VALUES ($1, $2, 3600, $3)
       ON CONFLICT (key) DO UPDATE SET window_start = $2, window_seconds = 3600, hits = $3`,
      [mailLimitKeys.source(spammer), ctx.server.deps.now().toISOString(), MAIL_PER_SOURCE_PER_HOUR - 1],
    );
    const r = await book(ctx, shop.serviceId, shop.starts[10], uniqueEmail('s'), spammer);
    expect(r.status, r.text).toBe(200);
    const over = uniqueEmail('over');
    const last = shop.starts[11];
    await expectRefused(await book(ctx, shop.serviceId, last, over, spammer), /^Too many e-mails have been asked for/);
    expect(await ctx.db.query('SELECT 1 FROM appointments WHERE customer_email = $1', [over])).toEqual([]);
    await ctx.flush();
    expect(await ctx.outbox(over)).toEqual([]);

    // A booking a member writes in the diary mails an address they typed: only for a verified owner,
    // within the workspace's daily allowance of mail to third parties.
    const diary = (start: string, to: string) =>
      shop.client.post(`/api/workspaces/${shop.ws}/appointments`, {
        service_id: shop.serviceId,
        staff_id: shop.staffId,
        start_at: start,
        customer_name: EVIL,
        customer_email: to,
      });
    const mailStatus = (to: string) =>
      ctx.db.query<{ status: string; error: string | null }>(
        `SELECT m.status, m.error FROM mail_outbox_items m JOIN appointments a ON a.workspace_id = m.workspace_id AND a.id = m.subject_id
          WHERE m.template LIKE 'bookings.%' AND a.customer_email = $1`,
        [to],
      );
    await ctx.db.query('UPDATE users SET verified = false WHERE id = $1', [shop.owner.id]);
    const unverifiedTo = uniqueEmail('diary');
    expect((await diary(shop.starts[12], unverifiedTo)).status).toBe(200);
    await ctx.flush();
    expect(await ctx.outbox(unverifiedTo)).toEqual([]);
    expect(await mailStatus(unverifiedTo)).toEqual([{ status: 'failed', error: memberBookingMailRefusals.unverified }]);
    await ctx.db.query('UPDATE users SET verified = true WHERE id = $1', [shop.owner.id]);
    const regular = uniqueEmail('diary');
    expect((await diary(shop.starts[13], regular)).status).toBe(200);
    await ctx.flush();
    expect((await ctx.outbox(regular)).map((m) => m.subject)).toEqual(['Your booking is confirmed']);
    await ctx.db.query(
      `INSERT INTO rate_limits (key, window_start, window_seconds, hits) VALUES ($1, $2, 86400, $3)
       ON CONFLICT (key) DO UPDATE SET window_start = $2, window_seconds = 86400, hits = $3`,
      [mailLimitKeys.workspace(shop.ws), ctx.server.deps.now().toISOString(), MAIL_PER_WORKSPACE_PER_DAY],
    );
    const spent = uniqueEmail('diary');
    expect((await diary(shop.starts[14], spent)).status).toBe(200);
    await ctx.flush();
    expect(await ctx.outbox(spent)).toEqual([]);
    expect(await mailStatus(spent)).toEqual([{ status: 'failed', error: memberBookingMailRefusals.dailyLimit }]);
  },

  async 'marketplace-order'(ctx) {
    // Only a signed-in buyer who pays by card gets an order mail, at their own account's address:
    // an anonymous caller cannot start a checkout at all.
    const [{ n: before }] = await ctx.db.query<{ n: string }>('SELECT count(*) AS n FROM mail_outbox');
    const res = await from(ctx, ctx.ip()).post('/api/checkout', {});
    expect([400, 401]).toContain(res.status);
    const [{ n: after }] = await ctx.db.query<{ n: string }>('SELECT count(*) AS n FROM mail_outbox');
    expect(after).toBe(before);
  },

  async 'classified-inquiry'(ctx) {
    const seller = await signedInUser(ctx.server);
    const ws = await seedWorkspace(ctx.db, seller.user.id);
    const ad = await seller.client.post(`/api/workspaces/${ws}/classifieds`, {
      title: 'Defy chest freezer',
      category: 'home_garden',
      price_cents: 180_000,
      status: 'published',
    });
    expect(ad.status, ad.text).toBe(200);
    const path = `/api/classifieds/${(ad.json as { id: string }).id}/inquiries`;
    expect((await from(ctx, ctx.ip()).post(path, { message: EVIL })).status).toBe(401);
    // Unverified accounts from one address: the source's hour runs out, whoever signs in.
    const ip = ctx.ip();
    for (let i = 0; i <= MAIL_PER_SOURCE_PER_HOUR; i += 1) {
      const buyer = await createUser(ctx.db);
      await ctx.db.query('UPDATE users SET verified = false WHERE id = $1', [buyer.id]);
      const client = await signIn(ctx.server, buyer.id);
      const res = await client.request('POST', path, { message: 'Is it still for sale?' }, { 'x-forwarded-for': ip });
      if (i < MAIL_PER_SOURCE_PER_HOUR) expect(res.status, res.text).toBe(200);
      else await expectRefused(res, /^Too many e-mails have been asked for/);
    }
    const [{ n }] = await ctx.db.query<{ n: string }>('SELECT count(*) AS n FROM classified_inquiries WHERE classified_id = $1', [
      (ad.json as { id: string }).id,
    ]);
    expect(Number(n)).toBe(MAIL_PER_SOURCE_PER_HOUR);
  },

  async 'workspace-invitation'(ctx) {
    // The invitation rules (tests/security/invitation-relay.test.ts): anonymous and unverified callers invite nobody.
    const owner = await createUser(ctx.db);
    const ws = await seedWorkspace(ctx.db, owner.id);
    const to = uniqueEmail('guest');
    expect((await from(ctx, ctx.ip()).post(`/api/workspaces/${ws}/invitations`, { email: to, role: 'member' })).status).toBe(401);
    await ctx.db.query('UPDATE users SET verified = false WHERE id = $1', [owner.id]);
    const res = await (await signIn(ctx.server, owner.id)).post(`/api/workspaces/${ws}/invitations`, { email: to, role: 'member' });
    expect(res.status).toBe(403);
    expect(await ctx.outbox(to)).toEqual([]);
  },

  async 'invoice-delivery'(ctx) {
    // An unverified account's device asks for invoices to be e-mailed to strangers: none goes, each says why.
    const unverified = await trader(ctx, { verified: false });
    const victims = [uniqueEmail('victim'), uniqueEmail('victim')];
    await unverified.push(victims.map((to, i) => invoiceToSend(unverified.ws, to, i + 1)));
    await ctx.flush();
    for (const to of victims) expect(await ctx.outbox(to)).toEqual([]);
    expect(await refusals(ctx, unverified.ws)).toEqual(['unverified', 'unverified']);

    // A verified one sends, subject without its typed name, until the day's allowance is spent.
    const verified = await trader(ctx, { verified: true });
    const customer = uniqueEmail('customer');
    await verified.push([invoiceToSend(verified.ws, customer, 1)]);
    await ctx.flush();
    expect((await ctx.outbox(customer)).map((m) => m.subject)).toEqual(['Invoice INV-000001']);
    await ctx.db.query('UPDATE document_mail_days SET used = $2 WHERE workspace_id = $1', [
      verified.ws,
      plans.free.limits.documentMailsPerDay,
    ]);
    const late = uniqueEmail('customer');
    await verified.push([invoiceToSend(verified.ws, late, 2)]);
    await ctx.flush();
    expect(await ctx.outbox(late)).toEqual([]);
    expect(await refusals(ctx, verified.ws)).toEqual([null, 'daily_limit']);
  },

  async 'invoice-reminders'(ctx) {
    const dueToday = (ws: number, to: string) =>
      sentInvoice(ws, {
        invoice_number: 'INV-000500',
        customer_email: to,
        due_date: calendarDayIn(ctx.server.deps.now(), noCountryDefaults.timezone),
      });
    const unverified = await trader(ctx, { verified: false });
    const victim = uniqueEmail('victim');
    await unverified.push([dueToday(unverified.ws, victim)]);
    await recordDueReminders(ctx.server.deps);
    await ctx.flush();
    expect(await ctx.outbox(victim)).toEqual([]);

    const verified = await trader(ctx, { verified: true });
    const customer = uniqueEmail('customer');
    await verified.push([dueToday(verified.ws, customer)]);
    await recordDueReminders(ctx.server.deps);
    await ctx.flush();
    expect((await ctx.outbox(customer)).map((m) => m.subject)).toEqual(['Due today: invoice INV-000500']);
  },
};

/** A free workspace named with a stranger's words, and its owner's device, verified or not. */
async function trader(ctx: Ctx, opts: { verified: boolean }) {
  const owner = await seedUser(ctx.db);
  if (!opts.verified) await ctx.db.query('UPDATE users SET verified = false WHERE id = $1', [owner]);
  const ws = await seedWorkspace(ctx.db, owner);
  await ctx.db.query('UPDATE workspaces SET name = $2 WHERE id = $1', [ws, EVIL]);
  const api = syncApi(ctx.server.url, await accessCookie(ctx.server.deps, owner));
  return {
    ws,
    async push(docs: unknown[]) {
      const res = await api.push(
        'invoices',
        ws,
        docs.map((newDocumentState) => ({ newDocumentState })),
      );
      expect(res.body).toEqual({ conflicts: [], rejected: [] });
    },
  };
}

const invoiceToSend = (ws: number, to: string, n: number) =>
  sentInvoice(ws, {
    invoice_number: `INV-${String(n).padStart(6, '0')}`,
    customer_email: to,
    send_request: { id: randomUUID(), to, at: new Date().toISOString() },
  });

const refusals = async (ctx: Ctx, ws: number) =>
  (
    await ctx.db.query<{ refusal: string | null }>(
      'SELECT refusal FROM document_deliveries WHERE workspace_id = $1 ORDER BY requested_at, id',
      [ws],
    )
  ).map((r) => r.refusal);

for (const target of testDatabases()) {
  describe(`mail to addresses a caller supplied, on ${target.name}`, () => {
    let db: Db;
    let server: TestServer;
    let jobs: { queue: JobQueue; stop(): Promise<void> };
    let block = 0;
    let host = 0;
    beforeAll(async () => {
      db = await target.open();
      // The test plays a local proxy that names the client in X-Forwarded-For.
      server = await startTestServer(db, { env: { APP_ORIGIN: 'https://app.vuka.test', TRUST_PROXY: 'loopback' } });
      jobs = await startJobs(server.deps, { work: false });
    });
    afterAll(async () => {
      await jobs?.stop();
      await server?.close();
      await db?.close();
    });

    const ctx = (): Ctx => ({
      db,
      server,
      async flush() {
        await sendQueuedMails(db, {
          table: 'mail_outbox_items',
          enqueue: () => enqueueMails(server.deps, jobs.queue),
          drain: () => jobs.queue.drain(MAIL_JOB),
        });
        await sendQueuedMails(db, {
          table: 'mail_consents',
          enqueue: () => enqueueOptInMails(server.deps, jobs.queue),
          drain: () => jobs.queue.drain(MAIL_OPT_IN_JOB),
        });
      },
      outbox: (to) =>
        db.query('SELECT subject, body_text, body_html FROM mail_outbox WHERE lower(recipient) = lower($1) ORDER BY id', [to]),
      ip() {
        host += 1;
        return `10.77.${block}.${host}`;
      },
    });

    for (const [kind, drive] of Object.entries(drivers)) {
      it(`${kind}: strangers get at most the fixed opt-in mail, subjects carry no caller text, the limits refuse with 429`, async () => {
        block += 1;
        host = 0;
        await drive(ctx());
        // Whatever the kind, no mail this walk caused has a caller's words in its subject.
        const subjects = await db.query<{ subject: string }>('SELECT subject FROM mail_outbox WHERE subject LIKE $1', ['%WIN A PRIZE%']);
        expect(subjects).toEqual([]);
      });
    }
  });
}
