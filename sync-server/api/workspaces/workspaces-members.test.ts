import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Db } from '../../db/db.js';
import type { Mail, Mailer } from '../../mail/mailer.js';
import { invitationPreview, memberDto, workspaceDto } from '../../../schema/workspaces/workspaces.js';
import { testDatabases } from '../../../tests/support/databases.js';
import { signIn, signedInUser, uniqueEmail } from '../../../tests/support/fixtures.js';
import { CookieClient, startTestServer, type TestServer } from '../../../tests/support/server.js';

const members = z.array(memberDto);
const DAY = 24 * 3600 * 1000;

for (const target of testDatabases()) {
  describe(`workspace members and invitations on ${target.name}`, () => {
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

    function tokenFor(email: string): string {
      const mail = [...sent].reverse().find((m) => m.to === email);
      if (!mail) throw new Error(`no invitation mail to ${email}`);
      const m = /https:\/\/app\.vuka\.test\/invitations\/accept\?token=([\w-]+)/.exec(mail.text);
      if (!m) throw new Error('no invitation link in the mail');
      return m[1];
    }

    async function workspaceWithOwner() {
      const owner = await signedInUser(server, { full_name: 'Naledi Owner' });
      const ws = workspaceDto.parse((await owner.client.post('/api/workspaces', { name: 'Naledi Crafts' })).json);
      return { owner, ws, base: `/api/workspaces/${ws.id}` };
    }

    /** Invites a new user as `role` and has them accept; returns their client and member id. */
    async function join(inviter: Awaited<ReturnType<typeof workspaceWithOwner>>['owner'], base: string, role: 'admin' | 'member') {
      const person = await signedInUser(server, { full_name: `New ${role}` });
      const invited = memberDto.parse((await inviter.client.post(`${base}/invitations`, { email: person.user.email, role })).json);
      expect((await person.client.post('/api/invitations/accept', { token: tokenFor(person.user.email) })).status).toBe(200);
      return { ...person, memberId: invited.id };
    }

    it('an owner invites by email: the invitation is listed, its token stored hashed, and a link is mailed', async () => {
      const { owner, ws, base } = await workspaceWithOwner();
      const email = uniqueEmail('guest');
      const res = await owner.client.post(`${base}/invitations`, { email: `  ${email} `, role: 'admin' });
      expect(res.status).toBe(200);
      expect(res.json).toMatchObject({ email, role: 'admin', status: 'invited', user_id: null, joined_at: null });
      const mail = sent.at(-1);
      expect(mail?.to).toBe(email);
      expect(mail?.subject).toBe('You are invited to a workspace on Vuka');
      const token = tokenFor(email);
      const stored = await db.query<{ invite_token_hash: string }>(
        'SELECT invite_token_hash FROM workspace_members WHERE workspace_id = $1 AND invited_email = $2',
        [ws.id, email],
      );
      expect(stored).toHaveLength(1);
      expect(stored[0].invite_token_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(stored[0].invite_token_hash).not.toContain(token);
      const list = members.parse((await owner.client.get(`${base}/members`)).json);
      expect(list.map((m) => [m.role, m.status])).toEqual([
        ['owner', 'active'],
        ['admin', 'invited'],
      ]);
    });

    it('the invitee accepts with the mailed token and joins with the invited role; the token works once', async () => {
      const { owner, ws, base } = await workspaceWithOwner();
      const invitee = await signedInUser(server, { full_name: 'Sipho Invitee' });
      await owner.client.post(`${base}/invitations`, { email: invitee.user.email.toUpperCase() });
      const token = tokenFor(invitee.user.email.toUpperCase());
      const accepted = await invitee.client.post('/api/invitations/accept', { token });
      expect(accepted.status).toBe(200);
      expect(workspaceDto.parse(accepted.json)).toMatchObject({ id: ws.id, role: 'member', name: 'Naledi Crafts' });
      expect((await invitee.client.get(`${base}`)).status).toBe(200);
      const list = members.parse((await invitee.client.get(`${base}/members`)).json);
      expect(list.find((m) => m.user_id === invitee.user.id)).toMatchObject({
        status: 'active',
        role: 'member',
        full_name: 'Sipho Invitee',
        email: invitee.user.email,
      });
      const reuse = await invitee.client.post('/api/invitations/accept', { token });
      expect(reuse.status).toBe(404);
      expect(reuse.json).toMatchObject({ message: 'This invitation is invalid or has already been used' });
    });

    it('the link token, signed out, tells whom it invites, to which workspace, and whether they have an account', async () => {
      const { owner, base } = await workspaceWithOwner();
      const newcomer = uniqueEmail('newcomer');
      await owner.client.post(`${base}/invitations`, { email: newcomer });
      const anonymous = new CookieClient(server.url);
      const fresh = await anonymous.post('/api/invitations/preview', { token: tokenFor(newcomer) });
      expect(fresh.status).toBe(200);
      expect(invitationPreview.parse(fresh.json)).toEqual({ email: newcomer, workspace_name: 'Naledi Crafts', has_account: false });

      const existing = await signedInUser(server);
      await owner.client.post(`${base}/invitations`, { email: existing.user.email });
      const known = await anonymous.post('/api/invitations/preview', { token: tokenFor(existing.user.email) });
      expect(invitationPreview.parse(known.json)).toMatchObject({ email: existing.user.email, has_account: true });

      const unknown = await anonymous.post('/api/invitations/preview', { token: 'x'.repeat(43) });
      expect(unknown.status).toBe(404);
      expect(unknown.json).toMatchObject({ message: 'This invitation is invalid or has already been used' });
      expect(unknown.json).not.toHaveProperty('email');

      // A used invitation tells nothing more.
      const joined = await join(owner, base, 'member');
      const used = await anonymous.post('/api/invitations/preview', { token: tokenFor(joined.user.email) });
      expect(used.status).toBe(404);

      const later = uniqueEmail('later');
      await owner.client.post(`${base}/invitations`, { email: later });
      const laterToken = tokenFor(later);
      server.advance(15 * DAY);
      try {
        const expired = await anonymous.post('/api/invitations/preview', { token: laterToken });
        expect(expired.status).toBe(410);
        expect(expired.json).toMatchObject({ code: 'invitation_expired' });
      } finally {
        server.advance(-15 * DAY);
      }
    });

    it('an invitation cannot be accepted by a signed-in user with another email, nor after it expires', async () => {
      const { owner, base } = await workspaceWithOwner();
      const email = uniqueEmail('meant-for');
      await owner.client.post(`${base}/invitations`, { email });
      const token = tokenFor(email);
      const other = await signedInUser(server);
      const wrong = await other.client.post('/api/invitations/accept', { token });
      expect(wrong.status).toBe(403);
      expect(wrong.json).toMatchObject({
        message: 'This invitation was sent to a different email address. Sign in with the invited address to accept it.',
      });
      expect((await other.client.get(base)).status).toBe(403);
      const bad = await other.client.post('/api/invitations/accept', { token: 'short' });
      expect(bad.status).toBe(400);
      expect(bad.json).toMatchObject({ errors: { token: [expect.any(String)] } });

      const late = await signedInUser(server);
      await owner.client.post(`${base}/invitations`, { email: late.user.email });
      const lateToken = tokenFor(late.user.email);
      server.advance(15 * DAY);
      try {
        const expired = await (await signIn(server, late.user.id)).post('/api/invitations/accept', { token: lateToken });
        expect(expired.status).toBe(410);
        expect(expired.json).toMatchObject({ code: 'invitation_expired' });
      } finally {
        server.advance(-15 * DAY);
      }
    });

    it('inviting someone who is already a member answers 409; inviting again renews the pending invitation', async () => {
      const { owner, base } = await workspaceWithOwner();
      const existing = await join(owner, base, 'member');
      const dup = await owner.client.post(`${base}/invitations`, { email: existing.user.email.toUpperCase() });
      expect(dup.status).toBe(409);
      expect(dup.json).toMatchObject({ message: 'This person is already a member of this workspace', code: 'already_member' });
      const ownerSelf = await owner.client.post(`${base}/invitations`, { email: owner.user.email });
      expect(ownerSelf.status).toBe(409);

      const email = uniqueEmail('twice');
      const first = memberDto.parse((await owner.client.post(`${base}/invitations`, { email })).json);
      const firstToken = tokenFor(email);
      const second = memberDto.parse((await owner.client.post(`${base}/invitations`, { email, role: 'admin' })).json);
      expect(second.id).toBe(first.id);
      expect(second.role).toBe('admin');
      expect(tokenFor(email)).not.toBe(firstToken);
      expect(members.parse((await owner.client.get(`${base}/members`)).json).filter((m) => m.email === email)).toHaveLength(1);
    });

    it('only owners and admins invite; bad emails and the owner role are refused with field errors', async () => {
      const { owner, base } = await workspaceWithOwner();
      const admin = await join(owner, base, 'admin');
      const member = await join(owner, base, 'member');
      expect((await admin.client.post(`${base}/invitations`, { email: uniqueEmail() })).status).toBe(200);
      const byMember = await member.client.post(`${base}/invitations`, { email: uniqueEmail() });
      expect(byMember.status).toBe(403);
      const stranger = await signedInUser(server);
      expect((await stranger.client.post(`${base}/invitations`, { email: uniqueEmail() })).status).toBe(403);
      const badEmail = await owner.client.post(`${base}/invitations`, { email: 'not-an-email' });
      expect(badEmail.status).toBe(400);
      expect(badEmail.json).toMatchObject({ errors: { email: ['Please enter a valid email address'] } });
      const asOwner = await owner.client.post(`${base}/invitations`, { email: uniqueEmail(), role: 'owner' });
      expect(asOwner.status).toBe(400);
      expect((await owner.client.post('/api/workspaces/999999/invitations', { email: uniqueEmail() })).status).toBe(404);
    });

    it("owners and admins change roles, but nobody changes the owner's role or makes another owner", async () => {
      const { owner, ws, base } = await workspaceWithOwner();
      const admin = await join(owner, base, 'admin');
      const member = await join(owner, base, 'member');
      const ownerRow = members.parse((await owner.client.get(`${base}/members`)).json).find((m) => m.role === 'owner');
      if (!ownerRow) throw new Error('owner row missing');

      const promoted = await admin.client.patch(`${base}/members/${member.memberId}`, { role: 'admin' });
      expect(promoted.status).toBe(200);
      expect(promoted.json).toMatchObject({ id: member.memberId, role: 'admin', user_id: member.user.id });
      const demoted = await owner.client.patch(`${base}/members/${member.memberId}`, { role: 'member' });
      expect(demoted.json).toMatchObject({ role: 'member' });
      const byMember = await member.client.patch(`${base}/members/${admin.memberId}`, { role: 'member' });
      expect(byMember.status).toBe(403);
      const ownerChange = await admin.client.patch(`${base}/members/${ownerRow.id}`, { role: 'member' });
      expect(ownerChange.status).toBe(403);
      expect(ownerChange.json).toMatchObject({ message: "The owner's role cannot be changed" });
      const makeOwner = await owner.client.patch(`${base}/members/${admin.memberId}`, { role: 'owner' });
      expect(makeOwner.status).toBe(403);
      expect(makeOwner.json).toMatchObject({ message: 'A workspace has exactly one owner; nobody else can be made owner' });
      expect((await owner.client.patch(`${base}/members/999999`, { role: 'admin' })).status).toBe(404);
      expect((await owner.client.patch(`${base}/members/${admin.memberId}`, { role: 'boss' })).status).toBe(400);
      const after = members.parse((await owner.client.get(`${base}/members`)).json);
      expect(after.map((m) => m.role).sort()).toEqual(['admin', 'member', 'owner']);
      expect(workspaceDto.parse((await owner.client.get(base)).json)).toMatchObject({ id: ws.id, owner_id: owner.user.id });
    });

    it('owners and admins remove members, a member may leave, and the owner cannot be removed', async () => {
      const { owner, base } = await workspaceWithOwner();
      const admin = await join(owner, base, 'admin');
      const member = await join(owner, base, 'member');
      const leaver = await join(owner, base, 'member');
      const ownerRow = members.parse((await owner.client.get(`${base}/members`)).json).find((m) => m.role === 'owner');
      if (!ownerRow) throw new Error('owner row missing');

      expect((await member.client.delete(`${base}/members/${leaver.memberId}`)).status).toBe(403);
      const left = await leaver.client.delete(`${base}/members/${leaver.memberId}`);
      expect(left.status).toBe(200);
      expect((await leaver.client.get(base)).status).toBe(403);
      const removeOwner = await admin.client.delete(`${base}/members/${ownerRow.id}`);
      expect(removeOwner.status).toBe(403);
      expect(removeOwner.json).toMatchObject({ message: 'The owner cannot be removed from the workspace' });
      expect((await owner.client.delete(`${base}/members/${ownerRow.id}`)).status).toBe(403);
      expect((await admin.client.delete(`${base}/members/${member.memberId}`)).status).toBe(200);
      expect((await member.client.get(base)).status).toBe(403);
      expect((await owner.client.delete(`${base}/members/${member.memberId}`)).status).toBe(404);

      const email = uniqueEmail('withdrawn');
      const invite = memberDto.parse((await owner.client.post(`${base}/invitations`, { email })).json);
      expect((await owner.client.delete(`${base}/members/${invite.id}`)).status).toBe(200);
      const list = members.parse((await owner.client.get(`${base}/members`)).json);
      expect(list.map((m) => m.user_id)).toEqual([owner.user.id, admin.user.id]);
    });
  });
}
