import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admin } from '../../tests/support/database-templates.js';
import { migrate } from './migrate.js';
import { openPg } from './pg.js';
import { withScope, type Db } from './db.js';

const adminUrl = process.env.DATABASE_URL;

/**
 * README "Deploy": the server runs on a database owned by a login role that is no superuser (CREATEROLE
 * for its first start, BYPASSRLS for the server's own unscoped work: jobs, sign-in). Its first start
 * applies every migration, and requests then run as `vuka_app`, held to row-level security.
 */
describe.runIf(adminUrl)('a deployment whose database belongs to a login role that is no superuser', () => {
  const name = `vuka_deploy_${process.pid}_${Date.now().toString(36)}`;
  let db: Db | undefined;
  const asAdmin = (sql: string) => admin(adminUrl ?? '', sql);

  beforeAll(async () => {
    await asAdmin(`CREATE ROLE ${name} LOGIN CREATEROLE BYPASSRLS`);
    await asAdmin(`CREATE DATABASE ${name} OWNER ${name}`);
  });
  afterAll(async () => {
    await db?.close();
    await asAdmin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await asAdmin(`DROP ROLE IF EXISTS ${name}`);
  });

  it('migrates on first start and runs requests as vuka_app, which sees only its scope', async () => {
    const url = new URL(adminUrl ?? '');
    url.username = name;
    url.pathname = `/${name}`;
    db = await openPg(url.toString());
    const [superuser] = await db.query<{ rolsuper: boolean }>('SELECT rolsuper FROM pg_roles WHERE rolname = current_user');
    expect(superuser.rolsuper).toBe(false);

    const applied = await migrate(db);
    expect(applied[0]).toBe('0001_core.sql');
    expect(applied).toContain('0070_app_role_membership.sql');
    expect(await migrate(db)).toEqual([]);

    const [user] = await db.query<{ id: number }>(
      `INSERT INTO users (email, full_name) VALUES ('owner@example.test', 'Owner') RETURNING id`,
    );
    const [ws] = await db.query<{ id: number }>(
      `INSERT INTO workspaces (name, slug, owner_id) VALUES ('Stall', 'stall', $1) RETURNING id`,
      [user.id],
    );
    const seen = await withScope(db, { userId: user.id + 1 }, async (q) => {
      const [role] = await q.query<{ r: string }>('SELECT current_user AS r');
      const rows = await q.query<{ id: number }>('SELECT id FROM workspaces');
      return { role: role.r, ids: rows.map((r) => r.id) };
    });
    expect(seen.role).toBe('vuka_app');
    expect(seen.ids).not.toContain(ws.id);
  });
});
