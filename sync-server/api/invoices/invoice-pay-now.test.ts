import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payMessages } from '../../../schema/invoices/contract.js';
import { sendMessages } from '../../../schema/invoices/invoices.js';
import type { Db } from '../../db/db.js';
import { formatCents } from '../../../schema/kit/money.js';
import { saveSettings } from '../workspaces/workspaces.repo.js';
import { invoicePath } from './app-paths.js';
import { settleInvoicePayment } from './invoice-pay.settle.js';
import { DECLINED_CARD, startBillingHarness, payOnCheckout, type BillingHarness } from '../../../tests/support/billing.js';
import { testDatabases } from '../../../tests/support/databases.js';
import { sentInvoice } from '../../../tests/support/invoice-docs.js';
import { toldIn } from '../../../tests/support/notifications.js';
import { accessCookie, cookieFetch, openSyncDatabase, seedUser, seedWorkspace, syncApi } from '../../../tests/support/sync-server.js';

const now = () => new Date().toISOString();

interface StoredInvoice {
  status: string;
  payments: Array<Record<string, unknown>> | null;
  paid_date: string | null;
  server_seq: string | number;
  server_version: number;
}

for (const target of testDatabases()) {
  describe(`"Pay now" on the public invoice page on ${target.name}`, () => {
    let db: Db;
    let harness: BillingHarness;
    let api: ReturnType<typeof syncApi>;
    let owned: typeof fetch;
    let ws: number;
    let base: string;
    const people = { owner: 0, admin: 0, member: 0 };

    beforeAll(async () => {
      db = await openSyncDatabase(target);
      harness = await startBillingHarness(db);
      base = harness.server.url;
      const owner = await seedUser(db);
      people.owner = owner;
      people.admin = await seedUser(db);
      people.member = await seedUser(db);
      ws = await seedWorkspace(db, owner, [people.admin, people.member]);
      await db.query(`UPDATE workspace_members SET role = 'admin' WHERE workspace_id = $1 AND user_id = $2`, [ws, people.admin]);
      const cookie = await accessCookie(harness.server.deps, owner);
      api = syncApi(base, cookie);
      owned = cookieFetch(cookie);
    });
    afterAll(async () => {
      await harness.close();
      await db.close();
    });

    async function pushed(doc: Record<string, unknown>, assumedMasterState?: Record<string, unknown>) {
      const res = await api.push('invoices', ws, [{ newDocumentState: doc, assumedMasterState }]);
      expect(res.body).toEqual({ conflicts: [], rejected: [] });
    }
    /** The invoice's public page: its API address and token. */
    async function shared(invoiceId: string) {
      const res = await owned(`${base}/api/workspaces/${ws}/invoices/${invoiceId}/share-link`, {
        method: 'POST',
        headers: { origin: base, 'content-type': 'application/json' },
        body: '{}',
      });
      const u = new URL(((await res.json()) as { url: string }).url);
      const [, , slug, , number] = u.pathname.split('/');
      return { api: `${base}/api/storefront/${slug}/invoices/${number}`, token: u.searchParams.get('t') ?? '' };
    }
    async function payNow(page: { api: string }, body: Record<string, unknown>) {
      const res = await fetch(`${page.api}/pay`, {
        method: 'POST',
        headers: { origin: base, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    }
    const stored = async (id: string) =>
      (
        await db.query<StoredInvoice>('SELECT status, payments, paid_date, server_seq, server_version FROM invoices WHERE id = $1', [id])
      )[0];
    const checkouts = (invoiceId: string) =>
      db.query<{ reference: string; status: string; amount_cents: string | number; credit_cents: string | number; currency: string }>(
        'SELECT reference, status, amount_cents, credit_cents, currency FROM invoice_online_payments WHERE invoice_id = $1',
        [invoiceId],
      );
    const publicView = async (page: { api: string; token: string }, ref?: string) =>
      (await (await fetch(`${page.api}?t=${page.token}${ref ? `&ref=${ref}` : ''}`)).json()) as Record<string, unknown>;
    /** What the card partner says of a transaction: the data its webhook carries. */
    /** The "paid" notifications of one invoice: the owner and the admin each hear of a card payment once. */
    const toldPaid = async (invoiceId: string) =>
      (await toldIn(db, ws, 'invoice_paid')).filter((n) => n.link === invoicePath(ws, invoiceId));
    const toldEach = (n: { title: string; body: string; link: string }) =>
      [people.owner, people.admin].map((user_id) => ({ user_id, kind: 'invoice_paid', ...n }));
    async function providerData(reference: string) {
      const res = await fetch(`${harness.sandbox.apiUrl}/transaction/verify/${reference}`, {
        headers: { authorization: `Bearer ${harness.secretKey}` },
      });
      return ((await res.json()) as { data: unknown }).data;
    }

    it('pays the balance once: checkout, the signed webhook appends a card payment and the invoice turns paid', async () => {
      const doc = sentInvoice(ws, {
        invoice_number: 'INV-000101',
        status: 'partially_paid',
        payments: [{ id: randomUUID(), amount_cents: 100_000, date: '2026-03-05', method: 'eft' }],
      });
      await pushed(doc);
      const page = await shared(doc.id);
      const before = await stored(doc.id);

      const started = await payNow(page, { t: page.token });
      expect(started.status).toBe(200);
      const reference = String(started.body.reference);
      expect(reference).toMatch(/^vkinv_/);
      expect(await checkouts(doc.id)).toEqual([
        { reference, status: 'pending', amount_cents: expect.anything(), credit_cents: expect.anything(), currency: 'ZAR' },
      ]);
      expect(Number((await checkouts(doc.id))[0].amount_cents)).toBe(187_500);
      expect(await publicView(page, reference)).toMatchObject({ checkout: 'pending', status: 'partially_paid', has_email: true });

      const paid = await payOnCheckout(String(started.body.authorization_url));
      expect(paid.location).toContain(`/storefront/`);
      expect(paid.location).toContain(`t=${page.token}`);
      expect(paid.location).toContain(`reference=${reference}`);
      await harness.sandbox.idle();

      const after = await stored(doc.id);
      expect(after.status).toBe('paid');
      expect(after.paid_date).toMatch(/^\d{4}-\d\d-\d\d$/);
      expect(after.payments).toHaveLength(2);
      expect(after.payments?.[1]).toMatchObject({ id: reference, amount_cents: 187_500, method: 'card', reference });
      expect(Number(after.server_seq)).toBeGreaterThan(Number(before.server_seq));
      expect(after.server_version).toBe(before.server_version + 1);
      expect(await checkouts(doc.id)).toMatchObject([{ status: 'paid' }]);
      expect(Number((await checkouts(doc.id))[0].credit_cents)).toBe(0);
      expect(await publicView(page, reference)).toMatchObject({ checkout: 'paid', status: 'paid', balance_cents: 0, payable: false });

      // Devices see it: the feed hands out the paid invoice.
      const pull = await api.pull('invoices', ws, Number(before.server_seq));
      const fed = (pull.body as { documents: Array<Record<string, unknown>> }).documents.find((d) => d.id === doc.id);
      expect(fed).toMatchObject({ status: 'paid', server_version: before.server_version + 1 });

      // The owner and the admin hear of it in the bell, once each; a plain member does not.
      const told = toldEach({
        title: 'INV-000101 was paid',
        body: `Naledi Khumalo paid ${formatCents(187_500, 'ZAR')} by card.`,
        link: `/workspace/${ws}/invoices/${doc.id}`,
      });
      expect(await toldPaid(doc.id)).toEqual(told);

      // The same webhook again (a provider retry) changes nothing, and tells nobody again.
      const repeat = await harness.postWebhook({ event: 'charge.success', data: await providerData(reference) });
      expect(repeat.status).toBe(200);
      expect(await stored(doc.id)).toEqual(after);
      expect(await toldPaid(doc.id)).toEqual(told);

      // A paid invoice has nothing left to pay.
      expect(await payNow(page, { t: page.token })).toMatchObject({ status: 409, body: { message: payMessages.notPayable } });
    });

    it('a card payment on an invoice whose prices include VAT keeps its totals, dated on the workspace’s own day', async () => {
      await saveSettings(db, ws, { timezone: 'Pacific/Kiritimati' }, new Date());
      const doc = sentInvoice(ws, { invoice_number: 'INV-000108', prices_include_vat: true });
      await pushed(doc);
      const page = await shared(doc.id);
      const started = await payNow(page, { t: page.token });
      expect(Number((await checkouts(doc.id))[0].amount_cents)).toBe(250_000);
      await payOnCheckout(String(started.body.authorization_url));
      await harness.sandbox.idle();
      const [row] = await db.query<{ status: string; total_cents: string; tax_cents: string; payments: Array<{ date: string }> }>(
        'SELECT status, total_cents, tax_cents, payments FROM invoices WHERE workspace_id = $1 AND id = $2',
        [ws, doc.id],
      );
      expect(row).toMatchObject({ status: 'paid' });
      expect(Number(row.total_cents)).toBe(250_000);
      expect(Number(row.tax_cents)).toBe(32_609);
      // UTC+14: its calendar day is ahead of UTC's for most of every day.
      const kiritimati = new Intl.DateTimeFormat('en-CA', { timeZone: 'Pacific/Kiritimati' }).format(new Date());
      expect(row.payments.at(-1)?.date).toBe(kiritimati);
    });

    it('a declined card: the page learns it from the card partner at once, with its reason, and a new attempt pays once', async () => {
      const doc = sentInvoice(ws, { invoice_number: 'INV-000109' });
      await pushed(doc);
      const page = await shared(doc.id);
      const before = await stored(doc.id);
      const started = await payNow(page, { t: page.token });
      const declinedRef = String(started.body.reference);

      // The card page names the shop being paid, not the platform.
      const [{ name: shop }] = await db.query<{ name: string }>('SELECT name FROM workspaces WHERE id = $1', [ws]);
      const declined = await payOnCheckout(String(started.body.authorization_url), { number: DECLINED_CARD });
      expect(declined.page).toContain(`${shop} · naledi@example.com`);
      expect(declined.page).not.toContain('Vuka ·');
      expect(declined.location).toContain(`reference=${declinedRef}`);
      await harness.sandbox.idle();
      // No webhook comes for a decline; the page's first look asks the card partner.
      expect(await checkouts(doc.id)).toMatchObject([{ reference: declinedRef, status: 'pending' }]);
      expect(await publicView(page, declinedRef)).toMatchObject({
        checkout: 'failed',
        checkout_reason: 'Declined',
        payable: true,
        status: 'sent',
        balance_cents: 287_500,
      });
      expect(await stored(doc.id)).toEqual(before);

      // "Try again": a new checkout, paid this time; the webhook is held back so the page alone settles it.
      harness.webhooks(false);
      const again = await payNow(page, { t: page.token });
      const paidRef = String(again.body.reference);
      expect(paidRef).not.toBe(declinedRef);
      await payOnCheckout(String(again.body.authorization_url));
      expect(await publicView(page, paidRef)).toMatchObject({ checkout: 'paid', checkout_reason: null, status: 'paid', balance_cents: 0 });
      harness.webhooks(true);
      // The webhook arriving afterwards is a duplicate: one card payment, for the balance.
      expect((await harness.postWebhook({ event: 'charge.success', data: await providerData(paidRef) })).status).toBe(200);
      const after = await stored(doc.id);
      expect(after.payments).toEqual([expect.objectContaining({ id: paidRef, amount_cents: 287_500, method: 'card' })]);
      expect(after.server_version).toBe(before.server_version + 1);
      // Settled by the page's look, then the webhook: told once each all the same; the decline told nobody.
      expect(await toldPaid(doc.id)).toEqual(
        toldEach({
          title: 'INV-000109 was paid',
          body: `Naledi Khumalo paid ${formatCents(287_500, 'ZAR')} by card.`,
          link: `/workspace/${ws}/invoices/${doc.id}`,
        }),
      );
      expect(await publicView(page, declinedRef)).toMatchObject({ checkout: 'failed', checkout_reason: 'Declined' });
      const rows = await checkouts(doc.id);
      expect(rows.map((r) => [r.reference, r.status]).sort()).toEqual(
        [
          [declinedRef, 'failed'],
          [paidRef, 'paid'],
        ].sort(),
      );
    });

    it('a charge the card partner confirms for less than the balance leaves the invoice partly paid, told as paid in part', async () => {
      const doc = sentInvoice(ws, { invoice_number: 'INV-000111' });
      await pushed(doc);
      const page = await shared(doc.id);
      const reference = String((await payNow(page, { t: page.token })).body.reference);
      // The checkout asks for the whole balance; a partner confirming less is settled for what it confirmed.
      const charge = {
        reference,
        status: 'success' as const,
        amount: 100_000,
        currency: 'ZAR',
        gatewayResponse: 'Approved',
        paidAt: null,
        authorization: null,
        customerEmail: 'naledi@example.com',
        customerCode: null,
        planCode: null,
        subaccount: null,
      };
      expect(await db.transaction((tx) => settleInvoicePayment(tx, charge, new Date()))).toBe('handled');
      expect((await stored(doc.id)).status).toBe('partially_paid');
      const told = toldEach({
        title: 'INV-000111 was paid in part',
        body: `Naledi Khumalo paid ${formatCents(100_000, 'ZAR')} by card.`,
        link: `/workspace/${ws}/invoices/${doc.id}`,
      });
      expect(await toldPaid(doc.id)).toEqual(told);
      expect(await db.transaction((tx) => settleInvoicePayment(tx, charge, new Date()))).toBe('duplicate');
      expect(await toldPaid(doc.id)).toEqual(told);
    });

    it('a checkout the customer cancelled comes back abandoned, in the card partner’s words', async () => {
      const doc = sentInvoice(ws, { invoice_number: 'INV-000110' });
      await pushed(doc);
      const page = await shared(doc.id);
      const started = await payNow(page, { t: page.token });
      const reference = String(started.body.reference);
      const cancel = await fetch(`${String(started.body.authorization_url)}/cancel`, { redirect: 'manual' });
      expect(cancel.headers.get('location')).toContain(`reference=${reference}`);
      expect(await publicView(page, reference)).toMatchObject({
        checkout: 'failed',
        checkout_reason: 'The customer cancelled the payment',
        payable: true,
      });
    });

    it('an unsigned or ill-signed webhook is refused with 401 and changes nothing', async () => {
      const doc = sentInvoice(ws, { invoice_number: 'INV-000102' });
      await pushed(doc);
      const page = await shared(doc.id);
      const started = await payNow(page, { t: page.token });
      const reference = String(started.body.reference);
      harness.webhooks(false);
      await payOnCheckout(String(started.body.authorization_url));
      harness.webhooks(true);
      const before = await stored(doc.id);
      const body = { event: 'charge.success', data: await providerData(reference) };

      expect((await harness.postWebhook(body, 'sk_test_not_the_key')).status).toBe(401);
      const unsigned = await fetch(`${base}/api/billing/paystack/webhook`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect(unsigned.status).toBe(401);
      expect(await stored(doc.id)).toEqual(before);
      expect(await checkouts(doc.id)).toMatchObject([{ status: 'pending' }]);

      // The real, signed one (delivered late) settles it.
      expect((await harness.postWebhook(body)).status).toBe(200);
      expect((await stored(doc.id)).status).toBe('paid');
    });

    it('a wrong or missing token is not found, and nothing is started', async () => {
      const doc = sentInvoice(ws, { invoice_number: 'INV-000103' });
      await pushed(doc);
      const page = await shared(doc.id);
      for (const body of [{ t: `${page.token.slice(0, -1)}${page.token.endsWith('x') ? 'y' : 'x'}` }, {}, { t: '' }]) {
        expect(await payNow(page, body)).toEqual({ status: 404, body: { message: 'Not found' } });
      }
      const draft = sentInvoice(ws, { invoice_number: 'INV-000104', status: 'draft' });
      await pushed(draft);
      expect((await payNow({ api: page.api.replace('INV-000103', 'INV-000104') }, { t: page.token })).status).toBe(404);
      expect(await checkouts(doc.id)).toEqual([]);
    });

    it('asks for the e-mail when the invoice has none, and refuses an invalid one', async () => {
      const doc = sentInvoice(ws, { invoice_number: 'INV-000105', customer_email: undefined });
      await pushed(doc);
      const page = await shared(doc.id);
      expect(await publicView(page)).toMatchObject({ has_email: false, payable: true, checkout: null });
      for (const body of [{ t: page.token }, { t: page.token, email: 'naledi@' }]) {
        const res = await payNow(page, body);
        expect(res.status).toBe(400);
        expect(JSON.stringify(res.body)).toContain(sendMessages.email);
      }
      expect(await checkouts(doc.id)).toEqual([]);
      expect((await payNow(page, { t: page.token, email: 'naledi@example.com' })).status).toBe(200);
    });

    it('a card payment that arrives after the invoice was paid is recorded as the customer’s credit, and the invoice stays valid', async () => {
      const doc = sentInvoice(ws, { invoice_number: 'INV-000106' });
      await pushed(doc);
      const page = await shared(doc.id);
      const started = await payNow(page, { t: page.token });
      const reference = String(started.body.reference);

      // Meanwhile the seller records a part payment on a device: 100 000 of 287 500.
      const part = { id: randomUUID(), amount_cents: 100_000, date: '2026-03-06', method: 'cash' };
      const master = { ...doc, server_version: (await stored(doc.id)).server_version };
      await pushed({ ...doc, updated_at: now(), status: 'partially_paid', payments: [part] }, master);

      await payOnCheckout(String(started.body.authorization_url));
      await harness.sandbox.idle();
      const after = await stored(doc.id);
      expect(after.status).toBe('paid');
      expect(after.payments?.map((p) => p.amount_cents)).toEqual([100_000, 187_500]);
      expect(Number((await checkouts(doc.id))[0].credit_cents)).toBe(100_000);

      const outreach = (await (await owned(`${base}/api/workspaces/${ws}/invoices/${doc.id}/outreach`)).json()) as {
        online_payments: unknown[];
      };
      expect(outreach.online_payments).toEqual([
        expect.objectContaining({ reference, amount_cents: 287_500, credit_cents: 100_000, status: 'paid' }),
      ]);
      expect((await payNow(page, { t: page.token })).status).toBe(409);

      // Paid in full on a device while the customer was at the checkout: all of the card payment is credit.
      const other = sentInvoice(ws, { invoice_number: 'INV-000107' });
      await pushed(other);
      const otherPage = await shared(other.id);
      const second = await payNow(otherPage, { t: otherPage.token });
      const full = { id: randomUUID(), amount_cents: 287_500, date: '2026-03-06', method: 'eft' };
      await pushed(
        { ...other, updated_at: now(), status: 'paid', paid_date: '2026-03-06', payments: [full] },
        { ...other, server_version: (await stored(other.id)).server_version },
      );
      const paidBefore = await stored(other.id);
      await payOnCheckout(String(second.body.authorization_url));
      await harness.sandbox.idle();
      expect(await stored(other.id)).toEqual(paidBefore);
      expect(await checkouts(other.id)).toMatchObject([{ status: 'paid' }]);
      expect(Number((await checkouts(other.id))[0].credit_cents)).toBe(287_500);

      // The owner and the admin are told of each credit, once each; a plain member is not.
      const credited = async (invoiceId: string) =>
        (await toldIn(db, ws, 'payment_credited')).filter((n) => n.link === invoicePath(ws, invoiceId));
      const toldCredit = (n: { title: string; body: string; link: string }) =>
        [people.owner, people.admin].map((user_id) => ({ user_id, kind: 'payment_credited', ...n }));
      expect(await credited(doc.id)).toEqual(
        toldCredit({
          title: `INV-000106: ${formatCents(100_000, 'ZAR')} kept as credit`,
          body: `Naledi Khumalo paid ${formatCents(287_500, 'ZAR')} by card when INV-000106 owed ${formatCents(187_500, 'ZAR')}, so ${formatCents(100_000, 'ZAR')} is kept as their credit.`,
          link: invoicePath(ws, doc.id),
        }),
      );
      const toldOther = toldCredit({
        title: `INV-000107: ${formatCents(287_500, 'ZAR')} kept as credit`,
        body: `Naledi Khumalo paid ${formatCents(287_500, 'ZAR')} by card when INV-000107 owed ${formatCents(0, 'ZAR')}, so ${formatCents(287_500, 'ZAR')} is kept as their credit.`,
        link: invoicePath(ws, other.id),
      });
      expect(await credited(other.id)).toEqual(toldOther);
      // Nothing paid on it by card, so no "paid" news for the invoice settled on the device.
      expect(await toldPaid(other.id)).toEqual([]);
      // The provider's retry is a duplicate: nobody is told twice.
      const otherRef = (await checkouts(other.id))[0].reference;
      expect((await harness.postWebhook({ event: 'charge.success', data: await providerData(otherRef) })).status).toBe(200);
      expect(await credited(other.id)).toEqual(toldOther);
    });

    it('a payment paid in full without credit tells nobody of credit', async () => {
      const doc = sentInvoice(ws, { invoice_number: 'INV-000112' });
      await pushed(doc);
      const page = await shared(doc.id);
      const started = await payNow(page, { t: page.token });
      await payOnCheckout(String(started.body.authorization_url));
      await harness.sandbox.idle();
      expect((await stored(doc.id)).status).toBe('paid');
      expect((await toldIn(db, ws, 'payment_credited')).filter((n) => n.link === invoicePath(ws, doc.id))).toEqual([]);
    });

    it('a shop with a payout account is paid into it; without one the payment names no subaccount', async () => {
      const first = sentInvoice(ws, { invoice_number: 'INV-000113' });
      await pushed(first);
      const firstPage = await shared(first.id);
      const unowned = await payNow(firstPage, { t: firstPage.token });
      expect(unowned.status).toBe(200);
      expect(harness.sandbox.state.transactions.get(String(unowned.body.reference))?.subaccount).toBeNull();
      expect(await providerData(String(unowned.body.reference))).toMatchObject({ subaccount: {} });

      const saved = await owned(`${base}/api/workspaces/${ws}/storefront/payout`, {
        method: 'PUT',
        headers: { origin: base, 'content-type': 'application/json' },
        body: JSON.stringify({ business_name: 'Khumalo Prints', settlement_bank: '632005', account_number: '4081234567' }),
      });
      expect(saved.status).toBe(200);
      const code = String(((await saved.json()) as { subaccount_code: string }).subaccount_code);
      try {
        const second = sentInvoice(ws, { invoice_number: 'INV-000114' });
        await pushed(second);
        const page = await shared(second.id);
        const started = await payNow(page, { t: page.token });
        expect(started.status).toBe(200);
        const reference = String(started.body.reference);
        expect(harness.sandbox.state.transactions.get(reference)?.subaccount).toMatchObject({
          account: { subaccount_code: code, business_name: 'Khumalo Prints' },
          bearer: 'subaccount',
        });
        // The card page still names the shop; paid, the provider says the subaccount took it.
        const paid = await payOnCheckout(String(started.body.authorization_url));
        const [{ name: shop }] = await db.query<{ name: string }>('SELECT name FROM workspaces WHERE id = $1', [ws]);
        expect(paid.page).toContain(`${shop} · naledi@example.com`);
        await harness.sandbox.idle();
        expect(await providerData(reference)).toMatchObject({ status: 'success', subaccount: { subaccount_code: code } });
        expect((await stored(second.id)).status).toBe('paid');
      } finally {
        await db.query('UPDATE storefront_settings SET paystack_subaccount = NULL WHERE workspace_id = $1', [ws]);
      }
    });
  });
}
