import { randomUUID } from 'node:crypto';
import { build } from 'esbuild';
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeUserDatabase, openUserDatabase } from '../../app/data/db.js';
import { mergeThreeWay } from '../../app/data/conflicts.js';
import { MAX_REPLICATED_COLLECTIONS, replicatedCollections, replicatedTables, rxJsonSchema } from '../../schema/replicated.js';
import { recordKindList } from '../../schema/sync/records.js';
import { withScope, type Db } from '../../sync-server/db/db.js';
import { testDatabases } from '../support/databases.js';
import { openSyncDatabase, seedUser, seedWorkspace } from '../support/sync-server.js';

describe('replicated collections registry', () => {
  it(`replicates at most ${MAX_REPLICATED_COLLECTIONS} collections (RxDB open-source opens 13 per page)`, () => {
    expect(MAX_REPLICATED_COLLECTIONS).toBe(13);
    // Twelve aggregates and `records`, which holds every further offline entity as a kind.
    expect(replicatedCollections.map((c) => c.name)).toHaveLength(13);
    expect(replicatedCollections.map((c) => c.name)).toContain('records');
    expect(replicatedCollections.length).toBeLessThanOrEqual(MAX_REPLICATED_COLLECTIONS);
    expect(new Set(replicatedCollections.map((c) => c.name)).size).toBe(replicatedCollections.length);
  });

  it('every collection has a version, a migration strategy per version and a bounded string key', () => {
    for (const entity of replicatedCollections) {
      const schema = rxJsonSchema(entity);
      expect(schema.version).toBe(entity.version);
      for (let v = 1; v <= entity.version; v++) expect(entity.migrationStrategies[v], `${entity.name} v${v}`).toBeTypeOf('function');
      expect(schema.primaryKey).toBe('id');
      expect(schema.properties.id).toMatchObject({ type: 'string', maxLength: 64 });
      expect(schema.required).toEqual(expect.arrayContaining(['id', 'workspace_id', 'updated_at']));
      for (const owned of ['server_seq', 'server_version']) {
        expect(entity.serverOwned).toContain(owned);
        expect(schema.required).not.toContain(owned);
      }
    }
  });

  it('contacts require a name; products require nothing the spec does not', () => {
    const [products, , contacts] = replicatedCollections;
    expect(rxJsonSchema(contacts).required).toContain('name');
    expect(rxJsonSchema(products).required.sort()).toEqual(['id', 'updated_at', 'workspace_id']);
    expect(products.serverOwned).toContain('stock_on_hand');
  });
});

describe('client database', () => {
  it('opens once per page, and its schemas pass dev-mode checks and validation', async () => {
    const storage = getRxStorageDexie({ indexedDB, IDBKeyRange });
    const name = `vuka-devmode-${process.pid}`;
    const [first, second] = await Promise.all([
      openUserDatabase(1, { name, devMode: true, multiInstance: false, storage }),
      openUserDatabase(1, { name, devMode: true, multiInstance: false, storage }),
    ]);
    try {
      expect(second).toBe(first);
      const at = new Date().toISOString();
      await first.db.contacts.insert({ id: randomUUID(), workspace_id: 1, updated_at: at, name: 'Zanele', status: 'active' });
      await first.db.products.insert({
        id: randomUUID(),
        workspace_id: 1,
        updated_at: at,
        product_type: 'physical',
        status: 'active',
        price_cents: 500,
      });
      await expect(
        first.db.products.insert({
          id: randomUUID(),
          workspace_id: 1,
          updated_at: 'yesterday',
          product_type: 'physical',
          status: 'active',
        }),
      ).rejects.toThrow();
      // A record: the envelope passes RxDB's schema, its data its kind's.
      await first.db.records.insert({
        id: randomUUID(),
        workspace_id: 1,
        updated_at: at,
        kind: 'pipeline',
        data: { name: 'Sales', position: 0 },
      });
      await expect(
        first.db.records.insert({ id: randomUUID(), workspace_id: 1, updated_at: at, kind: 'pipeline', data: { position: 0 } }),
      ).rejects.toThrow(/data\.name/);
    } finally {
      await closeUserDatabase(first);
    }
  });
});

describe('production build', () => {
  async function bundle(dev: boolean) {
    const out = await build({
      entryPoints: ['app/data/db.ts'],
      bundle: true,
      format: 'esm',
      platform: 'browser',
      splitting: true,
      outdir: 'dist-probe',
      write: false,
      define: { 'import.meta.env.DEV': String(dev), 'import.meta.env': JSON.stringify({ DEV: dev }) },
    });
    return out.outputFiles.map((f) => f.text).join('\n');
  }

  it('ships no RxDB dev-mode code, which a development build does include', async () => {
    expect(await bundle(false)).not.toContain('DVM1');
    expect(await bundle(true)).toContain('DVM1');
  });
});

describe('three-way merge', () => {
  const owned = new Set(['server_seq', 'server_version']);
  const base = { id: 'c1', workspace_id: 1, name: 'Ann', phone: '1', email: 'a@x', server_version: 1, _deleted: false };

  it('keeps a field changed only here, takes a field changed only there', () => {
    const local = { ...base, phone: '2' };
    const server = { ...base, email: 'b@x', server_version: 2 };
    const { merged, lost } = mergeThreeWay(base, server, local, owned);
    expect(merged).toMatchObject({ phone: '2', email: 'b@x', server_version: 2 });
    expect(lost).toEqual([]);
  });

  it('a field changed on both sides keeps the server value and reports ours', () => {
    const { merged, lost } = mergeThreeWay(base, { ...base, name: 'Server' }, { ...base, name: 'Local' }, owned);
    expect(merged.name).toBe('Server');
    expect(lost).toEqual([{ field: 'name', local: 'Local', server: 'Server' }]);
  });

  it('a field removed here stays removed; server-owned fields always come from the server', () => {
    const { merged } = mergeThreeWay(base, { ...base, server_version: 5 }, { ...base, email: undefined, server_version: 99 }, owned);
    expect('email' in merged).toBe(false);
    expect(merged.server_version).toBe(5);
  });
});

for (const target of testDatabases()) {
  describe(`replicated tables on ${target.name}`, () => {
    let db: Db;
    beforeAll(async () => {
      db = await openSyncDatabase(target);
    });
    afterAll(async () => {
      await db.close();
    });

    it('each SQL table has exactly the zod schema fields plus the feed columns (a kind of records: its data fields)', async () => {
      expect(replicatedTables.map((e) => e.name)).toEqual(expect.arrayContaining(recordKindList.map((k) => k.entity.name)));
      expect(replicatedTables.map((e) => e.name)).not.toContain('records');
      for (const entity of replicatedTables) {
        const rows = await db.query<{ column_name: string }>(
          `SELECT column_name FROM information_schema.columns WHERE table_schema = 'public' AND table_name = $1`,
          [entity.name],
        );
        const expected = [...Object.keys(entity.doc.shape), 'deleted'].sort();
        expect(rows.map((r) => r.column_name).sort(), entity.name).toEqual(expected);
      }
    });

    it('a member of workspace A reads, updates and inserts nothing in workspace B', async () => {
      const alice = await seedUser(db);
      const bob = await seedUser(db);
      const a = await seedWorkspace(db, alice);
      const b = await seedWorkspace(db, bob);
      await db.query(
        `INSERT INTO contacts (workspace_id, id, updated_at, name, server_seq) VALUES ($1, 'secret', now(), 'Bob''s client', 1)`,
        [b],
      );
      const seen = await withScope(db, { userId: alice, workspaceId: a }, (tx) =>
        tx.query(`SELECT id FROM contacts WHERE workspace_id = $1`, [b]),
      );
      expect(seen).toEqual([]);
      const updated = await withScope(db, { userId: alice, workspaceId: a }, (tx) =>
        tx.query(`UPDATE contacts SET name = 'x' WHERE workspace_id = $1 RETURNING id`, [b]),
      );
      expect(updated).toEqual([]);
      await expect(
        withScope(db, { userId: alice, workspaceId: a }, (tx) =>
          tx.query(`INSERT INTO contacts (workspace_id, id, updated_at, name, server_seq) VALUES ($1, 'sneak', now(), 'x', 2)`, [b]),
        ),
      ).rejects.toThrow(/row-level security/);
      await expect(withScope(db, { userId: alice, workspaceId: b }, (tx) => tx.query(`SELECT id FROM contacts`))).resolves.toEqual([]);
    });
  });
}
