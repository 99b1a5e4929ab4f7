/**
 * Tabs of one user's database talk over a BroadcastChannel. Only the leader tab replicates (RxDB
 * leader election), so without this a change made in another tab would show "waiting" there forever,
 * and a logout in the leader would not know another tab still holds unsynced work.
 *
 * Every tab announces the keys (`collection:id`) of its local changes not yet accepted; the leader
 * announces what the server accepted and when it last synced. Each tab shows the union.
 */
export type TabMessage =
  | { type: 'hello'; tab: string }
  | { type: 'pending'; tab: string; keys: string[] }
  | { type: 'accepted'; entries: { key: string; sent: Record<string, unknown> }[] }
  | { type: 'dropped'; keys: string[] }
  | { type: 'synced'; at: string | null; error: string | null }
  | { type: 'bye'; tab: string };

export interface TabChannelHandlers {
  /** Another tab's current unsynced keys (an empty list when it has none or has closed). */
  onPending(tab: string, keys: string[]): void;
  /** The leader's server accepted these states. */
  onAccepted(entries: { key: string; sent: Record<string, unknown> }[]): void;
  /** The leader's server refused these changes: they are no longer waiting (they are listed as refused). */
  onDropped(keys: string[]): void;
  /** The leader's last completed request (`at`, null if none yet) and its last error. */
  onSynced(at: string | null, error: string | null): void;
}

export interface TabChannel {
  readonly tab: string;
  announcePending(keys: string[]): void;
  announceAccepted(entries: { key: string; sent: Record<string, unknown> }[]): void;
  announceDropped(keys: string[]): void;
  announceSynced(at: string | null, error: string | null): void;
  close(): void;
}

function isMessage(value: unknown): value is TabMessage {
  return typeof value === 'object' && value !== null && typeof Reflect.get(value, 'type') === 'string';
}

/** Opens the channel for one database; a no-op where BroadcastChannel does not exist. */
export function openTabChannel(databaseName: string, handlers: TabChannelHandlers): TabChannel {
  const tab = globalThis.crypto.randomUUID();
  if (typeof BroadcastChannel === 'undefined') {
    return { tab, announcePending() {}, announceAccepted() {}, announceDropped() {}, announceSynced() {}, close() {} };
  }
  const channel = new BroadcastChannel(`vuka-tabs-${databaseName}`);
  let mine: string[] = [];
  let closed = false;
  // Replication can still report (an error while it is being cancelled) after the engine stopped.
  const post = (message: TabMessage) => {
    if (!closed) channel.postMessage(message);
  };
  channel.onmessage = (event: MessageEvent<unknown>) => {
    const message = event.data;
    if (!isMessage(message)) return;
    switch (message.type) {
      case 'hello':
        // A new tab asks what is waiting: answer with ours.
        if (mine.length > 0) post({ type: 'pending', tab, keys: mine });
        break;
      case 'pending':
        if (message.tab !== tab) handlers.onPending(message.tab, message.keys);
        break;
      case 'bye':
        handlers.onPending(message.tab, []);
        break;
      case 'accepted':
        handlers.onAccepted(message.entries);
        break;
      case 'dropped':
        handlers.onDropped(message.keys);
        break;
      case 'synced':
        handlers.onSynced(message.at, message.error);
        break;
    }
  };
  const bye = () => post({ type: 'bye', tab });
  if (typeof window !== 'undefined') window.addEventListener('pagehide', bye);
  post({ type: 'hello', tab });
  return {
    tab,
    announcePending(keys) {
      mine = keys;
      post({ type: 'pending', tab, keys });
    },
    announceAccepted(entries) {
      if (entries.length > 0) post({ type: 'accepted', entries });
    },
    announceDropped(keys) {
      if (keys.length > 0) post({ type: 'dropped', keys });
    },
    announceSynced(at, error) {
      post({ type: 'synced', at, error });
    },
    close() {
      if (closed) return;
      if (typeof window !== 'undefined') window.removeEventListener('pagehide', bye);
      bye();
      closed = true;
      channel.close();
    },
  };
}
