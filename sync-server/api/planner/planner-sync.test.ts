import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { reapplyConflict } from '../../../app/data/conflicts-actions.js';
import { updatePlannerItem } from '../../../app/features/planner/use-planner.js';
import { pullResponse, pushResponse } from '../../../schema/sync/contract.js';
import { PLANNER_DEFAULT_COLOR, plannerMessages } from '../../../schema/planner/planner.js';
import { withScope } from '../../db/db.js';
import { deviceWorkspaceSuite, eventually, testDatabases, seedUser, seedWorkspace } from '../../../tests/support/db-kit.js';

const stamp = () => new Date().toISOString();

function item(workspace_id: number, extra: Record<string, unknown> = {}) {
  return { id: randomUUID(), workspace_id, updated_at: stamp(), title: 'Stock take', type: 'event', start_date: '2026-12-01', ...extra };
}

for (const target of testDatabases()) {
  describe(`planner sync on ${target.name}`, () => {
    const kit = deviceWorkspaceSuite(target, ['planner_items']);

    async function stored(id: string) {
      const page = pullResponse.parse((await kit.api.pull('planner_items', kit.ws, 0, '', 1000)).body);
      return page.documents.filter((d) => d.id === id);
    }

    async function push(rows: unknown[]) {
      const res = await kit.api.push('planner_items', kit.ws, rows);
      expect(res.status).toBe(200);
      return pushResponse.parse(res.body);
    }

    it('an item pushed is pulled back with its comments, gold by default (spec §9 #FFD700)', async () => {
      const comments = [{ id: 'c1', body: 'Count the back room first', created_at: stamp() }];
      const doc = item(kit.ws, { start_time: '09:00', end_date: '2026-12-02', comments });
      expect(await push([{ newDocumentState: doc }])).toEqual({ conflicts: [], rejected: [] });
      const [saved] = await stored(doc.id);
      expect(saved).toMatchObject({
        title: 'Stock take',
        type: 'event',
        color: '#FFD700',
        start_time: '09:00',
        end_date: '2026-12-02',
        server_version: 1,
      });
      expect(saved.comments).toEqual(comments);

      // Moving it (a new date) is an ordinary edit.
      const moved = { ...saved, start_date: '2026-12-05', end_date: '2026-12-06', updated_at: stamp() };
      expect(await push([{ newDocumentState: moved, assumedMasterState: saved }])).toEqual({ conflicts: [], rejected: [] });
      expect((await stored(doc.id))[0]).toMatchObject({ start_date: '2026-12-05', end_date: '2026-12-06', server_version: 2 });
    });

    it.each([
      ['without a title', { title: '   ' }, `title: ${plannerMessages.title}`],
      ['of an unknown type', { type: 'party' }, `type: ${plannerMessages.type}`],
      ['ending before it starts', { start_date: '2026-12-10', end_date: '2026-12-09' }, `end_date: ${plannerMessages.endBeforeStart}`],
      ['ending earlier the same day', { start_time: '14:00', end_time: '13:00' }, `end_time: ${plannerMessages.endBeforeStart}`],
      ['with a colour that is not a colour', { color: 'gold' }, `color: ${plannerMessages.color}`],
    ])('an item %s is refused with a clear message and nothing is stored', async (_what, bad, message) => {
      const doc = item(kit.ws, bad);
      expect(await push([{ newDocumentState: doc }])).toEqual({ conflicts: [], rejected: [{ id: doc.id, code: 'invalid', message }] });
      expect(await stored(doc.id)).toEqual([]);
    });

    it('an edit that breaks the rules is refused and the stored item stays as it was', async () => {
      const doc = item(kit.ws);
      await push([{ newDocumentState: doc }]);
      const [saved] = await stored(doc.id);
      const broken = { ...saved, end_date: '2026-11-01', updated_at: stamp() };
      const res = await push([{ newDocumentState: broken, assumedMasterState: saved }]);
      expect(res.rejected).toEqual([{ id: doc.id, code: 'invalid', message: `end_date: ${plannerMessages.endBeforeStart}` }]);
      expect(res.conflicts).toEqual([saved]);
      expect(await stored(doc.id)).toEqual([saved]);
    });

    it('both edit one item, one offline: different fields merge, the same field keeps the server value and logs ours', async () => {
      const a = await kit.device('pa');
      const b = await kit.device('pb');
      const id = randomUUID();
      await a.db.planner_items.insert({
        ...item(kit.ws, { start_time: '09:00', description: 'Count everything' }),
        id,
        type: 'event',
        color: PLANNER_DEFAULT_COLOR,
      });
      await eventually(async () => expect((await b.db.planner_items.findOne(id).exec())?.server_version).toBe(1));
      await eventually(async () => expect((await a.db.planner_items.findOne(id).exec())?.server_version).toBe(1));

      a.setOnline(false);
      const openedA = (await a.db.planner_items.findOne(id).exec())?.toMutableJSON();
      const openedB = (await b.db.planner_items.findOne(id).exec())?.toMutableJSON();
      if (!openedA || !openedB) throw new Error('the item should be on both devices');
      // The form's own update path: only the fields changed are written.
      await updatePlannerItem(
        a.data,
        { ...openedA, description: 'Count the shop only', start_time: '10:00', updated_at: stamp() },
        openedA,
      );
      await updatePlannerItem(b.data, { ...openedB, color: '#00A86B', start_time: '11:00', updated_at: stamp() }, openedB);
      await eventually(async () => expect((await b.db.planner_items.findOne(id).exec())?.server_version).toBe(2));
      a.setOnline(true);

      const merged = { description: 'Count the shop only', color: '#00A86B', start_time: '11:00' };
      await eventually(async () =>
        expect((await a.db.planner_items.findOne(id).exec())?.toJSON()).toMatchObject({ ...merged, server_version: 3 }),
      );
      await eventually(async () => expect((await b.db.planner_items.findOne(id).exec())?.toJSON()).toMatchObject(merged));
      const log = (await a.data.local.conflicts()).filter((c) => c.doc_id === id);
      expect(log).toEqual([
        expect.objectContaining({
          collection: 'planner_items',
          field: 'start_time',
          local_value: '10:00',
          server_value: '11:00',
          status: 'open',
        }),
      ]);

      // Putting the losing value back is an ordinary edit that reaches the other device.
      expect(await reapplyConflict(a.data, log[0].key)).toBe(true);
      await eventually(async () => expect((await b.db.planner_items.findOne(id).exec())?.start_time).toBe('10:00'));
    });

    it('a member of another workspace reads, changes and adds no planner item here', async () => {
      const stranger = await seedUser(kit.db);
      const theirs = await seedWorkspace(kit.db, stranger);
      await kit.db.query(
        `INSERT INTO planner_items (workspace_id, id, updated_at, title, start_date, server_seq) VALUES ($1, 'mine', now(), 'Secret', '2026-12-01', 900)`,
        [kit.ws],
      );
      const seen = await withScope(kit.db, { userId: stranger, workspaceId: theirs }, async (tx) => ({
        read: await tx.query('SELECT id FROM planner_items WHERE workspace_id = $1', [kit.ws]),
        updated: await tx.query(`UPDATE planner_items SET title = 'x' WHERE workspace_id = $1 RETURNING id`, [kit.ws]),
      }));
      expect(seen).toEqual({ read: [], updated: [] });
      await expect(
        withScope(kit.db, { userId: stranger, workspaceId: theirs }, (tx) =>
          tx.query(
            `INSERT INTO planner_items (workspace_id, id, updated_at, title, start_date, server_seq) VALUES ($1, 'sneak', now(), 'x', '2026-12-01', 1)`,
            [kit.ws],
          ),
        ),
      ).rejects.toThrow(/row-level security/);
    });
  });
}
