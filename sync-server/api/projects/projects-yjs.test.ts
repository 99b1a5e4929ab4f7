import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { addTask, moveTask, readTasks, descriptionOf, updateTask } from '../../../app/features/projects/project-doc.js';
import { projectDetail } from '../../../schema/projects/projects.js';
import { channelDocName, projectDocName } from '../../../schema/projects/projects.js';
import { signAccessToken } from '../../http/access-token.js';
import { signingKey } from '../../http/auth-context.js';
import { liveSessionFamily } from '../../../tests/support/session-family.js';
import { sendMessage, readChat } from '../../../app/features/projects/team-doc.js';
import { COMPACT_AFTER, MAX_UPDATE_BYTES } from './yjs/yjs.js';
import { testDatabases } from '../../../tests/support/databases.js';
import { eventually } from '../../../tests/support/sync-clients.js';
import {
  accessCookie,
  seedUser,
  seedWorkspace,
  startSyncTestServer,
  syncApi,
  twoHandles,
  type SyncTestServer,
} from '../../../tests/support/sync-server.js';
import { YClient } from '../../../tests/support/yjs-clients.js';

/** The project's tasks as `project_tasks` holds them, in a stable order. */
async function storedTasks(server: SyncTestServer, ws: number, project: string) {
  return server.deps.db.query<{ id: string; title: string; status: string; sort_order: string; due_date: string | null }>(
    `SELECT id::text, title, status, sort_order, to_char(due_date, 'YYYY-MM-DD') AS due_date
       FROM project_tasks WHERE workspace_id = $1 AND project_id = $2 ORDER BY id`,
    [ws, project],
  );
}

for (const target of testDatabases()) {
  describe(`project documents over /api/yjs on ${target.name}`, () => {
    let handles: Awaited<ReturnType<typeof twoHandles>>;
    let one: SyncTestServer;
    let two: SyncTestServer;
    let owner: number;
    let member: number;
    let outsider: number;
    let workspace: number;
    let project: string;
    let doc: string;
    const clients: YClient[] = [];

    const client = (server: SyncTestServer, cookie: string | null, name = doc) => {
      const c = new YClient(server.url, name, cookie);
      clients.push(c);
      return c;
    };

    beforeAll(async () => {
      handles = await twoHandles(target);
      one = await startSyncTestServer(handles.first);
      two = await startSyncTestServer(handles.second);
      owner = await seedUser(handles.first, { plan: 'pro' });
      member = await seedUser(handles.first);
      outsider = await seedUser(handles.first);
      workspace = await seedWorkspace(handles.first, owner, [member, outsider]);
      const created = await syncApi(one.url, await accessCookie(one.deps, owner)).post(`/api/workspaces/${workspace}/projects`, {
        name: 'Stall upgrade',
        priority: 'high',
      });
      expect(created.status).toBe(200);
      project = projectDetail.parse(created.body).id;
      const added = await syncApi(one.url, await accessCookie(one.deps, owner)).post(
        `/api/workspaces/${workspace}/projects/${project}/members`,
        { user_id: member },
      );
      expect(added.status).toBe(200);
      doc = projectDocName(workspace, project);
    });
    afterAll(async () => {
      for (const c of clients) c.destroy();
      await one.close();
      await two.close();
      await handles.close();
    });

    it('refuses a signed-out socket and a workspace member who is not on the project, before any byte', async () => {
      const anonymous = client(one, null);
      expect(await anonymous.connect()).toBe(401);
      const stranger = client(two, await accessCookie(two.deps, outsider));
      expect(await stranger.connect()).toBe(403);
      const unknown = client(one, await accessCookie(one.deps, member), 'project:1:not-a-project');
      expect(await unknown.connect()).toBe(404);
      expect(anonymous.received + stranger.received + unknown.received).toBe(0);
    });

    it('two clients on two instances converge, and the tasks are materialised', async () => {
      const a = client(one, await accessCookie(one.deps, owner));
      const b = client(two, await accessCookie(two.deps, member));
      expect(await a.connect()).toBe('open');
      expect(await b.connect()).toBe('open');
      await Promise.all([a.whenSynced(), b.whenSynced()]);
      const id = addTask(a.doc, { title: 'Paint the sign', reporter: owner, due: '2026-12-01' });
      await eventually(() => expect(readTasks(b.doc).map((t) => t.title)).toEqual(['Paint the sign']));
      moveTask(b.doc, id, 'in_progress', 0);
      descriptionOf(b.doc, id)?.insert(0, 'Red and gold');
      await eventually(() => expect(readTasks(a.doc)[0]?.status).toBe('in_progress'));
      await eventually(() => expect(descriptionOf(a.doc, id)?.toString()).toBe('Red and gold'));
      await one.settled();
      await two.settled();
      const rows = await storedTasks(one, workspace, project);
      expect(rows).toEqual([
        { id, title: 'Paint the sign', status: 'in_progress', sort_order: readTasks(a.doc)[0].order, due_date: '2026-12-01' },
      ]);
    });

    it('offline edits on both sides merge on reconnect', async () => {
      const a = client(one, await accessCookie(one.deps, owner));
      const b = client(two, await accessCookie(two.deps, member));
      await a.connect();
      await b.connect();
      await Promise.all([a.whenSynced(), b.whenSynced()]);
      await b.disconnect();
      const fromA = addTask(a.doc, { title: 'Order stock', reporter: owner });
      const fromB = addTask(b.doc, { title: 'Call the landlord', reporter: member });
      await b.connect();
      await eventually(() => {
        expect(Y.encodeStateAsUpdate(a.doc).byteLength).toBeGreaterThan(0);
        expect(readTasks(a.doc)).toEqual(readTasks(b.doc));
        expect(readTasks(a.doc).map((t) => t.id)).toEqual(expect.arrayContaining([fromA, fromB]));
      });
    });

    it('a malformed message and an oversized update close that socket only; the document stays', async () => {
      const good = client(one, await accessCookie(one.deps, owner));
      const bad = client(one, await accessCookie(one.deps, member));
      const big = client(one, await accessCookie(one.deps, member));
      for (const c of [good, bad, big]) {
        await c.connect();
        await c.whenSynced();
      }
      const before = readTasks(good.doc).length;
      expect(before).toBeGreaterThan(0);
      const badClosed = bad.closed();
      bad.sendRaw(new Uint8Array([0, 2, 200, 1, 2, 3]));
      expect(await badClosed).toBe(1003);
      const bigClosed = big.closed();
      big.sendRaw(new Uint8Array(MAX_UPDATE_BYTES + 1));
      expect(await bigClosed).toBe(1009);
      // The good socket still works, and so does a fresh one.
      const id = addTask(good.doc, { title: 'Still here', reporter: owner });
      const fresh = client(two, await accessCookie(two.deps, member));
      await fresh.connect();
      // The fresh copy ends with the whole board: every earlier task and the new one.
      await eventually(() => {
        expect(readTasks(fresh.doc).map((t) => t.id)).toContain(id);
        expect(readTasks(fresh.doc).length).toBe(before + 1);
      });
    });

    it('the access cookie running out closes an open socket with 4001, as on /api/live', async () => {
      const exp = Math.floor(Date.now() / 1000) + 600;
      const token = signAccessToken(await signingKey(one.deps), { sub: owner, fam: await liveSessionFamily(one.deps.db, owner), exp });
      const clock = one.deps.now;
      // The server's clock stands one millisecond before the cookie runs out: it opens, then expires.
      one.deps.now = () => new Date(exp * 1000 - 1);
      try {
        const c = client(one, `vuka_at=${token}`);
        expect(await c.connect()).toBe('open');
        expect(await c.closed()).toBe(4001);
        // Past its expiry the same cookie opens nothing.
        one.deps.now = () => new Date(exp * 1000);
        expect(await client(one, `vuka_at=${token}`).connect()).toBe(401);
      } finally {
        one.deps.now = clock;
      }
    });

    it('team channels: every workspace member may start one and talks in it; a stranger or an unknown channel gets nothing', async () => {
      const api = syncApi(one.url, await accessCookie(one.deps, member));
      const created = await api.post(`/api/workspaces/${workspace}/channels`, { name: '  Market Day! ' });
      expect(created.status).toBe(200);
      expect(created.body).toMatchObject({ name: 'market-day' });
      expect((await api.post(`/api/workspaces/${workspace}/channels`, { name: 'market day' })).status).toBe(409);
      const empty = await api.post(`/api/workspaces/${workspace}/channels`, { name: '   ' });
      expect(empty.status).toBe(400);
      expect(JSON.stringify(empty.body)).toContain('Give the channel a name');
      expect((await api.post(`/api/workspaces/${workspace}/channels`, { name: '!!!' })).status).toBe(400);
      const listed = await fetch(`${two.url}/api/workspaces/${workspace}/channels`, {
        headers: { cookie: await accessCookie(two.deps, outsider) },
      });
      expect(await listed.json()).toMatchObject({ channels: [{ name: 'market-day' }] });

      const stranger = await seedUser(handles.first);
      const name = channelDocName(workspace, 'market-day');
      const refused = client(one, await accessCookie(one.deps, stranger), name);
      expect(await refused.connect()).toBe(403);
      const unknown = client(one, await accessCookie(one.deps, member), channelDocName(workspace, 'no-such-channel'));
      expect(await unknown.connect()).toBe(403);
      expect(refused.received + unknown.received).toBe(0);
      const strangerList = await fetch(`${one.url}/api/workspaces/${workspace}/channels`, {
        headers: { cookie: await accessCookie(one.deps, stranger) },
      });
      expect(strangerList.status).toBe(403);

      // Members who are on no project at all still share the channel, across instances.
      const a = client(one, await accessCookie(one.deps, member), name);
      const b = client(two, await accessCookie(two.deps, outsider), name);
      expect(await a.connect()).toBe('open');
      expect(await b.connect()).toBe('open');
      sendMessage(a.doc, { author: member, name: 'Member', body: 'Stall opens at 7' });
      await eventually(() => expect(readChat(b.doc).map((m) => m.body)).toEqual(['Stall opens at 7']));
    });

    it("a removed member's open socket is closed, on another instance too", async () => {
      const removed = client(two, await accessCookie(two.deps, member));
      await removed.connect();
      await removed.whenSynced();
      const closed = removed.closed();
      const res = await fetch(`${one.url}/api/workspaces/${workspace}/projects/${project}/members/${member}`, {
        method: 'DELETE',
        headers: { cookie: await accessCookie(one.deps, owner), origin: one.url },
      });
      expect(res.status).toBe(200);
      expect(await closed).toBe(4403);
      expect(await client(one, await accessCookie(one.deps, member)).connect()).toBe(403);
    });

    it('many edits are compacted into one stored update, and the document is the same', async () => {
      const a = client(one, await accessCookie(one.deps, owner));
      await a.connect();
      await a.whenSynced();
      const id = addTask(a.doc, { title: 'Count 0', reporter: owner });
      for (let i = 1; i <= COMPACT_AFTER + 20; i++) updateTask(a.doc, id, { title: `Count ${i}` });
      await eventually(async () => {
        await one.settled();
        const rows = await storedTasks(one, workspace, project);
        expect(rows.find((r) => r.id === id)?.title).toBe(`Count ${COMPACT_AFTER + 20}`);
      });
      const stored = await one.deps.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM yjs_updates WHERE workspace_id = $1 AND doc = $2`,
        [workspace, doc],
      );
      expect(stored[0].n).toBeLessThan(COMPACT_AFTER);
      const late = client(two, await accessCookie(two.deps, owner));
      await late.connect();
      await eventually(() => expect(readTasks(late.doc)).toEqual(readTasks(a.doc)));
    });
  });
}
