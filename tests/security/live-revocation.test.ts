import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { liveCloseCode, liveServerMessage, type LiveServerMessage } from '../../schema/sync/contract.js';
import { testDatabases } from '../support/databases.js';
import { eventually } from '../support/sync-clients.js';
import {
  accessCookie,
  seedUser,
  seedWorkspace,
  startSyncTestServer,
  syncApi,
  twoHandles,
  type SyncTestServer,
} from '../support/sync-server.js';

/** A live socket subscribed to `workspaces`, collecting what the server sends and how it closed. */
async function subscribedLive(server: SyncTestServer, cookie: string, workspaces: number[]) {
  const messages: LiveServerMessage[] = [];
  const ws = new WebSocket(server.url.replace('http', 'ws') + '/api/live', { headers: { origin: server.url, cookie } });
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
  ws.on('message', (data) => messages.push(liveServerMessage.parse(JSON.parse(data.toString()))));
  await new Promise<void>((resolve, reject) => {
    ws.on('open', () => resolve());
    ws.on('error', reject);
  });
  ws.send(JSON.stringify({ type: 'subscribe', workspaces }));
  await eventually(() => expect(messages).toContainEqual({ type: 'subscribed', workspaces }));
  return { ws, messages, closed };
}

/** The status a new live socket's handshake is answered with ('open' when it is accepted). */
function handshake(server: SyncTestServer, cookie: string): Promise<number | 'open'> {
  const ws = new WebSocket(server.url.replace('http', 'ws') + '/api/live', { headers: { origin: server.url, cookie } });
  return new Promise((resolve) => {
    ws.on('open', () => {
      ws.close();
      resolve('open');
    });
    ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
    ws.on('error', () => undefined);
  });
}

function contact(workspace: number, name: string) {
  return [{ newDocumentState: { id: randomUUID(), workspace_id: workspace, updated_at: new Date().toISOString(), name } }];
}

for (const target of testDatabases()) {
  describe(`a live socket ends with its session and its membership, across instances, on ${target.name}`, () => {
    let handles: Awaited<ReturnType<typeof twoHandles>>;
    let one: SyncTestServer;
    let two: SyncTestServer;

    beforeAll(async () => {
      handles = await twoHandles(target);
      one = await startSyncTestServer(handles.first);
      two = await startSyncTestServer(handles.second);
    });
    afterAll(async () => {
      await one.close();
      await two.close();
      await handles.close();
    });

    it('after logout on one instance, the socket on the other closes at once and the old access cookie opens no new one', async () => {
      const user = await seedUser(handles.first, { plan: 'pro' });
      const workspace = await seedWorkspace(handles.first, user);
      const cookie = await accessCookie(one.deps, user);
      const live = await subscribedLive(two, cookie, [workspace]);

      const res = await syncApi(one.url, cookie).post('/api/auth/logout', {});
      expect(res.status).toBe(200);
      expect(await live.closed).toBe(liveCloseCode.sessionEnded);
      expect(await handshake(two, cookie)).toBe(401);
      expect(await handshake(one, cookie)).toBe(401);
    });

    it('after removal from a workspace, no further change notices for it arrive', async () => {
      const owner = await seedUser(handles.first, { plan: 'pro' });
      const member = await seedUser(handles.first, { plan: 'pro' });
      const shared = await seedWorkspace(handles.first, owner, [member]);
      const own = await seedWorkspace(handles.first, member);
      const ownerCookie = await accessCookie(one.deps, owner);
      const memberCookie = await accessCookie(one.deps, member);
      const live = await subscribedLive(two, memberCookie, [shared, own]);

      const [row] = await handles.first.query<{ id: number }>('SELECT id FROM workspace_members WHERE workspace_id = $1 AND user_id = $2', [
        shared,
        member,
      ]);
      const removed = await fetch(`${one.url}/api/workspaces/${shared}/members/${row.id}`, {
        method: 'DELETE',
        headers: { cookie: ownerCookie },
      });
      expect(removed.status).toBe(200);

      // The owner changes the shared workspace, then the member their own. Notices reach each
      // instance in commit order, so once the second has arrived the first would have too.
      expect((await syncApi(one.url, ownerCookie).push('contacts', shared, contact(shared, 'Thandi'))).status).toBe(200);
      expect((await syncApi(one.url, memberCookie).push('contacts', own, contact(own, 'Sipho'))).status).toBe(200);
      await eventually(() => expect(live.messages).toContainEqual(expect.objectContaining({ type: 'change', workspace: own })));
      expect(live.messages.filter((m) => m.type === 'change' && m.workspace === shared)).toEqual([]);
      live.ws.close();
    });
  });
}
