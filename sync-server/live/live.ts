import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import { liveClientMessage, liveCloseCode, type LiveServerMessage } from '../../schema/sync/contract.js';
import type { AppDeps } from '../deps.js';
import { familyIsLive } from '../api/auth/session.repo.js';
import { liveMemberships } from '../api/workspaces/membership.js';
import type { SocketEndpoint, Upgrade } from '../http/upgrade.js';
import { accessClaims } from './live-auth.js';
import {
  ACCESS_CHANNEL,
  NOTIFICATIONS_CHANNEL,
  SYNC_CHANNEL,
  parseAccessNotice,
  parseChangeNotice,
  type AccessNotice,
  type ChangeNotice,
} from './notice.js';

export const LIVE_PATH = '/api/live';

/**
 * Messages a socket may send at once, and per second after that. A tab sends one subscribe when it
 * connects and one whenever its list of workspaces changes; past the allowance it is not a tab, and
 * its socket is closed as a policy violation.
 */
const MESSAGE_BURST = 10;
const MESSAGES_PER_SECOND = 1;

/**
 * Sockets one user may hold open on one instance: a socket per tab on each of their devices, with
 * room to spare. Past it a new one is refused 429, so one account cannot hold the server's
 * descriptors.
 */
export const MAX_SOCKETS_PER_USER = 32;

/** A subscribe of 200 ids is about 3 kB; nothing a client sends needs more. */
const MAX_MESSAGE_BYTES = 8 * 1024;

export interface LiveHandle {
  /** Routes `/api/live` upgrades here (see `routeUpgrades`). */
  endpoint: SocketEndpoint;
  /** Sockets currently open on this instance. */
  clientCount(): number;
  close(): Promise<void>;
}

interface Client {
  socket: WebSocket;
  userId: number;
  family: string;
  workspaces: Set<number>;
  /** Takes one `changes` message per commit (the client said so when subscribing). */
  grouped: boolean;
  /** Message allowance left (token bucket) and when it was last topped up, ms. */
  allowance: number;
  toppedUpAt: number;
  /** The newest subscribe not yet evaluated; a later one replaces it. */
  wanted: number[] | null;
  /** Set while a subscribe is evaluated: workspaces the user left meanwhile, which it must not grant. */
  evaluating: { removed: Set<number> } | null;
}

/** A handshake between its session check and its socket joining `clients`. */
interface Handshake {
  userId: number;
  family: string;
  ended: boolean;
}

/**
 * The live channel: one WebSocket per tab at /api/live, authenticated by the access cookie. Each
 * instance LISTENs on Postgres and relays every committed push to the subscribers of that workspace,
 * so any number of instances behind a load balancer fan out the same changes; it hears sessions and
 * memberships end the same way, and closes or narrows its sockets at once.
 */
export async function startLive(deps: AppDeps): Promise<LiveHandle> {
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES });
  const clients = new Set<Client>();
  const handshakes = new Set<Handshake>();

  // The notices of one commit arrive together; they are gathered until the end of this turn and go
  // out per workspace as one message to clients that take that, one message each to older clients.
  let gathered = new Map<number, ChangeNotice[]>();
  const relay = () => {
    const due = gathered;
    gathered = new Map();
    for (const [workspace, notices] of due) {
      // Each form is written once, and only when a client connected takes it.
      let groupedText: string | undefined;
      let singles: string[] | undefined;
      for (const client of clients) {
        if (!client.workspaces.has(workspace) || client.socket.readyState !== client.socket.OPEN) continue;
        if (client.grouped && notices.length > 1) {
          groupedText ??= JSON.stringify(groupedMessage(workspace, notices));
          client.socket.send(groupedText);
        } else {
          singles ??= notices.map((n) => JSON.stringify({ type: 'change', ...n } satisfies LiveServerMessage));
          for (const text of singles) client.socket.send(text);
        }
      }
    }
  };
  const unlistenChanges = await deps.db.listen(SYNC_CHANNEL, (payload) => {
    const notice = parseChangeNotice(payload);
    if (!notice) return;
    if (gathered.size === 0) setImmediate(relay);
    const list = gathered.get(notice.workspace) ?? [];
    list.push(notice);
    gathered.set(notice.workspace, list);
  });
  const notificationText = JSON.stringify({ type: 'notifications' } satisfies LiveServerMessage);
  const unlistenNotifications = await deps.db.listen(NOTIFICATIONS_CHANNEL, (payload) => {
    const userId = Number(payload);
    for (const client of clients) {
      if (client.userId === userId && client.socket.readyState === client.socket.OPEN) client.socket.send(notificationText);
    }
  });
  const unlistenAccess = await deps.db.listen(ACCESS_CHANNEL, (payload) => {
    const notice = parseAccessNotice(payload);
    if (notice) onAccessEnded(notice);
  });

  function onAccessEnded(notice: AccessNotice) {
    if (notice.kind === 'member_removed') {
      for (const client of clients) {
        if (client.userId !== notice.user) continue;
        client.workspaces.delete(notice.workspace);
        client.evaluating?.removed.add(notice.workspace);
      }
      return;
    }
    const ended = (s: { userId: number; family: string }) =>
      notice.kind === 'session_ended' ? s.family === notice.family : s.userId === notice.user;
    for (const handshake of handshakes) if (ended(handshake)) handshake.ended = true;
    for (const client of clients) if (ended(client)) client.socket.close(liveCloseCode.sessionEnded, 'session ended');
  }

  async function upgrade(u: Upgrade) {
    const claims = await accessClaims(deps, u.req);
    if (!claims) return u.refuse(401);
    if (socketsOf(claims.sub) >= MAX_SOCKETS_PER_USER) return u.refuse(429);
    // Registered before the session is looked up: if it ends while the lookup runs, the notice
    // finds the handshake here rather than a socket that does not exist yet.
    const handshake: Handshake = { userId: claims.sub, family: claims.fam, ended: false };
    handshakes.add(handshake);
    try {
      const live = await familyIsLive(deps.db, claims.fam);
      if (!live || handshake.ended) return u.refuse(401);
      // ws completes the handshake synchronously, so the socket is in `clients` before `finally`.
      u.accept(wss, (ws) => welcome(ws, handshake, claims.exp));
    } finally {
      handshakes.delete(handshake);
    }
  }

  function socketsOf(userId: number): number {
    let open = 0;
    for (const client of clients) if (client.userId === userId) open++;
    return open;
  }

  function welcome(socket: WebSocket, session: Handshake, exp: number) {
    const client: Client = {
      socket,
      userId: session.userId,
      family: session.family,
      workspaces: new Set(),
      grouped: false,
      allowance: MESSAGE_BURST,
      toppedUpAt: deps.now().getTime(),
      wanted: null,
      evaluating: null,
    };
    clients.add(client);
    // The access cookie lives 15 minutes; the tab reconnects with a refreshed one.
    const expiry = setTimeout(
      () => socket.close(liveCloseCode.sessionExpired, 'session expired'),
      Math.max(0, exp * 1000 - deps.now().getTime()),
    );
    socket.on('close', () => {
      clearTimeout(expiry);
      clients.delete(client);
    });
    socket.on('message', (data, isBinary) => {
      if (!withinAllowance(client, deps.now().getTime())) {
        client.wanted = null;
        socket.close(liveCloseCode.policyViolation, 'too many messages');
        return;
      }
      const asked = isBinary ? null : subscribeMessage(data);
      if (!asked) return;
      client.grouped = asked.grouped;
      client.wanted = asked.workspaces;
      if (!client.evaluating) {
        void subscribe(client).catch((err: unknown) => deps.log.warn({ err }, 'live subscribe failed'));
      }
    });
  }

  /** Evaluates the newest subscribe, one at a time per socket, until none is waiting. */
  async function subscribe(client: Client) {
    while (client.wanted && client.socket.readyState === client.socket.OPEN) {
      const requested = client.wanted;
      client.wanted = null;
      const evaluating = { removed: new Set<number>() };
      client.evaluating = evaluating;
      try {
        const found = await liveMemberships(deps.db, { familyId: client.family, userId: client.userId }, requested);
        if (!found.live) {
          client.socket.close(liveCloseCode.sessionEnded, 'session ended');
          return;
        }
        // A newer subscribe came in meanwhile: it alone is answered.
        if (client.wanted) continue;
        const allowed = requested.filter((id) => found.workspaces.has(id) && !evaluating.removed.has(id));
        client.workspaces = new Set(allowed);
        if (client.socket.readyState !== client.socket.OPEN) return;
        const reply: LiveServerMessage = { type: 'subscribed', workspaces: allowed };
        client.socket.send(JSON.stringify(reply));
      } finally {
        client.evaluating = null;
      }
    }
  }

  return {
    endpoint: { path: LIVE_PATH, upgrade },
    clientCount: () => clients.size,
    async close() {
      for (const c of clients) c.socket.terminate();
      clients.clear();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      await unlistenChanges();
      await unlistenAccess();
      await unlistenNotifications();
    },
  };
}

/** Token bucket: false once the socket has spent its allowance. */
function withinAllowance(client: Client, now: number): boolean {
  const earned = ((now - client.toppedUpAt) / 1000) * MESSAGES_PER_SECOND;
  client.allowance = Math.min(MESSAGE_BURST, client.allowance + earned);
  client.toppedUpAt = now;
  if (client.allowance < 1) return false;
  client.allowance -= 1;
  return true;
}

/** The distinct workspace ids of a valid subscribe message, else null (ignored). */
/** One commit's notices for a workspace as the one message a grouped client takes. */
function groupedMessage(workspace: number, notices: readonly ChangeNotice[]): LiveServerMessage {
  return { type: 'changes', workspace, changes: notices.map((n) => ({ collection: n.collection, seq: n.seq })) };
}

function subscribeMessage(data: RawData): { workspaces: number[]; grouped: boolean } | null {
  let raw: unknown;
  try {
    raw = JSON.parse(data.toString());
  } catch {
    return null;
  }
  const parsed = liveClientMessage.safeParse(raw);
  return parsed.success ? { workspaces: [...new Set(parsed.data.workspaces)], grouped: parsed.data.grouped === true } : null;
}
