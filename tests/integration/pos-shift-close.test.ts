import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeShift, deviceIdOf, openShift } from '../../app/features/pos/till.js';
import { pullResponse } from '../../schema/contract/sync.js';
import type { Db } from '../../sync-server/db/db.js';
import { testDatabases } from '../support/databases.js';
import { Device, eventually } from '../support/sync-clients.js';
import {
  accessCookie,
  openSyncDatabase,
  seedUser,
  seedWorkspace,
  startSyncTestServer,
  syncApi,
  type SyncTestServer,
} from '../support/sync-server.js';

/** A shift opened online and closed with no signal reaches the server closed, with its count. */
for (const target of testDatabases()) {
  describe(`a till shift closed offline, ${target.name}`, () => {
    let db: Db;
    let server: SyncTestServer;
    let cookie: string;
    let userId: number;
    let ws: number;
    let device: Device;

    beforeAll(async () => {
      db = await openSyncDatabase(target);
      server = await startSyncTestServer(db);
      userId = await seedUser(db, { plan: 'pro' });
      ws = await seedWorkspace(db, userId);
      cookie = await accessCookie(server.deps, userId);
      device = await new Device({
        baseUrl: server.url,
        userId,
        cookie,
        workspaces: [ws],
        label: 'till',
        collections: ['products', 'stock_movements', 'pos_orders', 'pos_shifts'],
      }).start();
    });
    afterAll(async () => {
      await device.close();
      await server.close();
      await db.close();
    });

    async function serverShift(id: string) {
      const body = pullResponse.parse((await syncApi(server.url, cookie).pull('pos_shifts', ws, 0, '', 1000)).body);
      return body.documents.find((d) => d.id === id);
    }

    it('is closed on the server once back online, with the counted cash', async () => {
      const deviceId = await deviceIdOf(device.data);
      const opened = await openShift(device.data, { workspaceId: ws, deviceId, userId, floatCents: 50_000 });
      if (!opened.ok) throw new Error(opened.message);
      await eventually(async () => expect(await serverShift(opened.value.id)).toMatchObject({ status: 'open' }));

      device.setOnline(false);
      const closed = await closeShift(device.data, opened.value, { countedCents: 61_000, expectedCents: 60_000 });
      expect(closed.ok).toBe(true);
      device.setOnline(true);
      await eventually(
        async () =>
          expect(await serverShift(opened.value.id)).toMatchObject({
            status: 'closed',
            counted_cash_cents: 61_000,
            expected_cash_cents: 60_000,
          }),
        15_000,
      );
      expect((await device.db.pos_shifts.findOne(opened.value.id).exec())?.status).toBe('closed');
    });
  });
}
