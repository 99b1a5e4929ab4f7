import { randomUUID } from 'node:crypto';
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import { describe, expect, it } from 'vitest';
import { PLANNER_DEFAULT_COLOR } from '../../../schema/planner/planner';
import { closeUserDatabase, openUserDatabase } from '../../data/db';

const stamp = () => new Date().toISOString();
const item = (workspace_id: number) => ({
  id: randomUUID(),
  workspace_id,
  updated_at: stamp(),
  title: 'Stock take',
  start_date: '2026-12-01',
});

// Its own file: RxDB's dev-mode plugin, once added, applies to every database the process opens.
describe('planner items on the device database', () => {
  it('dev-mode stores an item with its comments and refuses one without a title or with an unknown type', async () => {
    const storage = getRxStorageDexie({ indexedDB, IDBKeyRange });
    const data = await openUserDatabase(1, { name: `vuka-planner-devmode-${process.pid}`, devMode: true, multiInstance: false, storage });
    try {
      const good = {
        ...item(1),
        type: 'deadline' as const,
        color: PLANNER_DEFAULT_COLOR,
        comments: [{ id: 'c1', body: 'Bring the scanner', created_at: stamp() }],
      };
      await data.db.planner_items.insert(good);
      expect((await data.db.planner_items.findOne(good.id).exec())?.toJSON().comments).toHaveLength(1);
      await expect(data.db.planner_items.insert({ ...good, id: randomUUID(), title: '' })).rejects.toThrow();
      const unknownType = { ...good, id: randomUUID() };
      Reflect.set(unknownType, 'type', 'party');
      await expect(data.db.planner_items.insert(unknownType)).rejects.toThrow();
      expect(await data.db.planner_items.count().exec()).toBe(1);
    } finally {
      await closeUserDatabase(data);
    }
  });
});
