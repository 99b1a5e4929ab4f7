import { liveServerMessage } from '../../schema/sync/contract.js';

/** Announced on `window` when the live channel says the signed-in person has a new notification. */
export const NOTIFICATIONS_EVENT = 'vuka:notifications';

/** The bits of a WebSocket the live client uses (the browser's, or `ws` in Node tests). */
export interface LiveSocket {
  send(data: string): void;
  close(): void;
  addEventListener(type: 'open' | 'close' | 'error', listener: () => void): void;
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
}

export interface LiveOptions {
  /** ws(s)://host/api/live */
  url: string;
  workspaces: number[];
  createSocket?: (url: string) => LiveSocket;
  /** Every (re)connect: the caller must resync, since notices may have been missed meanwhile. */
  onConnected: () => void;
  onChange: (collection: string, workspace: number, seq: number) => void;
  /** Before the changes of one commit are passed on one by one: the collections it named. */
  onGroup?: (workspace: number, collections: string[]) => void;
  /** Reconnect delay bounds, ms. */
  minDelay?: number;
  maxDelay?: number;
}

export interface LiveConnection {
  setWorkspaces(ids: number[]): void;
  /** Drops the socket (going offline); `resume` reconnects. */
  suspend(): void;
  resume(): void;
  close(): void;
  isOpen(): boolean;
}

/** The tab's one live socket, reconnecting with backoff until closed. */
export function connectLive(opts: LiveOptions): LiveConnection {
  const create: (url: string) => LiveSocket = opts.createSocket ?? ((url: string) => new WebSocket(url));
  const minDelay = opts.minDelay ?? 500;
  const maxDelay = opts.maxDelay ?? 15_000;
  let workspaces = [...opts.workspaces];
  let socket: LiveSocket | null = null;
  let open = false;
  let stopped = false;
  let suspended = false;
  let delay = minDelay;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const subscribe = () => socket?.send(JSON.stringify({ type: 'subscribe', workspaces, grouped: true }));

  function connect() {
    if (stopped || suspended) return;
    const s = create(opts.url);
    socket = s;
    s.addEventListener('open', () => {
      if (socket !== s) return;
      open = true;
      delay = minDelay;
      subscribe();
    });
    s.addEventListener('message', (event) => {
      if (socket !== s || typeof event.data !== 'string') return;
      let raw: unknown;
      try {
        raw = JSON.parse(event.data);
      } catch {
        return;
      }
      const msg = liveServerMessage.safeParse(raw);
      if (!msg.success) return;
      if (msg.data.type === 'subscribed') {
        opts.onConnected();
        // A notice sent while the socket was away is lost: once (re)connected, the bell fetches again.
        globalThis.dispatchEvent?.(new Event(NOTIFICATIONS_EVENT));
      } else if (msg.data.type === 'notifications') globalThis.dispatchEvent?.(new Event(NOTIFICATIONS_EVENT));
      else if (msg.data.type === 'change') opts.onChange(msg.data.collection, msg.data.workspace, msg.data.seq);
      else {
        opts.onGroup?.(
          msg.data.workspace,
          msg.data.changes.map((c) => c.collection),
        );
        for (const c of msg.data.changes) opts.onChange(c.collection, msg.data.workspace, c.seq);
      }
    });
    s.addEventListener('close', () => {
      if (socket !== s) return;
      open = false;
      socket = null;
      if (stopped || suspended) return;
      timer = setTimeout(connect, delay);
      delay = Math.min(maxDelay, delay * 2);
    });
    s.addEventListener('error', () => {
      // 'close' follows and schedules the reconnect.
    });
  }

  connect();
  return {
    setWorkspaces(ids) {
      workspaces = [...ids];
      if (open) subscribe();
    },
    suspend() {
      suspended = true;
      clearTimeout(timer);
      const s = socket;
      socket = null;
      open = false;
      s?.close();
    },
    resume() {
      if (!suspended) return;
      suspended = false;
      delay = minDelay;
      connect();
    },
    close() {
      stopped = true;
      clearTimeout(timer);
      const s = socket;
      socket = null;
      open = false;
      s?.close();
    },
    isOpen: () => open,
  };
}
