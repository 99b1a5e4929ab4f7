import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PIPELINE_NAME,
  DEFAULT_STAGES,
  dealMessages,
  forecastByMonth,
  forecastMonth,
  type Deal,
} from '../../../schema/crm/deals.js';
import { withScope } from '../../db/db.js';
import { takeSeq } from '../../sync/sync.repo.js';
import { accessCookie, deviceWorkspaceSuite, seedUser, seedWorkspace, syncApi, testDatabases } from '../../../tests/support/db-kit.js';
import { pipelineMessages } from '../../../schema/crm/pipelines.js';

const stamp = () => new Date().toISOString();

/**
 * Deals (issue 38): a new workspace's first pipeline, deals replicated and refused with clear
 * messages, and the forecast the server computes agreeing to the cent with the device's.
 */
for (const target of testDatabases()) {
  describe(`deals on ${target.name}`, () => {
    const kit = deviceWorkspaceSuite(target, ['records', 'deals']);

    /** A pipeline with two stages, pushed as a device would. */
    async function board(ws = kit.ws) {
      const pipelineId = randomUUID();
      const stages = [randomUUID(), randomUUID()];
      const res = await kit.api.push('records', ws, [
        {
          newDocumentState: {
            id: pipelineId,
            workspace_id: ws,
            kind: 'pipeline',
            data: { name: 'Weddings', position: 0 },
            updated_at: stamp(),
          },
        },
        ...stages.map((id, i) => ({
          newDocumentState: {
            id,
            workspace_id: ws,
            kind: 'pipeline_stage',
            data: { pipeline_id: pipelineId, name: `Stage ${i}`, color: '#4F46E5', position: i, probability: 20 * (i + 1) },
            updated_at: stamp(),
          },
        })),
      ]);
      expect(res.body).toEqual({ conflicts: [], rejected: [] });
      return { pipelineId, stages };
    }

    const deal = (ws: number, pipeline_id: string, stage_id: string, over: Partial<Deal> = {}) => ({
      id: randomUUID(),
      workspace_id: ws,
      updated_at: stamp(),
      pipeline_id,
      stage_id,
      title: 'Catering for 120',
      value_cents: 4_500_000,
      currency: 'ZAR',
      status: 'open',
      probability: 20,
      expected_close_date: '2027-02-14',
      position: 'a0',
      ...over,
    });

    it('a workspace created through the app starts with the Sales pipeline and its five stages, pulled like any record', async () => {
      const created = await kit.api.post('/api/workspaces', { name: `Deals ${randomUUID().slice(0, 6)}` });
      expect(created.status).toBe(200);
      const ws = Number(created.body.id);
      const records = (await kit.api.pull('records', ws, 0, '', 100)).body.documents as { kind: string; data: Record<string, unknown> }[];
      const pipelines = records.filter((r) => r.kind === 'pipeline');
      expect(pipelines.map((p) => p.data.name)).toEqual([DEFAULT_PIPELINE_NAME]);
      const stages = records.filter((r) => r.kind === 'pipeline_stage').sort((a, b) => Number(a.data.position) - Number(b.data.position));
      expect(stages.map((s) => [s.data.name, s.data.probability])).toEqual(DEFAULT_STAGES.map((s) => [s.name, s.probability]));
      expect(new Set(stages.map((s) => s.data.pipeline_id))).toEqual(new Set([(pipelines[0] as { id?: string }).id]));
    });

    it('stores a deal in a stage of its pipeline and pulls it back', async () => {
      const { pipelineId, stages } = await board();
      const d = deal(kit.ws, pipelineId, stages[1]);
      expect(await kit.push('deals', [{ newDocumentState: d }])).toEqual({ conflicts: [], rejected: [] });
      const pulled = (await kit.pullAll('deals')).find((x) => x.id === d.id);
      expect(pulled).toMatchObject({ ...d, server_version: 1, _deleted: false });
    });

    it('refuses bad deals with a clear message each, and stores none of them', async () => {
      const { pipelineId, stages } = await board();
      const other = await board();
      const bad = {
        noTitle: deal(kit.ws, pipelineId, stages[0], { title: '  ' }),
        negative: deal(kit.ws, pipelineId, stages[0], { value_cents: -100 }),
        fraction: deal(kit.ws, pipelineId, stages[0], { value_cents: 10.5 }),
        foreignStage: deal(kit.ws, pipelineId, other.stages[0]),
        noPipeline: deal(kit.ws, randomUUID(), stages[0]),
        lostSilently: deal(kit.ws, pipelineId, stages[0], { status: 'lost', lost_reason: ' ' }),
        tooLikely: deal(kit.ws, pipelineId, stages[0], { probability: 101 }),
        notADate: deal(kit.ws, pipelineId, stages[0], { expected_close_date: '2027-02-30' }),
        strangerContact: deal(kit.ws, pipelineId, stages[0], { contact_id: randomUUID() }),
      };
      const res = await kit.push(
        'deals',
        Object.values(bad).map((d) => ({ newDocumentState: d })),
      );
      const message = (d: { id: string }) => res.rejected.find((r) => r.id === d.id)?.message;
      expect(message(bad.noTitle)).toBe(`title: ${dealMessages.title}`);
      expect(message(bad.negative)).toBe(`value_cents: ${dealMessages.value}`);
      expect(message(bad.fraction)).toBe(`value_cents: ${dealMessages.value}`);
      expect(message(bad.foreignStage)).toBe(`stage_id: ${dealMessages.stageNotInPipeline}`);
      expect(message(bad.noPipeline)).toBe(`pipeline_id: ${dealMessages.pipelineNotFound}`);
      expect(message(bad.lostSilently)).toBe(`lost_reason: ${dealMessages.lostReason}`);
      expect(message(bad.tooLikely)).toBe(`probability: ${dealMessages.probability}`);
      expect(message(bad.notADate)).toMatch(/^expected_close_date: /);
      expect(message(bad.strangerContact)).toBe(`contact_id: ${dealMessages.contactNotFound}`);
      expect(res.rejected).toHaveLength(Object.keys(bad).length);
      const ids = Object.values(bad).map((d) => d.id);
      const stored = await withScope(kit.db, { userId: kit.owner, workspaceId: kit.ws }, (tx) =>
        tx.query('SELECT id FROM deals WHERE id = ANY($1::text[])', [ids]),
      );
      expect(stored).toEqual([]);
    });

    it('a lost deal with its reason is kept; winning and losing are status changes of the same deal', async () => {
      const { pipelineId, stages } = await board();
      const d = deal(kit.ws, pipelineId, stages[1]);
      expect((await kit.push('deals', [{ newDocumentState: d }])).rejected).toEqual([]);
      const [stored] = (await kit.pullAll('deals')).filter((x) => x.id === d.id);
      const lost = { ...d, status: 'lost', lost_reason: 'Chose a competitor', actual_close_date: '2027-01-20', updated_at: stamp() };
      expect(await kit.push('deals', [{ newDocumentState: lost, assumedMasterState: stored }])).toEqual({ conflicts: [], rejected: [] });
      const [after] = (await kit.pullAll('deals')).filter((x) => x.id === d.id);
      expect(after).toMatchObject({ status: 'lost', lost_reason: 'Chose a competitor', server_version: 2 });
    });

    it('the server’s forecast agrees to the cent with the device’s over 10 000 generated deals', async () => {
      const ws = await seedWorkspace(kit.db, kit.owner);
      const { pipelineId, stages } = await board(ws);
      // A seeded generator (mulberry32), so a failure can be replayed: values up to R 10 000 000, odd cents, every probability.
      let seed = 20_261_207;
      const next = (n: number) => {
        seed = (seed + 0x6d2b79f5) | 0;
        let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
        t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
        return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4_294_967_296) * n);
      };
      const statuses = ['open', 'open', 'open', 'won', 'lost'] as const;
      const generated = Array.from({ length: 10_000 }, (_, i) => {
        const status = statuses[next(statuses.length)];
        const month = `2027-${String(1 + next(12)).padStart(2, '0')}-${String(1 + next(28)).padStart(2, '0')}`;
        const noDate = next(20) === 0;
        return {
          id: `gen-${i}`,
          stage_id: stages[next(2)],
          value_cents: next(1_000_000_000) + 1,
          currency: next(10) === 0 ? 'USD' : 'ZAR',
          status,
          probability: next(101),
          expected_close_date: status === 'open' && !noDate ? month : undefined,
          actual_close_date: status !== 'open' && !noDate ? month : undefined,
          lost_reason: status === 'lost' ? 'No budget' : undefined,
        };
      });
      await withScope(kit.db, { userId: kit.owner, workspaceId: ws }, async (tx) => {
        const first = await takeSeq(tx, ws, generated.length);
        await tx.query(
          `INSERT INTO deals (workspace_id, id, updated_at, pipeline_id, stage_id, title, value_cents, currency, status, probability,
                              expected_close_date, actual_close_date, lost_reason, position, server_seq)
           SELECT $1, g.id, now(), $2, g.stage_id, 'Deal ' || g.id, g.value_cents, g.currency, g.status, g.probability,
                  g.expected_close_date, g.actual_close_date, g.lost_reason, 'a0', $3 + g.n
             FROM jsonb_to_recordset($4::jsonb) AS g(id text, stage_id text, value_cents bigint, currency text, status text,
                  probability int, expected_close_date text, actual_close_date text, lost_reason text, n int)`,
          [ws, pipelineId, first, JSON.stringify(generated.map((g, n) => ({ ...g, n })))],
        );
      });
      const res = await kit.api.get(`/api/workspaces/${ws}/deals/forecast?pipeline=${pipelineId}`);
      expect(res.status).toBe(200);
      const server = forecastMonth.array().parse(res.body);
      const device = forecastByMonth(generated);
      expect(server).toEqual(device);
      // Twelve months in two currencies, and rounding that mattered: the weighted sums are not whole cents.
      expect(server).toHaveLength(24);
      expect(device.reduce((n, m) => n + m.open_count + m.won_count, 0)).toBeGreaterThan(7_000);
    });

    it('a member moves deals but may not change the pipelines: refused whole, nothing stored', async () => {
      const { pipelineId, stages } = await board();
      const member = await seedUser(kit.db);
      await kit.db.query(`INSERT INTO workspace_members (workspace_id, user_id, role, joined_at) VALUES ($1, $2, 'member', now())`, [
        kit.ws,
        member,
      ]);
      const api = syncApi(kit.server.url, await accessCookie(kit.server.deps, member));
      const d = deal(kit.ws, pipelineId, stages[0]);
      expect((await api.push('deals', kit.ws, [{ newDocumentState: d }])).body).toEqual({ conflicts: [], rejected: [] });
      const [storedDeal] = (await kit.pullAll('deals')).filter((x) => x.id === d.id);
      const moved = { ...d, stage_id: stages[1], probability: 40, updated_at: stamp() };
      expect((await api.push('deals', kit.ws, [{ newDocumentState: moved, assumedMasterState: storedDeal }])).body.rejected).toEqual([]);

      const [stage] = ((await kit.api.pull('records', kit.ws, 0, '', 1000)).body.documents as { id: string }[]).filter(
        (r) => r.id === stages[0],
      );
      const renamed = { ...stage, data: { ...(stage as unknown as { data: object }).data, name: 'Hot leads' }, updated_at: stamp() };
      const newPipeline = {
        id: randomUUID(),
        workspace_id: kit.ws,
        kind: 'pipeline',
        data: { name: 'Mine', position: 9 },
        updated_at: stamp(),
      };
      const res = await api.push('records', kit.ws, [
        { newDocumentState: renamed, assumedMasterState: stage },
        { newDocumentState: newPipeline },
      ]);
      expect(res.status).toBe(200);
      expect(res.body.rejected).toEqual(
        expect.arrayContaining([
          { id: stages[0], code: 'forbidden', message: pipelineMessages.managersOnly },
          { id: newPipeline.id, code: 'forbidden', message: pipelineMessages.managersOnly },
        ]),
      );
      const rows = await kit.db.query<{ name: string }>('SELECT name FROM pipeline_stages WHERE workspace_id = $1 AND id = $2', [
        kit.ws,
        stages[0],
      ]);
      expect(rows).toEqual([{ name: 'Stage 0' }]);
      expect(await kit.db.query('SELECT id FROM pipelines WHERE id = $1', [newPipeline.id])).toEqual([]);
    });

    it('the forecast is for members of the workspace only', async () => {
      const stranger = await seedWorkspace(kit.db, await seedUser(kit.db));
      const res = await kit.api.get(`/api/workspaces/${stranger}/deals/forecast`);
      expect([403, 404]).toContain(res.status);
    });
  });
}
