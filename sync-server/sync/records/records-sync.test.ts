import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { reapplyConflict } from '../../../app/data/conflicts-actions.js';
import { pullResponse, pushResponse } from '../../../schema/sync/contract.js';
import { pipelineMessages } from '../../../schema/crm/pipelines.js';
import { recordKindList, recordMessages } from '../../../schema/sync/records.js';
import { withScope } from '../../db/db.js';
import { deviceWorkspaceSuite, eventually, testDatabases, seedUser, seedWorkspace } from '../../../tests/support/db-kit.js';

const stamp = () => new Date().toISOString();

function pipeline(workspace_id: number, data: Record<string, unknown> = {}) {
  return { id: randomUUID(), workspace_id, kind: 'pipeline', data: { name: 'Sales', position: 0, ...data }, updated_at: stamp() };
}

function stage(workspace_id: number, pipeline_id: string, data: Record<string, unknown> = {}) {
  return {
    id: randomUUID(),
    workspace_id,
    kind: 'pipeline_stage',
    data: { pipeline_id, name: 'Lead', color: '#4F46E5', position: 0, probability: 10, ...data },
    updated_at: stamp(),
  };
}

/**
 * The `records` collection (DESIGN.md §5) with its first kinds, pipelines and their stages: each
 * kind in its own table, one feed and one checkpoint over all of them, `data` checked by its kind's
 * schema and merged per field.
 */
for (const target of testDatabases()) {
  describe(`records sync on ${target.name}`, () => {
    const kit = deviceWorkspaceSuite(target, ['records']);

    async function pull(workspace = kit.ws, seq = 0, id = '', limit = 1000) {
      const res = await kit.api.pull('records', workspace, seq, id, limit);
      expect(res.status).toBe(200);
      return pullResponse.parse(res.body);
    }

    async function push(rows: unknown[], workspace = kit.ws) {
      const res = await kit.api.push('records', workspace, rows);
      expect(res.status).toBe(200);
      return pushResponse.parse(res.body);
    }

    it('each kind is stored in its own table and pulled back as a record', async () => {
      const p = pipeline(kit.ws);
      const s = stage(kit.ws, p.id, { rotting_days: 14 });
      expect(await push([{ newDocumentState: s }, { newDocumentState: p }])).toEqual({ conflicts: [], rejected: [] });
      const rows = await withScope(kit.db, { userId: kit.owner, workspaceId: kit.ws }, async (tx) => ({
        pipelines: await tx.query('SELECT id, name, position FROM pipelines WHERE id = $1', [p.id]),
        stages: await tx.query('SELECT id, pipeline_id, name, color, probability, rotting_days FROM pipeline_stages WHERE id = $1', [s.id]),
      }));
      expect(rows).toEqual({
        pipelines: [{ id: p.id, name: 'Sales', position: 0 }],
        stages: [{ id: s.id, pipeline_id: p.id, name: 'Lead', color: '#4F46E5', probability: 10, rotting_days: 14 }],
      });
      const docs = (await pull()).documents.filter((d) => d.id === p.id || d.id === s.id);
      // The pipeline first: the kinds are stored in registry order, so it took the earlier feed number.
      expect(docs).toEqual([
        { ...p, server_seq: expect.any(Number), server_version: 1, _deleted: false },
        { ...s, server_seq: expect.any(Number), server_version: 1, _deleted: false },
      ]);
      expect(Number(docs[1].server_seq)).toBeGreaterThan(Number(docs[0].server_seq));
    });

    it('one checkpoint walks every kind in the order of the feed, page by page', async () => {
      const fresh = await seedWorkspace(kit.db, kit.owner);
      const pipelines = [pipeline(fresh, { name: 'One' }), pipeline(fresh, { name: 'Two' })];
      const written: string[] = [];
      // Interleaved writes: pipeline, stage, pipeline, stage, stage (each push its own feed numbers).
      for (const [i, p] of pipelines.entries()) {
        await push([{ newDocumentState: p }], fresh);
        written.push(p.id);
        for (let n = 0; n <= i; n++) {
          const s = stage(fresh, p.id, { name: `Stage ${n}`, position: n });
          await push([{ newDocumentState: s }], fresh);
          written.push(s.id);
        }
      }
      // An edit moves a record to the head of the feed.
      const first = (await pull(fresh)).documents.find((d) => d.id === pipelines[0].id);
      const renamed = { ...first, data: { name: 'One, renamed', position: 0 }, updated_at: stamp() };
      expect(await push([{ newDocumentState: renamed, assumedMasterState: first }], fresh)).toEqual({ conflicts: [], rejected: [] });
      const expected = [...written.slice(1), pipelines[0].id];

      const seen: { id: string; kind: unknown; seq: number }[] = [];
      let cp = { seq: 0, id: '' };
      for (let guard = 0; guard < 10; guard++) {
        const page = await pull(fresh, cp.seq, cp.id, 2);
        seen.push(...page.documents.map((d) => ({ id: String(d.id), kind: d.kind, seq: Number(d.server_seq) })));
        if (page.documents.length < 2) break;
        cp = page.checkpoint;
      }
      expect(seen.map((d) => d.id)).toEqual(expected);
      expect(seen.map((d) => d.kind)).toEqual(['pipeline_stage', 'pipeline', 'pipeline_stage', 'pipeline_stage', 'pipeline']);
      const seqs = seen.map((d) => d.seq);
      expect(seqs).toEqual([...seqs].sort((x, y) => x - y));
      expect(new Set(seqs).size).toBe(seqs.length);
      // The page's checkpoint is the last record's place, whatever its kind.
      const last = await pull(fresh, 0, '', 3);
      expect(last.checkpoint).toEqual({ seq: seqs[2], id: expected[2] });
    });

    it('an unknown kind, bad data and a stage of no pipeline are refused as invalid, and nothing is stored', async () => {
      const p = pipeline(kit.ws);
      expect((await push([{ newDocumentState: p }])).rejected).toEqual([]);
      const unknown = { ...pipeline(kit.ws), kind: 'spaceship' };
      const noName = pipeline(kit.ws, { name: '  ' });
      const badColour = stage(kit.ws, p.id, { color: 'red' });
      const tooLikely = stage(kit.ws, p.id, { probability: 101 });
      const notData = { ...pipeline(kit.ws), data: 'Sales' };
      const orphan = stage(kit.ws, randomUUID());
      const res = await push([unknown, noName, badColour, tooLikely, notData, orphan].map((newDocumentState) => ({ newDocumentState })));
      expect(res.conflicts).toEqual([]);
      expect(res.rejected).toEqual(
        expect.arrayContaining([
          { id: unknown.id, code: 'invalid', message: recordMessages.unknownKind },
          { id: noName.id, code: 'invalid', message: `data.name: ${pipelineMessages.name}` },
          { id: badColour.id, code: 'invalid', message: `data.color: ${pipelineMessages.color}` },
          { id: tooLikely.id, code: 'invalid', message: `data.probability: ${pipelineMessages.probability}` },
          { id: notData.id, code: 'invalid', message: expect.stringMatching(/^data: /) },
          { id: orphan.id, code: 'invalid', message: `data.pipeline_id: ${pipelineMessages.pipelineNotFound}` },
        ]),
      );
      expect(res.rejected).toHaveLength(6);
      const ids = new Set((await pull()).documents.map((d) => d.id));
      for (const doc of [unknown, noName, badColour, tooLikely, notData, orphan]) expect(ids.has(doc.id)).toBe(false);

      // A stored record changed into bad data is refused, and its stored state comes back with the refusal.
      const stored = (await pull()).documents.find((d) => d.id === p.id);
      const broken = { ...stored, data: { name: '' }, updated_at: stamp() };
      const refused = await push([{ newDocumentState: broken, assumedMasterState: stored }]);
      expect(refused).toEqual({
        rejected: [{ id: p.id, code: 'invalid', message: `data.name: ${pipelineMessages.name}` }],
        conflicts: [stored],
      });
    });

    it('an unreadable date in a record’s assumed state answers 400 and changes nothing', async () => {
      const p = pipeline(kit.ws);
      expect((await push([{ newDocumentState: p }])).rejected).toEqual([]);
      const stored = (await pull()).documents.find((d) => d.id === p.id);
      const renamed = { ...stored, data: { ...p.data, name: 'Renamed' }, updated_at: stamp() };
      const fresh = pipeline(kit.ws);
      const res = await kit.api.push('records', kit.ws, [
        { newDocumentState: fresh },
        { newDocumentState: renamed, assumedMasterState: { ...stored, updated_at: '2026-13-45T99:00:00Z' } },
      ]);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ message: expect.stringMatching(/^1\.assumedMasterState\.updated_at: /) });
      expect((await pull()).documents.find((d) => d.id === p.id)).toEqual(stored);
      expect((await pull()).documents.some((d) => d.id === fresh.id)).toBe(false);
    });

    it('a record keeps its kind, and a stage stays in its pipeline', async () => {
      const p = pipeline(kit.ws);
      const other = pipeline(kit.ws, { name: 'Weddings' });
      const s = stage(kit.ws, p.id);
      expect((await push([p, other, s].map((newDocumentState) => ({ newDocumentState })))).rejected).toEqual([]);
      // The pipeline's id pushed again as a stage.
      const disguised = { ...stage(kit.ws, other.id), id: p.id };
      expect((await push([{ newDocumentState: disguised }])).rejected).toEqual([
        { id: p.id, code: 'invalid', message: recordMessages.otherKind },
      ]);
      const stored = (await pull()).documents.find((d) => d.id === s.id);
      const moved = { ...stored, data: { ...s.data, pipeline_id: other.id }, updated_at: stamp() };
      const res = await push([{ newDocumentState: moved, assumedMasterState: stored }]);
      expect(res.rejected).toEqual([{ id: s.id, code: 'immutable', message: `data.pipeline_id: ${pipelineMessages.stageMoved}` }]);
      expect((await pull()).documents.find((d) => d.id === p.id)).toMatchObject({ kind: 'pipeline', data: p.data });
    });

    it('two devices, one offline, edit one stage: different fields of data merge, the same field keeps the server value and logs ours', async () => {
      const a = await kit.device('ra');
      const b = await kit.device('rb');
      const p = pipeline(kit.ws, { name: 'Catering' });
      const s = stage(kit.ws, p.id, { name: 'Tasting', probability: 20 });
      await a.db.records.insert(p);
      await a.db.records.insert(s);
      await eventually(async () => expect((await b.db.records.findOne(s.id).exec())?.server_version).toBe(1));
      await eventually(async () => expect((await a.db.records.findOne(s.id).exec())?.server_version).toBe(1));

      a.setOnline(false);
      const onA = await a.db.records.findOne(s.id).exec();
      const onB = await b.db.records.findOne(s.id).exec();
      if (!onA || !onB) throw new Error('the stage should be on both devices');
      await onA.incrementalPatch({ data: { ...onA.data, name: 'Tasting booked', position: 5 }, updated_at: stamp() });
      await onB.incrementalPatch({ data: { ...onB.data, color: '#00A86B', position: 7 }, updated_at: stamp() });
      await eventually(async () => expect((await b.db.records.findOne(s.id).exec())?.server_version).toBe(2));
      a.setOnline(true);

      const merged = { pipeline_id: p.id, name: 'Tasting booked', color: '#00A86B', position: 7, probability: 20 };
      await eventually(async () =>
        expect((await a.db.records.findOne(s.id).exec())?.toJSON()).toMatchObject({ data: merged, server_version: 3 }),
      );
      await eventually(async () => expect((await b.db.records.findOne(s.id).exec())?.data).toEqual(merged));
      const log = (await a.data.local.conflicts()).filter((c) => c.doc_id === s.id);
      expect(log).toEqual([
        expect.objectContaining({ collection: 'records', field: 'data.position', local_value: 5, server_value: 7, status: 'open' }),
      ]);
      // Putting the losing value back is an ordinary edit of that one field, which reaches the other device.
      expect(await reapplyConflict(a.data, log[0].key)).toBe(true);
      await eventually(async () => expect((await b.db.records.findOne(s.id).exec())?.data).toEqual({ ...merged, position: 5 }));
    });

    it('each kind’s table is the workspace’s alone: a member of another workspace reads, changes and adds nothing', async () => {
      const stranger = await seedUser(kit.db);
      const theirs = await seedWorkspace(kit.db, stranger);
      const p = pipeline(kit.ws);
      const s = stage(kit.ws, p.id);
      expect((await push([p, s].map((newDocumentState) => ({ newDocumentState })))).rejected).toEqual([]);
      for (const kind of recordKindList) {
        const table = kind.entity.name;
        const seen = await withScope(kit.db, { userId: stranger, workspaceId: theirs }, async (tx) => ({
          read: await tx.query(`SELECT id FROM ${table} WHERE workspace_id = $1`, [kit.ws]),
          updated: await tx.query(`UPDATE ${table} SET updated_at = now() WHERE workspace_id = $1 RETURNING id`, [kit.ws]),
        }));
        expect(seen, table).toEqual({ read: [], updated: [] });
        // Rows are never deleted (a record's deletion is its `deleted` flag), by anyone.
        await expect(
          withScope(kit.db, { userId: kit.owner, workspaceId: kit.ws }, (tx) =>
            tx.query(`DELETE FROM ${table} WHERE workspace_id = $1`, [kit.ws]),
          ),
        ).rejects.toThrow(/permission denied/);
        const sneak: Record<string, string> = {
          pipelines: `INSERT INTO pipelines (workspace_id, id, updated_at, name, server_seq) VALUES ($1, 'sneak', now(), 'x', 1)`,
          pipeline_stages: `INSERT INTO pipeline_stages (workspace_id, id, updated_at, pipeline_id, name, color, probability, server_seq)
                            VALUES ($1, 'sneak', now(), '${p.id}', 'x', '#4F46E5', 10, 1)`,
        };
        const insert = sneak[table];
        if (!insert) throw new Error(`say how to insert into ${table}`);
        await expect(withScope(kit.db, { userId: stranger, workspaceId: theirs }, (tx) => tx.query(insert, [kit.ws]))).rejects.toThrow(
          /row-level security/,
        );
      }
      // The rows are there for the workspace's own members.
      const own = await withScope(kit.db, { userId: kit.owner, workspaceId: kit.ws }, async (tx) => [
        ...(await tx.query('SELECT id FROM pipelines WHERE id = $1', [p.id])),
        ...(await tx.query('SELECT id FROM pipeline_stages WHERE id = $1', [s.id])),
      ]);
      expect(own).toEqual([{ id: p.id }, { id: s.id }]);
    });

    it('a record a device makes with bad data is refused on the device, before it is stored', async () => {
      const a = await kit.device('rc');
      await expect(a.db.records.insert(pipeline(kit.ws, { name: '' }))).rejects.toThrow(`data.name: ${pipelineMessages.name}`);
      await expect(a.db.records.insert({ ...pipeline(kit.ws), kind: 'spaceship' })).rejects.toThrow(recordMessages.unknownKind);
      expect(await a.db.records.find().exec()).toEqual([]);
    });
  });
}
