import { Dexie, type Table } from 'dexie';
import { numberBlock, type NumberSeries } from '../../schema/contract/sync.js';

interface StoredBlock {
  id?: number;
  workspace_id: number;
  series: NumberSeries;
  start: number;
  end: number;
  /** Next number to hand out from this block. */
  next: number;
}

type BlockStore = Dexie & { blocks: Table<StoredBlock, number> };

function openBlocks(name: string): BlockStore {
  const db = new Dexie(`${name}-numbers`);
  db.version(1).stores({ blocks: '++id, [workspace_id+series]' });
  return Object.assign(db, { blocks: db.table<StoredBlock, number>('blocks') });
}

export class OutOfNumbersError extends Error {
  constructor(readonly series: NumberSeries) {
    super(`No ${series} numbers left on this device. Connect to the internet to reserve more.`);
  }
}

/**
 * Document numbers for offline use: ranges are reserved per device and series while online
 * (POST /api/workspaces/:id/number-blocks) and drawn locally, so two devices never issue the same
 * number. Drawing is one IndexedDB transaction, so two tabs can't take the same number either.
 */
export function numberBlocks(opts: { databaseName: string; deviceId: string; baseUrl?: string; fetch?: typeof fetch }) {
  const store = openBlocks(opts.databaseName);
  const doFetch = opts.fetch ?? ((input, init) => fetch(input, { ...init, credentials: 'include' }));

  async function remaining(workspaceId: number, series: NumberSeries): Promise<number> {
    const blocks = await store.blocks.where({ workspace_id: workspaceId, series }).toArray();
    return blocks.reduce((n, b) => n + (b.end - b.next + 1), 0);
  }

  async function reserve(workspaceId: number, series: NumberSeries, size = 50): Promise<void> {
    const res = await doFetch(`${opts.baseUrl ?? ''}/api/workspaces/${workspaceId}/number-blocks`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ device_id: opts.deviceId, series, size }),
    });
    if (!res.ok) throw new Error(`Could not reserve ${series} numbers (${res.status})`);
    const block = numberBlock.parse(await res.json());
    await store.blocks.add({ workspace_id: workspaceId, series, start: block.start, end: block.end, next: block.start });
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
      return store.transaction('rw', store.blocks, async () => {
        const blocks = await store.blocks.where({ workspace_id: workspaceId, series }).sortBy('start');
        const block = blocks.find((b) => b.next <= b.end);
        if (!block || block.id === undefined) throw new OutOfNumbersError(series);
        await store.blocks.update(block.id, { next: block.next + 1 });
        return block.next;
      });
    },
    close: () => store.close(),
  };
}
