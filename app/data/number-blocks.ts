import { numberBlock, type NumberSeries } from '../../schema/sync/contract.js';
import { map, type Observable } from 'rxjs';
import type { VukaDatabase } from './db.js';

interface StoredBlock {
  workspace_id: number;
  series: NumberSeries;
  start: number;
  end: number;
  /** Next number to hand out from this block. */
  next: number;
}

/** A reservation asked for and not yet stored: asked again under the same name until it is. */
interface PendingRequest {
  workspace_id: number;
  series: NumberSeries;
  request_id: string;
  size: number;
}

interface BlocksDoc {
  blocks: StoredBlock[];
  pending?: PendingRequest[];
}

const DOC_ID = 'number-blocks';

function countLeft(blocks: readonly StoredBlock[], workspaceId: number, series: NumberSeries): number {
  return blocks.filter((b) => b.workspace_id === workspaceId && b.series === series).reduce((n, b) => n + (b.end - b.next + 1), 0);
}

/** How many numbers of each series this device holds for the workspace, kept live. */
export function numbersInHand$(db: VukaDatabase, workspaceId: number, series: readonly NumberSeries[]): Observable<Record<string, number>> {
  return db.getLocal$<BlocksDoc>(DOC_ID).pipe(
    map((doc) => {
      const blocks = doc?.toJSON().data.blocks ?? [];
      return Object.fromEntries(series.map((name) => [name, countLeft(blocks, workspaceId, name)]));
    }),
  );
}

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
    return countLeft(doc ? doc.toMutableJSON().data.blocks : [], workspaceId, series);
  }

  async function dropPending(requestId: string): Promise<void> {
    await (
      await blocksDoc()
    ).incrementalModify((data) => ({ ...data, pending: (data.pending ?? []).filter((p) => p.request_id !== requestId) }));
  }

  async function pendingFor(workspaceId: number, series: NumberSeries): Promise<PendingRequest | undefined> {
    const doc = await db.getLocal<BlocksDoc>(DOC_ID);
    return doc?.toMutableJSON().data.pending?.find((p) => p.workspace_id === workspaceId && p.series === series);
  }

  /**
   * Reserves a block. The request is named and the name stored before it is sent, and the block is
   * stored and the name dropped in one write: if the page closes or the signal drops in between, the
   * next call asks again under the same name and the server returns the same block, so no numbers
   * are lost.
   */
  async function reserve(workspaceId: number, series: NumberSeries, size = 50): Promise<void> {
    let request: PendingRequest | undefined;
    await (
      await blocksDoc()
    ).incrementalModify((data) => {
      const pending = data.pending ?? [];
      request = pending.find((p) => p.workspace_id === workspaceId && p.series === series);
      if (request) return data;
      request = { workspace_id: workspaceId, series, request_id: crypto.randomUUID(), size };
      return { ...data, pending: [...pending, request] };
    });
    if (!request) throw new Error('reservation request missing');
    const asked = request;
    const res = await doFetch(`${opts.baseUrl ?? ''}/api/workspaces/${workspaceId}/number-blocks`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ device_id: opts.deviceId, series, size: asked.size, request_id: asked.request_id }),
    });
    if (!res.ok) {
      // Refused outright (no access, a bad request): nothing was reserved under this name, so it is
      // dropped rather than asked again forever. A server error or a rate limit is asked again.
      if (res.status >= 400 && res.status < 500 && res.status !== 408 && res.status !== 429) await dropPending(asked.request_id);
      throw new Error(`Could not reserve ${series} numbers (${res.status})`);
    }
    const block = numberBlock.parse(await res.json());
    const stored: StoredBlock = { workspace_id: workspaceId, series, start: block.start, end: block.end, next: block.start };
    await (
      await blocksDoc()
    ).incrementalModify((data) => {
      const blocks = data.blocks ?? [];
      const have = blocks.some((b) => b.workspace_id === workspaceId && b.series === series && b.start === stored.start);
      return {
        blocks: have ? blocks : [...blocks, stored],
        pending: (data.pending ?? []).filter((p) => p.request_id !== asked.request_id),
      };
    });
  }

  /** The size of the newest block this device ever held for the series (used up or not), if any. */
  async function lastBlockSize(workspaceId: number, series: NumberSeries): Promise<number | undefined> {
    const doc = await db.getLocal<BlocksDoc>(DOC_ID);
    const held = (doc ? doc.toMutableJSON().data.blocks : []).filter((b) => b.workspace_id === workspaceId && b.series === series);
    const newest = held.sort((a, b) => b.start - a.start)[0];
    return newest && newest.end - newest.start + 1;
  }

  return {
    remaining,
    reserve,
    lastBlockSize,
    /** Online: keeps at least `low` numbers in hand. Safe to call often. */
    async topUp(workspaceId: number, series: NumberSeries, low = 10, size = 50) {
      // A reservation whose answer never got stored is collected first, whatever is in hand.
      if (await pendingFor(workspaceId, series)) await reserve(workspaceId, series, size);
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
        return { ...data, blocks };
      });
      if (drawn === null) throw new OutOfNumbersError(series);
      return drawn;
    },
  };
}
