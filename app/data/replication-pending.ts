import { deepEqual } from 'rxdb/plugins/utils';

/** A document's replicated state: without RxDB's bookkeeping (`_meta`, `_rev`, `_attachments`). */
export function withoutMeta(doc: object, deleted: boolean): Record<string, unknown> {
  return { ...Object.fromEntries(Object.entries(doc).filter(([k]) => !k.startsWith('_'))), _deleted: deleted };
}

/**
 * Local changes not yet accepted by the server, keyed `collection:id` — what the status bar counts
 * and what logout must not silently throw away.
 */
export class PendingChanges {
  private readonly keys = new Set<string>();
  /** The last state the server accepted per key, so a write hook running late isn't counted. */
  private readonly accepted = new Map<string, Record<string, unknown>>();
  private epoch = 0;
  private settling = false;
  private settleAgain = false;

  constructor(private readonly onChange: (count: number) => void) {}

  get size(): number {
    return this.keys.size;
  }

  list(): string[] {
    return [...this.keys];
  }

  /** A write made through the app (RxDB hooks). */
  noteLocalWrite(collection: string, doc: object, deleted: boolean) {
    const key = `${collection}:${String(Reflect.get(doc, 'id'))}`;
    const known = this.accepted.get(key);
    if (known && deepEqual(known, withoutMeta(doc, deleted))) return;
    this.add(key);
  }

  /** Rows handed to the push handler are pending until the server accepts them. */
  add(key: string) {
    this.keys.add(key);
    this.epoch++;
    this.onChange(this.keys.size);
  }

  /** The server accepted `sent`; it stops being pending unless the document changed again since. */
  accept(key: string, sent: Record<string, unknown>, stillCurrent: boolean) {
    this.accepted.set(key, sent);
    if (stillCurrent) this.keys.delete(key);
    this.onChange(this.keys.size);
  }

  drop(key: string) {
    this.keys.delete(key);
    this.onChange(this.keys.size);
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
          this.onChange(0);
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
