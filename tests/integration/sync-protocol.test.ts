import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { numberBlock, pullResponse, pushResponse } from '../../schema/sync/contract.js';
import { capabilitiesDto } from '../../schema/workspaces/workspaces.js';
import type { Db } from '../../sync-server/db/db.js';
import { setPushHooks } from '../../sync-server/sync/push-hooks.js';
import { workspaceLock } from '../../sync-server/sync/sync.repo.js';
import { testDatabases } from '../support/databases.js';
import {
  openSyncDatabase,
  accessCookie,
  seedUser,
  seedWorkspace,
  startSyncTestServer,
  syncApi,
  type SyncTestServer,
} from '../support/sync-server.js';

const now = () => new Date().toISOString();
const product = (workspace_id: number, extra: Record<string, unknown> = {}) => ({
  id: randomUUID(),
  workspace_id,
  updated_at: now(),
  name: 'Maize meal 5kg',
  price_cents: 8999,
  ...extra,
});

for (const target of testDatabases()) {
  describe(`sync protocol on ${target.name}`, () => {
    let db: Db;
    let server: SyncTestServer;
    let api: ReturnType<typeof syncApi>;
    let outsider: ReturnType<typeof syncApi>;
    let pro: number;
    let free: number;
    let other: number;

    beforeAll(async () => {
      db = await openSyncDatabase(target);
      server = await startSyncTestServer(db);
      const owner = await seedUser(db, { plan: 'pro' });
      const freeOwner = await seedUser(db, { plan: 'free' });
      const stranger = await seedUser(db);
      pro = await seedWorkspace(db, owner);
      free = await seedWorkspace(db, freeOwner, [owner]);
      other = await seedWorkspace(db, stranger);
      api = syncApi(server.url, await accessCookie(server.deps, owner));
      outsider = syncApi(server.url, await accessCookie(server.deps, stranger));
    });
    afterAll(async () => {
      await server.close();
      await db.close();
    });

    async function pullAll(collection: string, workspace: number, limit = 100) {
      const docs: Record<string, unknown>[] = [];
      let seq = 0;
      let id = '';
      for (;;) {
        const res = await api.pull(collection, workspace, seq, id, limit);
        const page = pullResponse.parse(res.body);
        docs.push(...page.documents);
        if (page.documents.length < limit) return docs;
        ({ seq, id } = page.checkpoint);
      }
    }

    it('pull pages through the feed in (server_seq, id) order without gaps or repeats', async () => {
      const docs = Array.from({ length: 25 }, (_, i) => ({ newDocumentState: product(pro, { name: `P${i}` }) }));
      expect(pushResponse.parse((await api.push('products', pro, docs)).body)).toEqual({ conflicts: [], rejected: [] });
      const pages: number[] = [];
      let seq = 0;
      let id = '';
      const seen: Record<string, unknown>[] = [];
      for (;;) {
        const page = pullResponse.parse((await api.pull('products', pro, seq, id, 10)).body);
        pages.push(page.documents.length);
        seen.push(...page.documents);
        if (page.documents.length === 0) break;
        ({ seq, id } = page.checkpoint);
      }
      expect(pages).toEqual([10, 10, 5, 0]);
      expect(new Set(seen.map((d) => d.id)).size).toBe(25);
      const keys = seen.map((d) => [Number(d.server_seq), String(d.id)] as const);
      const sorted = [...keys].sort((a, b) => a[0] - b[0] || a[1].localeCompare(b[1]));
      expect(keys).toEqual(sorted);
    });

    it('the same push twice is harmless: one version, one feed entry', async () => {
      const row = { newDocumentState: contact(pro, { name: 'Thandi' }) };
      const first = pushResponse.parse((await api.push('contacts', pro, [row])).body);
      const second = pushResponse.parse((await api.push('contacts', pro, [row])).body);
      expect(first).toEqual({ conflicts: [], rejected: [] });
      const stored = (await pullAll('contacts', pro)).filter((d) => d.id === row.newDocumentState.id);
      expect(stored).toHaveLength(1);
      expect(stored[0]).toMatchObject({ name: 'Thandi', server_version: 1, _deleted: false });
      // The repeat is not written again; it only hands back the stored state the client had not seen.
      expect(second).toEqual({ conflicts: [stored[0]], rejected: [] });
      const third = pushResponse.parse(
        (await api.push('contacts', pro, [{ newDocumentState: stored[0], assumedMasterState: stored[0] }])).body,
      );
      expect(third).toEqual({ conflicts: [], rejected: [] });
      expect((await pullAll('contacts', pro)).filter((d) => d.id === row.newDocumentState.id)).toEqual(stored);
    });

    it('new documents pushed with ones the server already has: the new are stored, the stored keep their state and come back', async () => {
      // A retry after a lost answer, edited in between: every row is "new" to the device.
      const kept = contact(pro, { name: 'Lerato', phone: '0820000001' });
      expect(pushResponse.parse((await api.push('contacts', pro, [{ newDocumentState: kept }])).body)).toEqual({
        conflicts: [],
        rejected: [],
      });
      const [master] = (await pullAll('contacts', pro)).filter((d) => d.id === kept.id);
      const names = ['Bongani', 'Ayanda'];
      const added = names.map((name) => contact(pro, { name }));
      const invalid = contact(pro, { name: '' });
      const rows = [added[0], { ...kept, phone: '0839999999', updated_at: now() }, invalid, added[1]].map((d) => ({ newDocumentState: d }));
      const res = pushResponse.parse((await api.push('contacts', pro, rows)).body);
      expect(res.conflicts).toEqual([master]);
      expect(res.rejected).toEqual([{ id: invalid.id, code: 'invalid', message: expect.stringMatching(/^name: /) }]);

      const stored = await pullAll('contacts', pro);
      expect(stored.filter((d) => d.id === kept.id)).toEqual([master]);
      expect(stored.filter((d) => d.id === invalid.id)).toEqual([]);
      added.forEach((doc, i) => {
        expect(stored.filter((d) => d.id === doc.id)).toEqual([expect.objectContaining({ name: names[i], server_version: 1 })]);
      });
      // The same batch once more changes nothing: every document is now the server's.
      const again = pushResponse.parse((await api.push('contacts', pro, rows)).body);
      expect(again.conflicts.map((d) => d.id).sort()).toEqual([kept.id, ...added.map((d) => d.id)].sort());
      expect(again.rejected.map((r) => r.id)).toEqual([invalid.id]);
      expect(await pullAll('contacts', pro)).toEqual(stored);
    });

    it('new products on the free plan stop at the limit, whole batches and one by one', async () => {
      const ws = await seedWorkspace(db, await seedUser(db, { plan: 'free' }));
      const owner = (await db.query<{ owner_id: number }>('SELECT owner_id FROM workspaces WHERE id = $1', [ws]))[0].owner_id;
      const own = syncApi(server.url, await accessCookie(server.deps, owner));
      const batch = (n: number) => Array.from({ length: n }, (_, i) => ({ newDocumentState: product(ws, { name: `Stall item ${i}` }) }));
      expect(pushResponse.parse((await own.push('products', ws, batch(8))).body)).toEqual({ conflicts: [], rejected: [] });
      const over = pushResponse.parse((await own.push('products', ws, batch(4))).body);
      expect(over.conflicts).toEqual([]);
      expect(over.rejected.map((r) => r.code)).toEqual(['plan_limit', 'plan_limit']);
      const live = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM products WHERE workspace_id = $1 AND NOT deleted', [ws]);
      expect(live[0].n).toBe(10);
    });

    it('a product with its variants counts once against the free plan, and the workspace sees how many it has', async () => {
      const ws = await seedWorkspace(db, await seedUser(db, { plan: 'free' }));
      const owner = (await db.query<{ owner_id: number }>('SELECT owner_id FROM workspaces WHERE id = $1', [ws]))[0].owner_id;
      const own = syncApi(server.url, await accessCookie(server.deps, owner));
      const shirts = Array.from({ length: 10 }, (_, i) => product(ws, { name: `T-shirt ${i}` }));
      expect(
        pushResponse.parse(
          (
            await own.push(
              'products',
              ws,
              shirts.map((d) => ({ newDocumentState: d })),
            )
          ).body,
        ),
      ).toEqual({
        conflicts: [],
        rejected: [],
      });
      const sizes = ['S', 'M', 'L'].map((size) => product(ws, { name: 'T-shirt 0', variant_of: shirts[0].id, variant_name: size }));
      expect(
        pushResponse.parse(
          (
            await own.push(
              'products',
              ws,
              sizes.map((d) => ({ newDocumentState: d })),
            )
          ).body,
        ),
      ).toEqual({
        conflicts: [],
        rejected: [],
      });
      const cap = product(ws, { name: 'Cap' });
      const over = pushResponse.parse((await own.push('products', ws, [{ newDocumentState: cap }])).body);
      expect(over.rejected).toEqual([expect.objectContaining({ id: cap.id, code: 'plan_limit' })]);

      const caps = capabilitiesDto.parse((await own.get(`/api/workspaces/${ws}/capabilities`)).body);
      expect(caps.limits.products).toBe(10);
      expect(caps.usage).toEqual({ products: 10, classifieds: 0, events: 0, storageBytes: 0 });
    });

    it('a write based on an old server state comes back as a conflict with the server document', async () => {
      const doc = contact(pro, { name: 'Sipho', phone: '0820000000' });
      await api.push('contacts', pro, [{ newDocumentState: doc }]);
      const [master] = (await pullAll('contacts', pro)).filter((d) => d.id === doc.id);
      const changed = { ...master, phone: '0831111111', updated_at: now() };
      expect(
        pushResponse.parse((await api.push('contacts', pro, [{ newDocumentState: changed, assumedMasterState: master }])).body).conflicts,
      ).toEqual([]);
      const stale = { ...master, email: 'sipho@example.test', updated_at: now() };
      const res = pushResponse.parse((await api.push('contacts', pro, [{ newDocumentState: stale, assumedMasterState: master }])).body);
      expect(res.conflicts).toHaveLength(1);
      expect(res.conflicts[0]).toMatchObject({ id: doc.id, phone: '0831111111', server_version: 2 });
      expect(res.conflicts[0].email).toBeUndefined();
    });

    it('two pushes interleaved so the later-started commits first: a pull in between skips nothing', async () => {
      if (target.name === 'pglite') {
        // PGlite has one connection, so two push transactions cannot be open at once there.
        expect(db.driver).toBe('pglite');
        return;
      }
      const before = pullResponse.parse((await api.pull('contacts', pro, 0, '', 1000)).body).checkpoint;
      let releaseFirst = () => {};
      const firstHeld = new Promise<void>((resolve) => (releaseFirst = resolve));
      let firstEntered = () => {};
      const firstInside = new Promise<void>((resolve) => (firstEntered = resolve));
      setPushHooks(server.deps, {
        beforeLock: async () => {
          setPushHooks(server.deps, undefined);
          firstEntered();
          await firstHeld;
        },
      });
      const early = contact(pro, { name: 'Started first' });
      const late = contact(pro, { name: 'Started second' });
      const earlyPush = api.push('contacts', pro, [{ newDocumentState: early }]);
      await firstInside;
      await api.push('contacts', pro, [{ newDocumentState: late }]);
      const between = pullResponse.parse((await api.pull('contacts', pro, before.seq, before.id)).body);
      expect(between.documents.map((d) => d.name)).toEqual(['Started second']);
      releaseFirst();
      await earlyPush;
      const after = pullResponse.parse((await api.pull('contacts', pro, between.checkpoint.seq, between.checkpoint.id)).body);
      expect(after.documents.map((d) => d.name)).toEqual(['Started first']);
    });

    it('pushing or pulling in a workspace the user is not a member of is refused with 403', async () => {
      const res = await outsider.push('products', pro, [{ newDocumentState: product(pro) }]);
      expect(res.status).toBe(403);
      expect((await outsider.pull('products', pro)).status).toBe(403);
      expect((await api.pull('products', other)).status).toBe(403);
      expect(pullResponse.parse((await outsider.pull('products', other)).body).documents).toEqual([]);
    });

    it("a non-member's push is refused at once while the workspace's push lock is held, and never takes it", async () => {
      if (target.name === 'pglite') {
        // PGlite has one connection: a transaction holding the lock would block every request.
        expect(db.driver).toBe('pglite');
        return;
      }
      const [lockClass, lockKey] = workspaceLock(pro);
      const refused = await db.transaction(async (tx) => {
        await tx.query('SELECT pg_advisory_xact_lock($1, $2)', [lockClass, lockKey]);
        // Were the outsider to wait for the lock, this request would never answer while it is held.
        return outsider.push('products', pro, [{ newDocumentState: product(pro) }]);
      });
      expect(refused.status).toBe(403);
    });

    it('a document naming another workspace is refused', async () => {
      const res = pushResponse.parse((await api.push('products', pro, [{ newDocumentState: product(other) }])).body);
      expect(res.rejected).toEqual([expect.objectContaining({ code: 'forbidden' })]);
    });

    it('server-owned fields sent by a client are ignored, never stored', async () => {
      const doc = product(pro, { server_seq: 999_999, server_version: 77, stock_on_hand: 5000 });
      expect(pushResponse.parse((await api.push('products', pro, [{ newDocumentState: doc }])).body).rejected).toEqual([]);
      const [stored] = (await pullAll('products', pro)).filter((d) => d.id === doc.id);
      expect(stored.stock_on_hand).toBe(0);
      expect(stored.server_version).toBe(1);
      expect(stored.server_seq).not.toBe(999_999);
    });

    it('schema-invalid documents are refused with a reason and nothing is stored', async () => {
      const noName = { id: randomUUID(), workspace_id: pro, updated_at: now(), email: 'x@example.test' };
      const badPrice = product(pro, { price_cents: 'cheap' });
      const res = pushResponse.parse((await api.push('contacts', pro, [{ newDocumentState: noName }])).body);
      expect(res.rejected).toEqual([{ id: noName.id, code: 'invalid', message: expect.stringContaining('name') }]);
      const res2 = pushResponse.parse((await api.push('products', pro, [{ newDocumentState: badPrice }])).body);
      expect(res2.rejected).toEqual([{ id: badPrice.id, code: 'invalid', message: expect.stringContaining('price_cents') }]);
      const ids = new Set([...(await pullAll('contacts', pro)), ...(await pullAll('products', pro))].map((d) => d.id));
      expect(ids.has(noName.id)).toBe(false);
      expect(ids.has(badPrice.id)).toBe(false);
    });

    it('the free plan refuses the 11th product with the plan message', async () => {
      const rows = Array.from({ length: 12 }, (_, i) => ({ newDocumentState: product(free, { name: `Item ${i}` }) }));
      const res = pushResponse.parse((await api.push('products', free, rows)).body);
      expect(res.rejected).toHaveLength(2);
      for (const r of res.rejected) {
        expect(r).toMatchObject({
          code: 'plan_limit',
          message: 'The Mahala plan allows 10 products. Upgrade to the Vuka plan for unlimited products.',
        });
      }
      expect((await pullAll('products', free)).filter((d) => d._deleted === false)).toHaveLength(10);
    });

    it('stock movements are append-only and on-hand is their sum, computed by the server', async () => {
      const item = product(pro, { name: 'Bread', track_inventory: true });
      await api.push('products', pro, [{ newDocumentState: item }]);
      const moves = [20, -3, -2].map((quantity) => ({
        id: randomUUID(),
        workspace_id: pro,
        updated_at: now(),
        product_id: item.id,
        quantity,
        reason: quantity > 0 ? 'purchase' : 'sale',
      }));
      await api.push(
        'stock_movements',
        pro,
        moves.map((m) => ({ newDocumentState: m })),
      );
      const [stored] = (await pullAll('products', pro)).filter((d) => d.id === item.id);
      expect(stored.stock_on_hand).toBe(15);
      const [firstMove] = (await pullAll('stock_movements', pro)).filter((d) => d.id === moves[0].id);
      const edit = { ...firstMove, quantity: 200 };
      const res = pushResponse.parse(
        (await api.push('stock_movements', pro, [{ newDocumentState: edit, assumedMasterState: firstMove }])).body,
      );
      expect(res.rejected).toEqual([expect.objectContaining({ id: moves[0].id, code: 'immutable' })]);
      const del = pushResponse.parse(
        (await api.push('stock_movements', pro, [{ newDocumentState: { ...firstMove, _deleted: true }, assumedMasterState: firstMove }]))
          .body,
      );
      expect(del.rejected).toEqual([expect.objectContaining({ code: 'immutable' })]);
      const [after] = (await pullAll('products', pro)).filter((d) => d.id === item.id);
      expect(after.stock_on_hand).toBe(15);
    });

    it('a copy older only in what the server computes is handed the stored document, even when its fields match', async () => {
      const item = product(pro, { name: 'Paraffin 1l', track_inventory: true });
      await api.push('products', pro, [{ newDocumentState: item }]);
      const [seen] = (await pullAll('products', pro)).filter((d) => d.id === item.id);
      // Another device's sale moves the stock: the product gets a new place in the feed, same fields.
      const move = { id: randomUUID(), workspace_id: pro, updated_at: now(), product_id: item.id, quantity: 4, reason: 'purchase' };
      await api.push('stock_movements', pro, [{ newDocumentState: move }]);
      const [stored] = (await pullAll('products', pro)).filter((d) => d.id === item.id);
      expect(stored).toMatchObject({ stock_on_hand: 4, server_version: seen.server_version });
      expect(stored.server_seq).toBeGreaterThan(Number(seen.server_seq));
      // The device pushes the copy it has (a pull skipped the newer one while the push waited).
      const res = pushResponse.parse((await api.push('products', pro, [{ newDocumentState: seen, assumedMasterState: seen }])).body);
      expect(res).toEqual({ conflicts: [stored], rejected: [] });
      // The same push from a device that has the stored copy changes nothing and hands nothing back.
      const again = pushResponse.parse((await api.push('products', pro, [{ newDocumentState: stored, assumedMasterState: stored }])).body);
      expect(again).toEqual({ conflicts: [], rejected: [] });
      expect((await pullAll('products', pro)).filter((d) => d.id === item.id)).toEqual([stored]);
    });

    it('movements that arrive before their product still count when the product arrives', async () => {
      const item = product(pro, { name: 'Candles', track_inventory: true });
      const moves = [12, -4].map((quantity) => ({
        id: randomUUID(),
        workspace_id: pro,
        updated_at: now(),
        product_id: item.id,
        quantity,
        reason: quantity > 0 ? 'purchase' : 'sale',
      }));
      await api.push(
        'stock_movements',
        pro,
        moves.map((m) => ({ newDocumentState: m })),
      );
      await api.push('products', pro, [{ newDocumentState: item }]);
      const [stored] = (await pullAll('products', pro)).filter((d) => d.id === item.id);
      expect(stored.stock_on_hand).toBe(8);
      // Editing the product later leaves the ledger's total alone.
      await api.push('products', pro, [{ newDocumentState: { ...stored, name: 'Candles (box)' }, assumedMasterState: stored }]);
      const [edited] = (await pullAll('products', pro)).filter((d) => d.id === item.id);
      expect(edited).toMatchObject({ name: 'Candles (box)', stock_on_hand: 8 });
    });

    it('a signed-out session can neither pull nor push, and an unknown workspace is 404', async () => {
      const user = await seedUser(db, { plan: 'pro' });
      const ws = await seedWorkspace(db, user);
      const client = syncApi(server.url, await accessCookie(server.deps, user));
      expect((await client.pull('products', ws)).status).toBe(200);
      expect((await client.pull('products', 999_999)).status).toBe(404);
      await db.query('UPDATE refresh_tokens SET revoked_at = now() WHERE user_id = $1', [user]);
      expect((await client.pull('products', ws)).status).toBe(401);
      expect((await client.push('products', ws, [{ newDocumentState: product(ws) }])).status).toBe(401);
      expect((await client.pull('products', 999_999)).status).toBe(401);
    });

    it('a push whose rows are not documents is refused whole with 400', async () => {
      for (const rows of [[{ newDocumentState: [product(pro)] }], [{ newDocumentState: 'x' }], [{ newDocumentState: null }]]) {
        expect((await api.push('products', pro, rows)).status).toBe(400);
      }
    });

    it('concurrent number-block reservations never overlap', async () => {
      const requests = Array.from({ length: 12 }, (_, i) =>
        api.post(`/api/workspaces/${pro}/number-blocks`, { device_id: `device-${i % 3}-abcdef`, series: 'invoice', size: 25 }),
      );
      const blocks = (await Promise.all(requests)).map((r) => numberBlock.parse(r.body));
      const taken = new Set<number>();
      for (const b of blocks) {
        expect(b.end - b.start + 1).toBe(25);
        for (let n = b.start; n <= b.end; n++) {
          expect(taken.has(n)).toBe(false);
          taken.add(n);
        }
      }
      expect(Math.min(...taken)).toBe(1);
      expect(Math.max(...taken)).toBe(300);
      const refused = await outsider.post(`/api/workspaces/${pro}/number-blocks`, {
        device_id: 'device-x-abcdef',
        series: 'quote',
        size: 5,
      });
      expect(refused.status).toBe(403);
    });

    it('a reservation asked again under the same name returns the same block, and a name is not reused across series', async () => {
      const request_id = randomUUID();
      const ask = () =>
        api.post(`/api/workspaces/${pro}/number-blocks`, { device_id: 'device-r-abcdef', series: 'receipt', size: 20, request_id });
      const [first, again] = await Promise.all([ask(), ask()]);
      const a = numberBlock.parse(first.body);
      expect(numberBlock.parse(again.body)).toEqual(a);
      expect(numberBlock.parse((await ask()).body)).toEqual(a);
      const rows = await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM number_blocks WHERE workspace_id = $1 AND request_id = $2`,
        [pro, request_id],
      );
      expect(rows[0].n).toBe(1);
      // A fresh name is a fresh block, straight after the first.
      const next = numberBlock.parse(
        (
          await api.post(`/api/workspaces/${pro}/number-blocks`, {
            device_id: 'device-r-abcdef',
            series: 'receipt',
            size: 20,
            request_id: randomUUID(),
          })
        ).body,
      );
      expect(next.start).toBe(a.end + 1);
      const reused = await api.post(`/api/workspaces/${pro}/number-blocks`, {
        device_id: 'device-r-abcdef',
        series: 'quote',
        size: 5,
        request_id,
      });
      expect(reused.status).toBe(409);
      expect(reused.body).toMatchObject({ code: 'request_reused' });
    });
  });
}

function contact(workspace_id: number, extra: Record<string, unknown>) {
  return { id: randomUUID(), workspace_id, updated_at: now(), ...extra };
}
