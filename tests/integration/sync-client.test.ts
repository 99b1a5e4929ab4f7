import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { reapplyConflict, reapplyRejected } from '../../app/data/conflicts-actions.js';
import { numberBlocks, OutOfNumbersError } from '../../app/data/number-blocks.js';
import { clearLocalData, syncBeforeLogout, UnsyncedChangesError } from '../../app/data/replication.js';
import { stockOnHand, recordMovement } from '../../app/features/inventory/stock.js';
import type { Db } from '../../sync-server/db/db.js';
import { testDatabases } from '../support/databases.js';
import { Device, eventually } from '../support/sync-clients.js';
import { cookieFetch } from '../support/sync-server.js';
import {
  openSyncDatabase,
  accessCookie,
  seedUser,
  seedWorkspace,
  startSyncTestServer,
  syncApi,
  type SyncTestServer,
} from '../support/sync-server.js';

const stamp = () => new Date().toISOString();
const productDefaults = { product_type: 'physical', status: 'active' } as const;

for (const target of testDatabases()) {
  describe(`sync clients on ${target.name}`, () => {
    let db: Db;
    let server: SyncTestServer;
    let ws: number;
    let cookie: string;
    let userId: number;
    const devices: Device[] = [];

    beforeAll(async () => {
      db = await openSyncDatabase(target);
      server = await startSyncTestServer(db);
      userId = await seedUser(db, { plan: 'pro' });
      ws = await seedWorkspace(db, userId);
      cookie = await accessCookie(server.deps, userId);
    });
    // RxDB's open-source build allows 13 open collections per process: close each test's devices.
    afterEach(async () => {
      await Promise.all(devices.splice(0).map((d) => d.close()));
    });
    afterAll(async () => {
      await server.close();
      await db.close();
    });

    async function device(label: string, live = true) {
      const d = await new Device({ baseUrl: server.url, userId, cookie, workspaces: [ws], live, label }).start();
      devices.push(d);
      return d;
    }

    it('a new device catching up on many changes shows how far it has come; the bar ends with the last page', async () => {
      const shop = await seedWorkspace(db, userId);
      const rows = Array.from({ length: 130 }, (_, i) => ({
        newDocumentState: { id: randomUUID(), workspace_id: shop, updated_at: stamp(), name: `Item ${i}`, ...productDefaults },
      }));
      expect((await syncApi(server.url, cookie).push('products', shop, rows)).status).toBe(200);
      const d = new Device({ baseUrl: server.url, userId, cookie, workspaces: [shop], live: false, label: 'new-phone' });
      const seen: number[] = [];
      d.status.subscribe((st, before) => {
        if (st.catchUp && st.catchUp !== before.catchUp) seen.push(st.catchUp.done / st.catchUp.total);
      });
      devices.push(await d.start());
      await d.engine.awaitInSync();
      expect(await d.db.products.count().exec()).toBe(130);
      // Pages of 50: after the first and the second full page the bar shows, rising; the short last page ends it.
      expect(seen).toHaveLength(2);
      expect(seen[0]).toBeCloseTo(50 / 130, 5);
      expect(seen[1]).toBeCloseTo(100 / 130, 5);
      expect(d.status.getState().catchUp).toBeNull();
    });

    it('a product created on one device reaches the other live', async () => {
      const a = await device('a');
      const b = await device('b');
      await eventually(() => expect(server.live.clientCount()).toBeGreaterThanOrEqual(2));
      const id = randomUUID();
      await a.db.products.insert({ id, workspace_id: ws, updated_at: stamp(), name: 'Sugar 2kg', price_cents: 4599, ...productDefaults });
      const seen = await eventually(async () => {
        const doc = await b.db.products.findOne(id).exec();
        expect(doc?.server_version).toBe(1);
        return doc;
      });
      expect(seen?.name).toBe('Sugar 2kg');
      await eventually(() => expect(a.engine.hasUnsyncedChanges()).toBe(false));
    });

    it('both edit one contact offline: different fields merge, the same field keeps the server value and logs ours', async () => {
      const a = await device('ca');
      const b = await device('cb');
      const id = randomUUID();
      await a.db.contacts.insert({ id, workspace_id: ws, updated_at: stamp(), name: 'Naledi', phone: '0820000000', status: 'active' });
      await eventually(async () => expect((await b.db.contacts.findOne(id).exec())?.server_version).toBe(1));
      await eventually(async () => expect((await a.db.contacts.findOne(id).exec())?.server_version).toBe(1));

      b.setOnline(false);
      const onA = await a.db.contacts.findOne(id).exec();
      await onA?.incrementalPatch({ email: 'naledi@a.example', company: 'Server Co', updated_at: stamp() });
      await eventually(async () => expect((await a.db.contacts.findOne(id).exec())?.server_version).toBe(2));
      const onB = await b.db.contacts.findOne(id).exec();
      await onB?.incrementalPatch({ phone: '0839999999', company: 'Local Co', updated_at: stamp() });
      expect(b.engine.hasUnsyncedChanges()).toBe(true);
      b.setOnline(true);

      const merged = await eventually(async () => {
        const doc = (await b.db.contacts.findOne(id).exec())?.toJSON();
        expect(doc?.server_version).toBe(3);
        return doc;
      });
      expect(merged).toMatchObject({ email: 'naledi@a.example', phone: '0839999999', company: 'Server Co' });
      await eventually(async () =>
        expect((await a.db.contacts.findOne(id).exec())?.toJSON()).toMatchObject({ phone: '0839999999', company: 'Server Co' }),
      );
      const log = (await b.data.local.conflicts()).filter((c) => c.doc_id === id);
      expect(log).toEqual([
        expect.objectContaining({ field: 'company', local_value: 'Local Co', server_value: 'Server Co', status: 'open' }),
      ]);
      await eventually(() => expect(b.status.getState().conflicts).toBe(1));

      // The user re-applies the losing value: it syncs as a normal edit and reaches the other device.
      expect(await reapplyConflict(b.data, log[0].key)).toBe(true);
      await eventually(async () => expect((await a.db.contacts.findOne(id).exec())?.company).toBe('Local Co'));
      await eventually(() => expect(b.status.getState().conflicts).toBe(0));
    });

    it('two devices selling the same item offline end with the right count', async () => {
      const a = await device('sa');
      const b = await device('sb');
      const productId = randomUUID();
      await a.db.products.insert({
        id: productId,
        workspace_id: ws,
        updated_at: stamp(),
        name: 'Airtime R10',
        track_inventory: true,
        ...productDefaults,
      });
      await recordMovement(a.db, { workspace_id: ws, product_id: productId, quantity: 10, reason: 'purchase' });
      await eventually(async () => expect(await stockOnHand(b.db, productId)).toBe(10));
      a.setOnline(false);
      b.setOnline(false);
      await recordMovement(a.db, { workspace_id: ws, product_id: productId, quantity: -3, reason: 'sale' });
      await recordMovement(b.db, { workspace_id: ws, product_id: productId, quantity: -4, reason: 'sale' });
      expect(await stockOnHand(a.db, productId)).toBe(7);
      expect(await stockOnHand(b.db, productId)).toBe(6);
      a.setOnline(true);
      b.setOnline(true);
      for (const d of [a, b]) {
        await eventually(async () => expect(await stockOnHand(d.db, productId)).toBe(3));
        await eventually(async () => expect((await d.db.products.findOne(productId).exec())?.stock_on_hand).toBe(3));
      }
    });

    /** A fetch whose pushes hang (until aborted) while `hold.on` is set, like a request the network dropped. */
    function hangingPushes(hold: { on: boolean; started: number }) {
      return (inner: typeof fetch): typeof fetch =>
        (input, init) => {
          if (!hold.on || !String(input).includes('/push?')) return inner(input, init);
          hold.started++;
          return new Promise<Response>((_, reject) => {
            const signal = init?.signal;
            if (signal?.aborted) reject(signal.reason);
            signal?.addEventListener('abort', () => reject(signal.reason));
          });
        };
    }

    /** A device without a live socket whose requests go through `wrapFetch` (to make them hang or stall). */
    async function wrappedDevice(label: string, wrapFetch: (inner: typeof fetch) => typeof fetch, requestTimeout?: number) {
      const d = await new Device({
        baseUrl: server.url,
        userId,
        cookie,
        workspaces: [ws],
        live: false,
        label,
        wrapFetch,
        requestTimeout,
      }).start();
      devices.push(d);
      return d;
    }

    async function serverHasContact(id: string) {
      const res = await syncApi(server.url, cookie).pull('contacts', ws, 0, '', 1000);
      return (res.body.documents as { id: string }[]).some((d) => d.id === id);
    }

    it('a push cut off by going offline is sent again as soon as the device is back online', async () => {
      const hold = { on: true, started: 0 };
      const d = await wrappedDevice('cut', hangingPushes(hold));
      const id = randomUUID();
      await d.db.contacts.insert({ id, workspace_id: ws, updated_at: stamp(), name: 'Cut off mid-push', status: 'active' });
      await eventually(() => expect(hold.started).toBe(1));
      d.setOnline(false);
      hold.on = false;
      d.setOnline(true);
      await eventually(async () => expect(await serverHasContact(id)).toBe(true), 5_000);
      await eventually(() => expect(d.engine.hasUnsyncedChanges()).toBe(false), 5_000);
    });

    it('a push that never answers is given up after the request timeout and retried', async () => {
      const hold = { on: true, started: 0 };
      const d = await wrappedDevice('slow', hangingPushes(hold), 300);
      const id = randomUUID();
      await d.db.contacts.insert({ id, workspace_id: ws, updated_at: stamp(), name: 'Never answered', status: 'active' });
      await eventually(() => expect(hold.started).toBeGreaterThanOrEqual(2));
      expect(d.status.getState().lastError).toBe('The server did not answer in time. Trying again.');
      hold.on = false;
      await eventually(async () => expect(await serverHasContact(id)).toBe(true), 5_000);
      await eventually(() => expect(d.engine.hasUnsyncedChanges()).toBe(false), 5_000);
    });

    it('a pull whose body never arrives, even once aborted, is given up after the request timeout and retried', async () => {
      const id = randomUUID();
      await syncApi(server.url, cookie).push('contacts', ws, [
        { newDocumentState: { id, workspace_id: ws, updated_at: stamp(), name: 'Behind a stalled body', status: 'active' } },
      ]);
      // Headers arrive, then nothing: a body that neither ends nor heeds the request's signal.
      const hold = { on: true, started: 0 };
      const stalledBodies =
        (inner: typeof fetch): typeof fetch =>
        (input, init) => {
          if (!hold.on || !String(input).includes('/pull')) return inner(input, init);
          hold.started++;
          return Promise.resolve(new Response(new ReadableStream(), { status: 200, headers: { 'content-type': 'application/json' } }));
        };
      const d = await wrappedDevice('stalled', stalledBodies, 300);
      await eventually(() => expect(hold.started).toBeGreaterThanOrEqual(2));
      hold.on = false;
      await eventually(async () => expect(await d.db.contacts.findOne(id).exec()).not.toBeNull(), 5_000);
    });

    it('logout with unsynced changes refuses to clear local data until synced or explicitly discarded', async () => {
      const d = await device('lo', false);
      d.setOnline(false);
      await d.db.contacts.insert({ id: randomUUID(), workspace_id: ws, updated_at: stamp(), name: 'Unsynced', status: 'active' });
      expect(d.engine.hasUnsyncedChanges()).toBe(true);
      expect(d.status.getState().pending).toBe(1);
      expect(await syncBeforeLogout(d.engine)).toBe(true);
      await expect(clearLocalData(d.engine, d.data)).rejects.toBeInstanceOf(UnsyncedChangesError);
      d.setOnline(true);
      expect(await syncBeforeLogout(d.engine)).toBe(false);
      await clearLocalData(d.engine, d.data);
      devices.splice(devices.indexOf(d), 1);
    });

    it('two devices draw invoice numbers offline from their reserved blocks and never collide', async () => {
      const a = await device('na', false);
      const b = await device('nb', false);
      const blocks = [a, b].map((d, i) =>
        numberBlocks({ db: d.db, deviceId: `device-${i}-${randomUUID()}`, baseUrl: server.url, fetch: cookieFetch(cookie) }),
      );
      await Promise.all(blocks.map((n) => n.topUp(ws, 'invoice', 5, 5)));
      expect(await blocks[0].remaining(ws, 'invoice')).toBe(5);
      // Offline from here: drawing needs no network.
      const drawn = await Promise.all(blocks.flatMap((n) => Array.from({ length: 5 }, () => n.draw(ws, 'invoice'))));
      expect(new Set(drawn).size).toBe(10);
      await expect(blocks[0].draw(ws, 'invoice')).rejects.toBeInstanceOf(OutOfNumbersError);
    });

    it('a change the server refuses is withdrawn locally and listed with its reason', async () => {
      const freeOwner = await seedUser(db, { plan: 'free' });
      const freeWs = await seedWorkspace(db, freeOwner, [userId]);
      const api = syncApi(server.url, cookie);
      await api.push(
        'products',
        freeWs,
        Array.from({ length: 10 }, (_, i) => ({
          newDocumentState: { id: randomUUID(), workspace_id: freeWs, updated_at: stamp(), name: `P${i}` },
        })),
      );
      const d = await new Device({ baseUrl: server.url, userId, cookie, workspaces: [freeWs], label: 'rej' }).start();
      devices.push(d);
      const id = randomUUID();
      await d.db.products.insert({ id, workspace_id: freeWs, updated_at: stamp(), name: 'Eleventh', ...productDefaults });
      await eventually(async () => expect(await d.db.products.findOne(id).exec()).toBeNull());
      const rejected = await eventually(() => {
        const r = d.status.getState().rejected;
        expect(r).toHaveLength(1);
        return r[0];
      });
      expect(rejected).toMatchObject({
        doc_id: id,
        code: 'plan_limit',
        message: 'The Mahala plan allows 10 products. Upgrade to the Vuka plan for unlimited products.',
        document: expect.objectContaining({ name: 'Eleventh', ...productDefaults }),
      });
      await eventually(() => expect(d.engine.hasUnsyncedChanges()).toBe(false));

      // After an upgrade the refused product can be re-applied and is accepted.
      await db.query(`UPDATE users SET plan = 'pro' WHERE id = $1`, [freeOwner]);
      expect(await reapplyRejected(d.data, rejected.key)).toBe(true);
      await eventually(async () => expect((await d.db.products.findOne(id).exec())?.server_version).toBeGreaterThan(0));
      const onServer = await api.pull('products', freeWs, 0, '', 100);
      expect(JSON.stringify(onServer.body)).toContain('Eleventh');
    });
  });
}
