import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  browseResult,
  classifiedDto,
  classifiedMessages as msg,
  inquiryThread,
  reportDto,
  reportList,
  type ReportDto,
} from '../../../schema/classifieds/classifieds.js';
import type { Db } from '../../db/db.js';
import { metaFor } from '../../seo/seo.js';
import { testDatabases } from '../../../tests/support/databases.js';
import { signedInUser } from '../../../tests/support/fixtures.js';
import type { CookieClient, TestServer } from '../../../tests/support/server.js';
import { startTestServer } from '../../../tests/support/server.js';
import { seedWorkspace } from '../../../tests/support/sync-server.js';

for (const target of testDatabases()) {
  describe(`resolving reports of classified ads on ${target.name}`, () => {
    let db: Db;
    let server: TestServer;
    let admin: { user: { id: number; email: string }; client: CookieClient };

    beforeAll(async () => {
      db = await target.open();
      server = await startTestServer(db);
      admin = await signedInUser(server, { full_name: 'Refilwe Admin' });
      await db.query('UPDATE users SET is_admin = true WHERE id = $1', [admin.user.id]);
    });
    afterAll(async () => {
      await server?.close();
      await db?.close();
    });

    /** A seller's published ad, a buyer who asked about it, and `n` reports of it. */
    async function reportedAd(title: string, reasons: string[]) {
      const seller = await signedInUser(server, { full_name: 'Kagiso Molefe' });
      const ws = await seedWorkspace(db, seller.user.id);
      const ad = classifiedDto.parse(
        (
          await seller.client.post(`/api/workspaces/${ws}/classifieds`, {
            title,
            category: 'electronics',
            price_cents: 99_900,
            status: 'published',
          })
        ).json,
      );
      const buyer = await signedInUser(server, { full_name: 'Neo Buyer' });
      const asked = inquiryThread.parse(
        (await buyer.client.post(`/api/classifieds/${ad.id}/inquiries`, { message: 'Still for sale?' })).json,
      );
      for (const reason of reasons) expect((await buyer.client.post(`/api/classifieds/${ad.id}/reports`, { reason })).status).toBe(200);
      return { seller, ws, ad, buyer, asked };
    }
    const list = async (status?: 'open' | 'resolved') =>
      reportList.parse((await admin.client.get(`/api/admin/classified-reports${status ? `?status=${status}` : ''}`)).json).reports;
    const reportsOf = (reports: ReportDto[], adId: string) => reports.filter((r) => r.classified_id === adId);

    it('dismissing a report records who and when, moves it to the resolved list and leaves the ad public', async () => {
      const { ad } = await reportedAd('Samsung A14', ['Looks like a stock photo']);
      const [open] = reportsOf(await list(), ad.id);
      expect(open).toMatchObject({ status: 'open', resolved_by: null, resolved_at: null, listing_status: 'published' });
      const res = await admin.client.post(`/api/admin/classified-reports/${open.id}/resolve`, {
        action: 'dismiss',
        note: 'Photo is the seller’s',
      });
      expect(res.status, res.text).toBe(200);
      const done = reportDto.parse(res.json);
      expect(done).toMatchObject({ status: 'dismissed', resolved_by: admin.user.email, resolution_note: 'Photo is the seller’s' });
      expect(Date.parse(done.resolved_at ?? '')).toBeGreaterThan(Date.now() - 60_000);
      expect(reportsOf(await list(), ad.id)).toEqual([]);
      expect(reportsOf(await list('resolved'), ad.id)).toEqual([done]);
      expect((await admin.client.get(`/api/classifieds/${ad.id}`)).status).toBe(200);
      // Resolved once only.
      const again = await admin.client.post(`/api/admin/classified-reports/${open.id}/resolve`, {
        action: 'remove',
        note: 'Changed my mind',
      });
      expect(again.status).toBe(409);
      expect(again.json).toMatchObject({ message: msg.alreadyResolved });
    });

    it('taking an ad down hides it everywhere, resolves its every open report, and its seller sees why', async () => {
      const { ad, seller, ws, buyer, asked } = await reportedAd('iPhone 15 Pro, R2000', [
        'Price too good to be true',
        'Asked for a deposit by EFT',
      ]);
      const open = reportsOf(await list(), ad.id);
      expect(open).toHaveLength(2);
      const noReason = await admin.client.post(`/api/admin/classified-reports/${open[0].id}/resolve`, { action: 'remove' });
      expect(noReason.status).toBe(400);
      expect(noReason.json).toMatchObject({ message: msg.takedownReason });
      expect(classifiedDto.parse((await seller.client.get(`/api/workspaces/${ws}/classifieds/${ad.id}`)).json).status).toBe('published');

      const reason = 'Reported as a deposit scam: ads may not ask for payment before viewing.';
      const res = await admin.client.post(`/api/admin/classified-reports/${open[0].id}/resolve`, { action: 'remove', note: reason });
      expect(res.status, res.text).toBe(200);
      expect(reportDto.parse(res.json)).toMatchObject({ status: 'removed', listing_status: 'removed', resolved_by: admin.user.email });
      const resolved = reportsOf(await list('resolved'), ad.id);
      expect(resolved.map((r) => r.status)).toEqual(['removed', 'removed']);
      expect(reportsOf(await list(), ad.id)).toEqual([]);

      // Gone from the public list, its page, its page meta and new inquiries.
      expect((await buyer.client.get(`/api/classifieds/${ad.id}`)).status).toBe(404);
      const browse = browseResult.parse((await buyer.client.get('/api/classifieds?category=electronics')).json);
      expect(browse.listings.map((l) => l.id)).not.toContain(ad.id);
      expect(await metaFor(server.deps, `/classifieds/${ad.id}`)).toBeNull();
      expect((await buyer.client.post(`/api/classifieds/${ad.id}/inquiries`, { message: 'Hello?' })).status).toBe(404);
      const late = await buyer.client.post(`/api/classified-inquiries/${asked.id}/messages`, { message: 'Are you there?' });
      expect(late.status).toBe(409);

      // The seller sees it taken down, with the reason, and cannot put it back up.
      const mine = classifiedDto.parse((await seller.client.get(`/api/workspaces/${ws}/classifieds/${ad.id}`)).json);
      expect(mine).toMatchObject({ status: 'removed', removed_reason: reason });
      for (const status of ['published', 'draft'])
        expect((await seller.client.patch(`/api/workspaces/${ws}/classifieds/${ad.id}`, { status })).json).toMatchObject({
          message: msg.removed,
        });
      expect((await seller.client.post(`/api/workspaces/${ws}/classifieds/${ad.id}/renew`)).status).toBe(409);
      expect(classifiedDto.parse((await seller.client.get(`/api/workspaces/${ws}/classifieds/${ad.id}`)).json).status).toBe('removed');
    });

    it('a non-admin can neither list nor resolve reports, and nothing changes', async () => {
      const { ad, seller, buyer } = await reportedAd('Hoover', ['Spam']);
      const [open] = reportsOf(await list(), ad.id);
      for (const who of [seller.client, buyer.client]) {
        expect((await who.get('/api/admin/classified-reports?status=resolved')).status).toBe(403);
        const res = await who.post(`/api/admin/classified-reports/${open.id}/resolve`, { action: 'remove', note: 'Mine now' });
        expect(res.status).toBe(403);
        expect(res.json).toMatchObject({ message: msg.adminsOnly });
      }
      expect(reportsOf(await list(), ad.id)).toEqual([open]);
      expect((await buyer.client.get(`/api/classifieds/${ad.id}`)).status).toBe(200);
      expect(
        (await admin.client.post('/api/admin/classified-reports/00000000-0000-4000-8000-000000000000/resolve', { action: 'dismiss' }))
          .status,
      ).toBe(404);
    });
  });
}
