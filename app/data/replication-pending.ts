import { deepEqual } from 'rxdb/plugins/utils';

/** A document's replicated state: without RxDB's bookkeeping (`_meta`, `_rev`, `_attachments`). */
export function withoutMeta(doc: object, deleted: boolean): Record<string, unknown> {
  return { ...Object.fromEntries(Object.entries(doc).filter(([k]) => !k.startsWith('_'))), _deleted: deleted };
}

/**
 * Local changes not yet accepted by the server, keyed `collection:id` — what the status bar counts
 * and what logout must not silently throw away. Counts this tab's changes and those other tabs of
 * the same database announce (see tab-channel.ts).
 */
export class PendingChanges {
  private readonly keys = new Set<string>();
  /** The last state the server accepted per key, so a write hook running late isn't counted. */
  private readonly accepted = new Map<string, Record<string, unknown>>();
  /** The last state this tab wrote per key, to recognise it when another tab reports it accepted. */
  private readonly written = new Map<string, Record<string, unknown>>();
  /** Other tabs' unsynced keys, by tab. */
  private readonly remote = new Map<string, string[]>();
  private epoch = 0;
  private settling = false;
  private settleAgain = false;

  constructor(
    private readonly onChange: (count: number) => void,
    /** Called with this tab's own keys whenever they change, to tell the other tabs. */
    private readonly onOwnKeys: (keys: string[]) => void = () => {},
  ) {}

  get size(): number {
    return this.union().size;
  }

  list(): string[] {
    return [...this.union()];
  }

  private union(): Set<string> {
    if (this.remote.size === 0) return this.keys;
    const all = new Set(this.keys);
    for (const keys of this.remote.values()) for (const k of keys) all.add(k);
    return all;
  }

  private changed(own: boolean) {
    this.onChange(this.size);
    if (own) this.onOwnKeys([...this.keys]);
  }

  /** A write made through the app (RxDB hooks). */
  noteLocalWrite(collection: string, doc: object, deleted: boolean) {
    const key = `${collection}:${String(Reflect.get(doc, 'id'))}`;
    const state = withoutMeta(doc, deleted);
    const known = this.accepted.get(key);
    if (known && deepEqual(known, state)) return;
    this.written.set(key, state);
    this.add(key);
  }

  /** Rows handed to the push handler are pending until the server accepts them. */
  add(key: string) {
    const isNew = !this.keys.has(key);
    this.keys.add(key);
    this.epoch++;
    this.changed(isNew);
  }

  /** The server accepted `sent`; it stops being pending unless the document changed again since. */
  accept(key: string, sent: Record<string, unknown>, stillCurrent: boolean) {
    this.accepted.set(key, sent);
    const removed = stillCurrent && this.keys.delete(key);
    if (removed) this.written.delete(key);
    this.changed(removed);
  }

  drop(key: string) {
    this.written.delete(key);
    this.changed(this.keys.delete(key));
  }

  /** The leader tab's server accepted `sent`: ours is done if it is what we last wrote. */
  acceptedElsewhere(key: string, sent: Record<string, unknown>) {
    this.accepted.set(key, sent);
    const mine = this.written.get(key);
    if (mine && deepEqual(mine, sent)) this.drop(key);
  }

  /** Another tab's unsynced keys (empty when it has none or closed). */
  setRemote(tab: string, keys: string[]) {
    if (keys.length === 0) this.remote.delete(tab);
    else this.remote.set(tab, keys);
    this.changed(false);
  }

  /**
   * Per-row bookkeeping can miss a case (a tab closed mid-push, a conflict resolved twice), so once
   * every replication reports idle and in sync with no write since, nothing is pending.
   */
  async settle(awaitInSync: () => Promise<unknown>, isOnline: () => boolean): Promise<void> {
    if (this.keys.size === 0 || !isOnline()) return;
    if (this.settling) {
      this.settleAgain = true;
      return;
    }
    this.settling = true;
    try {
      do {
        this.settleAgain = false;
        const start = this.epoch;
        await awaitInSync();
        if (!isOnline()) break;
        if (this.epoch === start) {
          this.keys.clear();
          this.written.clear();
          this.changed(true);
        } else {
          this.settleAgain = true;
        }
      } while (this.settleAgain && this.keys.size > 0);
    } catch {
      // Cancelled (stop or restart): nothing to settle.
    } finally {
      this.settling = false;
    }
  }
}
