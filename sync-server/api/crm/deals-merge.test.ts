import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Deal } from '../../../schema/crm/deals.js';
import { dealFields, seedBoard } from '../../../tests/support/deal-board.js';
import { deviceWorkspaceSuite, eventually, testDatabases } from '../../../tests/support/db-kit.js';
import { takeSeq } from '../../sync/sync.repo.js';

const stamp = () => new Date().toISOString();

/**
 * Issue 38: two phones on one board, one offline. Each moves a different deal and both change the
 * same deal's value: after reconnecting no move is lost, the value another field's edit did not
 * touch merges, and the phone whose value lost finds it in its conflict log.
 */
for (const target of testDatabases()) {
  describe(`deals merged across devices on ${target.name}`, () => {
    const kit = deviceWorkspaceSuite(target, ['records', 'deals']);

    it('moves of different deals both stay; the same deal’s value keeps the server’s and logs the other', async () => {
      const board = await seedBoard(kit.db, kit.ws);
      // A second stage of the same pipeline to move into.
      const proposal = randomUUID();
      await kit.db.query(
        `INSERT INTO pipeline_stages (workspace_id, id, updated_at, pipeline_id, name, color, position, probability, server_seq)
         VALUES ($1, $2, now(), $3, 'Proposal', '#8B5CF6', 2000, 50, $4)`,
        [kit.ws, proposal, board.pipeline, await takeSeq(kit.db, kit.ws, 1)],
      );
      const ids: string[] = [randomUUID(), randomUUID(), randomUUID()];
      const pushed = await kit.push(
        'deals',
        ids.map((id, i) => ({
          newDocumentState: { ...dealFields(board), id, workspace_id: kit.ws, updated_at: stamp(), title: `Deal ${i}`, position: `a${i}` },
        })),
      );
      expect(pushed).toEqual({ conflicts: [], rejected: [] });

      const a = await kit.device('deals-a');
      const b = await kit.device('deals-b');
      for (const d of [a, b]) await eventually(async () => expect(await d.db.deals.count().exec()).toBe(3));

      b.setOnline(false);
      const edit = async (on: typeof a, id: string, changes: Partial<Deal>) => {
        const doc = await on.db.deals.findOne(id).exec();
        await doc?.incrementalPatch({ ...changes, updated_at: stamp() });
      };
      // A (online) moves deal 0 and sets deal 2's value; B (offline) moves deal 1, sets deal 2's value and its close date.
      await edit(a, ids[0], { stage_id: proposal, probability: 50, position: 'a0' });
      await edit(a, ids[2], { value_cents: 500_000 });
      await eventually(async () => expect((await a.db.deals.findOne(ids[2]).exec())?.server_version).toBe(2));
      await edit(b, ids[1], { stage_id: proposal, probability: 50, position: 'a1' });
      await edit(b, ids[2], { value_cents: 700_000, expected_close_date: '2030-03-31' });
      expect(b.engine.hasUnsyncedChanges()).toBe(true);
      b.setOnline(true);

      const expected = {
        [ids[0]]: { stage_id: proposal, probability: 50 },
        [ids[1]]: { stage_id: proposal, probability: 50 },
        [ids[2]]: { stage_id: board.stage, value_cents: 500_000, expected_close_date: '2030-03-31' },
      };
      for (const d of [a, b]) {
        await eventually(async () => {
          for (const [id, fields] of Object.entries(expected))
            expect((await d.db.deals.findOne(id).exec())?.toJSON()).toMatchObject(fields);
        });
      }
      const server = (await kit.pullAll('deals')).filter((d) => ids.includes(String(d.id)));
      for (const doc of server) expect(doc).toMatchObject(expected[String(doc.id)]);

      const log = (await b.data.local.conflicts()).filter((c) => c.doc_id === ids[2]);
      expect(log).toEqual([expect.objectContaining({ field: 'value_cents', local_value: 700_000, server_value: 500_000, status: 'open' })]);
      expect((await a.data.local.conflicts()).filter((c) => ids.includes(c.doc_id))).toEqual([]);
    });
  });
}
