import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withScope, type Db, type Queryable } from '../../sync-server/db/db.js';
import { testDatabases } from '../support/databases.js';
import { createUser } from '../support/fixtures.js';

/**
 * DESIGN.md §4: a member of workspace A reads, updates, deletes and inserts nothing in workspace B,
 * whatever the SQL says. These go straight to SQL through withScope (role vuka_app, RLS).
 */
for (const target of testDatabases()) {
  describe(`row-level security on ${target.name}`, () => {
    let db: Db;
    let a: number; // member (owner) of A only
    let b: number; // member (owner) of B only
    let both: number; // plain member of A and of B
    let wsA: number;
    let wsB: number;

    async function workspace(ownerId: number, slug: string): Promise<number> {
      const [row] = await db.query<{ id: number }>(`INSERT INTO workspaces (name, slug, owner_id) VALUES ($1, $1, $2) RETURNING id`, [
        slug,
        ownerId,
      ]);
      await db.query(`INSERT INTO workspace_members (workspace_id, user_id, role, joined_at) VALUES ($1, $2, 'owner', now())`, [
        row.id,
        ownerId,
      ]);
      await db.query(`INSERT INTO workspace_settings (workspace_id, currency) VALUES ($1, 'ZAR')`, [row.id]);
      return row.id;
    }

    beforeAll(async () => {
      db = await target.open();
      a = (await createUser(db)).id;
      b = (await createUser(db)).id;
      both = (await createUser(db)).id;
      wsA = await workspace(a, 'rls-a');
      wsB = await workspace(b, 'rls-b');
      for (const ws of [wsA, wsB]) {
        await db.query(`INSERT INTO workspace_members (workspace_id, user_id, role, joined_at) VALUES ($1, $2, 'member', now())`, [
          ws,
          both,
        ]);
      }
    });
    afterAll(async () => {
      await db?.close();
    });

    const inA = <T>(fn: (tx: Queryable) => Promise<T>) => withScope(db, { userId: a, workspaceId: wsA }, fn);
    const count = async (sql: string, params: unknown[]) => (await db.query(sql, params)).length;

    it('scoped to A, a member of A sees none of B’s settings, members or workspace row', async () => {
      const seen = await inA(async (tx) => ({
        settings: await tx.query<{ workspace_id: number }>('SELECT workspace_id FROM workspace_settings'),
        members: await tx.query<{ workspace_id: number }>('SELECT workspace_id FROM workspace_members'),
        workspaces: await tx.query<{ id: number }>('SELECT id FROM workspaces'),
        explicitB: await tx.query('SELECT 1 FROM workspace_settings WHERE workspace_id = $1', [wsB]),
      }));
      expect(seen.settings.map((r) => r.workspace_id)).toEqual([wsA]);
      expect(new Set(seen.members.map((r) => r.workspace_id))).toEqual(new Set([wsA]));
      expect(seen.workspaces.map((r) => r.id)).toEqual([wsA]);
      expect(seen.explicitB).toEqual([]);
    });

    it('scoped to A, updates and deletes aimed at B touch nothing', async () => {
      const touched = await inA(async (tx) => [
        await tx.query(`UPDATE workspace_settings SET currency = 'EUR' WHERE workspace_id = $1 RETURNING 1`, [wsB]),
        await tx.query(`UPDATE workspace_members SET role = 'admin' WHERE workspace_id = $1 RETURNING 1`, [wsB]),
        await tx.query(`UPDATE workspaces SET name = 'taken' WHERE id = $1 RETURNING 1`, [wsB]),
        await tx.query('DELETE FROM workspace_settings WHERE workspace_id = $1 RETURNING 1', [wsB]),
        await tx.query('DELETE FROM workspace_members WHERE workspace_id = $1 RETURNING 1', [wsB]),
        await tx.query('DELETE FROM workspaces WHERE id = $1 RETURNING 1', [wsB]),
      ]);
      expect(touched.map((rows) => rows.length)).toEqual([0, 0, 0, 0, 0, 0]);
      expect(await db.query('SELECT currency FROM workspace_settings WHERE workspace_id = $1', [wsB])).toEqual([{ currency: 'ZAR' }]);
      expect(await db.query('SELECT name FROM workspaces WHERE id = $1', [wsB])).toEqual([{ name: 'rls-b' }]);
      expect(await count(`SELECT 1 FROM workspace_members WHERE workspace_id = $1 AND role = 'member'`, [wsB])).toBe(1);
    });

    it('scoped to A, inserts into B are refused', async () => {
      const attempts: Array<(tx: Queryable) => Promise<unknown>> = [
        (tx) => tx.query('INSERT INTO workspace_settings (workspace_id, id) VALUES ($1, 2)', [wsB]),
        (tx) => tx.query(`INSERT INTO workspace_members (workspace_id, user_id, role) VALUES ($1, $2, 'admin')`, [wsB, a]),
        (tx) =>
          tx.query(`INSERT INTO workspace_members (workspace_id, invited_email, role) VALUES ($1, 'x@example.test', 'member')`, [wsB]),
        (tx) => tx.query(`INSERT INTO workspaces (name, slug, owner_id) VALUES ('sneaky', 'sneaky', $1)`, [a]),
      ];
      for (const attempt of attempts) await expect(inA(attempt)).rejects.toThrow(/row-level security/);
      expect(await count('SELECT 1 FROM workspace_members WHERE workspace_id = $1', [wsB])).toBe(2);
      expect(await count('SELECT 1 FROM workspace_settings WHERE workspace_id = $1', [wsB])).toBe(1);
      expect(await count(`SELECT 1 FROM workspaces WHERE slug = 'sneaky'`, [])).toBe(0);
    });

    it('scoped to B without being a member, a user sees and changes nothing', async () => {
      const seen = await withScope(db, { userId: a, workspaceId: wsB }, async (tx) => [
        await tx.query('SELECT 1 FROM workspace_settings'),
        await tx.query('SELECT 1 FROM workspace_members'),
        await tx.query('SELECT 1 FROM workspaces'),
        await tx.query(`UPDATE workspace_settings SET currency = 'EUR' RETURNING 1`),
        await tx.query('DELETE FROM workspace_members RETURNING 1'),
      ]);
      expect(seen.map((rows) => rows.length)).toEqual([0, 0, 0, 0, 0]);
      await expect(
        withScope(db, { userId: a, workspaceId: wsB }, (tx) =>
          tx.query(`INSERT INTO workspace_members (workspace_id, user_id, role) VALUES ($1, $2, 'member')`, [wsB, a]),
        ),
      ).rejects.toThrow(/row-level security/);
    });

    it('with no workspace set, no settings are visible and only one’s own memberships and workspaces', async () => {
      const seen = await withScope(db, { userId: both }, async (tx) => ({
        settings: await tx.query('SELECT 1 FROM workspace_settings'),
        members: await tx.query<{ user_id: number }>('SELECT user_id FROM workspace_members'),
        workspaces: await tx.query<{ id: number }>('SELECT id FROM workspaces ORDER BY id'),
        update: await tx.query(`UPDATE workspace_settings SET currency = 'EUR' RETURNING 1`),
      }));
      expect(seen.settings).toEqual([]);
      expect(seen.update).toEqual([]);
      expect(seen.members.map((r) => r.user_id)).toEqual([both, both]);
      expect(seen.workspaces.map((r) => r.id)).toEqual([wsA, wsB]);
    });

    it('a member of both, scoped to A, does not see even their own membership of B', async () => {
      const rows = await withScope(db, { userId: both, workspaceId: wsA }, (tx) =>
        tx.query<{ workspace_id: number }>('SELECT workspace_id FROM workspace_members WHERE user_id = $1', [both]),
      );
      expect(rows.map((r) => r.workspace_id)).toEqual([wsA]);
    });

    it('a plain member cannot promote themself, change settings, or rewrite owner and slug', async () => {
      const asMember = <T>(fn: (tx: Queryable) => Promise<T>) => withScope(db, { userId: both, workspaceId: wsA }, fn);
      const changed = await asMember(async (tx) => [
        await tx.query(`UPDATE workspace_members SET role = 'admin' WHERE user_id = $1 RETURNING 1`, [both]),
        await tx.query(`UPDATE workspace_settings SET currency = 'EUR' RETURNING 1`),
        await tx.query(`UPDATE workspaces SET name = 'mine' RETURNING 1`),
        await tx.query('DELETE FROM workspaces RETURNING 1'),
      ]);
      expect(changed.map((rows) => rows.length)).toEqual([0, 0, 0, 0]);
      await expect(inA((tx) => tx.query('UPDATE workspaces SET owner_id = $1', [both]))).rejects.toThrow(/permission denied/);
      await expect(inA((tx) => tx.query(`UPDATE workspaces SET slug = 'other'`))).rejects.toThrow(/permission denied/);
      await expect(inA((tx) => tx.query(`UPDATE workspace_members SET role = 'owner' WHERE user_id = $1`, [both]))).rejects.toThrow(
        /row-level security/,
      );
      expect(await count(`SELECT 1 FROM workspace_members WHERE user_id = $1 AND role = 'member'`, [both])).toBe(2);
    });

    it('one line gives a new workspace table the same isolation, and requests cannot call it', async () => {
      await db.query(
        'CREATE TABLE rls_probe (workspace_id integer NOT NULL, id integer NOT NULL, note text, PRIMARY KEY (workspace_id, id))',
      );
      await db.query(`SELECT app_enable_workspace_rls('rls_probe')`);
      await db.query(`INSERT INTO rls_probe VALUES ($1, 1, 'a'), ($2, 1, 'b')`, [wsA, wsB]);
      const seen = await inA(async (tx) => ({
        rows: await tx.query<{ note: string }>('SELECT note FROM rls_probe'),
        updated: await tx.query(`UPDATE rls_probe SET note = 'x' WHERE workspace_id = $1 RETURNING 1`, [wsB]),
        mine: await tx.query(`INSERT INTO rls_probe VALUES ($1, 2, 'a2') RETURNING note`, [wsA]),
      }));
      expect(seen).toEqual({ rows: [{ note: 'a' }], updated: [], mine: [{ note: 'a2' }] });
      await expect(inA((tx) => tx.query(`INSERT INTO rls_probe VALUES ($1, 3, 'no')`, [wsB]))).rejects.toThrow(/row-level security/);
      expect(await withScope(db, { userId: a }, (tx) => tx.query('SELECT 1 FROM rls_probe'))).toEqual([]);
      await expect(inA((tx) => tx.query(`SELECT app_enable_workspace_rls('rls_probe')`))).rejects.toThrow(/permission denied/);
      await expect(db.query(`SELECT app_enable_workspace_rls('users')`)).rejects.toThrow(/no workspace_id column/);

      // Append-only: members insert and read, nobody updates or deletes.
      await db.query(`SELECT app_enable_workspace_rls('rls_probe', NULL, ARRAY['SELECT', 'INSERT'])`);
      expect(await inA((tx) => tx.query(`INSERT INTO rls_probe VALUES ($1, 4, 'kept') RETURNING note`, [wsA]))).toEqual([{ note: 'kept' }]);
      await expect(inA((tx) => tx.query(`UPDATE rls_probe SET note = 'changed'`))).rejects.toThrow(/permission denied/);
      await expect(inA((tx) => tx.query('DELETE FROM rls_probe'))).rejects.toThrow(/permission denied/);
      await expect(db.query(`SELECT app_enable_workspace_rls('rls_probe', NULL, ARRAY['TRUNCATE'])`)).rejects.toThrow(/privileges/);
    });

    it('the one helper (app_enable_workspace_rls) gives a table ENABLE + FORCE RLS, one scoped USING and WITH CHECK policy, and exactly its grants', async () => {
      const [rls] = await db.query<{ enabled: boolean; forced: boolean }>(
        `SELECT relrowsecurity AS enabled, relforcerowsecurity AS forced FROM pg_class WHERE relname = 'planner_items'`,
      );
      expect(rls).toEqual({ enabled: true, forced: true });
      const policies = await db.query<{ qual: string; with_check: string; cmd: string }>(
        `SELECT qual, with_check, cmd FROM pg_policies WHERE tablename = 'planner_items'`,
      );
      expect(policies).toHaveLength(1);
      expect(policies[0].cmd).toBe('ALL');
      for (const clause of [policies[0].qual, policies[0].with_check]) expect(clause).toMatch(/app_workspace_id\(\).*app_is_member/s);
      const grants = await db.query<{ privilege_type: string }>(
        `SELECT privilege_type FROM information_schema.role_table_grants WHERE table_name = 'planner_items' AND grantee = 'vuka_app' ORDER BY 1`,
      );
      expect(grants.map((g) => g.privilege_type)).toEqual(['INSERT', 'SELECT', 'UPDATE']);
      await expect(inA((tx) => tx.query(`SELECT app_enable_workspace_rls('planner_items')`))).rejects.toThrow(/permission denied/);
    });

    it('the stock ledger is append-only for the app: a movement is inserted and read, never updated', async () => {
      const insert = (tx: Queryable, id: string) =>
        tx.query(
          `INSERT INTO stock_movements (workspace_id, id, updated_at, product_id, quantity, server_seq) VALUES ($1, $2, now(), 'p1', 5, 1) RETURNING quantity`,
          [wsA, id],
        );
      expect(await inA((tx) => insert(tx, 'm1'))).toEqual([{ quantity: 5 }]);
      await expect(inA((tx) => tx.query(`UPDATE stock_movements SET quantity = 500 WHERE id = 'm1'`))).rejects.toThrow(/permission denied/);
      await expect(inA((tx) => tx.query(`DELETE FROM stock_movements WHERE id = 'm1'`))).rejects.toThrow(/permission denied/);
      expect(await db.query(`SELECT quantity FROM stock_movements WHERE id = 'm1'`)).toEqual([{ quantity: 5 }]);
    });
  });
}
