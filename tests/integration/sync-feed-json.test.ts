import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { recordFromRow, recordKindOfTable, recordKindList } from '../../schema/sync/records.js';
import { replicatedCollections, replicatedTables, rxJsonSchema, type ReplicatedEntity } from '../../schema/replicated.js';
import { withScope, type Db } from '../../sync-server/db/db.js';
import { rowToDoc } from '../../sync-server/sync/codec.js';
import { selectRecordsFeedJson } from '../../sync-server/sync/records/records.feed.js';
import { selectFeedJson } from '../../sync-server/sync/sync.repo.js';
import { testDatabases } from '../support/databases.js';
import { seedPaidOrder } from '../support/marketplace-orders.js';
import { openSyncDatabase, seedUser, seedWorkspace } from '../support/sync-server.js';

/** A value of each SQL kind that exercises its JSON form (big numbers, sub-millisecond time, nesting). */
const sample = {
  // Quotes, a backslash, control characters and non-ASCII: everything JSON string escaping must handle.
  text: 'Mielie "meal" – 5kg ✓ C:\\stock\n\ttab \u0001 end',
  int: 2_000_000_001,
  bigint: 9_007_199_254,
  bool: true,
  timestamptz: '2026-11-22T10:11:12.345678+02:00',
  jsonb: JSON.stringify({ a: [1, 'two', { three: true }], b: 'x' }),
  uuid: '0f8a2c6e-3b1d-4e5f-9a7b-1c2d3e4f5a6b',
} as const;

/** The staff member and service the sample appointments name (their table checks both exist). */
const diary = { staff: randomUUID(), service: randomUUID() };

/** The marketplace order the sample order changes name (their table checks it exists). */
let order = '';

/** The pipeline the sample stages name (their table checks it exists). */
const stagesPipeline = randomUUID();

/** The pipeline and stage the sample deals name (their table checks both exist; made for the deals' page only). */
const dealsBoard = { pipeline: randomUUID(), stage: randomUUID() };

/** Columns whose table checks their form, given a value of that form (the JSON is still exercised). */
const checkedColumns: Record<string, Record<string, unknown>> = {
  pipeline_stages: { pipeline_id: stagesPipeline, color: '#4F46E5', probability: 40 },
  pos_orders: { share_token: 'Receipt_link-0123456789abcdef' },
  invoices: { kind: 'credit_note' },
  appointments: {
    consultant_id: diary.staff,
    service_id: diary.service,
    end_at: '2026-11-22T11:11:12.345678+02:00',
    status: 'confirmed',
    source: 'owner',
    payment_status: 'paid',
    tax_rate_bp: 1500,
  },
  deals: {
    pipeline_id: dealsBoard.pipeline,
    stage_id: dealsBoard.stage,
    currency: 'ZAR',
    status: 'lost',
    lost_reason: 'No budget',
    probability: 40,
    value_cents: 1234,
    expected_close_date: '2026-12-31',
    actual_close_date: '2026-11-22',
  },
};

const quote = (name: string) => `"${name}"`;

/** A column list with a value for each, filled from the entity's column kinds. */
function fullRow(entity: ReplicatedEntity, workspaceId: number, seq: number) {
  const values: Record<string, unknown> = { ...Object.fromEntries(Object.entries(entity.columns).map(([c, k]) => [c, sample[k]])) };
  const orderChange = entity.name === 'order_changes' ? { order_id: order, status: 'shipped', outcome: 'refused' } : {};
  Object.assign(values, checkedColumns[entity.name], orderChange, { id: randomUUID(), workspace_id: workspaceId, server_seq: seq });
  return values;
}

async function insertRow(tx: { query: Db['query'] }, table: string, values: Record<string, unknown>) {
  const names = Object.keys(values);
  await tx.query(
    `INSERT INTO ${quote(table)} (${names.map(quote).join(', ')}) VALUES (${names.map((_, i) => `$${i + 1}`).join(', ')})`,
    names.map((n) => values[n]),
  );
}

function hasNullType(schema: unknown): boolean {
  if (Array.isArray(schema)) return schema.some(hasNullType);
  if (typeof schema !== 'object' || schema === null) return false;
  return Object.entries(schema).some(
    ([k, v]) => (k === 'type' && (v === 'null' || (Array.isArray(v) && v.includes('null')))) || hasNullType(v),
  );
}

describe('feed documents built by Postgres', () => {
  it('no replicated schema allows a null anywhere (the feed strips nulls), and each fits one JSON object call', () => {
    for (const entity of [...replicatedCollections, ...recordKindList.map((k) => k.entity)]) {
      expect(hasNullType(rxJsonSchema(entity)), entity.name).toBe(false);
      // concat_ws takes at most 100 arguments: the separator, the columns and three feed fields.
      expect(1 + Object.keys(entity.columns).length + 3, entity.name).toBeLessThanOrEqual(100);
    }
  });
});

for (const target of testDatabases()) {
  describe(`feed documents built by Postgres on ${target.name}`, () => {
    let db: Db;
    let userId: number;
    let workspaceId: number;

    beforeAll(async () => {
      db = await openSyncDatabase(target);
      userId = await seedUser(db, { plan: 'pro' });
      workspaceId = await seedWorkspace(db, userId);
      await db.query(`INSERT INTO consultants (workspace_id, id, name) VALUES ($1, $2, 'Thandi')`, [workspaceId, diary.staff]);
      await db.query(`INSERT INTO services (workspace_id, id, title, duration_minutes) VALUES ($1, $2, 'Cut', 60)`, [
        workspaceId,
        diary.service,
      ]);
      order = await seedPaidOrder(db, workspaceId);
    });
    afterAll(() => db.close());

    for (const entity of replicatedTables) {
      it(`${entity.name}: a pulled page holds exactly what the row decoder makes of the same rows`, async () => {
        const notNull = await db.query<{ column_name: string }>(
          `SELECT column_name FROM information_schema.columns
            WHERE table_name = $1 AND is_nullable = 'NO' AND column_default IS NULL`,
          [entity.name],
        );
        const full = fullRow(entity, workspaceId, 1);
        // The sparse row keeps only what the table cannot do without; every other column is NULL.
        const sparse = Object.fromEntries(
          Object.entries(fullRow(entity, workspaceId, 2)).filter(([c]) => notNull.some((n) => n.column_name === c)),
        );
        // The stages' pipeline (after the pipelines' own page was read: `pipelines` comes first).
        if (entity.name === 'pipeline_stages') {
          await insertRow(db, 'pipelines', {
            workspace_id: workspaceId,
            id: stagesPipeline,
            updated_at: sample.timestamptz,
            name: 'Sales',
            server_seq: 3,
          });
        }
        // The deals' pipeline and stage, taken away again after their page (the pipelines' pages come later).
        if (entity.name === 'deals') {
          const at = { workspace_id: workspaceId, updated_at: sample.timestamptz, server_seq: 0 };
          await insertRow(db, 'pipelines', { ...at, id: dealsBoard.pipeline, name: 'Sales' });
          await insertRow(db, 'pipeline_stages', {
            ...at,
            id: dealsBoard.stage,
            pipeline_id: dealsBoard.pipeline,
            name: 'Lead',
            color: '#4F46E5',
            probability: 10,
          });
        }
        await insertRow(db, entity.name, full);
        await insertRow(db, entity.name, sparse);

        const [page, rows] = await withScope(
          db,
          { userId, workspaceId },
          async (tx) =>
            [
              await selectFeedJson(tx, entity, workspaceId, { seq: 0, id: '' }, 10),
              await tx.query(`SELECT * FROM ${quote(entity.name)} WHERE workspace_id = $1 ORDER BY server_seq, id`, [workspaceId]),
            ] as const,
        );
        const expected = rows.map((r) => rowToDoc(entity, r));
        expect(JSON.parse(page.documentsJson)).toStrictEqual(expected);
        expect(page.count).toBe(2);
        expect(page.last).toEqual({ seq: 2, id: String(sparse.id) });
        // The full row really carried every kind: a NULL-only comparison would prove nothing.
        expect(Object.keys(expected[0]).length).toBe(Object.keys(entity.columns).length + 3);
        expect(expected[0].updated_at).toBe('2026-11-22T08:11:12.345Z');
        if (entity.name === 'deals')
          await db.query('DELETE FROM pipelines WHERE workspace_id = $1 AND id = $2', [workspaceId, dealsBoard.pipeline]);
      });
    }

    it('a records page holds every kind in feed order, each row as the record its table row makes', async () => {
      const rows = await withScope(db, { userId, workspaceId }, async (tx) => {
        const all = [];
        for (const kind of recordKindList) {
          const found = await tx.query(`SELECT * FROM ${quote(kind.entity.name)} WHERE workspace_id = $1 `, [workspaceId]);
          all.push(...found.map((r) => ({ kind, row: r })));
        }
        return all;
      });
      const expected = rows
        .map(({ kind, row }) => recordFromRow(kind, rowToDoc(kind.entity, row)))
        .sort((a, b) => Number(a.server_seq) - Number(b.server_seq) || String(a.id).localeCompare(String(b.id)));
      // The kinds' own tests above filled their tables (two rows each).
      expect(new Set(expected.map((d) => d.kind)).size).toBe(recordKindList.length);
      const page = await withScope(db, { userId, workspaceId }, (tx) => selectRecordsFeedJson(tx, workspaceId, { seq: 0, id: '' }, 100));
      expect(JSON.parse(page.documentsJson)).toStrictEqual(expected);
      expect(recordKindOfTable('pipeline_stages')?.kind).toBe('pipeline_stage');
    });

    it('a page walks the feed index in order even on a table with no statistics, never sorting what follows', async () => {
      const fresh = await seedWorkspace(db, userId);
      const products = replicatedCollections.find((e) => e.name === 'products');
      if (!products) throw new Error('products is replicated');
      // Another workspace's rows first, as on a shared server: the planner then guesses this
      // workspace holds a few rows, and without a guard would fetch all of them and sort.
      const neighbour = await seedWorkspace(db, userId);
      for (const [workspace, count] of [
        [neighbour, 20_000],
        [fresh, 5000],
      ]) {
        await db.query(
          `INSERT INTO products (workspace_id, id, updated_at, name, server_seq)
           SELECT $1, 'p' || g, now(), 'Product ' || g, g FROM generate_series(1, $2::int) g`,
          [workspace, count],
        );
      }
      const plans: string[] = [];
      const page = await withScope(db, { userId, workspaceId: fresh }, (tx) => {
        // Runs the page's statements as they are, and each one's plan beside it.
        const explaining = {
          async query<R>(sql: string, params?: readonly unknown[]): Promise<R[]> {
            if (sql.includes('ORDER BY server_seq, id')) {
              const plan = await tx.query<Record<string, string>>(`EXPLAIN ${sql}`, params);
              plans.push(plan.map((line) => Object.values(line)[0]).join('\n'));
            }
            return tx.query<R>(sql, params);
          },
        };
        return selectFeedJson(explaining, products, fresh, { seq: 1000, id: '' }, 50);
      });
      expect(page.count).toBe(50);
      // (1000, 'p1000') follows (1000, ''): the page is rows 1000 to 1049.
      expect(page.last).toEqual({ seq: 1049, id: 'p1049' });
      expect(plans).toHaveLength(1);
      expect(plans[0]).toMatch(/Index Scan using products_feed/);
      expect(plans[0]).not.toMatch(/Sort/);
    });

    it('a records page walks every kind’s feed index and merges them in order, never sorting', async () => {
      const fresh = await seedWorkspace(db, userId);
      const pipelineId = 'p0';
      await db.query(
        `INSERT INTO pipelines (workspace_id, id, updated_at, name, server_seq)
         SELECT $1, 'p' || g, now(), 'Pipeline ' || g, 2 * g FROM generate_series(0, 2999) g`,
        [fresh],
      );
      await db.query(
        `INSERT INTO pipeline_stages (workspace_id, id, updated_at, pipeline_id, name, color, probability, server_seq)
         SELECT $1, 's' || g, now(), $2, 'Stage ' || g, '#4F46E5', 10, 2 * g + 1 FROM generate_series(0, 2999) g`,
        [fresh, pipelineId],
      );
      const plans: string[] = [];
      const page = await withScope(db, { userId, workspaceId: fresh }, (tx) => {
        const explaining = {
          async query<R>(sql: string, params?: readonly unknown[]): Promise<R[]> {
            if (sql.includes('UNION ALL')) {
              const plan = await tx.query<Record<string, string>>(`EXPLAIN ${sql}`, params);
              plans.push(plan.map((line) => Object.values(line)[0]).join('\n'));
            }
            return tx.query<R>(sql, params);
          },
        };
        return selectRecordsFeedJson(explaining, fresh, { seq: 1000, id: '' }, 50);
      });
      // Feed numbers alternate pipeline, stage: the page is 1000 to 1049, both kinds in turn.
      const docs = z.array(z.object({ kind: z.string(), server_seq: z.number() })).parse(JSON.parse(page.documentsJson));
      expect(docs.map((d) => d.server_seq)).toEqual(Array.from({ length: 50 }, (_, i) => 1000 + i));
      expect(docs.slice(0, 2).map((d) => d.kind)).toEqual(['pipeline', 'pipeline_stage']);
      expect(page.last).toEqual({ seq: 1049, id: 's524' });
      expect(plans).toHaveLength(1);
      expect(plans[0]).toMatch(/pipelines_feed/);
      expect(plans[0]).toMatch(/pipeline_stages_feed/);
      // A merge of the branches in order (its "Sort Key" is the order it keeps), with no sort step.
      expect(plans[0]).toMatch(/Merge Append/);
      expect(plans[0]).not.toMatch(/(^|->\s+)Sort\s+\(/m);
    });

    it('an empty page says so and names no last position', async () => {
      const empty = await seedWorkspace(db, userId);
      const page = await withScope(db, { userId, workspaceId: empty }, (tx) =>
        selectFeedJson(tx, replicatedCollections[0], empty, { seq: 0, id: '' }, 10),
      );
      expect(page).toEqual({ documentsJson: '[]', count: 0, last: null });
    });
  });
}
