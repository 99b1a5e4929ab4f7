import * as encoding from 'lib0/encoding';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as awarenessProtocol from 'y-protocols/awareness';
import * as syncProtocol from 'y-protocols/sync';
import * as Y from 'yjs';
import { readChat, sendMessage } from '../../app/features/projects/team-doc.js';
import { channelDocName, yjsCloseCode } from '../../schema/projects/projects.js';
import type { Db } from '../../sync-server/db/db.js';
import { BYTE_BURST, MAX_DOC_BYTES, MAX_UPDATE_BYTES, MESSAGE_BURST } from '../../sync-server/api/projects/yjs/yjs.js';
import { testDatabases } from '../support/databases.js';
import { eventually } from '../support/sync-clients.js';
import {
  accessCookie,
  openSyncDatabase,
  seedUser,
  seedWorkspace,
  startSyncTestServer,
  syncApi,
  type SyncTestServer,
} from '../support/sync-server.js';
import { YClient } from '../support/yjs-clients.js';

/** The flood the outside probe sent: 60 updates of 900 kB each, from one socket. */
const FLOOD_UPDATES = 60;
const FLOOD_BYTES = 900 * 1024;

function syncUpdateFrame(update: Uint8Array): Uint8Array {
  const encoder = encoding.createEncoder();
  encoding.writeVarUint(encoder, 0);
  syncProtocol.writeUpdate(encoder, update);
  return encoding.toUint8Array(encoder);
}

function awarenessFrame(update: Uint8Array): Uint8Array {
  const encoder = encoding.createEncoder();
  encoding.writeVarUint(encoder, 1);
  encoding.writeVarUint8Array(encoder, update);
  return encoding.toUint8Array(encoder);
}

/** An update from a stranger's document that inserts `bytes` characters into a text of its own. */
function bulkUpdate(bytes: number, key: string): Uint8Array {
  const doc = new Y.Doc();
  doc.getText(key).insert(0, 'x'.repeat(bytes));
  const update = Y.encodeStateAsUpdate(doc);
  doc.destroy();
  return update;
}

/** Each stored row of a document: its id and a digest of its bytes. */
async function storedRows(db: Db, ws: number, name: string): Promise<{ id: string; digest: string }[]> {
  return db.query<{ id: string; digest: string }>(
    `SELECT id::text, md5(update) AS digest FROM yjs_updates WHERE workspace_id = $1 AND doc = $2 ORDER BY id`,
    [ws, name],
  );
}

/** The document as the database holds it, merged. */
async function storedDoc(db: Db, ws: number, name: string): Promise<{ rows: number; doc: Y.Doc }> {
  const rows = await db.query<{ update: Uint8Array }>(`SELECT update FROM yjs_updates WHERE workspace_id = $1 AND doc = $2 ORDER BY id`, [
    ws,
    name,
  ]);
  const doc = new Y.Doc();
  if (rows.length > 0) Y.applyUpdate(doc, Y.mergeUpdates(rows.map((r) => r.update)));
  return { rows: rows.length, doc };
}

for (const target of testDatabases()) {
  describe(`a flood on one Yjs socket, on ${target.name}`, () => {
    let db: Db;
    let server: SyncTestServer;
    let owner: number;
    let workspace: number;
    let channel = 0;
    const clients: YClient[] = [];

    /** A fresh channel of the workspace: each test floods its own document. */
    async function newChannel(): Promise<string> {
      const name = `flood-${channel++}`;
      const created = await syncApi(server.url, await accessCookie(server.deps, owner)).post(`/api/workspaces/${workspace}/channels`, {
        name,
      });
      expect(created.status).toBe(200);
      return channelDocName(workspace, name);
    }

    /** A member of the workspace (each test its own, so one's spent allowance is not another's). */
    async function member(): Promise<number> {
      const user = await seedUser(db);
      await db.query(`INSERT INTO workspace_members (workspace_id, user_id, role, joined_at) VALUES ($1, $2, 'member', now())`, [
        workspace,
        user,
      ]);
      return user;
    }

    async function connected(user: number, doc: string): Promise<YClient> {
      const c = new YClient(server.url, doc, await accessCookie(server.deps, user));
      clients.push(c);
      expect(await c.connect()).toBe('open');
      await c.whenSynced();
      return c;
    }

    beforeAll(async () => {
      db = await openSyncDatabase(target);
      server = await startSyncTestServer(db);
      owner = await seedUser(db, { plan: 'pro' });
      workspace = await seedWorkspace(db, owner);
    });
    afterAll(async () => {
      for (const c of clients) c.destroy();
      await server.close();
      await db.close();
    });

    it('a burst of messages past the allowance closes the socket as too fast (4008)', async () => {
      const flooder = await connected(await member(), await newChannel());
      const closed = flooder.closed();
      // Asking for everyone's presence is the cheapest message there is: one byte.
      for (let i = 0; i < MESSAGE_BURST * 3; i++) flooder.sendRaw(new Uint8Array([3]));
      expect(await closed).toBe(yjsCloseCode.tooFast);
    });

    it("the probe's 60 updates of 900 kB: closed as too fast within the byte allowance, storing only what the allowance let through; another user's /api/health still answers", async () => {
      const doc = await newChannel();
      const flooder = await connected(await member(), doc);
      const bystander = await accessCookie(server.deps, await member());
      const frames = Array.from({ length: FLOOD_UPDATES }, (_, i) => syncUpdateFrame(bulkUpdate(FLOOD_BYTES, `flood-${i}`)));
      const closed = flooder.closed();
      for (const frame of frames) flooder.sendRaw(frame);
      // How long the bystander waits is the bench's to measure; here, that the flood costs only its allowance.
      const res = await fetch(`${server.url}/api/health`, { headers: { cookie: bystander } });
      expect(res.status).toBe(200);
      expect(await closed).toBe(yjsCloseCode.tooFast);
      await server.settled();
      // What was stored is what the allowance let through, not the flood.
      const stored = await storedDoc(db, workspace, doc);
      expect(stored.rows).toBeLessThanOrEqual(Math.floor(BYTE_BURST / FLOOD_BYTES));
      stored.doc.destroy();
    }, 60_000);

    it('a single message over MAX_UPDATE_BYTES closes the socket as too large (1009)', async () => {
      const big = await connected(await member(), await newChannel());
      const closed = big.closed();
      big.sendRaw(new Uint8Array(MAX_UPDATE_BYTES + 1));
      expect(await closed).toBe(yjsCloseCode.tooLarge);
    });

    it('an update that would take a document past MAX_DOC_BYTES is refused (4009) and the stored document is unchanged', async () => {
      const doc = await newChannel();
      // A document a few kilobytes under the ceiling, as years of chat would leave it.
      const seed = bulkUpdate(MAX_DOC_BYTES - 4096, 'history');
      await db.query(`INSERT INTO yjs_updates (workspace_id, doc, update) VALUES ($1, $2, $3)`, [workspace, doc, seed]);
      const writer = await connected(await member(), doc);
      expect(writer.doc.getText('history').length).toBe(MAX_DOC_BYTES - 4096);

      // A message that fits is taken.
      sendMessage(writer.doc, { author: null, name: 'Writer', body: 'Stall opens at 7' });
      await eventually(async () => expect(await storedRows(db, workspace, doc)).toHaveLength(2), 30_000, 200);
      await server.settled();
      const before = await storedRows(db, workspace, doc);

      // One that does not is refused before it is applied or stored.
      const closed = writer.closed();
      sendMessage(writer.doc, { author: null, name: 'Writer', body: 'y'.repeat(8 * 1024) });
      expect(await closed).toBe(yjsCloseCode.documentFull);
      await server.settled();
      expect(await storedRows(db, workspace, doc)).toEqual(before);
      const stored = await storedDoc(db, workspace, doc);
      expect(readChat(stored.doc).map((m) => m.body)).toEqual(['Stall opens at 7']);
      stored.doc.destroy();

      // A full document can still be cleared: deleting what it holds is taken, and makes room.
      const cleaner = await connected(await member(), doc);
      expect(readChat(cleaner.doc).map((m) => m.body)).toEqual(['Stall opens at 7']);
      cleaner.doc.getText('history').delete(0, 1024 * 1024);
      sendMessage(cleaner.doc, { author: null, name: 'Cleaner', body: 'z'.repeat(8 * 1024) });
      await eventually(async () => expect(await storedRows(db, workspace, doc)).toHaveLength(before.length + 2), 30_000, 200);
      expect(cleaner.closes).toEqual([]);
    }, 120_000);

    it('two people typing fast into the same text converge, neither closed', async () => {
      const doc = await newChannel();
      const a = await connected(await member(), doc);
      const b = await connected(await member(), doc);
      const typeInto = async (c: YClient, letter: string) => {
        for (let i = 0; i < 150; i++) {
          c.doc.getText('notes').insert(0, letter);
          // Each keystroke moves the caret, which the app publishes as presence.
          c.awareness.setLocalStateField('cursor', { at: i });
          if (i % 10 === 0) await new Promise((r) => setTimeout(r, 20));
        }
      };
      await Promise.all([typeInto(a, 'a'), typeInto(b, 'b')]);
      await eventually(() => {
        expect(a.doc.getText('notes').length).toBe(300);
        expect(b.doc.getText('notes').toString()).toBe(a.doc.getText('notes').toString());
      });
      expect([...a.closes, ...b.closes]).toEqual([]);
    });

    it("presence is shown under the sender's own name: a socket claiming another's name or client is overruled", async () => {
      const doc = await newChannel();
      const mallory = await member();
      const alice = await member();
      const names = await db.query<{ id: number; full_name: string }>(`SELECT id, full_name FROM users WHERE id = ANY ($1::int[])`, [
        [mallory, alice],
      ]);
      const nameOf = (id: number) => names.find((n) => n.id === id)?.full_name;
      const m = await connected(mallory, doc);
      const a = await connected(alice, doc);
      const watcher = await connected(await member(), doc);
      a.awareness.setLocalState({ user: { id: alice, name: nameOf(alice) }, task: null });
      m.awareness.setLocalState({ user: { id: alice, name: nameOf(alice), color: '#000000' }, task: 'x' });
      await eventually(() => {
        expect(watcher.awareness.getStates().get(m.doc.clientID)?.user).toEqual({ id: mallory, name: nameOf(mallory) });
        expect(watcher.awareness.getStates().get(a.doc.clientID)?.user).toEqual({ id: alice, name: nameOf(alice) });
      });

      // A state sent for Alice's client id, newer than hers, is not taken.
      const forged = new Y.Doc();
      forged.clientID = a.doc.clientID;
      const forgedAwareness = new awarenessProtocol.Awareness(forged);
      for (let i = 0; i < 5; i++) forgedAwareness.setLocalState({ user: { id: alice, name: nameOf(alice) }, task: `forged-${i}` });
      m.sendRaw(awarenessFrame(awarenessProtocol.encodeAwarenessUpdate(forgedAwareness, [forged.clientID])));
      m.awareness.setLocalStateField('task', 'after');
      await eventually(() => expect(watcher.awareness.getStates().get(m.doc.clientID)?.task).toBe('after'));
      expect(watcher.awareness.getStates().get(a.doc.clientID)?.task).toBe(null);
      forgedAwareness.destroy();
      forged.destroy();
    });
  });
}
