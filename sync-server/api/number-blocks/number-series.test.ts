import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { numberBlock, numberSeriesReport, pushResponse } from '../../../schema/sync/contract.js';
import type { Db } from '../../db/db.js';
import { testDatabases } from '../../../tests/support/databases.js';
import {
  accessCookie,
  cookieFetch,
  openSyncDatabase,
  seedUser,
  seedWorkspace,
  startSyncTestServer,
  syncApi,
  type SyncTestServer,
} from '../../../tests/support/sync-server.js';

function invoice(workspace_id: number, invoice_number: string) {
  return {
    id: randomUUID(),
    workspace_id,
    updated_at: new Date().toISOString(),
    customer_name: 'Thandi Mokoena',
    issue_date: '2026-11-02',
    due_date: '2026-12-02',
    currency: 'ZAR',
    invoice_number,
    items: [{ id: randomUUID(), description: 'Bookkeeping', quantity: 1, unit_price_cents: 50_000, tax_rate_bp: 1500 }],
  };
}

for (const target of testDatabases()) {
  describe(`number series report on ${target.name}`, () => {
    let db: Db;
    let server: SyncTestServer;
    let ws: number;
    let owner: ReturnType<typeof syncApi>;
    let memberFetch: typeof fetch;
    let ownerFetch: typeof fetch;

    beforeAll(async () => {
      db = await openSyncDatabase(target);
      server = await startSyncTestServer(db);
      const ownerId = await seedUser(db);
      const memberId = await seedUser(db);
      ws = await seedWorkspace(db, ownerId, [memberId]);
      const cookie = await accessCookie(server.deps, ownerId);
      owner = syncApi(server.url, cookie);
      ownerFetch = cookieFetch(cookie);
      memberFetch = cookieFetch(await accessCookie(server.deps, memberId));
    });
    afterAll(async () => {
      await server.close();
      await db.close();
    });

    const reserve = async (device: string, size: number) =>
      numberBlock.parse((await owner.post(`/api/workspaces/${ws}/number-blocks`, { device_id: device, series: 'invoice', size })).body);

    async function report(fetcher: typeof fetch = ownerFetch) {
      const res = await fetcher(`${server.url}/api/workspaces/${ws}/number-series`);
      return { status: res.status, body: await res.json() };
    }

    async function setStart(next: unknown, fetcher: typeof fetch = ownerFetch) {
      const res = await fetcher(`${server.url}/api/workspaces/${ws}/number-series/invoice`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ next_number: next }),
      });
      return { status: res.status, body: await res.json() };
    }

    it('a new workspace starts every series at 1, with nothing reserved', async () => {
      const { status, body } = await report();
      expect(status).toBe(200);
      expect(numberSeriesReport.parse(body)).toEqual([
        { series: 'receipt', next_number: 1, issued: 0, blocks: [] },
        { series: 'invoice', next_number: 1, issued: 0, blocks: [] },
        { series: 'quote', next_number: 1, issued: 0, blocks: [] },
        { series: 'credit_note', next_number: 1, issued: 0, blocks: [] },
      ]);
    });

    it('lists each device block and the numbers in it no document on the server carries', async () => {
      expect(await reserve('device-aaaa-1', 10)).toMatchObject({ start: 1, end: 10 });
      expect(await reserve('device-bbbb-2', 10)).toMatchObject({ start: 11, end: 20 });
      const pushed = await owner.push(
        'invoices',
        ws,
        ['INV-000001', 'INV-000002', 'INV-000004', 'INV-000011'].map((n) => ({ newDocumentState: invoice(ws, n) })),
      );
      expect(pushResponse.parse(pushed.body)).toEqual({ conflicts: [], rejected: [] });
      // Device A moves on to a second block: the unused numbers of its first are now gaps.
      expect(await reserve('device-aaaa-1', 10)).toMatchObject({ start: 21, end: 30 });

      const invoices = numberSeriesReport.parse((await report()).body).find((s) => s.series === 'invoice');
      expect(invoices).toMatchObject({ next_number: 31, issued: 4 });
      expect(invoices?.blocks.map(({ device_id, start, end, current, unused }) => ({ device_id, start, end, current, unused }))).toEqual([
        {
          device_id: 'device-aaaa-1',
          start: 1,
          end: 10,
          current: false,
          unused: [
            { start: 3, end: 3 },
            { start: 5, end: 10 },
          ],
        },
        { device_id: 'device-bbbb-2', start: 11, end: 20, current: true, unused: [{ start: 12, end: 20 }] },
        { device_id: 'device-aaaa-1', start: 21, end: 30, current: true, unused: [{ start: 21, end: 30 }] },
      ]);
    });

    it('the owner moves the next number forward, never back, and the next block starts there', async () => {
      const back = await setStart(25);
      expect(back.status).toBe(409);
      expect(back.body).toMatchObject({
        code: 'series_backwards',
        message: 'Numbers below this have already been reserved. The next number can only move forward.',
      });
      expect((await setStart(0)).status).toBe(400);
      expect((await setStart(1.5)).status).toBe(400);

      const moved = await setStart(1001);
      expect(moved.status).toBe(200);
      expect(numberSeriesReport.parse(moved.body).find((s) => s.series === 'invoice')?.next_number).toBe(1001);
      expect(await reserve('device-aaaa-1', 10)).toMatchObject({ start: 1001, end: 1010 });
    });

    it('a plain member can neither read the report nor move a series', async () => {
      expect((await report(memberFetch)).status).toBe(403);
      expect((await setStart(5000, memberFetch)).status).toBe(403);
      const invoices = numberSeriesReport.parse((await report()).body).find((s) => s.series === 'invoice');
      expect(invoices?.next_number).toBe(1011);
    });
  });
}
