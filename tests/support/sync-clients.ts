import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { WebSocket as WsSocket } from 'ws';
import { closeUserDatabase, deviceStorage, openUserDatabase, type CollectionName, type UserData } from '../../app/data/db.js';
import type { LiveSocket } from '../../app/data/live.js';
import { startSync, type SyncEngine } from '../../app/data/replication.js';
import { createSyncStatusStore, type SyncStatusStore } from '../../app/data/sync-status.js';
import { cookieFetch } from './sync-server.js';

/** A `ws` socket behind the browser-like interface the live client uses, sending the cookie. */
export function nodeSocket(cookie: string, origin: string) {
  return (url: string): LiveSocket => {
    const ws = new WsSocket(url, { headers: { cookie, origin } });
    return {
      send: (d) => ws.send(d),
      close: () => ws.close(),
      addEventListener(type: 'open' | 'close' | 'error' | 'message', listener: (event: { data: unknown }) => void) {
        if (type === 'message') ws.on('message', (data) => listener({ data: data.toString() }));
        else ws.on(type, () => listener({ data: undefined }));
      },
    };
  };
}

let deviceCounter = 0;

/**
 * What a simulated device opens unless told otherwise: RxDB's open-source build allows 13 open
 * collections per process, and these suites run several devices in one.
 */
export const DEVICE_COLLECTIONS: readonly CollectionName[] = ['products', 'stock_movements', 'contacts'];

/** One simulated device: its own IndexedDB database (fake-indexeddb), replication and live socket. */
export class Device {
  data!: UserData;
  engine!: SyncEngine;
  readonly status: SyncStatusStore = createSyncStatusStore();
  readonly name: string;
  private online = true;

  constructor(
    readonly opts: {
      baseUrl: string;
      userId: number;
      cookie: string;
      workspaces: number[];
      live?: boolean;
      label?: string;
      /** Wraps the device's fetch (to make requests hang or fail). */
      wrapFetch?: (inner: typeof fetch) => typeof fetch;
      requestTimeout?: number;
      collections?: readonly CollectionName[];
      /** Documents per pull page and push request (default 50). */
      batchSize?: number;
    },
  ) {
    this.name = `vuka-test-${process.pid}-${opts.label ?? 'd'}${deviceCounter++}`;
  }

  async start(): Promise<this> {
    this.data = await openUserDatabase(this.opts.userId, {
      name: this.name,
      multiInstance: false,
      devMode: false,
      // fake-indexeddb passed explicitly: independent of import order, no browser globals needed.
      storage: deviceStorage({ indexedDB, IDBKeyRange }),
      collections: this.opts.collections ?? DEVICE_COLLECTIONS,
    });
    this.engine = startSync({
      data: this.data,
      baseUrl: this.opts.baseUrl,
      workspaces: this.opts.workspaces,
      fetch: this.opts.wrapFetch ? this.opts.wrapFetch(cookieFetch(this.opts.cookie)) : cookieFetch(this.opts.cookie),
      requestTimeout: this.opts.requestTimeout,
      live: this.opts.live === false ? false : { createSocket: nodeSocket(this.opts.cookie, this.opts.baseUrl) },
      status: this.status,
      retryTime: 50,
      waitForLeadership: false,
      batchSize: this.opts.batchSize ?? 50,
      // Requests are gathered as in the app; SYNC_BATCH_MS sets another window for a run (0: each alone).
      batchWindowMs: process.env.SYNC_BATCH_MS ? Number(process.env.SYNC_BATCH_MS) : undefined,
    });
    if (!this.online) this.engine.setOnline(false);
    return this;
  }

  setOnline(online: boolean) {
    this.online = online;
    this.engine.setOnline(online);
  }

  /** Closes everything as if the tab were closed, then opens it again. */
  async restart() {
    await this.engine.stop();
    await closeUserDatabase(this.data);
    await this.start();
  }

  async close() {
    await this.engine.stop();
    await closeUserDatabase(this.data);
  }

  get db() {
    return this.data.db;
  }
}

/** Waits until `check` passes (polling), failing with the last error after `ms`. */
export async function eventually<T>(check: () => Promise<T> | T, ms = 10_000, every = 50): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    try {
      return await check();
    } catch (err) {
      if (Date.now() > until) throw err;
      await new Promise((r) => setTimeout(r, every));
    }
  }
}
