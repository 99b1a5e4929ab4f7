import { addDays, addMinutes } from 'date-fns';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillPath, type EndpointDef } from '../../schema/kit/http.js';
import type { Db } from '../../sync-server/db/db.js';
import { contactLimit } from '../../sync-server/api/contact/contact.service.js';
import { PAY_NOW_LIMIT } from '../../sync-server/api/invoices/invoices.service.js';
import { ACCEPT_QUOTE_LIMIT } from '../../sync-server/api/invoices/quote-accept.service.js';
import { authLimits } from '../../sync-server/api/auth/limits.js';
import { MAIL_CONFIRM_LIMIT } from '../../sync-server/api/mail-consent/mail-consent.routes.js';
import { INVITATION_PREVIEW_LIMIT } from '../../sync-server/api/workspaces/workspaces.routes.js';
import {
  BOOKINGS_PER_ADDRESS_PER_BUSINESS_PER_HOUR,
  TICKET_SEATS_PER_ADDRESS_PER_EVENT_PER_HOUR,
} from '../../sync-server/http/hold-limits.js';
import { setWorkspaceZone } from '../support/bookings.js';
import { contract, examples, EXAMPLE_PASSWORD } from '../support/contract-examples.js';
import { testDatabases } from '../support/databases.js';
import { signedInUser, uniqueEmail } from '../support/fixtures.js';
import { startTestServer, type CookieClient, type TestServer } from '../support/server.js';
import { seedWorkspace } from '../support/sync-server.js';

/**
 * Probe: nothing a signed-out caller can send makes the server keep or send without bound. Every
 * non-GET endpoint of the contract is sent its example signed out; each that does not answer 401 or
 * 403 is open to anyone and must be listed below, either with a driver whose requests do real work
 * (a registration, a booking, a ticket order, a mail) and whose burst from one address is refused
 * with 429 and Retry-After within its bound, or as inert with the reason it can keep nothing. A new
 * open endpoint fails the walk until it is listed; a limit loosened past its bound fails it too.
 */

const DAY_MS = 86_400_000;

const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null ? Object.fromEntries(Object.entries(value)) : {};

function urlOf(def: EndpointDef, example: Record<string, unknown>): string {
  const params = Object.fromEntries(Object.entries(record(example.params)).map(([k, v]) => [k, String(v)]));
  const query = new URLSearchParams(Object.entries(record(example.query)).map(([k, v]) => [k, String(v)])).toString();
  const path = fillPath(def.path, params);
  return query ? `${path}?${query}` : path;
}

interface Attempt {
  url: string;
  body: unknown;
}

type OpenEndpoint =
  | {
      /** How many requests one address may make in a window before it is refused. */
      bound: number;
      /** The status a request within the bound gets: the work it does (or, for a guess, its refusal). */
      ok: number;
      /** The n-th request of the burst: different each time where the endpoint limits per e-mail too. */
      attempt(n: number): Attempt;
    }
  | { inert: string };

for (const target of testDatabases()) {
  describe(`the resource walk on ${target.name}`, () => {
    let db: Db;
    let server: TestServer;
    let owner: { user: { id: number }; client: CookieClient };
    let ws: number;
    let eventSlug: string;
    let ticketType: string;
    let serviceId: string;
    let firstDay: Date;

    beforeAll(async () => {
      db = await target.open();
      server = await startTestServer(db);
      owner = await signedInUser(server, { plan: 'pro' });
      ws = await seedWorkspace(db, owner.user.id);
      await setWorkspaceZone(db, ws);

      // A published event with plenty of free seats.
      const base = `/api/workspaces/${ws}`;
      const made = await owner.client.post(`${base}/events`, { title: 'Walk night', start_date: '2031-08-01T19:30', status: 'published' });
      expect(made.status, made.text).toBe(200);
      const typed = await owner.client.post(`${base}/events/${String(record(made.json).id)}/ticket-types`, {
        name: 'Free entry',
        price_cents: 0,
        quantity: 1000,
      });
      expect(typed.status, typed.text).toBe(200);
      eventSlug = String(record(typed.json).slug);
      ticketType = String(record((record(typed.json).ticket_types as unknown[])[0]).id);

      // A bookable half-hour service, open twelve hours every day.
      const hours = Object.fromEntries(['0', '1', '2', '3', '4', '5', '6'].map((d) => [d, [{ start: '08:00', end: '20:00' }]]));
      const staff = await owner.client.post(`${base}/consultants`, { name: 'Thandi', hours });
      expect(staff.status, staff.text).toBe(200);
      const service = await owner.client.post(`${base}/services`, {
        title: 'Braids',
        price_cents: 15000,
        duration_minutes: 30,
        staff_ids: [String(record(staff.json).id)],
      });
      expect(service.status, service.text).toBe(200);
      serviceId = String(record(service.json).id);
      const rules = await owner.client.request('PUT', `${base}/booking-rules`, {
        buffer_before_minutes: 0,
        buffer_after_minutes: 0,
        min_notice_minutes: 0,
        horizon_days: 90,
        slot_step_minutes: 30,
        daily_limit: null,
        cancel_cutoff_hours: 24,
      });
      expect(rules.status, rules.text).toBe(200);
      // Midnight in the workspace's zone (UTC+2), ten days on: slots from 08:00 are free there.
      const ten = addDays(new Date(), 10);
      firstDay = new Date(`${ten.toISOString().slice(0, 10)}T00:00:00+02:00`);
    });
    afterAll(async () => {
      await server?.close();
      await db?.close();
    });

    /** The n-th free half hour from 08:00 on the first day, twenty a day. */
    const slot = (n: number) => addMinutes(addDays(firstDay, Math.floor(n / 20)), 8 * 60 + (n % 20) * 30).toISOString();

    function openEndpoints(): Record<string, OpenEndpoint> {
      const fresh = (tag: string, n: number) => uniqueEmail(`${tag}${n}`);
      return {
        'auth.register': {
          bound: authLimits.register('', '')[0].max,
          ok: 200,
          attempt: (n) => ({
            url: '/api/auth/register',
            body: {
              full_name: 'Walk Person',
              email: fresh('register', n),
              password: EXAMPLE_PASSWORD,
              confirmPassword: EXAMPLE_PASSWORD,
              age_confirmed: true,
              terms_accepted: true,
            },
          }),
        },
        'auth.login': {
          bound: authLimits.login('', '')[0].max,
          ok: 401,
          attempt: (n) => ({ url: '/api/auth/login', body: { email: fresh('login', n), password: 'wrong-horse-9' } }),
        },
        'auth.requestReset': {
          bound: authLimits.requestReset('', '')[0].max,
          ok: 200,
          attempt: (n) => ({ url: '/api/auth/request-reset', body: { email: fresh('reset', n) } }),
        },
        'auth.resetPassword': {
          bound: authLimits.resetPassword('')[0].max,
          ok: 400,
          attempt: (n) => ({
            url: '/api/auth/reset-password',
            body: { token: `guess-${n}-${'x'.repeat(40)}`, password: EXAMPLE_PASSWORD, confirmPassword: EXAMPLE_PASSWORD },
          }),
        },
        'auth.logout': { inert: 'signed out there is no session to end: it clears cookies and writes nothing' },
        'auth.socialSendCode': {
          inert: 'a code goes out only for a social sign-in this browser started (its cookie); without one nothing is written or sent',
        },
        'auth.verifySocialEmail': {
          inert: 'checks a code only for a social sign-in this browser started (its cookie); without one nothing is written',
        },
        'contact.send': {
          bound: contactLimit.max,
          ok: 200,
          attempt: (n) => ({
            url: '/api/contact',
            body: { name: 'Walk Person', email: fresh('contact', n), subject: 'Hello there', message: 'A question about plans.' },
          }),
        },
        'marketplace.previewCart': { inert: 'prices the lines it is sent and answers; it writes nothing' },
        'invoices.payInvoice': {
          bound: PAY_NOW_LIMIT.max,
          ok: 404,
          // Counted before the invoice is looked up, so guessing numbers is bounded as paying is.
          attempt: (n) => ({ url: `/api/storefront/no-shop/invoices/INV-${String(n).padStart(6, '0')}/pay`, body: { t: 't'.repeat(32) } }),
        },
        'invoices.acceptQuote': {
          bound: ACCEPT_QUOTE_LIMIT.max,
          ok: 404,
          // Counted before the quote is looked up, so guessing numbers and tokens is bounded.
          attempt: (n) => ({ url: `/api/storefront/no-shop/quotes/QUO-${String(n).padStart(6, '0')}/accept`, body: { t: 't'.repeat(32) } }),
        },
        'events.order': {
          bound: TICKET_SEATS_PER_ADDRESS_PER_EVENT_PER_HOUR,
          ok: 200,
          attempt: (n) => ({
            url: `/api/public/events/${eventSlug}/orders`,
            body: { lines: [{ ticket_type_id: ticketType, quantity: 1 }], name: 'Walk Guest', email: fresh('ticket', n) },
          }),
        },
        'bookings.book': {
          bound: BOOKINGS_PER_ADDRESS_PER_BUSINESS_PER_HOUR,
          ok: 200,
          attempt: (n) => ({
            url: `/api/public/services/${serviceId}/bookings`,
            body: { start_at: slot(n), customer_name: 'Walk Guest', customer_email: fresh('book', n), customer_phone: '082 555 1234' },
          }),
        },
        'mail.confirm': {
          bound: MAIL_CONFIRM_LIMIT.max,
          ok: 404,
          attempt: (n) => ({ url: '/api/public/mail-consent', body: { token: `guess${String(n).padStart(40, 'x')}` } }),
        },
        'workspaces.previewInvitation': {
          bound: INVITATION_PREVIEW_LIMIT.max,
          ok: 404,
          attempt: (n) => ({ url: '/api/invitations/preview', body: { token: `guess${String(n).padStart(40, 'x')}` } }),
        },
        'bookings.cancelBooking': { inert: 'acts once, on the one booking its signed link names' },
        'bookings.rescheduleBooking': {
          bound: 30,
          ok: 404,
          // Counted before the link is checked, so guessing links is bounded as moving one booking is.
          attempt: (n) => ({
            url: `/api/public/bookings/${'0a'.repeat(16)}${String(n).padStart(22, 'A')}/reschedule`,
            body: { start_at: slot(n) },
          }),
        },
      };
    }

    const post = (url: string, body: unknown) =>
      fetch(server.url + url, {
        method: 'POST',
        headers: { origin: server.url, 'content-type': 'application/json' },
        body: JSON.stringify(body ?? {}),
      });

    it('every endpoint open to a signed-out caller is listed, and each listed one is open', async () => {
      const all = examples(ws, uniqueEmail('walk'));
      const open: string[] = [];
      let walked = 0;
      for (const [group, endpoints] of Object.entries(contract)) {
        for (const [name, def] of Object.entries<EndpointDef>(endpoints)) {
          if (def.method === 'GET') continue;
          walked += 1;
          const example = record(record(Reflect.get(all, group))[name]);
          const res = await fetch(server.url + urlOf(def, example), {
            method: def.method,
            headers: { origin: server.url, 'content-type': 'application/json' },
            body: JSON.stringify(example.body ?? {}),
          });
          if (res.status !== 401 && res.status !== 403) open.push(`${group}.${name}`);
        }
      }
      expect(walked).toBeGreaterThan(100);
      expect(open.sort()).toEqual(Object.keys(openEndpoints()).sort());
    });

    it('a burst from one address at each open endpoint that does work is refused with 429 and Retry-After within its bound', async () => {
      const problems: string[] = [];
      for (const [name, entry] of Object.entries(openEndpoints())) {
        if ('inert' in entry) continue;
        // A day apart: each burst starts in a fresh window of its own and of every other limit.
        server.advance(DAY_MS);
        let accepted = 0;
        let refused: Response | null = null;
        for (let n = 0; n <= entry.bound && !refused; n++) {
          const { url, body } = entry.attempt(n);
          const res = await post(url, body);
          const text = await res.text();
          if (res.status === 429) refused = res;
          else if (res.status === entry.ok) accepted += 1;
          else problems.push(`${name} #${n}: ${res.status} ${text.slice(0, 160)}`);
        }
        if (accepted === 0) problems.push(`${name}: no request did its work before the limit`);
        if (!refused) problems.push(`${name}: ${entry.bound + 1} requests from one address and none refused`);
        else if (!(Number(refused.headers.get('retry-after')) > 0)) problems.push(`${name}: 429 without Retry-After`);
      }
      expect(problems).toEqual([]);
    });
  });
}
