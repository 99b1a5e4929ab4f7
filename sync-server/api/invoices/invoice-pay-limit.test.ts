import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAY_NOW_LIMIT } from './invoices.service.js';
import type { Db } from '../../db/db.js';
import { startBillingHarness, type BillingHarness } from '../../../tests/support/billing.js';
import { testDatabases } from '../../../tests/support/databases.js';
import { sentInvoice } from '../../../tests/support/invoice-docs.js';
import { accessCookie, cookieFetch, openSyncDatabase, seedUser, seedWorkspace, syncApi } from '../../../tests/support/sync-server.js';

for (const target of testDatabases()) {
  describe(`"Pay now" is limited per client address on ${target.name}`, () => {
    let db: Db;
    let harness: BillingHarness;
    let base: string;
    let page: { api: string; token: string };
    let invoiceId: string;

    beforeAll(async () => {
      db = await openSyncDatabase(target);
      harness = await startBillingHarness(db);
      base = harness.server.url;
      const owner = await seedUser(db);
      const ws = await seedWorkspace(db, owner);
      const cookie = await accessCookie(harness.server.deps, owner);
      const doc = sentInvoice(ws, { invoice_number: 'INV-000301' });
      invoiceId = doc.id;
      expect((await syncApi(base, cookie).push('invoices', ws, [{ newDocumentState: doc }])).body).toEqual({ conflicts: [], rejected: [] });
      const res = await cookieFetch(cookie)(`${base}/api/workspaces/${ws}/invoices/${doc.id}/share-link`, {
        method: 'POST',
        headers: { origin: base, 'content-type': 'application/json' },
        body: '{}',
      });
      const u = new URL(((await res.json()) as { url: string }).url);
      const [, , slug, , number] = u.pathname.split('/');
      page = { api: `${base}/api/storefront/${slug}/invoices/${number}`, token: u.searchParams.get('t') ?? '' };
    });
    afterAll(async () => {
      await harness.close();
      await db.close();
    });

    async function payNow(token: string) {
      const res = await fetch(`${page.api}/pay`, {
        method: 'POST',
        headers: { origin: base, 'content-type': 'application/json' },
        body: JSON.stringify({ t: token }),
      });
      return { status: res.status, retryAfter: res.headers.get('retry-after'), body: (await res.json()) as Record<string, unknown> };
    }
    const checkouts = async () =>
      (await db.query<{ n: string | number }>('SELECT count(*) AS n FROM invoice_online_payments WHERE invoice_id = $1', [invoiceId]))[0].n;

    it('counts every press, good token or guessed; past the limit a clear 429 and no checkout is opened', async () => {
      expect((await payNow(page.token)).status).toBe(200);
      for (let i = 1; i < PAY_NOW_LIMIT.max; i++) expect((await payNow(`guess-${i}`)).status).toBe(404);
      expect(Number(await checkouts())).toBe(1);

      const refused = await payNow(page.token);
      expect(refused.status).toBe(429);
      expect(refused.body.message).toBe('Too many attempts. Please try again in 10 minutes.');
      expect(Number(refused.retryAfter)).toBeGreaterThan(0);
      expect(Number(await checkouts())).toBe(1);
      expect((await payNow('another-guess')).status).toBe(429);
    });
  });
}
