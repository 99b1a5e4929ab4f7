import * as decoding from 'lib0/decoding';
import * as encoding from 'lib0/encoding';
import { WebSocket } from 'ws';
import * as awarenessProtocol from 'y-protocols/awareness';
import * as syncProtocol from 'y-protocols/sync';
import * as Y from 'yjs';

/**
 * A Yjs client in Node on y-protocols, speaking to `/api/yjs/:doc` as y-websocket's provider does,
 * with the session cookie. It goes offline and back on at the test's word: edits made offline stay
 * in its document and reach the server in the sync that follows the reconnect.
 */
export class YClient {
  readonly doc = new Y.Doc();
  readonly awareness = new awarenessProtocol.Awareness(this.doc);
  ws: WebSocket | null = null;
  /** Close codes the server sent, newest last. */
  readonly closes: number[] = [];
  /** Bytes of every message received (a refused socket must receive none). */
  received = 0;
  private syncedWaiters: (() => void)[] = [];
  synced = false;

  constructor(
    readonly baseUrl: string,
    readonly docName: string,
    readonly cookie: string | null,
  ) {
    this.doc.on('update', (update: Uint8Array, origin: unknown) => {
      if (origin !== this) this.send(syncFrame((e) => syncProtocol.writeUpdate(e, update)));
    });
    this.awareness.on(
      'update',
      ({ added, updated, removed }: { added: number[]; updated: number[]; removed: number[] }, origin: unknown) => {
        if (origin === this) return;
        this.send(awarenessFrame(awarenessProtocol.encodeAwarenessUpdate(this.awareness, [...added, ...updated, ...removed])));
      },
    );
  }

  /** Opens the socket: 'open', or the HTTP status the upgrade was refused with. */
  connect(): Promise<'open' | number> {
    const headers: Record<string, string> = { origin: this.baseUrl };
    if (this.cookie) headers.cookie = this.cookie;
    const ws = new WebSocket(`${this.baseUrl.replace('http', 'ws')}/api/yjs/${encodeURIComponent(this.docName)}`, { headers });
    ws.binaryType = 'nodebuffer';
    this.ws = ws;
    this.synced = false;
    ws.on('message', (data: Buffer) => this.receive(new Uint8Array(data.buffer, data.byteOffset, data.byteLength)));
    ws.on('close', (code) => {
      this.closes.push(code);
      if (this.ws === ws) this.ws = null;
    });
    ws.on('error', () => undefined);
    return new Promise((resolve) => {
      ws.on('open', () => {
        this.send(syncFrame((e) => syncProtocol.writeSyncStep1(e, this.doc)));
        if (this.awareness.getLocalState() !== null) {
          this.send(awarenessFrame(awarenessProtocol.encodeAwarenessUpdate(this.awareness, [this.doc.clientID])));
        }
        resolve('open');
      });
      ws.on('unexpected-response', (_req, res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
    });
  }

  /** Resolves once the server has sent its state after the latest connect. */
  whenSynced(): Promise<void> {
    if (this.synced) return Promise.resolve();
    return new Promise((resolve) => this.syncedWaiters.push(resolve));
  }

  async disconnect(): Promise<void> {
    const ws = this.ws;
    if (!ws) return;
    this.ws = null;
    if (ws.readyState === ws.CLOSED) return;
    await new Promise<void>((resolve) => {
      ws.once('close', () => resolve());
      ws.close();
    });
  }

  /** Waits for the server to close this socket; its code. */
  closed(): Promise<number> {
    const ws = this.ws;
    if (!ws) return Promise.resolve(this.closes.at(-1) ?? 0);
    return new Promise((resolve) => ws.once('close', (code) => resolve(code)));
  }

  sendRaw(bytes: Uint8Array | string): void {
    this.ws?.send(bytes);
  }

  private send(bytes: Uint8Array) {
    if (this.ws?.readyState === WebSocket.OPEN) this.ws.send(bytes);
  }

  private receive(bytes: Uint8Array) {
    this.received += bytes.byteLength;
    const decoder = decoding.createDecoder(bytes);
    const type = decoding.readVarUint(decoder);
    if (type === 0) {
      const encoder = encoding.createEncoder();
      encoding.writeVarUint(encoder, 0);
      const step = syncProtocol.readSyncMessage(decoder, encoder, this.doc, this);
      if (encoding.length(encoder) > 1) this.send(encoding.toUint8Array(encoder));
      if (step === syncProtocol.messageYjsSyncStep2 && !this.synced) {
        this.synced = true;
        for (const w of this.syncedWaiters.splice(0)) w();
      }
    } else if (type === 1) {
      awarenessProtocol.applyAwarenessUpdate(this.awareness, decoding.readVarUint8Array(decoder), this);
    }
  }

  destroy() {
    void this.disconnect();
    this.awareness.destroy();
    this.doc.destroy();
  }
}

function syncFrame(write: (e: encoding.Encoder) => void): Uint8Array {
  const encoder = encoding.createEncoder();
  encoding.writeVarUint(encoder, 0);
  write(encoder);
  return encoding.toUint8Array(encoder);
}

function awarenessFrame(update: Uint8Array): Uint8Array {
  const encoder = encoding.createEncoder();
  encoding.writeVarUint(encoder, 1);
  encoding.writeVarUint8Array(encoder, update);
  return encoding.toUint8Array(encoder);
}
