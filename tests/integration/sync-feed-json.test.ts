import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replicatedCollections, rxJsonSchema, type ReplicatedEntity } from '../../schema/replicated.js';
import { withScope, type Db } from '../../sync-server/db/db.js';
import { rowToDoc } from '../../sync-server/sync/codec.js';
import { selectFeedJson } from '../../sync-server/sync/sync.repo.js';
import { testDatabases } from '../support/databases.js';
import { openSyncDatabase, seedUser, seedWorkspace } from '../support/sync-server.js';

/** A value of each SQL kind that exercises its JSON form (big numbers, sub-millisecond time, nesting). */
const sample = {
  text: 'Mielie "meal" – 5kg ✓',
  int: 2_000_000_001,
  bigint: 9_007_199_254,
  bool: true,
  timestamptz: '2026-11-22T10:11:12.345678+02:00',
  jsonb: JSON.stringify({ a: [1, 'two', { three: true }], b: 'x' }),
} as const;

const quote = (name: string) => `"${name}"`;

/** A column list with a value for each, filled from the entity's column kinds. */
function fullRow(entity: ReplicatedEntity, workspaceId: number, seq: number) {
  const values: Record<string, unknown> = { ...Object.fromEntries(Object.entries(entity.columns).map(([c, k]) => [c, sample[k]])) };
  Object.assign(values, { id: randomUUID(), workspace_id: workspaceId, server_seq: seq });
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
  return Object.entries(schema).some(([k, v]) => (k === 'type' && (v === 'null' || (Array.isArray(v) && v.includes('null')))) || hasNullType(v));
}

describe('feed documents built by Postgres', () => {
  it('no replicated schema allows a null anywhere (the feed strips nulls), and each fits one JSON object call', () => {
    for (const entity of replicatedCollections) {
      expect(hasNullType(rxJsonSchema(entity)), entity.name).toBe(false);
      // json_build_object takes at most 100 arguments: the columns plus three feed fields, as pairs.
      expect(Object.keys(entity.columns).length + 3, entity.name).toBeLessThanOrEqual(50);
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
    });
    afterAll(() => db.close());

    for (const entity of replicatedCollections) {
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
        await insertRow(db, entity.name, full);
        await insertRow(db, entity.name, sparse);

        const [page, rows] = await withScope(db, { userId, workspaceId }, async (tx) => [
          await selectFeedJson(tx, entity, workspaceId, { seq: 0, id: '' }, 10),
          await tx.query(`SELECT * FROM ${quote(entity.name)} WHERE workspace_id = $1 ORDER BY server_seq, id`, [workspaceId]),
        ] as const);
        const expected = rows.map((r) => rowToDoc(entity, r));
        expect(JSON.parse(page.documentsJson)).toStrictEqual(expected);
        expect(page.count).toBe(2);
        expect(page.last).toEqual({ seq: 2, id: String(sparse.id) });
        // The full row really carried every kind: a NULL-only comparison would prove nothing.
        expect(Object.keys(expected[0]).length).toBe(Object.keys(entity.columns).length + 3);
        expect(expected[0].updated_at).toBe('2026-11-22T08:11:12.345Z');
      });
    }

    it('an empty page says so and names no last position', async () => {
      const empty = await seedWorkspace(db, userId);
      const page = await withScope(db, { userId, workspaceId: empty }, (tx) =>
        selectFeedJson(tx, replicatedCollections[0], empty, { seq: 0, id: '' }, 10),
      );
      expect(page).toEqual({ documentsJson: '[]', count: 0, last: null });
    });
  });
}
