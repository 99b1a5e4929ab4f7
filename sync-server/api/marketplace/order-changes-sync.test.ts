import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { orderDto, orderList, orderMessages } from '../../../schema/marketplace/marketplace-orders.js';
import { orderChangeMessages } from '../../../schema/marketplace/order-changes.js';
import { seedPaidOrder } from '../../../tests/support/marketplace-orders.js';
import { testDatabases } from '../../../tests/support/databases.js';
import { accessCookie, seedUser, seedWorkspace, syncWorkspaceSuite } from '../../../tests/support/sync-server.js';

type Doc = Record<string, unknown> & { id: string };

for (const target of testDatabases()) {
  describe(`order status changes made on a device (order_changes) on ${target.name}`, () => {
    const s = syncWorkspaceSuite(target);
    let minute = 0;

    /** A change as the seller's device writes it, offline or not. */
    function change(orderId: string, status: string, extra: Record<string, unknown> = {}): Doc {
      const at = new Date(Date.UTC(2026, 10, 27, 9, minute++)).toISOString();
      return { id: randomUUID(), workspace_id: s.ws, updated_at: at, order_id: orderId, status, created_at: at, ...extra };
    }
    const fresh = (doc: Doc) => ({ newDocumentState: doc, assumedMasterState: null });
    const stored = async (id: string) => (await s.pullAll('order_changes')).find((d) => d.id === id);
    async function sellerView(orderId: string) {
      const res = await fetch(`${s.server.url}/api/workspaces/${s.ws}/orders/${orderId}`, {
        headers: { cookie: await accessCookie(s.server.deps, s.owner) },
      });
      expect(res.status).toBe(200);
      return orderDto.parse(await res.json());
    }

    it('a change made offline is applied when its push arrives: the order moves, shipping fulfils its items, the device pulls "applied"', async () => {
      const buyer = await seedUser(s.db);
      const orderId = await seedPaidOrder(s.db, s.ws, { buyer });
      const processing = change(orderId, 'processing');
      const shipped = change(orderId, 'shipped', { tracking_number: 'TRK-0042' });
      // One push holding both, listed out of order: they apply in the order they were made.
      expect(await s.push('order_changes', [fresh(shipped), fresh(processing)])).toEqual({ conflicts: [], rejected: [] });

      const order = await sellerView(orderId);
      expect(order.status).toBe('shipped');
      expect(order.tracking_number).toBe('TRK-0042');
      expect(order.items.map((i) => i.fulfillment_status)).toEqual(['fulfilled', 'fulfilled']);
      expect(await stored(processing.id)).toMatchObject({ outcome: 'applied', status: 'processing' });
      expect(await stored(shipped.id)).toMatchObject({ outcome: 'applied', tracking_number: 'TRK-0042' });
      expect((await stored(shipped.id))?.outcome_message).toBeUndefined();

      // The buyer's My Orders shows it as the online route would have left it.
      const mine = await fetch(`${s.server.url}/api/orders`, { headers: { cookie: await accessCookie(s.server.deps, buyer) } });
      const listed = orderList.parse(await mine.json()).orders.find((o) => o.id === orderId);
      expect(listed).toMatchObject({ status: 'shipped', tracking_number: 'TRK-0042' });
    });

    it('a change the order no longer allows (refunded meanwhile) is kept as refused with the reason, and the order is untouched', async () => {
      const orderId = await seedPaidOrder(s.db, s.ws, { refunded: true });
      const shipped = change(orderId, 'shipped', { tracking_number: 'TRK-0043' });
      expect(await s.push('order_changes', [fresh(shipped)])).toEqual({ conflicts: [], rejected: [] });
      expect(await stored(shipped.id)).toMatchObject({
        outcome: 'refused',
        outcome_message: `${orderMessages.statusNotAllowed} It is refunded now.`,
      });
      const order = await sellerView(orderId);
      expect(order).toMatchObject({ status: 'refunded', tracking_number: null });
      expect(order.items.every((i) => i.fulfillment_status === 'pending')).toBe(true);
    });

    it('two devices cancelling and shipping offline: the first to arrive applies, the second is refused with the reason', async () => {
      const orderId = await seedPaidOrder(s.db, s.ws);
      const cancelled = change(orderId, 'cancelled');
      const delivered = change(orderId, 'delivered');
      await s.push('order_changes', [fresh(cancelled)]);
      await s.push('order_changes', [fresh(delivered)]);
      expect(await stored(cancelled.id)).toMatchObject({ outcome: 'applied' });
      expect(await stored(delivered.id)).toMatchObject({
        outcome: 'refused',
        outcome_message: `${orderMessages.statusNotAllowed} It is cancelled now.`,
      });
      expect((await sellerView(orderId)).status).toBe('cancelled');
    });

    it('a change naming another workspace’s order, or no order at all, is refused and not stored', async () => {
      const other = await seedWorkspace(s.db, await seedUser(s.db));
      const theirs = await seedPaidOrder(s.db, other);
      const intoTheirs = change(theirs, 'cancelled');
      const nowhere = change(randomUUID(), 'cancelled');
      const res = await s.push('order_changes', [fresh(intoTheirs), fresh(nowhere)]);
      expect(res.rejected).toEqual([
        { id: intoTheirs.id, code: 'invalid', message: `order_id: ${orderMessages.orderNotFound}` },
        { id: nowhere.id, code: 'invalid', message: `order_id: ${orderMessages.orderNotFound}` },
      ]);
      expect(await stored(intoTheirs.id)).toBeUndefined();
      const [row] = await s.db.query<{ status: string }>('SELECT status FROM marketplace_orders WHERE workspace_id = $1 AND id = $2', [
        other,
        theirs,
      ]);
      expect(row.status).toBe('confirmed');

      // Pushed into the other workspace itself, by someone who is not its member: forbidden.
      const intruder = await s.api.push('order_changes', other, [fresh({ ...change(theirs, 'cancelled'), workspace_id: other })]);
      expect(intruder.status).toBe(403);
    });

    it('a shipment without its tracking number, or a change id that is not a device uuid, is refused', async () => {
      const orderId = await seedPaidOrder(s.db, s.ws);
      const bare = change(orderId, 'shipped');
      const named = change(orderId, 'processing', { id: 'change-1' });
      const res = await s.push('order_changes', [fresh(bare), fresh(named)]);
      expect(res.rejected).toEqual([
        { id: bare.id, code: 'invalid', message: `tracking_number: ${orderMessages.trackingRequired}` },
        { id: 'change-1', code: 'invalid', message: `id: ${orderChangeMessages.changeId}` },
      ]);
      expect((await sellerView(orderId)).status).toBe('confirmed');
    });

    it('the same change pushed twice is stored once and applied once', async () => {
      const orderId = await seedPaidOrder(s.db, s.ws);
      const shipped = change(orderId, 'shipped', { tracking_number: 'TRK-0044' });
      await s.push('order_changes', [fresh(shipped)]);
      const first = await stored(shipped.id);
      const before = await s.db.query<{ updated_at: Date }>(
        'SELECT updated_at FROM marketplace_orders WHERE workspace_id = $1 AND id = $2',
        [s.ws, orderId],
      );
      // A retry (the response was lost): the server's copy comes back, nothing is written again.
      const again = await s.push('order_changes', [fresh(shipped)]);
      expect(again.rejected).toEqual([]);
      expect(again.conflicts).toEqual([expect.objectContaining({ id: shipped.id, outcome: 'applied' })]);
      // And once the device holds the server's copy, the same push is simply nothing.
      const known = { ...shipped, server_seq: first?.server_seq, server_version: first?.server_version };
      expect(await s.push('order_changes', [{ newDocumentState: known, assumedMasterState: first }])).toEqual({
        conflicts: [],
        rejected: [],
      });
      expect(await stored(shipped.id)).toEqual(first);
      const after = await s.db.query<{ updated_at: Date }>(
        'SELECT updated_at FROM marketplace_orders WHERE workspace_id = $1 AND id = $2',
        [s.ws, orderId],
      );
      expect(after[0].updated_at).toEqual(before[0].updated_at);
      const rows = await s.db.query<{ n: number }>('SELECT count(*)::int AS n FROM order_changes WHERE workspace_id = $1 AND id = $2', [
        s.ws,
        shipped.id,
      ]);
      expect(rows[0].n).toBe(1);
    });

    it('a change cannot be edited or withdrawn once stored', async () => {
      const orderId = await seedPaidOrder(s.db, s.ws);
      const processing = change(orderId, 'processing');
      await s.push('order_changes', [fresh(processing)]);
      const master = await stored(processing.id);
      const edited = await s.push('order_changes', [{ newDocumentState: { ...master, status: 'cancelled' }, assumedMasterState: master }]);
      expect(edited.rejected).toEqual([{ id: processing.id, code: 'immutable', message: orderChangeMessages.changeFixed }]);
      const withdrawn = await s.push('order_changes', [{ newDocumentState: { ...master, _deleted: true }, assumedMasterState: master }]);
      expect(withdrawn.rejected).toEqual([{ id: processing.id, code: 'immutable', message: orderChangeMessages.changeFixed }]);
      expect(await stored(processing.id)).toEqual(master);
      expect((await sellerView(orderId)).status).toBe('processing');
    });

    // PGlite runs one transaction at a time: an order held by another one is a Postgres matter.
    it.skipIf(target.name !== 'postgres')(
      'a change whose order is held by another transaction (a refund being recorded) fails the push, to be sent again, and applies then',
      async () => {
        const orderId = await seedPaidOrder(s.db, s.ws);
        const processing = change(orderId, 'processing');
        let answered: { status: number } | undefined;
        await s.db.transaction(async (tx) => {
          await tx.query('SELECT 1 FROM marketplace_orders WHERE workspace_id = $1 AND id = $2 FOR UPDATE', [s.ws, orderId]);
          answered = await s.api.push('order_changes', s.ws, [fresh(processing)]);
        });
        expect(answered?.status).toBe(503);
        expect(await stored(processing.id)).toBeUndefined();
        expect(await s.push('order_changes', [fresh(processing)])).toEqual({ conflicts: [], rejected: [] });
        expect(await stored(processing.id)).toMatchObject({ outcome: 'applied' });
        expect((await sellerView(orderId)).status).toBe('processing');
      },
    );

    it('the online route answers a move the order does not allow as before (409), by the same rules', async () => {
      const orderId = await seedPaidOrder(s.db, s.ws, { refunded: true });
      const put = await fetch(`${s.server.url}/api/workspaces/${s.ws}/orders/${orderId}/status`, {
        method: 'PUT',
        headers: { origin: s.server.url, 'content-type': 'application/json', cookie: await accessCookie(s.server.deps, s.owner) },
        body: JSON.stringify({ status: 'shipped', tracking_number: 'TRK-1' }),
      });
      expect(put.status).toBe(409);
      expect(((await put.json()) as { message: string }).message).toBe(orderMessages.statusNotAllowed);
    });
  });
}
