import { numberBlock, type NumberSeries } from '../../schema/contract/sync.js';
import type { VukaDatabase } from './db.js';

interface StoredBlock {
  workspace_id: number;
  series: NumberSeries;
  start: number;
  end: number;
  /** Next number to hand out from this block. */
  next: number;
}

interface BlocksDoc {
  blocks: StoredBlock[];
}

const DOC_ID = 'number-blocks';

/**
 * A reservation that hangs (a weak signal that still claims to be online) gives up and is tried
 * again later; it must not hold up the reservations queued behind it.
 */
const RESERVE_TIMEOUT_MS = 10_000;

// Reservations on this page run one at a time: two screens topping up the same series at once would
// otherwise both reserve a block and leave a gap in the numbers.
let reserving: Promise<unknown> = Promise.resolve();

/** Runs `task` after every reservation task already queued on this page has finished. */
export function oneReservationAtATime<T>(task: () => Promise<T>): Promise<T> {
  const run = reserving.then(task, task);
  reserving = run.catch(() => undefined);
  return run;
}

export class OutOfNumbersError extends Error {
  constructor(readonly series: NumberSeries) {
    super(`No ${series} numbers left on this device. Connect to the internet to reserve more.`);
  }
}

/**
 * Document numbers for offline use: ranges are reserved per device and series while online
 * (POST /api/workspaces/:id/number-blocks) and drawn locally, so two devices never issue the same
 * number. Blocks live in a local (never replicated) document of the user's database; drawing is one
 * revision-checked write, so two tabs can't take the same number either.
 */
export function numberBlocks(opts: { db: VukaDatabase; deviceId: string; baseUrl?: string; fetch?: typeof fetch }) {
  const { db } = opts;
  const doFetch: typeof fetch =
    opts.fetch ?? ((input, init) => fetch(input, { ...init, credentials: 'include', signal: AbortSignal.timeout(RESERVE_TIMEOUT_MS) }));

  async function blocksDoc() {
    const found = await db.getLocal<BlocksDoc>(DOC_ID);
    if (found) return found;
    try {
      return await db.insertLocal<BlocksDoc>(DOC_ID, { blocks: [] });
    } catch {
      const again = await db.getLocal<BlocksDoc>(DOC_ID);
      if (!again) throw new Error('number blocks document missing');
      return again;
    }
  }

  async function remaining(workspaceId: number, series: NumberSeries): Promise<number> {
    const doc = await db.getLocal<BlocksDoc>(DOC_ID);
    const blocks = doc ? doc.toMutableJSON().data.blocks : [];
    return blocks.filter((b) => b.workspace_id === workspaceId && b.series === series).reduce((n, b) => n + (b.end - b.next + 1), 0);
  }

  async function reserve(workspaceId: number, series: NumberSeries, size = 50): Promise<void> {
    const res = await doFetch(`${opts.baseUrl ?? ''}/api/workspaces/${workspaceId}/number-blocks`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ device_id: opts.deviceId, series, size }),
    });
    if (!res.ok) throw new Error(`Could not reserve ${series} numbers (${res.status})`);
    const block = numberBlock.parse(await res.json());
    const stored: StoredBlock = { workspace_id: workspaceId, series, start: block.start, end: block.end, next: block.start };
    await (await blocksDoc()).incrementalModify((data) => ({ blocks: [...(data.blocks ?? []), stored] }));
  }

  return {
    remaining,
    reserve,
    /** Online: keeps at least `low` numbers in hand. Safe to call often. */
    async topUp(workspaceId: number, series: NumberSeries, low = 10, size = 50) {
      if ((await remaining(workspaceId, series)) < low) await reserve(workspaceId, series, size);
    },
    /** Takes the next number; works offline while reserved numbers remain. */
    async draw(workspaceId: number, series: NumberSeries): Promise<number> {
      let drawn: number | null = null;
      await (
        await blocksDoc()
      ).incrementalModify((data) => {
        // May run again if another tab wrote first; only the last run's result counts.
        drawn = null;
        const blocks = [...(data.blocks ?? [])].sort((a, b) => a.start - b.start);
        const i = blocks.findIndex((b) => b.workspace_id === workspaceId && b.series === series && b.next <= b.end);
        if (i < 0) return data;
        drawn = blocks[i].next;
        blocks[i] = { ...blocks[i], next: blocks[i].next + 1 };
        return { blocks };
      });
      if (drawn === null) throw new OutOfNumbersError(series);
      return drawn;
    },
  };
}
