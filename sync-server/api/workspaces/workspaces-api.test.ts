import { describe, expect, it } from 'vitest';
import { capabilitiesDto, workspaceDto, workspaceSettings } from '../../../schema/workspaces/workspaces.js';
import { z } from 'zod';
import { serverSuite, testDatabases } from '../../../tests/support/db-kit.js';
import { createUser, signIn, signedInUser } from '../../../tests/support/fixtures.js';
import { CookieClient } from '../../../tests/support/server.js';

const DAY = 24 * 3600 * 1000;

for (const target of testDatabases()) {
  describe(`workspaces API on ${target.name}`, () => {
    const t = serverSuite(target);

    /** Adds a new user straight into a workspace (the invitation flow has its own suite). */
    async function memberOf(workspaceId: number, role: 'admin' | 'member') {
      const { user, client } = await signedInUser(t.server);
      const rows = await t.db.query<{ id: number }>(
        `INSERT INTO workspace_members (workspace_id, user_id, role, joined_at) VALUES ($1, $2, $3, now()) RETURNING id`,
        [workspaceId, user.id, role],
      );
      return { user, client, memberId: rows[0].id };
    }

    it('every workspace endpoint answers 401 without a session', async () => {
      const anon = new CookieClient(t.server.url);
      const calls = [
        anon.get('/api/workspaces'),
        anon.get('/api/workspaces/1'),
        anon.post('/api/workspaces', { name: 'Nope' }),
        anon.post('/api/workspaces/auto-create', { name: 'Nope', type: 'classifieds' }),
        anon.patch('/api/workspaces/1', { name: 'Nope' }),
        anon.delete('/api/workspaces/1'),
        anon.get('/api/workspaces/1/settings'),
        anon.patch('/api/workspaces/1/settings', { currency: 'ZAR' }),
        anon.get('/api/workspaces/1/capabilities'),
        anon.get('/api/workspaces/1/members'),
        anon.post('/api/workspaces/1/invitations', { email: 'a@b.co' }),
        anon.patch('/api/workspaces/1/members/1', { role: 'admin' }),
        anon.delete('/api/workspaces/1/members/1'),
        anon.post('/api/invitations/accept', { token: 'x'.repeat(43) }),
      ];
      for (const res of await Promise.all(calls)) expect(res.status).toBe(401);
    });

    it('creating a workspace makes the creator its owner with a unique slug and default settings', async () => {
      const { user, client } = await signedInUser(t.server, { plan: 'pro' });
      const first = await client.post('/api/workspaces', { name: "  Mama Ngozi's Café  ", industry: 'Food', type: 'food' });
      expect(first.status).toBe(200);
      const ws = workspaceDto.parse(first.json);
      expect(ws).toMatchObject({
        name: "Mama Ngozi's Café",
        slug: 'mama-ngozis-cafe',
        role: 'owner',
        plan: 'pro',
        owner_id: user.id,
        type: 'food',
        industry: 'Food',
        storefront_enabled: false,
      });

      const second = workspaceDto.parse((await client.post('/api/workspaces', { name: "Mama Ngozi's Cafe" })).json);
      expect(second.slug).toBe('mama-ngozis-cafe-2');
      const long = workspaceDto.parse((await client.post('/api/workspaces', { name: 'x'.repeat(100) })).json);
      expect(long.slug.length).toBeLessThanOrEqual(100);
      const again = workspaceDto.parse((await client.post('/api/workspaces', { name: 'x'.repeat(100) })).json);
      expect(again.slug).not.toBe(long.slug);
      expect(again.slug.length).toBeLessThanOrEqual(100);

      const settings = await client.get(`/api/workspaces/${ws.id}/settings`);
      expect(settings.status).toBe(200);
      expect(settings.json).toEqual(workspaceSettings.parse({}));
      const members = await client.get(`/api/workspaces/${ws.id}/members`);
      expect(members.json).toEqual([expect.objectContaining({ user_id: user.id, email: user.email, role: 'owner', status: 'active' })]);
    });

    it('a workspace name shorter than 2 or longer than 100 characters is refused with a field error', async () => {
      const { client } = await signedInUser(t.server);
      const short = await client.post('/api/workspaces', { name: ' a ' });
      expect(short.status).toBe(400);
      expect(short.json).toMatchObject({ errors: { name: ['Name must be at least 2 characters'] } });
      const long = await client.post('/api/workspaces', { name: 'y'.repeat(101) });
      expect(long.status).toBe(400);
      expect(long.json).toMatchObject({ errors: { name: ['Name must be at most 100 characters'] } });
      const badType = await client.post('/api/workspaces', { name: 'Fine', type: 'spaceship' });
      expect(badType.status).toBe(400);
      expect(badType.json).toMatchObject({ errors: { type: [expect.any(String)] } });
      expect(await client.get('/api/workspaces').then((r) => r.json)).toEqual([]);
    });

    it('the Mahala plan allows one owned workspace: a second is refused with plan_limit', async () => {
      const { client } = await signedInUser(t.server);
      expect((await client.post('/api/workspaces', { name: 'First shop' })).status).toBe(200);
      const second = await client.post('/api/workspaces', { name: 'Second shop' });
      expect(second.status).toBe(403);
      expect(second.json).toEqual({
        message: 'The Mahala plan allows 1 workspace. Upgrade to the Vuka plan for unlimited workspaces.',
        code: 'plan_limit',
      });
      expect(z.array(workspaceDto).parse((await client.get('/api/workspaces')).json)).toHaveLength(1);
    });

    it('being a member of other workspaces does not count against the one-workspace limit', async () => {
      const { client: owner } = await signedInUser(t.server, { plan: 'pro' });
      const other = workspaceDto.parse((await owner.post('/api/workspaces', { name: 'Team space' })).json);
      const { client } = await memberOf(other.id, 'member');
      expect((await client.post('/api/workspaces', { name: 'My own' })).status).toBe(200);
      const list = z.array(workspaceDto).parse((await client.get('/api/workspaces')).json);
      expect(list.map((w) => [w.name, w.role, w.plan])).toEqual([
        ['Team space', 'member', 'pro'],
        ['My own', 'owner', 'free'],
      ]);
    });

    it('pro accounts and running Pro trials create more workspaces; an expired trial is held to Mahala', async () => {
      const { client: pro } = await signedInUser(t.server, { plan: 'pro' });
      const trialEnd = new Date(t.server.deps.now().getTime() + 10 * DAY);
      const { client: trial } = await signedInUser(t.server, { plan: 'pro', trialEndsAt: trialEnd });
      const { client: expired } = await signedInUser(t.server, { plan: 'pro', trialEndsAt: new Date(t.server.deps.now().getTime() - DAY) });
      for (const c of [pro, trial]) {
        expect((await c.post('/api/workspaces', { name: 'One' })).status).toBe(200);
        expect((await c.post('/api/workspaces', { name: 'Two' })).status).toBe(200);
      }
      const trialWs = z.array(workspaceDto).parse((await trial.get('/api/workspaces')).json)[0];
      const caps = capabilitiesDto.parse((await trial.get(`/api/workspaces/${trialWs.id}/capabilities`)).json);
      expect(caps).toMatchObject({
        plan: 'pro',
        trialEndsAt: trialEnd.toISOString(),
        limits: { products: null, aiCreditsPerMonth: 100, storageBytes: 10737418240 },
      });

      expect((await expired.post('/api/workspaces', { name: 'One' })).status).toBe(200);
      const refused = await expired.post('/api/workspaces', { name: 'Two' });
      expect(refused.status).toBe(403);
      expect(refused.json).toMatchObject({ code: 'plan_limit' });
      const expiredWs = z.array(workspaceDto).parse((await expired.get('/api/workspaces')).json)[0];
      expect(expiredWs.plan).toBe('free');
      const free = capabilitiesDto.parse((await expired.get(`/api/workspaces/${expiredWs.id}/capabilities`)).json);
      expect(free).toMatchObject({
        plan: 'free',
        limits: { workspaces: 1, products: 10, classifieds: 10, events: 5, aiCreditsPerMonth: 5 },
        features: { socialScheduling: false, apiAccess: false },
      });
    });

    it('auto-create returns the oldest own workspace instead of making another, even on the free plan', async () => {
      const { client } = await signedInUser(t.server);
      const made = await client.post('/api/workspaces/auto-create', { name: 'Ads by Thandi', type: 'classifieds' });
      expect(made.status).toBe(200);
      const ws = workspaceDto.parse(made.json);
      expect(ws).toMatchObject({ name: 'Ads by Thandi', type: 'classifieds', role: 'owner' });
      const again = await client.post('/api/workspaces/auto-create', { name: 'Something else', type: 'retail' });
      expect(again.status).toBe(200);
      expect(workspaceDto.parse(again.json).id).toBe(ws.id);
      const both = await Promise.all([
        client.post('/api/workspaces/auto-create', { name: 'Race', type: 'classifieds' }),
        client.post('/api/workspaces/auto-create', { name: 'Race', type: 'classifieds' }),
      ]);
      expect(both.map((r) => workspaceDto.parse(r.json).id)).toEqual([ws.id, ws.id]);
      expect(z.array(workspaceDto).parse((await client.get('/api/workspaces')).json)).toHaveLength(1);
      const bad = await client.post('/api/workspaces/auto-create', { name: 'Ads' });
      expect(bad.status).toBe(400);
      expect(bad.json).toMatchObject({ errors: { type: [expect.any(String)] } });
    });

    it('get answers 404 "Workspace not found" for an unknown id and 403 to a non-member', async () => {
      const { client: owner } = await signedInUser(t.server);
      const ws = workspaceDto.parse((await owner.post('/api/workspaces', { name: 'Private' })).json);
      expect((await owner.get(`/api/workspaces/${ws.id}`)).json).toEqual(ws);
      const { client: stranger } = await signedInUser(t.server);
      const denied = await stranger.get(`/api/workspaces/${ws.id}`);
      expect(denied.status).toBe(403);
      expect(denied.json).toMatchObject({ message: expect.any(String) });
      const missing = await owner.get('/api/workspaces/999999');
      expect(missing.status).toBe(404);
      expect(missing.json).toEqual({ message: 'Workspace not found' });
      expect((await owner.get('/api/workspaces/abc')).status).toBe(400);
      for (const path of ['settings', 'capabilities', 'members']) {
        expect((await stranger.get(`/api/workspaces/${ws.id}/${path}`)).status).toBe(403);
        expect((await owner.get(`/api/workspaces/999999/${path}`)).status).toBe(404);
      }
      expect((await stranger.patch(`/api/workspaces/${ws.id}`, { name: 'Mine now' })).status).toBe(403);
      expect((await stranger.delete(`/api/workspaces/${ws.id}`)).status).toBe(403);
      expect((await stranger.patch(`/api/workspaces/${ws.id}/settings`, { currency: 'EUR' })).status).toBe(403);
      expect((await owner.get(`/api/workspaces/${ws.id}`)).json).toEqual(ws);
    });

    it('owners and admins update a workspace; a member is refused and nothing changes', async () => {
      const { client: owner } = await signedInUser(t.server);
      const ws = workspaceDto.parse((await owner.post('/api/workspaces', { name: 'Corner shop' })).json);
      const admin = await memberOf(ws.id, 'admin');
      const member = await memberOf(ws.id, 'member');

      const byOwner = await owner.patch(`/api/workspaces/${ws.id}`, { description: 'Fresh bread daily', storefront_enabled: true });
      expect(byOwner.status).toBe(200);
      expect(byOwner.json).toMatchObject({
        id: ws.id,
        description: 'Fresh bread daily',
        storefront_enabled: true,
        name: 'Corner shop',
        slug: ws.slug,
      });
      const byAdmin = await admin.client.patch(`/api/workspaces/${ws.id}`, { name: 'Corner Shop & Deli', logo: null });
      expect(byAdmin.status).toBe(200);
      expect(byAdmin.json).toMatchObject({ name: 'Corner Shop & Deli', role: 'admin', slug: ws.slug });
      const byMember = await member.client.patch(`/api/workspaces/${ws.id}`, { name: 'Hijacked' });
      expect(byMember.status).toBe(403);
      const bad = await owner.patch(`/api/workspaces/${ws.id}`, { name: 'x' });
      expect(bad.status).toBe(400);
      expect(bad.json).toMatchObject({ errors: { name: ['Name must be at least 2 characters'] } });
      expect((await member.client.get(`/api/workspaces/${ws.id}`)).json).toMatchObject({ name: 'Corner Shop & Deli', role: 'member' });
      expect((await owner.patch('/api/workspaces/999999', { name: 'Ghost' })).status).toBe(404);
    });

    it('only the owner deletes a workspace, and its members and settings go with it', async () => {
      const { client: owner } = await signedInUser(t.server);
      const ws = workspaceDto.parse((await owner.post('/api/workspaces', { name: 'Short lived' })).json);
      const admin = await memberOf(ws.id, 'admin');
      expect((await admin.client.delete(`/api/workspaces/${ws.id}`)).status).toBe(403);
      const done = await owner.delete(`/api/workspaces/${ws.id}`);
      expect(done.status).toBe(200);
      expect(done.json).toEqual({ message: 'Workspace deleted' });
      expect((await owner.get(`/api/workspaces/${ws.id}`)).status).toBe(404);
      expect((await owner.delete(`/api/workspaces/${ws.id}`)).status).toBe(404);
      expect(await t.db.query('SELECT 1 FROM workspace_members WHERE workspace_id = $1', [ws.id])).toEqual([]);
      expect(await t.db.query('SELECT 1 FROM workspace_settings WHERE workspace_id = $1', [ws.id])).toEqual([]);
      // The free plan's one workspace is free again.
      expect((await owner.post('/api/workspaces', { name: 'Second try' })).status).toBe(200);
    });

    it('settings: members read, owners and admins change only the fields they send, bad values are refused', async () => {
      const { client: owner } = await signedInUser(t.server);
      const ws = workspaceDto.parse((await owner.post('/api/workspaces', { name: 'Settings shop' })).json);
      const admin = await memberOf(ws.id, 'admin');
      const member = await memberOf(ws.id, 'member');
      const path = `/api/workspaces/${ws.id}/settings`;

      const first = await owner.patch(path, { currency: 'ZAR', timezone: 'Africa/Johannesburg', colors: { primary: '#000' } });
      expect(first.status).toBe(200);
      const second = await admin.client.patch(path, { dark_mode: true, allowed_file_types: ['image/png'] });
      expect(second.status).toBe(200);
      const seen = workspaceSettings.parse((await member.client.get(path)).json);
      expect(seen).toMatchObject({
        currency: 'ZAR',
        timezone: 'Africa/Johannesburg',
        colors: { primary: '#000' },
        dark_mode: true,
        allowed_file_types: ['image/png'],
        time_format: 'HH:mm',
        language: 'en',
      });
      expect((await member.client.patch(path, { currency: 'USD' })).status).toBe(403);
      const badCurrency = await owner.patch(path, { currency: 'RAND' });
      expect(badCurrency.status).toBe(400);
      expect(badCurrency.json).toMatchObject({ errors: { currency: ['Currency must be a 3-letter code'] } });
      const badTime = await owner.patch(path, { time_format: 'HH:mm:ss' });
      expect(badTime.status).toBe(400);
      expect(badTime.json).toMatchObject({ errors: { time_format: [expect.any(String)] } });
      expect(workspaceSettings.parse((await owner.get(path)).json)).toEqual(seen);
    });

    it('a session for a user that signs in later still sees only their own workspaces', async () => {
      const a = await createUser(t.db);
      const b = await createUser(t.db);
      const clientA = await signIn(t.server, a.id);
      const clientB = await signIn(t.server, b.id);
      await clientA.post('/api/workspaces', { name: 'A only' });
      expect((await clientB.get('/api/workspaces')).json).toEqual([]);
    });
  });
}
