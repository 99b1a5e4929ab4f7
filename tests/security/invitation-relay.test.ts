import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../sync-server/db/db.js';
import { INVITES_PER_INVITER_PER_HOUR, INVITES_PER_WORKSPACE_PER_DAY } from '../../sync-server/api/workspaces/invite-limits.js';
import { memberMessages } from '../../sync-server/api/workspaces/members.service.js';
import { errorBody } from '../../schema/kit/http.js';
import { workspaceDto } from '../../schema/workspaces/workspaces.js';
import { testDatabases } from '../support/databases.js';
import { signedInUser, signIn, uniqueEmail } from '../support/fixtures.js';
import { startTestServer, type CookieClient, type TestServer } from '../support/server.js';

/**
 * Probe: workspace invitations are not an open mail relay. Only verified accounts invite, an
 * inviter and a workspace can send only so many, and the names an inviter chooses reach the
 * recipient only quoted, cleaned and marked as theirs. Mail is read back from the real outbox.
 */

const HOUR = 3600_000;

for (const target of testDatabases()) {
  describe(`invitations are no spam or phishing relay on ${target.name}`, () => {
    let db: Db;
    let server: TestServer;
    beforeAll(async () => {
      db = await target.open();
      server = await startTestServer(db, { env: { APP_ORIGIN: 'https://app.vuka.test' } });
    });
    afterAll(async () => {
      await server?.close();
      await db?.close();
    });

    const outbox = (to: string) =>
      db.query<{ subject: string; body_text: string; body_html: string | null }>(
        'SELECT subject, body_text, body_html FROM mail_outbox WHERE recipient = $1 ORDER BY id',
        [to],
      );
    async function ownerWithWorkspace(name = 'Thandi Weaves', opts: { verified?: boolean } = {}) {
      const owner = await signedInUser(server, { full_name: 'Thandi Owner' });
      const ws = workspaceDto.parse((await owner.client.post('/api/workspaces', { name })).json);
      if (opts.verified === false) await db.query('UPDATE users SET verified = false WHERE id = $1', [owner.user.id]);
      return { ...owner, base: `/api/workspaces/${ws.id}` };
    }
    const invite = (client: CookieClient, base: string, email = uniqueEmail('guest')) =>
      client.post(`${base}/invitations`, { email, role: 'member' }).then((res) => ({ ...res, email }));

    it('an unverified account cannot invite: 403 with a clear message, nothing stored and no mail sent', async () => {
      const { client, base } = await ownerWithWorkspace('Unproven Traders', { verified: false });
      const res = await invite(client, base);
      expect(res.status).toBe(403);
      expect(res.json).toEqual({ message: memberMessages.unverified, code: 'email_unverified' });
      expect(await outbox(res.email)).toEqual([]);
      const stored = await db.query('SELECT 1 FROM workspace_members WHERE invited_email = $1', [res.email]);
      expect(stored).toEqual([]);
    });

    it(`an inviter's invitation number ${INVITES_PER_INVITER_PER_HOUR + 1} in an hour is refused with 429 and Retry-After, and sends nothing`, async () => {
      const { user, client, base } = await ownerWithWorkspace();
      for (let i = 0; i < INVITES_PER_INVITER_PER_HOUR; i += 1) expect((await invite(client, base)).status).toBe(200);
      const over = await invite(client, base);
      expect(over.status).toBe(429);
      expect(over.json).toMatchObject({ code: 'invitations_rate_limited' });
      expect(errorBody.parse(over.json).message).toMatch(
        new RegExp(
          `^You can send up to ${INVITES_PER_INVITER_PER_HOUR} invitations an hour, and you have reached that\\. Please try again in (\\d+ minutes?|1 hour)\\.$`,
        ),
      );
      const retryAfter = Number(over.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(3600);
      expect(await outbox(over.email)).toEqual([]);
      // The next hour the inviter may send again (signed in anew: the test session lasts an hour).
      server.advance(HOUR);
      expect((await invite(await signIn(server, user.id), base)).status).toBe(200);
    });

    it(`a workspace's invitations stop at ${INVITES_PER_WORKSPACE_PER_DAY} a day, whoever sends them`, async () => {
      const { user, base } = await ownerWithWorkspace();
      let sent = 0;
      let client: CookieClient;
      // An hour between batches keeps the inviter within their own limit; the workspace's day runs on.
      while (sent < INVITES_PER_WORKSPACE_PER_DAY) {
        client = await signIn(server, user.id);
        const batch = Math.min(INVITES_PER_INVITER_PER_HOUR, INVITES_PER_WORKSPACE_PER_DAY - sent);
        for (let i = 0; i < batch; i += 1) expect((await invite(client, base)).status).toBe(200);
        sent += batch;
        server.advance(HOUR);
      }
      client = await signIn(server, user.id);
      const over = await invite(client, base);
      expect(over.status).toBe(429);
      expect(errorBody.parse(over.json).message).toMatch(/^This workspace can send up to \d+ invitations a day/);
      expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await outbox(over.email)).toEqual([]);
    });

    it('a workspace name with line breaks, a link and markup reaches the mail only quoted, cleaned and marked as the inviter’s', async () => {
      const evil = 'Acme\r\nBcc: victim@example.com\n<a href="https://evil.example/login">Verify your account</a>';
      const { user, client, base } = await ownerWithWorkspace(evil);
      await db.query('UPDATE users SET full_name = $2 WHERE id = $1', [user.id, 'Vuka Support\nhttps://evil.example']);
      const res = await invite(client, base);
      expect(res.status).toBe(200);
      const [mail] = await outbox(res.email);
      if (!mail) throw new Error('no invitation mail in the outbox');

      // Nothing the inviter typed reaches the subject at all.
      expect(mail.subject).toBe('You are invited to a workspace on Vuka');

      for (const body of [mail.body_text, mail.body_html ?? '']) {
        expect(body).not.toContain('https://evil.example');
        expect(body).not.toContain('<a href="https://evil');
        expect(body).not.toContain('Bcc: victim');
        expect(body).toContain('as the person who invited you wrote it');
      }
      expect(mail.body_text).toContain(
        'The workspace is called "Acme Bcc victim example.com a href https evil.example login Verify your account a".',
      );
      expect(mail.body_text).toContain(`(${user.email}) invited you`);
      expect(mail.body_html).toContain('&quot;Acme Bcc victim example.com');
      // The one link in the mail is ours.
      expect(mail.body_text.match(/https?:\/\/\S+/g)).toEqual([
        expect.stringMatching(/^https:\/\/app\.vuka\.test\/invitations\/accept\?token=/),
      ]);
    });
  });
}
