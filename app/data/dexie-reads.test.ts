import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { afterEach, describe, expect, it } from 'vitest';
import { removeUserDatabase, deviceStorage, openUserDatabase, type UserData } from './db.js';
import { SPARSE_READ_FROM } from './dexie-reads.js';

let opened: UserData | null = null;
let n = 0;
async function open() {
  opened = await openUserDatabase(1, {
    name: `sparse-reads-${process.pid}-${n++}`,
    multiInstance: false,
    devMode: false,
    storage: deviceStorage({ indexedDB, IDBKeyRange }),
    collections: ['contacts'],
  });
  return opened;
}
afterEach(async () => {
  if (opened) await removeUserDatabase(opened);
  opened = null;
});

const contact = (id: string, name = `Contact ${id}`) => ({
  id,
  workspace_id: 1,
  updated_at: '2026-03-01T10:00:00.000Z',
  name,
  status: 'active',
});
const ids = (count: number, prefix: string) => Array.from({ length: count }, (_, i) => `${prefix}-${String(i).padStart(3, '0')}`);

describe('reading many documents at once on the device', () => {
  it('finds exactly the stored ones among many asked for, in and around the stored range, as a plain read would', async () => {
    const { db } = await open();
    const stored = ids(3 * SPARSE_READ_FROM, 'm');
    await db.contacts.bulkInsert(stored.map((id) => contact(id)));
    // Wanted: every other stored one, plus ids below, between and above them that were never stored.
    const wanted = [...stored.filter((_, i) => i % 2 === 0), 'a-000', 'm-0105', 'z-999', ...ids(SPARSE_READ_FROM, 'q')];
    const found = await db.contacts.findByIds(wanted.reverse()).exec();
    expect([...found.keys()].sort()).toEqual(stored.filter((_, i) => i % 2 === 0).sort());
    expect(found.get(stored[2])?.name).toBe(`Contact ${stored[2]}`);
  });

  it('a many-document write still sees what is stored: new ones are added, a second insert of a stored one is a conflict, an upsert updates', async () => {
    const { db } = await open();
    const first = ids(2 * SPARSE_READ_FROM, 'c');
    await db.contacts.bulkInsert(first.map((id) => contact(id)));
    const again = [...first.slice(0, 5), ...ids(2 * SPARSE_READ_FROM, 'd')];
    const result = await db.contacts.bulkInsert(again.map((id) => contact(id, 'Again')));
    expect(result.error.map((e) => [e.documentId, e.status]).sort()).toEqual(first.slice(0, 5).map((id) => [id, 409]));
    expect(result.success).toHaveLength(2 * SPARSE_READ_FROM);

    await db.contacts.bulkUpsert(first.map((id) => contact(id, 'Renamed')));
    const all = await db.contacts.find().exec();
    expect(all).toHaveLength(4 * SPARSE_READ_FROM);
    expect(
      all
        .filter((d) => d.name === 'Renamed')
        .map((d) => d.id)
        .sort(),
    ).toEqual([...first].sort());
  });
});
