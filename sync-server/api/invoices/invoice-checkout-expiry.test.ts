import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECKOUT_EXPIRY_HOURS, EXPIRE_CHECKOUTS_JOB } from './invoice-pay.jobs.js';
import type { Db } from '../../db/db.js';
import { startJobs } from '../../jobs/jobs.js';
import { payOnCheckout, startBillingHarness, type BillingHarness } from '../../../tests/support/billing.js';
import { testDatabases } from '../../../tests/support/databases.js';
import { sentInvoice } from '../../../tests/support/invoice-docs.js';
import { accessCookie, cookieFetch, openSyncDatabase, seedUser, seedWorkspace, syncApi } from '../../../tests/support/sync-server.js';

for (const target of testDatabases()) {
  describe(`never-paid "Pay now" checkouts expire on ${target.name}`, () => {
    let db: Db;
    let harness: BillingHarness;
    let jobs: Awaited<ReturnType<typeof startJobs>>;
    let base: string;
    let page: { api: string; token: string };
    let invoiceId: string;

    beforeAll(async () => {
      db = await openSyncDatabase(target);
      harness = await startBillingHarness(db);
      base = harness.server.url;
      jobs = await startJobs(harness.server.deps, { work: false });
      const owner = await seedUser(db);
      const ws = await seedWorkspace(db, owner);
      const cookie = await accessCookie(harness.server.deps, owner);
      const doc = sentInvoice(ws, { invoice_number: 'INV-000401' });
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
      await jobs.stop();
      await harness.close();
      await db.close();
    });

    async function payNow() {
      const res = await fetch(`${page.api}/pay`, {
        method: 'POST',
        headers: { origin: base, 'content-type': 'application/json' },
        body: JSON.stringify({ t: page.token }),
      });
      expect(res.status).toBe(200);
      return (await res.json()) as { reference: string; authorization_url: string };
    }
    const statuses = async () =>
      Object.fromEntries(
        (
          await db.query<{ reference: string; status: string }>(
            'SELECT reference, status FROM invoice_online_payments WHERE invoice_id = $1',
            [invoiceId],
          )
        ).map((r) => [r.reference, r.status]),
      );
    /** Makes a checkout look as if it was started `hours` ago. */
    const startedHoursAgo = (reference: string, hours: number) =>
      db.query(`UPDATE invoice_online_payments SET created_at = now() - make_interval(hours => $2) WHERE reference = $1`, [
        reference,
        hours,
      ]);
    const sweep = async () => {
      await jobs.queue.send(EXPIRE_CHECKOUTS_JOB, {});
      await jobs.queue.drain(EXPIRE_CHECKOUTS_JOB);
    };

    it('the sweep in the job queue closes only checkouts older than the expiry and never paid; twice changes nothing', async () => {
      const old = await payNow();
      const recent = await payNow();
      const paidOld = await payNow();
      await startedHoursAgo(old.reference, CHECKOUT_EXPIRY_HOURS + 1);
      await startedHoursAgo(recent.reference, CHECKOUT_EXPIRY_HOURS - 1);
      await payOnCheckout(paidOld.authorization_url);
      await harness.sandbox.idle();
      await startedHoursAgo(paidOld.reference, CHECKOUT_EXPIRY_HOURS + 5);

      await sweep();
      expect(await statuses()).toEqual({ [old.reference]: 'expired', [recent.reference]: 'pending', [paidOld.reference]: 'paid' });
      const view = (await (await fetch(`${page.api}?t=${page.token}&ref=${old.reference}`)).json()) as Record<string, unknown>;
      expect(view.checkout).toBe('expired');
      await sweep();
      expect(await statuses()).toEqual({ [old.reference]: 'expired', [recent.reference]: 'pending', [paidOld.reference]: 'paid' });
    });
  });
}
