import { randomUUID } from 'node:crypto';
import * as decoding from 'lib0/decoding';
import * as encoding from 'lib0/encoding';
import { WebSocketServer, type WebSocket } from 'ws';
import * as awarenessProtocol from 'y-protocols/awareness';
import * as syncProtocol from 'y-protocols/sync';
import * as Y from 'yjs';
import { z } from 'zod';
import { parseDocName, yjsCloseCode, type DocName } from '../../../../schema/projects/projects.js';
import { familyIsLive } from '../../auth/session.repo.js';
import { withScope } from '../../../db/db.js';
import type { AppDeps } from '../../../deps.js';
import type { SocketEndpoint, Upgrade } from '../../../http/upgrade.js';
import { accessClaims } from '../../../live/live-auth.js';
import { ACCESS_CHANNEL, parseAccessNotice, type AccessNotice } from '../../../live/notice.js';
import { tasksOf } from './materialise.js';
import * as repo from './yjs.repo.js';

export const YJS_PATH = '/api/yjs/:doc';

/** The channel every instance hears a document's new update and presence on. */
export const YJS_CHANNEL = 'vuka_yjs';
/** The channel a project's removed member is announced on (migrations/0021_projects.sql). */
export const YJS_ACCESS_CHANNEL = 'vuka_yjs_access';

/** The largest message a socket may send: a pasted description or a long offline session fits. */
export const MAX_UPDATE_BYTES = 1024 * 1024;

/** Updates kept as rows before the materialiser merges a document's rows into one. */
export const COMPACT_AFTER = 100;

/** The materialiser waits for appends to pause this long, and never longer than the second figure. */
const MATERIALISE_AFTER_MS = 100;
const MATERIALISE_WITHIN_MS = 1000;

export { yjsCloseCode };

/**
 * Each user's allowance on this instance's document sockets (a token bucket per user, shared by their
 * sockets, so reopening a socket does not refill it): messages at once and per second after, and
 * bytes likewise. Typing sends two messages a keystroke (the change and the caret), so a held key
 * stays well within it; the byte burst takes one largest message and a long offline session's sync.
 * Past either the socket is closed as too fast.
 */
export const MESSAGE_BURST = 300;
export const MESSAGES_PER_SECOND = 50;
export const BYTE_BURST = 2 * MAX_UPDATE_BYTES;
export const BYTES_PER_SECOND = 256 * 1024;

/**
 * The largest a document may grow, encoded as compaction stores it. A chat message is about 200
 * bytes, so this holds some 80,000 of them: a busy team's chat for years, beside its board. An update
 * that would take a document past it is refused before it is applied or stored.
 */
export const MAX_DOC_BYTES = 16 * 1024 * 1024;

const MESSAGE_SYNC = 0;
const MESSAGE_AWARENESS = 1;
const MESSAGE_QUERY_AWARENESS = 3;

/** NOTIFY payloads are at most 8000 bytes: a larger update travels as its row id only. */
const INLINE_BYTES = 5000;

/** Origin of changes that arrived from another instance (or the database): relayed, never stored again. */
const REMOTE = Symbol('remote');

const notice = z.object({
  from: z.string(),
  ws: z.number().int(),
  doc: z.string(),
  kind: z.enum(['update', 'awareness']),
  id: z.string().optional(),
  data: z.string().optional(),
});
type Notice = z.infer<typeof notice>;

const projectAccessNotice = z.object({ workspace: z.number().int(), project: z.string(), user: z.number().int() });

interface Conn {
  socket: WebSocket;
  userId: number;
  family: string;
  /** Who this socket's presence shows, from its session: whatever the client says is replaced by it. */
  user: PresenceUser;
  allowance: Allowance;
  room: Room;
  /** Awareness client ids this socket speaks for, removed when it closes. */
  clients: Set<number>;
  /** Messages are handled one after another. */
  chain: Promise<void>;
}

interface Room {
  name: string;
  info: DocName;
  doc: Y.Doc;
  awareness: awarenessProtocol.Awareness;
  conns: Set<Conn>;
  ready: Promise<void>;
  /** Appends of this room's updates, in order. */
  persisting: Promise<void>;
  /**
   * The document's size as compaction would store it (bytes), or more: the figure last measured plus
   * every update applied since. Null until first needed.
   */
  size: number | null;
}

/** Who a presence state belongs to, as the other people on the document see it. */
interface PresenceUser {
  id: number;
  name: string;
}

/** One user's token buckets on this instance, shared by their document sockets. */
interface Allowance {
  messages: number;
  bytes: number;
  /** When the buckets were last topped up (ms). */
  toppedUpAt: number;
  sockets: number;
  /** Forgets a user with no socket once their buckets would be full again. */
  forget: ReturnType<typeof setTimeout> | null;
}

export interface YjsHandle {
  endpoint: SocketEndpoint;
  clientCount(): number;
  /** Resolves once every update received so far is stored and materialised (tests and benches). */
  settled(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Collaborative documents (DESIGN.md §6) at `/api/yjs/:doc`, speaking the y-websocket protocol (sync
 * and awareness from y-protocols). A socket is authenticated by the access cookie and its right to
 * the document checked before the handshake completes, so a refused one hears no byte of content.
 * Each update is appended to `yjs_updates` and announced on Postgres; every other instance holding
 * the document applies it, so clients on different instances converge. After the appends the
 * materialiser reads the stored document back and writes its tasks to `project_tasks`.
 */
export async function startYjs(deps: AppDeps): Promise<YjsHandle> {
  const instance = randomUUID();
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_UPDATE_BYTES });
  const rooms = new Map<string, Room>();
  const handshakes = new Set<{ userId: number; family: string; ended: boolean }>();
  const work = new Set<Promise<unknown>>();
  const materialising = new Map<string, Materialising>();
  const allowances = new Map<number, Allowance>();

  function track<T>(p: Promise<T>): Promise<T> {
    work.add(p);
    void p.finally(() => work.delete(p)).catch(() => undefined);
    return p;
  }

  const unlistenDocs = await deps.db.listen(YJS_CHANNEL, (payload) => {
    const parsed = parseJson(notice, payload);
    if (!parsed || parsed.from === instance) return;
    const room = rooms.get(roomKey(parsed.ws, parsed.doc));
    if (room) track(applyRemote(room, parsed)).catch((err: unknown) => deps.log.warn({ err }, 'yjs relay failed'));
  });
  const unlistenAccess = await deps.db.listen(ACCESS_CHANNEL, (payload) => {
    const parsed = parseAccessNotice(payload);
    if (parsed) onAccessEnded(parsed);
  });
  const unlistenProjects = await deps.db.listen(YJS_ACCESS_CHANNEL, (payload) => {
    const parsed = parseJson(projectAccessNotice, payload);
    if (parsed) void track(recheckProject(parsed)).catch((err: unknown) => deps.log.warn({ err }, 'yjs access check failed'));
  });

  function onAccessEnded(n: AccessNotice) {
    for (const h of handshakes) {
      if ((n.kind === 'session_ended' && h.family === n.family) || (n.kind !== 'session_ended' && h.userId === n.user)) h.ended = true;
    }
    for (const room of rooms.values()) {
      for (const c of room.conns) {
        if (n.kind === 'session_ended' && c.family === n.family) c.socket.close(yjsCloseCode.sessionEnded, 'session ended');
        if (n.kind === 'user_deleted' && c.userId === n.user) c.socket.close(yjsCloseCode.sessionEnded, 'session ended');
        if (n.kind === 'member_removed' && c.userId === n.user && room.info.workspaceId === n.workspace) {
          c.socket.close(yjsCloseCode.removed, 'removed');
        }
      }
    }
  }

  /** A member left a project: their sockets on it close unless the workspace role still admits them. */
  async function recheckProject(n: z.infer<typeof projectAccessNotice>) {
    for (const room of rooms.values()) {
      if (room.info.kind !== 'project' || room.info.projectId !== n.project || room.info.workspaceId !== n.workspace) continue;
      for (const c of room.conns) {
        if (c.userId !== n.user) continue;
        const access = await repo.docAccess(deps.db, { familyId: c.family, userId: c.userId }, room.info);
        if (!access.allowed) c.socket.close(yjsCloseCode.removed, 'removed');
      }
    }
  }

  async function upgrade(u: Upgrade) {
    const info = parseDocName(u.params.doc ?? '');
    if (!info) return u.refuse(404);
    const claims = await accessClaims(deps, u.req);
    if (!claims) return u.refuse(401);
    const handshake = { userId: claims.sub, family: claims.fam, ended: false };
    handshakes.add(handshake);
    try {
      const access = await repo.docAccess(deps.db, { familyId: claims.fam, userId: claims.sub }, info);
      if (!access.live || handshake.ended) return u.refuse(401);
      if (!access.allowed) return u.refuse(403);
      // Checked again so a session ended during the lookup above never gets a socket.
      if (!(await familyIsLive(deps.db, claims.fam)) || handshake.ended) return u.refuse(401);
      const user = { id: claims.sub, name: access.name };
      u.accept(wss, (ws) => welcome(ws, info, u.params.doc ?? '', { ...handshake, user }, claims.exp));
    } finally {
      handshakes.delete(handshake);
    }
  }

  function roomOf(name: string, info: DocName): Room {
    const key = roomKey(info.workspaceId, name);
    const existing = rooms.get(key);
    if (existing) return existing;
    const doc = new Y.Doc({ gc: true });
    const awareness = new awarenessProtocol.Awareness(doc);
    awareness.setLocalState(null);
    const room: Room = {
      name,
      info,
      doc,
      awareness,
      conns: new Set(),
      ready: Promise.resolve(),
      persisting: Promise.resolve(),
      size: null,
    };
    room.ready = track(loadRoom(room));
    rooms.set(key, room);

    doc.on('update', (update: Uint8Array, origin: unknown) => {
      if (room.size !== null) room.size += update.byteLength;
      const message = syncMessage((e) => syncProtocol.writeUpdate(e, update));
      for (const c of room.conns) send(c, message);
      const writer = [...room.conns].find((c) => c === origin);
      if (writer) persist(room, writer, update);
    });
    awareness.on('update', ({ added, updated, removed }: AwarenessChange, origin: unknown) => {
      const changed = [...added, ...updated, ...removed];
      const writer = [...room.conns].find((c) => c === origin);
      if (writer) {
        for (const id of added) writer.clients.add(id);
        for (const id of removed) writer.clients.delete(id);
      }
      const update = awarenessProtocol.encodeAwarenessUpdate(awareness, changed);
      const message = awarenessMessage(update);
      for (const c of room.conns) send(c, message);
      if (origin !== REMOTE) {
        const payload: Notice = { from: instance, ws: info.workspaceId, doc: name, kind: 'awareness', data: toBase64(update) };
        track(deps.db.query(`SELECT pg_notify($1, $2)`, [YJS_CHANNEL, JSON.stringify(payload)])).catch((err: unknown) =>
          deps.log.warn({ err }, 'yjs presence relay failed'),
        );
      }
    });
    return room;
  }

  async function loadRoom(room: Room) {
    const rows = await repo.loadUpdates(deps.db, room.info.workspaceId, room.name);
    if (rows.length > 0) Y.applyUpdate(room.doc, Y.mergeUpdates(rows.map((r) => r.update)), REMOTE);
    // Measured afresh when next needed: the stored rows may have been compacted meanwhile.
    room.size = null;
  }

  async function applyRemote(room: Room, n: Notice) {
    await room.ready;
    if (n.kind === 'awareness') {
      if (n.data) awarenessProtocol.applyAwarenessUpdate(room.awareness, fromBase64(n.data), REMOTE);
      return;
    }
    const update = n.data ? fromBase64(n.data) : n.id ? await repo.updateById(deps.db, n.ws, n.doc, n.id) : null;
    // Compacted away meanwhile: the stored document holds it.
    if (update) Y.applyUpdate(room.doc, update, REMOTE);
    else await loadRoom(room);
  }

  function persist(room: Room, writer: Conn, update: Uint8Array) {
    const ws = room.info.workspaceId;
    const step = room.persisting.then(async () => {
      try {
        await withScope(deps.db, { userId: writer.userId, workspaceId: ws }, (q) =>
          repo.appendUpdate(q, ws, room.name, update, (id) => noticeText(ws, room.name, id, update), YJS_CHANNEL),
        );
        materialise(room.info, room.name);
      } catch (err) {
        deps.log.warn({ err, doc: room.name }, 'yjs update not stored');
      }
    });
    room.persisting = step;
    track(step);
  }

  function noticeText(ws: number, doc: string, id: string, update: Uint8Array): string {
    const payload: Notice = { from: instance, ws, doc, kind: 'update', id };
    if (update.byteLength <= INLINE_BYTES) payload.data = toBase64(update);
    return JSON.stringify(payload);
  }

  /**
   * Materialises a document once its appends pause for MATERIALISE_AFTER_MS (at most
   * MATERIALISE_WITHIN_MS after the first), so a burst of keystrokes is read back once, not once each,
   * and never blocks the fan-out; runs once more when asked during a run; never two at once per document.
   */
  function materialise(info: DocName, name: string) {
    const key = roomKey(info.workspaceId, name);
    const state = materialising.get(key);
    if (state?.running) {
      state.again = true;
      return;
    }
    if (state?.timer) {
      if (deps.now().getTime() - state.since < MATERIALISE_WITHIN_MS) {
        clearTimeout(state.timer);
        state.timer = setTimeout(state.fire, MATERIALISE_AFTER_MS);
      }
      return;
    }
    let fired: () => void = () => {};
    const next: Materialising = {
      running: false,
      again: false,
      since: deps.now().getTime(),
      timer: null,
      fire: () => fired(),
    };
    materialising.set(key, next);
    track(
      new Promise<void>((resolve) => {
        fired = () => {
          next.timer = null;
          next.running = true;
          void (async () => {
            try {
              do {
                next.again = false;
                await materialiseNow(info, name);
              } while (next.again);
            } catch (err) {
              deps.log.warn({ err, doc: name }, 'yjs materialise failed');
            } finally {
              materialising.delete(key);
              resolve();
            }
          })();
        };
        next.timer = setTimeout(next.fire, MATERIALISE_AFTER_MS);
      }),
    );
  }

  async function materialiseNow(info: DocName, name: string) {
    const ws = info.workspaceId;
    await deps.db.transaction(async (tx) => {
      await repo.lockDoc(tx, ws, name);
      const rows = await repo.loadUpdates(tx, ws, name);
      if (rows.length === 0) return;
      const doc = new Y.Doc();
      try {
        Y.applyUpdate(doc, Y.mergeUpdates(rows.map((r) => r.update)));
        if (info.kind === 'project') await repo.replaceTasks(tx, ws, info.projectId, tasksOf(doc));
        // Re-encoded from the document, replaced values are collected: smaller than the updates merged.
        if (rows.length > COMPACT_AFTER)
          await repo.compact(
            tx,
            ws,
            name,
            rows.map((r) => r.id),
            Y.encodeStateAsUpdate(doc),
          );
      } finally {
        doc.destroy();
      }
    });
  }

  function allowanceOf(userId: number): Allowance {
    const existing = allowances.get(userId);
    if (existing) {
      if (existing.forget) clearTimeout(existing.forget);
      existing.forget = null;
      existing.sockets++;
      return existing;
    }
    const fresh: Allowance = { messages: MESSAGE_BURST, bytes: BYTE_BURST, toppedUpAt: deps.now().getTime(), sockets: 1, forget: null };
    allowances.set(userId, fresh);
    return fresh;
  }

  function letGo(userId: number, allowance: Allowance) {
    allowance.sockets--;
    if (allowance.sockets > 0) return;
    allowance.forget = setTimeout(() => allowances.delete(userId), REFILL_MS);
    allowance.forget.unref();
  }

  function welcome(
    socket: WebSocket,
    info: DocName,
    name: string,
    session: { userId: number; family: string; user: PresenceUser },
    exp: number,
  ) {
    const room = roomOf(name, info);
    const conn: Conn = {
      socket,
      userId: session.userId,
      family: session.family,
      user: session.user,
      allowance: allowanceOf(session.userId),
      room,
      clients: new Set(),
      chain: room.ready,
    };
    room.conns.add(conn);
    const expiry = setTimeout(
      () => socket.close(yjsCloseCode.sessionExpired, 'session expired'),
      Math.max(0, exp * 1000 - deps.now().getTime()),
    );
    socket.on('error', () => socket.terminate());
    socket.on('close', () => {
      clearTimeout(expiry);
      letGo(conn.userId, conn.allowance);
      room.conns.delete(conn);
      if (conn.clients.size > 0) awarenessProtocol.removeAwarenessStates(room.awareness, [...conn.clients], null);
      if (room.conns.size === 0) void track(closeRoom(room));
    });
    socket.on('message', (data: Buffer, isBinary: boolean) => {
      if (socket.readyState !== socket.OPEN) return;
      // Counted as it arrives, before any work is queued for it.
      if (!withinAllowance(conn.allowance, data.byteLength, deps.now().getTime())) {
        socket.close(yjsCloseCode.tooFast, 'too many changes at once');
        return;
      }
      const bytes = new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
      conn.chain = conn.chain.then(() => {
        if (socket.readyState !== socket.OPEN) return;
        try {
          if (!isBinary) throw new Error('text frame');
          handle(conn, bytes);
        } catch (err) {
          if (err instanceof DocumentFull) socket.close(yjsCloseCode.documentFull, 'document full');
          else socket.close(yjsCloseCode.malformed, 'malformed message');
        }
      });
    });
    conn.chain = conn.chain.then(
      () => {
        send(
          conn,
          syncMessage((e) => syncProtocol.writeSyncStep1(e, room.doc)),
        );
        const states = [...room.awareness.getStates().keys()];
        if (states.length > 0) send(conn, awarenessMessage(awarenessProtocol.encodeAwarenessUpdate(room.awareness, states)));
      },
      () => socket.close(1011, 'document unavailable'),
    );
  }

  function handle(conn: Conn, bytes: Uint8Array) {
    const room = conn.room;
    const decoder = decoding.createDecoder(bytes);
    const type = decoding.readVarUint(decoder);
    if (type === MESSAGE_SYNC) {
      const step = decoding.readVarUint(decoder);
      if (step === syncProtocol.messageYjsSyncStep1) {
        const vector = decoding.readVarUint8Array(decoder);
        send(
          conn,
          syncMessage((e) => syncProtocol.writeSyncStep2(e, room.doc, vector)),
        );
      } else if (step === syncProtocol.messageYjsSyncStep2 || step === syncProtocol.messageYjsUpdate) {
        const update = decoding.readVarUint8Array(decoder);
        if (wouldOverflow(room, update)) throw new DocumentFull();
        Y.applyUpdate(room.doc, update, conn);
      } else throw new Error('unknown sync step');
    } else if (type === MESSAGE_AWARENESS) {
      awarenessProtocol.applyAwarenessUpdate(room.awareness, ownPresence(conn, decoding.readVarUint8Array(decoder)), conn);
    } else if (type === MESSAGE_QUERY_AWARENESS) {
      const states = [...room.awareness.getStates().keys()];
      send(conn, awarenessMessage(awarenessProtocol.encodeAwarenessUpdate(room.awareness, states)));
    } else throw new Error('unknown message type');
  }

  /**
   * Would `update` take the room's document past MAX_DOC_BYTES? Measured exactly (the document
   * encoded) only when the running figure says it might. An update that only deletes what the
   * document already holds always passes: it cannot grow it, and it is how a full document is
   * cleared; it is recognised before measuring, so a stream of them near the ceiling costs no
   * encoding of the whole document each.
   */
  function wouldOverflow(room: Room, update: Uint8Array): boolean {
    if (room.size !== null && room.size + update.byteLength <= MAX_DOC_BYTES) return false;
    if (deletesOnlyHeld(room.doc, update)) return false;
    room.size = Y.encodeStateAsUpdate(room.doc).byteLength;
    return room.size + update.byteLength > MAX_DOC_BYTES;
  }

  /**
   * The awareness update `update` as this socket may send it: every state it carries shows the
   * session's user, whoever the client named, and a state for a client id another socket here
   * speaks for is left out, so no one appears as, or removes, someone else.
   */
  function ownPresence(conn: Conn, update: Uint8Array): Uint8Array {
    const decoder = decoding.createDecoder(update);
    const kept: { client: number; clock: number; state: string }[] = [];
    const count = decoding.readVarUint(decoder);
    for (let i = 0; i < count; i++) {
      const client = decoding.readVarUint(decoder);
      const clock = decoding.readVarUint(decoder);
      const state: unknown = JSON.parse(decoding.readVarString(decoder));
      if ([...conn.room.conns].some((c) => c !== conn && c.clients.has(client))) continue;
      if (state === null) kept.push({ client, clock, state: 'null' });
      else if (typeof state === 'object' && !Array.isArray(state))
        kept.push({ client, clock, state: JSON.stringify({ ...state, user: conn.user }) });
      else throw new Error('presence state is not an object');
    }
    const encoder = encoding.createEncoder();
    encoding.writeVarUint(encoder, kept.length);
    for (const k of kept) {
      encoding.writeVarUint(encoder, k.client);
      encoding.writeVarUint(encoder, k.clock);
      encoding.writeVarString(encoder, k.state);
    }
    return encoding.toUint8Array(encoder);
  }

  async function closeRoom(room: Room) {
    await room.persisting;
    if (room.conns.size > 0 || rooms.get(roomKey(room.info.workspaceId, room.name)) !== room) return;
    rooms.delete(roomKey(room.info.workspaceId, room.name));
    room.awareness.destroy();
    room.doc.destroy();
  }

  return {
    endpoint: { path: YJS_PATH, upgrade },
    clientCount: () => [...rooms.values()].reduce((n, r) => n + r.conns.size, 0),
    async settled() {
      while (work.size > 0) await Promise.allSettled([...work]);
    },
    async close() {
      for (const room of rooms.values()) for (const c of room.conns) c.socket.terminate();
      for (const a of allowances.values()) if (a.forget) clearTimeout(a.forget);
      allowances.clear();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      while (work.size > 0) await Promise.allSettled([...work]);
      for (const room of rooms.values()) {
        room.awareness.destroy();
        room.doc.destroy();
      }
      rooms.clear();
      await unlistenDocs();
      await unlistenAccess();
      await unlistenProjects();
    },
  };
}

/** The longest an emptied allowance takes to fill again (ms). */
const REFILL_MS = Math.ceil(Math.max(MESSAGE_BURST / MESSAGES_PER_SECOND, BYTE_BURST / BYTES_PER_SECOND) * 1000);

/** Token buckets: false once the user has spent their messages or bytes. */
function withinAllowance(a: Allowance, bytes: number, now: number): boolean {
  const seconds = Math.max(0, now - a.toppedUpAt) / 1000;
  a.messages = Math.min(MESSAGE_BURST, a.messages + seconds * MESSAGES_PER_SECOND);
  a.bytes = Math.min(BYTE_BURST, a.bytes + seconds * BYTES_PER_SECOND);
  a.toppedUpAt = now;
  if (a.messages < 1 || a.bytes < bytes) return false;
  a.messages -= 1;
  a.bytes -= bytes;
  return true;
}

/** An update refused because the document would pass MAX_DOC_BYTES. */
class DocumentFull extends Error {}

/** Does `update` insert nothing, and delete only items `doc` already holds? */
function deletesOnlyHeld(doc: Y.Doc, update: Uint8Array): boolean {
  const { structs, ds } = Y.decodeUpdate(update);
  if (structs.length > 0) return false;
  for (const [client, items] of ds.clients) {
    const held = Y.getState(doc.store, client);
    if (items.some((item) => item.clock + item.len > held)) return false;
  }
  return true;
}

interface Materialising {
  running: boolean;
  again: boolean;
  /** When the first append of this burst asked (ms). */
  since: number;
  timer: ReturnType<typeof setTimeout> | null;
  fire: () => void;
}

interface AwarenessChange {
  added: number[];
  updated: number[];
  removed: number[];
}

function roomKey(ws: number, doc: string): string {
  return `${ws}/${doc}`;
}

function send(conn: Conn, message: Uint8Array) {
  if (conn.socket.readyState === conn.socket.OPEN) conn.socket.send(message);
}

function syncMessage(write: (e: encoding.Encoder) => void): Uint8Array {
  const encoder = encoding.createEncoder();
  encoding.writeVarUint(encoder, MESSAGE_SYNC);
  write(encoder);
  return encoding.toUint8Array(encoder);
}

function awarenessMessage(update: Uint8Array): Uint8Array {
  const encoder = encoding.createEncoder();
  encoding.writeVarUint(encoder, MESSAGE_AWARENESS);
  encoding.writeVarUint8Array(encoder, update);
  return encoding.toUint8Array(encoder);
}

function toBase64(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64');
}

function fromBase64(text: string): Uint8Array {
  return new Uint8Array(Buffer.from(text, 'base64'));
}

function parseJson<T>(schema: z.ZodType<T>, payload: string): T | null {
  try {
    const parsed = schema.safeParse(JSON.parse(payload));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
