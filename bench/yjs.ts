/**
 * Collaborative documents (DESIGN.md §11 "Yjs fan-out to 10 clients ≤ 50 ms p95"): how long an edit
 * takes from one client to each of 10 others through `/api/yjs` on loopback, against a plain
 * WebSocket broadcast to 10 clients measured in the same run; and how large a project document is
 * after 1 000 task edits, as the updates sent and as stored once compacted.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocket, WebSocketServer } from 'ws';
import * as Y from 'yjs';
import { addTask, updateTask } from '../app/features/projects/project-doc.js';
import { projectDetail, projectDocName } from '../schema/projects/projects.js';
import { MESSAGE_BURST, MESSAGES_PER_SECOND } from '../sync-server/api/projects/yjs/yjs.js';
import { accessCookie, seedUser, seedWorkspace, startSyncTestServer, syncApi } from '../tests/support/sync-server.js';
import { YClient } from '../tests/support/yjs-clients.js';
import { budget, openBenchDb, percentile as pct } from './browser.js';

const CLIENTS = 10;
const EDITS = 200;
const SIZE_EDITS = 1000;
/** The size edits' pace, within the socket's allowance (sync-server/api/projects/yjs/yjs.ts). */
const PACE_AFTER = MESSAGE_BURST - 50;
const PACE_PER_SECOND = MESSAGES_PER_SECOND - 5;

const fmt = (ms: number) => `${ms.toFixed(2)} ms`;

/** Waits for `count` receipts of edit `n`, each reported by `onReceipt`. */
function waiter() {
  let pending: { need: number; done: () => void } | null = null;
  return {
    expect(need: number) {
      return new Promise<void>((resolve) => {
        pending = { need, done: resolve };
      });
    },
    hit() {
      if (!pending) return;
      pending.need--;
      if (pending.need === 0) pending.done();
    },
  };
}

/** Baseline: a bare WebSocket server that sends each message to every other client. */
async function baseline(): Promise<number[]> {
  const server = createServer();
  const wss = new WebSocketServer({ server });
  wss.on('connection', (ws) => ws.on('message', (data) => wss.clients.forEach((c) => c !== ws && c.send(data))));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const open = (ws: WebSocket) => new Promise<void>((r) => ws.on('open', () => r()));
  const writer = new WebSocket(url);
  const readers = Array.from({ length: CLIENTS }, () => new WebSocket(url));
  await Promise.all([writer, ...readers].map(open));
  const w = waiter();
  const times: number[] = [];
  let sent = 0;
  for (const r of readers) r.on('message', () => (times.push(performance.now() - sent), w.hit()));
  for (let i = 0; i < EDITS; i++) {
    const done = w.expect(CLIENTS);
    sent = performance.now();
    writer.send(new Uint8Array(40));
    await done;
  }
  for (const ws of [writer, ...readers]) ws.close();
  wss.close();
  server.close();
  return times.sort((a, b) => a - b);
}

async function main() {
  const { db, drop } = await openBenchDb();
  const server = await startSyncTestServer(db);
  try {
    const owner = await seedUser(db, { plan: 'pro' });
    const ws = await seedWorkspace(db, owner);
    const cookie = await accessCookie(server.deps, owner);
    const created = projectDetail.parse((await syncApi(server.url, cookie).post(`/api/workspaces/${ws}/projects`, { name: 'Bench' })).body);
    const name = projectDocName(ws, created.id);

    const writer = new YClient(server.url, name, cookie);
    const readers = Array.from({ length: CLIENTS }, () => new YClient(server.url, name, cookie));
    for (const c of [writer, ...readers]) {
      await c.connect();
      await c.whenSynced();
    }
    const task = addTask(writer.doc, { title: 'Bench', reporter: owner });
    await server.settled();
    const w = waiter();
    const times: number[] = [];
    let sent = 0;
    for (const r of readers) r.doc.on('update', () => (times.push(performance.now() - sent), w.hit()));
    // Let the add reach every reader before timing.
    await new Promise((r) => setTimeout(r, 200));
    for (let i = 0; i < EDITS; i++) {
      const done = w.expect(CLIENTS);
      sent = performance.now();
      updateTask(writer.doc, task, { title: `Bench ${i}` });
      await done;
    }
    times.sort((a, b) => a - b);
    const base = await baseline();
    console.log(`driver ${db.driver}: an edit from one client to ${CLIENTS} others, ${EDITS} edits`);
    console.log(`  /api/yjs fan-out   p50 ${fmt(pct(times, 50))}  p95 ${fmt(pct(times, 95))}  (${budget(pct(times, 95), 50, 'ms')})`);
    console.log(`  bare ws broadcast  p50 ${fmt(pct(base, 50))}  p95 ${fmt(pct(base, 95))}  (baseline, same run)`);
    for (const c of readers) c.destroy();

    // Size after 1 000 task edits: as sent, and as stored once compacted.
    let sentBytes = 0;
    writer.doc.on('update', (u: Uint8Array) => (sentBytes += u.byteLength));
    // The fan-out above spent part of the owner's allowance: let it fill again first.
    await new Promise((r) => setTimeout(r, (MESSAGE_BURST / MESSAGES_PER_SECOND) * 1000));
    for (let i = 0; i < SIZE_EDITS; i++) {
      // Past the first burst, at most 45 a second: the server closes a socket faster than its
      // allowance (MESSAGE_BURST, then MESSAGES_PER_SECOND), as it would a flood.
      if (i >= PACE_AFTER && i % PACE_PER_SECOND === 0) await new Promise((r) => setTimeout(r, 1000));
      updateTask(writer.doc, task, { title: `Edit ${i}`, priority: i % 2 ? 'high' : 'low' });
    }
    await new Promise((r) => setTimeout(r, 500));
    await server.settled();
    const stored = await db.query<{ rows: number; bytes: number }>(
      `SELECT count(*)::int AS rows, coalesce(sum(octet_length(update)), 0)::int AS bytes FROM yjs_updates WHERE workspace_id = $1 AND doc = $2`,
      [ws, name],
    );
    const whole = Y.encodeStateAsUpdate(writer.doc).byteLength;
    console.log(`project document after ${SIZE_EDITS} task edits:`);
    console.log(
      `  updates as sent: ${sentBytes} bytes; stored after compaction: ${stored[0].bytes} bytes in ${stored[0].rows} rows; whole document ${whole} bytes`,
    );
    writer.destroy();
  } finally {
    await server.close();
    await drop();
  }
}

await main();
