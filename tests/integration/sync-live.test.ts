import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { liveServerMessage, type LiveServerMessage } from '../../schema/sync/contract.js';
import { testDatabases } from '../support/databases.js';
import { Device, eventually } from '../support/sync-clients.js';
import {
  accessCookie,
  seedUser,
  seedWorkspace,
  startSyncTestServer,
  syncApi,
  twoHandles,
  type SyncTestServer,
} from '../support/sync-server.js';

/** Opens a raw live socket and collects what the server sends. */
async function rawLive(server: SyncTestServer, cookie: string | null, workspaces: number[], grouped?: boolean) {
  const messages: LiveServerMessage[] = [];
  const headers: Record<string, string> = { origin: server.url };
  if (cookie) headers.cookie = cookie;
  const ws = new WebSocket(server.url.replace('http', 'ws') + '/api/live', { headers });
  const opened = await new Promise<number | 'open'>((resolve) => {
    ws.on('open', () => resolve('open'));
    ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
  });
  ws.on('message', (data) => messages.push(liveServerMessage.parse(JSON.parse(data.toString()))));
  if (opened === 'open') ws.send(JSON.stringify({ type: 'subscribe', workspaces, grouped }));
  return { ws, opened, messages };
}

for (const target of testDatabases()) {
  describe(`live updates across two server instances on ${target.name}`, () => {
    let handles: Awaited<ReturnType<typeof twoHandles>>;
    let one: SyncTestServer;
    let two: SyncTestServer;
    let userId: number;
    let workspace: number;
    let foreign: number;

    beforeAll(async () => {
      handles = await twoHandles(target);
      one = await startSyncTestServer(handles.first);
      two = await startSyncTestServer(handles.second);
      userId = await seedUser(handles.first, { plan: 'pro' });
      workspace = await seedWorkspace(handles.first, userId);
      foreign = await seedWorkspace(handles.first, await seedUser(handles.first));
    });
    afterAll(async () => {
      await one.close();
      await two.close();
      await handles.close();
    });

    it('the live socket needs the access cookie', async () => {
      const anonymous = await rawLive(two, null, [workspace]);
      expect(anonymous.opened).toBe(401);
    });

    it('a push committed on one instance is announced by the other, only to members', async () => {
      const cookie = await accessCookie(one.deps, userId);
      const member = await rawLive(two, cookie, [workspace, foreign]);
      await eventually(() => expect(member.messages).toContainEqual({ type: 'subscribed', workspaces: [workspace] }));
      const res = await syncApi(one.url, cookie).push('contacts', workspace, [
        { newDocumentState: { id: randomUUID(), workspace_id: workspace, updated_at: new Date().toISOString(), name: 'Lindiwe' } },
      ]);
      expect(res.status).toBe(200);
      await eventually(() =>
        expect(member.messages).toContainEqual(expect.objectContaining({ type: 'change', collection: 'contacts', workspace })),
      );
      member.ws.close();
    });

    it('what one commit changed goes as one message to clients that take it so, one message per collection to older ones', async () => {
      const cookie = await accessCookie(one.deps, userId);
      const grouped = await rawLive(two, cookie, [workspace], true);
      const older = await rawLive(two, cookie, [workspace]);
      for (const c of [grouped, older])
        await eventually(() => expect(c.messages).toContainEqual({ type: 'subscribed', workspaces: [workspace] }));
      const product = randomUUID();
      const stamp = new Date().toISOString();
      const api = syncApi(one.url, cookie);
      expect(
        (
          await api.push('products', workspace, [
            { newDocumentState: { id: product, workspace_id: workspace, updated_at: stamp, name: 'Tea' } },
          ])
        ).status,
      ).toBe(200);
      // A stock movement: its own collection and the product it recounts change in one commit.
      const moved = await api.push('stock_movements', workspace, [
        {
          newDocumentState: {
            id: randomUUID(),
            workspace_id: workspace,
            updated_at: stamp,
            product_id: product,
            quantity: 5,
            reason: 'purchase',
          },
        },
      ]);
      expect(moved.status).toBe(200);
      await eventually(() =>
        expect(grouped.messages).toContainEqual({
          type: 'changes',
          workspace,
          changes: [expect.objectContaining({ collection: 'stock_movements' }), expect.objectContaining({ collection: 'products' })],
        }),
      );
      await eventually(() => {
        expect(older.messages).toContainEqual(expect.objectContaining({ type: 'change', collection: 'stock_movements', workspace }));
        expect(older.messages.filter((m) => m.type === 'change' && m.collection === 'products')).toHaveLength(2);
      });
      expect(older.messages.some((m) => m.type === 'changes')).toBe(false);
      grouped.ws.close();
      older.ws.close();
    });

    it('a device on each instance: a change on one reaches the other live', async () => {
      const cookie = await accessCookie(one.deps, userId);
      const a = await new Device({ baseUrl: one.url, userId, cookie, workspaces: [workspace], label: 'l1' }).start();
      const b = await new Device({ baseUrl: two.url, userId, cookie, workspaces: [workspace], label: 'l2' }).start();
      try {
        await eventually(() => expect(two.live.clientCount()).toBeGreaterThan(0));
        await b.engine.awaitInSync();
        const id = randomUUID();
        await a.db.contacts.insert({
          id,
          workspace_id: workspace,
          updated_at: new Date().toISOString(),
          name: 'Bongani',
          status: 'active',
        });
        const doc = await eventually(async () => {
          const found = await b.db.contacts.findOne(id).exec();
          expect(found).not.toBeNull();
          return found;
        });
        expect(doc?.name).toBe('Bongani');
      } finally {
        await a.close();
        await b.close();
      }
    });
  });
}
