import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { afterEach, describe, expect, it } from 'vitest';
import { pipelineMessages } from '../../schema/crm/pipelines.js';
import { recordMessages } from '../../schema/sync/records.js';
import { mergeDocument } from './conflicts.js';
import { deviceStorage, openUserDatabase, RecordDataError, removeUserDatabase, type UserData } from './db.js';

let opened: UserData | null = null;
let n = 0;
async function open() {
  opened = await openUserDatabase(1, {
    name: `records-${process.pid}-${n++}`,
    multiInstance: false,
    devMode: false,
    storage: deviceStorage({ indexedDB, IDBKeyRange }),
    collections: ['records'],
  });
  return opened;
}
afterEach(async () => {
  if (opened) await removeUserDatabase(opened);
  opened = null;
});

const at = '2026-03-01T10:00:00.000Z';
const stage = (data: Record<string, unknown> = {}) => ({
  id: 'stage-1',
  workspace_id: 1,
  updated_at: at,
  kind: 'pipeline_stage',
  data: { pipeline_id: 'pipeline-1', name: 'Lead', color: '#4F46E5', position: 0, probability: 10, ...data },
});

describe('the records collection on the device', () => {
  it('stores a record whose data its kind accepts, and finds it by workspace and kind', async () => {
    const { db } = await open();
    await db.records.insert({ id: 'pipeline-1', workspace_id: 1, updated_at: at, kind: 'pipeline', data: { name: 'Sales', position: 0 } });
    await db.records.insert(stage());
    const stages = await db.records.find({ selector: { workspace_id: 1, kind: 'pipeline_stage' } }).exec();
    expect(stages.map((d) => d.toJSON().data)).toEqual([stage().data]);
    // The kind's index serves that query (RxDB's schema knows the envelope; [workspace_id, kind] is indexed).
    expect(db.records.schema.indexes.map((i) => i.join(','))).toContain('_deleted,workspace_id,kind,id');
  });

  it('refuses, with the server’s message, data its kind does not accept and a kind it does not know, on insert and on change', async () => {
    const { db } = await open();
    await expect(db.records.insert(stage({ probability: 101 }))).rejects.toThrow(`data.probability: ${pipelineMessages.probability}`);
    await expect(db.records.insert(stage({ name: '' }))).rejects.toThrow(RecordDataError);
    await expect(db.records.insert({ ...stage(), kind: 'spaceship' })).rejects.toThrow(recordMessages.unknownKind);
    expect(await db.records.count().exec()).toBe(0);
    const doc = await db.records.insert(stage());
    await expect(doc.incrementalPatch({ data: { ...doc.data, color: 'red' } })).rejects.toThrow(`data.color: ${pipelineMessages.color}`);
    expect((await db.records.findOne('stage-1').exec())?.toJSON().data).toEqual(stage().data);
  });

  it('resolves a conflict per field of data: each side’s own edit stays, the field both changed keeps the server’s and logs ours', async () => {
    const data = await open();
    const base = { ...stage(), server_seq: 4, server_version: 1, _deleted: false };
    const server = { ...base, data: { ...base.data, name: 'Qualified', position: 2 }, server_seq: 9, server_version: 2 };
    const local = { ...base, data: { ...base.data, color: '#00A86B', position: 5 }, updated_at: '2026-03-01T11:00:00.000Z' };
    const merged = await data.db.records.conflictHandler.resolve(
      { assumedMasterState: base, realMasterState: server, newDocumentState: local },
      'test',
    );
    expect(merged).toMatchObject({
      data: { pipeline_id: 'pipeline-1', name: 'Qualified', color: '#00A86B', position: 2, probability: 10 },
      server_version: 2,
      updated_at: '2026-03-01T11:00:00.000Z',
      _deleted: false,
    });
    const log = await data.local.conflicts();
    expect(log).toEqual([
      expect.objectContaining({ collection: 'records', doc_id: 'stage-1', field: 'data.position', local_value: 5, server_value: 2 }),
    ]);
  });

  it('merges data as a whole when only one side changed it, and a field one side removed stays removed', () => {
    const owned = new Set(['server_seq', 'server_version']);
    const withoutRotting = stage().data;
    const base = stage({ rotting_days: 14 });
    const server = { ...base, data: { ...base.data, name: 'Qualified' } };
    const local = { ...base, data: { ...withoutRotting, probability: 30 } };
    const { merged, lost } = mergeDocument('records', base, server, local, owned);
    expect(merged.data).toEqual({ ...withoutRotting, name: 'Qualified', probability: 30 });
    expect(lost).toEqual([]);
    // Only the device changed data: its data is kept as it is.
    expect(mergeDocument('records', base, base, local, owned).merged.data).toEqual(local.data);
  });
});
