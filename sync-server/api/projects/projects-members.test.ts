import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Db } from '../../db/db.js';
import type { Mail, Mailer } from '../../mail/mailer.js';
import { projectDetail, projectMessages } from '../../../schema/projects/projects.js';
import { workspaceDto } from '../../../schema/workspaces/workspaces.js';
import { forEachDatabase } from '../../../tests/support/db-kit.js';
import { signedInUser } from '../../../tests/support/fixtures.js';
import { startTestServer, type TestServer } from '../../../tests/support/server.js';

forEachDatabase('project members', (target) => {
  let db: Db;
  let server: TestServer;
  const sent: Mail[] = [];
  const mailer: Mailer = {
    async send(mail) {
      sent.push(mail);
    },
  };
  beforeAll(async () => {
    db = await target.open();
    server = await startTestServer(db, { mailer, env: { APP_ORIGIN: 'https://app.vuka.test' } });
  });
  afterAll(async () => {
    await server?.close();
    await db?.close();
  });

  /** A workspace, its owner, one project of theirs, and a person who joined by invitation. */
  async function projectWithInvitee() {
    const owner = await signedInUser(server, { full_name: 'Naledi Owner' });
    const ws = workspaceDto.parse((await owner.client.post('/api/workspaces', { name: 'Naledi Crafts' })).json);
    const base = `/api/workspaces/${ws.id}`;
    const invitee = await signedInUser(server, { full_name: 'Sipho Invitee' });
    expect((await owner.client.post(`${base}/invitations`, { email: invitee.user.email, role: 'member' })).status).toBe(200);
    const mail = [...sent].reverse().find((m) => m.to === invitee.user.email);
    const token = /invitations\/accept\?token=([\w-]+)/.exec(mail?.text ?? '')?.[1];
    expect((await invitee.client.post('/api/invitations/accept', { token })).status).toBe(200);
    const project = projectDetail.parse((await owner.client.post(`${base}/projects`, { name: 'Market stall' })).json);
    return { owner, invitee, base, project, path: `${base}/projects/${project.id}` };
  }

  const memberIds = async (client: { get(path: string): Promise<{ json: unknown }> }, path: string) =>
    projectDetail.parse((await client.get(path)).json).members.map((m) => [m.user_id, m.role]);

  it('the project owner adds a person who joined the workspace by invitation; they then open the project', async () => {
    const { owner, invitee, path } = await projectWithInvitee();
    expect((await invitee.client.get(path)).status).toBe(403);
    const res = await owner.client.post(`${path}/members`, { user_id: invitee.user.id });
    expect(res.status).toBe(200);
    expect(projectDetail.parse(res.json).members).toEqual([
      expect.objectContaining({ user_id: owner.user.id, role: 'owner' }),
      { user_id: invitee.user.id, name: 'Sipho Invitee', email: invitee.user.email, role: 'member' },
    ]);
    const seen = await invitee.client.get(path);
    expect(seen.status).toBe(200);
    expect(projectDetail.parse(seen.json).my_role).toBe('member');
  });

  it('adding someone who is not a member of the workspace is refused with a clear error and changes nothing', async () => {
    const { owner, path } = await projectWithInvitee();
    const stranger = await signedInUser(server, { full_name: 'Stranger' });
    const before = await memberIds(owner.client, path);
    for (const user_id of [stranger.user.id, 999_999_999]) {
      const res = await owner.client.post(`${path}/members`, { user_id });
      expect(res.status).toBe(400);
      expect(res.json).toMatchObject({ message: projectMessages.member });
    }
    expect(await memberIds(owner.client, path)).toEqual(before);
    expect((await stranger.client.get(path)).status).toBe(403);
  });

  it('a person who has left the workspace cannot be added to a project', async () => {
    const { owner, invitee, base, path } = await projectWithInvitee();
    const members = (await owner.client.get(`${base}/members`)).json;
    const row = Array.isArray(members) ? members.find((m) => m.user_id === invitee.user.id) : undefined;
    expect((await owner.client.delete(`${base}/members/${row.id}`)).status).toBe(200);
    const res = await owner.client.post(`${path}/members`, { user_id: invitee.user.id });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ message: projectMessages.member });
    expect(await memberIds(owner.client, path)).toEqual([[owner.user.id, 'owner']]);
  });

  it('a project member who is neither its owner nor a workspace admin sees the members but cannot change them', async () => {
    const { owner, invitee, path } = await projectWithInvitee();
    expect((await owner.client.post(`${path}/members`, { user_id: invitee.user.id })).status).toBe(200);
    const before = await memberIds(owner.client, path);
    expect(before).toHaveLength(2);
    const refusedRemove = await invitee.client.delete(`${path}/members/${owner.user.id}`);
    expect(refusedRemove.status).toBe(403);
    const refusedAdd = await invitee.client.post(`${path}/members`, { user_id: invitee.user.id, role: 'owner' });
    expect(refusedAdd.status).toBe(403);
    expect(await memberIds(invitee.client, path)).toEqual(before);
  });

  it('removing a member takes the project away from them; the last owner cannot be removed', async () => {
    const { owner, invitee, path } = await projectWithInvitee();
    expect((await owner.client.post(`${path}/members`, { user_id: invitee.user.id })).status).toBe(200);
    const removed = await owner.client.delete(`${path}/members/${invitee.user.id}`);
    expect(removed.status).toBe(200);
    expect(projectDetail.parse(removed.json).members.map((m) => m.user_id)).toEqual([owner.user.id]);
    expect((await invitee.client.get(path)).status).toBe(403);
    const lastOwner = await owner.client.delete(`${path}/members/${owner.user.id}`);
    expect(lastOwner.status).toBe(400);
    expect(lastOwner.json).toMatchObject({ message: projectMessages.lastOwner });
    expect(await memberIds(owner.client, path)).toEqual([[owner.user.id, 'owner']]);
  });
});
