import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFRESH_REUSE_GRACE_SECONDS } from './session.service.js';
import type { Db } from '../../db/db.js';
import { testDatabases } from '../../../tests/support/databases.js';
import { PASSWORD, registerBody, registered, startAuthServer } from '../../../tests/support/fixtures-auth.js';
import { CookieClient, type TestServer } from '../../../tests/support/server.js';

const DAY = 86_400_000;

for (const target of testDatabases()) {
  describe(`auth sessions on ${target.name}`, () => {
    let db: Db;
    let server: TestServer;
    // One registered account shared by the login and session tests (argon2 is slow on purpose).
    let alice: { email: string; password: string };

    beforeAll(async () => {
      db = await target.open();
      server = await startAuthServer(db);
      const r = await registered(server, { full_name: 'Alice Dlamini' });
      alice = { email: r.email, password: r.password };
    });
    afterAll(async () => {
      await server.close();
      await db.close();
    });

    const login = async (email = alice.email, password = alice.password) => {
      const client = new CookieClient(server.url);
      const res = await client.post('/api/auth/login', { email, password });
      return { client, res };
    };

    describe('register', () => {
      it('creates a free account with 100 credits, signs in and mails a verification code', async () => {
        const client = new CookieClient(server.url);
        const body = registerBody({ email: 'New.Person@Example.test' });
        const res = await client.post('/api/auth/register', body);
        expect(res.status).toBe(200);
        expect(res.json).toMatchObject({
          user: {
            email: 'new.person@example.test',
            name: 'Thandi Nkosi',
            credits: 100,
            plan: 'free',
            verified: false,
            hasPassword: true,
            trialEndsAt: null,
          },
        });
        expect(client.jar.has('vuka_at')).toBe(true);
        expect(client.jar.has('vuka_rt')).toBe(true);
        const me = await client.get('/api/auth/user');
        expect(me.status).toBe(200);
        const [row] = await db.query<{
          password: string;
          age_confirmed_at: Date | null;
          terms_accepted_at: Date | null;
          verification_code_hash: string | null;
        }>(
          `SELECT password, age_confirmed_at, terms_accepted_at, verification_code_hash FROM users WHERE email = 'new.person@example.test'`,
        );
        expect(row.password).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
        expect(row.age_confirmed_at).not.toBeNull();
        expect(row.terms_accepted_at).not.toBeNull();
        expect(row.verification_code_hash).toMatch(/^[0-9a-f]{64}$/);
        const mail = await db.query<{ body_text: string }>(`SELECT body_text FROM mail_outbox WHERE recipient = 'new.person@example.test'`);
        expect(mail[0].body_text).toMatch(/Your Vuka verification code is \d{6}/);
      });

      it('plan=pro starts a 30-day Pro trial without a card', async () => {
        const client = new CookieClient(server.url);
        const res = await client.post('/api/auth/register', registerBody({ plan: 'pro' }));
        expect(res.status).toBe(200);
        expect(res.json).toMatchObject({ user: { plan: 'pro' } });
        const ends = Date.parse(String(Reflect.get(Reflect.get(Object(res.json), 'user'), 'trialEndsAt')));
        expect(Math.round((ends - Date.now()) / DAY)).toBe(30);
      });

      it('plan=lite is the free plan', async () => {
        const res = await new CookieClient(server.url).post('/api/auth/register', registerBody({ plan: 'lite' }));
        expect(res.json).toMatchObject({ user: { plan: 'free', trialEndsAt: null } });
      });

      it('refuses an e-mail that exists in any letter case with 409', async () => {
        const res = await new CookieClient(server.url).post('/api/auth/register', registerBody({ email: alice.email.toUpperCase() }));
        expect(res.status).toBe(409);
        expect(res.json).toMatchObject({ message: 'An account with this email already exists' });
      });

      it('bad input answers 400 with the form messages per field and creates nothing', async () => {
        const before = await db.query('SELECT id FROM users');
        const res = await new CookieClient(server.url).post('/api/auth/register', {
          full_name: 'A',
          email: 'not-an-email',
          password: '123',
          confirmPassword: '1234',
          age_confirmed: false,
          terms_accepted: true,
        });
        expect(res.status).toBe(400);
        expect(res.json).toMatchObject({
          code: 'validation_failed',
          errors: {
            full_name: ['Name must be at least 2 characters'],
            email: ['Invalid email address'],
            password: ['Password must be at least 6 characters'],
            age_confirmed: ['You must be at least 18 years old to register'],
          },
        });
        const mismatch = await new CookieClient(server.url).post('/api/auth/register', registerBody({ confirmPassword: 'different' }));
        expect(mismatch.status).toBe(400);
        expect(mismatch.json).toMatchObject({ errors: { confirmPassword: ["Passwords don't match"] } });
        expect(await db.query('SELECT id FROM users')).toHaveLength(before.length);
      });
    });

    describe('login', () => {
      it('signs in with the right password (any letter case of the e-mail)', async () => {
        const { client, res } = await login(alice.email.toUpperCase());
        expect(res.status).toBe(200);
        expect(res.json).toMatchObject({ user: { email: alice.email, name: 'Alice Dlamini' } });
        expect((await client.get('/api/auth/user')).status).toBe(200);
      });

      it('a wrong password and an unknown e-mail get the same 401', async () => {
        const wrong = await login(alice.email, 'wrong-password');
        const unknown = await login('nobody@example.test', PASSWORD);
        expect(wrong.res.status).toBe(401);
        expect(unknown.res.status).toBe(401);
        expect(wrong.res.json).toEqual({ message: 'Invalid email or password' });
        expect(unknown.res.json).toEqual({ message: 'Invalid email or password' });
        expect(wrong.client.jar.size).toBe(0);
      });

      it('an account without a password (social only) cannot log in with one', async () => {
        await db.query(
          `INSERT INTO users (email, full_name, facebook_id, verified) VALUES ('social.only@example.test', 'Social Only', 'fb-1', true)`,
        );
        const { res } = await login('social.only@example.test', PASSWORD);
        expect(res.status).toBe(401);
        expect(res.json).toEqual({ message: 'Invalid email or password' });
      });

      it('bad input answers 400 with field errors', async () => {
        const res = await new CookieClient(server.url).post('/api/auth/login', { email: 'x', password: '1' });
        expect(res.status).toBe(400);
        expect(res.json).toMatchObject({
          errors: { email: ['Invalid email address'], password: ['Password must be at least 6 characters'] },
        });
      });

      it('a POST from another site is refused with 403', async () => {
        const res = await new CookieClient(server.url).request(
          'POST',
          '/api/auth/login',
          { email: alice.email, password: alice.password },
          { origin: 'https://evil.example' },
        );
        expect(res.status).toBe(403);
        expect(res.headers.getSetCookie()).toEqual([]);
      });
    });

    describe('session', () => {
      it('the current user is 401 without a live access cookie', async () => {
        expect((await new CookieClient(server.url).get('/api/auth/user')).status).toBe(401);
      });

      it('check-session: anonymous, signed in, and refreshable after the access cookie lapsed', async () => {
        const anon = await new CookieClient(server.url).get('/api/auth/check-session');
        expect(anon.json).toEqual({ authenticated: false, accessExpiresAt: null, refreshable: false });

        const { client } = await login();
        const live = await client.get('/api/auth/check-session');
        expect(live.json).toMatchObject({ authenticated: true, refreshable: true });
        const exp = Number(Reflect.get(Object(live.json), 'accessExpiresAt'));
        expect(Math.round((exp - Date.now()) / 60_000)).toBe(15);

        client.jar.delete('vuka_at');
        const onlyRefresh = await client.get('/api/auth/check-session');
        expect(onlyRefresh.json).toEqual({ authenticated: true, accessExpiresAt: null, refreshable: true });
        expect((await client.get('/api/auth/user')).status).toBe(401);
      });

      it('refresh rotates the token and restores the access cookie', async () => {
        const { client } = await login();
        const first = client.jar.get('vuka_rt');
        client.jar.delete('vuka_at');
        const res = await client.post('/api/auth/refresh');
        expect(res.status).toBe(200);
        expect(res.json).toMatchObject({ message: expect.any(String), accessExpiresAt: expect.any(Number) });
        expect(client.jar.get('vuka_rt')).not.toBe(first);
        expect((await client.get('/api/auth/user')).status).toBe(200);
        const rows = await db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM refresh_tokens WHERE family_id = (SELECT family_id FROM refresh_tokens ORDER BY id DESC LIMIT 1)`,
        );
        expect(rows[0].n).toBe(2);
      });

      it('presenting a rotated refresh token after the grace window revokes the family: the newest token stops working too', async () => {
        const { client } = await login();
        const stolen = client.jar.get('vuka_rt') ?? '';
        expect((await client.post('/api/auth/refresh')).status).toBe(200);
        const thief = new CookieClient(server.url);
        thief.jar.set('vuka_rt', stolen);
        server.advance((REFRESH_REUSE_GRACE_SECONDS + 1) * 1000);
        try {
          const replay = await thief.post('/api/auth/refresh');
          expect(replay.status).toBe(401);
          // The owner's newer token belongs to the revoked family.
          const owner = await client.post('/api/auth/refresh');
          expect(owner.status).toBe(401);
          expect(client.jar.has('vuka_rt')).toBe(false);
          // And the access cookie minted in that family no longer counts.
          expect((await client.get('/api/auth/check-session')).json).toMatchObject({ authenticated: false });
        } finally {
          server.advance(-(REFRESH_REUSE_GRACE_SECONDS + 1) * 1000);
        }
      });

      it('refresh without a cookie, or with an unknown one, answers 401', async () => {
        expect((await new CookieClient(server.url).post('/api/auth/refresh')).status).toBe(401);
        const c = new CookieClient(server.url);
        c.jar.set('vuka_rt', 'made-up-token');
        expect((await c.post('/api/auth/refresh')).status).toBe(401);
      });

      it('a refresh token older than 30 days no longer refreshes', async () => {
        const { client } = await login();
        server.advance(31 * DAY);
        try {
          expect((await client.get('/api/auth/check-session')).json).toEqual({
            authenticated: false,
            accessExpiresAt: null,
            refreshable: false,
          });
          expect((await client.post('/api/auth/refresh')).status).toBe(401);
        } finally {
          server.advance(-31 * DAY);
        }
      });

      it('logout revokes the family and clears both cookies', async () => {
        const { client } = await login();
        const access = client.jar.get('vuka_at') ?? '';
        const refresh = client.jar.get('vuka_rt') ?? '';
        const res = await client.post('/api/auth/logout');
        expect(res.status).toBe(200);
        expect(client.jar.size).toBe(0);
        // Replaying the old cookies gets nowhere.
        const replay = new CookieClient(server.url);
        replay.jar.set('vuka_rt', refresh);
        expect((await replay.post('/api/auth/refresh')).status).toBe(401);
        const old = new CookieClient(server.url);
        old.jar.set('vuka_at', access);
        expect((await old.get('/api/auth/user')).status).toBe(401);
      });

      it('logout without a session still answers 200', async () => {
        expect((await new CookieClient(server.url).post('/api/auth/logout')).status).toBe(200);
      });
    });

    it('cookies in production are __Host- prefixed, Secure, HttpOnly, SameSite=Lax, Path=/', async () => {
      const prod = await startAuthServer(db, { NODE_ENV: 'production', APP_ORIGIN: 'https://app.example' });
      try {
        const res = await new CookieClient(prod.url).post('/api/auth/login', alice);
        expect(res.status).toBe(200);
        const cookies = res.headers.getSetCookie();
        for (const name of ['__Host-vuka_at', '__Host-vuka_rt']) {
          const line = cookies.find((c) => c.startsWith(`${name}=`)) ?? '';
          expect(line).toMatch(/; HttpOnly/i);
          expect(line).toMatch(/; Secure/i);
          expect(line).toMatch(/; SameSite=Lax/i);
          expect(line).toMatch(/; Path=\//i);
        }
      } finally {
        await prod.close();
      }
    });

    describe('account', () => {
      it('updates the profile and returns the user', async () => {
        const { client } = await login();
        const res = await client.patch('/api/auth/user', {
          full_name: 'Alice D.',
          title: 'Owner',
          avatar_url: 'https://img.example/a.png',
        });
        expect(res.status).toBe(200);
        expect(res.json).toMatchObject({
          name: 'Alice D.',
          full_name: 'Alice D.',
          title: 'Owner',
          profileImage: 'https://img.example/a.png',
        });
        const bad = await client.patch('/api/auth/user', { full_name: 'A', avatar_url: 'nope' });
        expect(bad.status).toBe(400);
        expect(bad.json).toMatchObject({
          errors: { full_name: ['Name must be at least 2 characters'], avatar_url: ['Enter a full web address'] },
        });
        expect((await new CookieClient(server.url).patch('/api/auth/user', { title: 'x' })).status).toBe(401);
      });

      it('changes the password after checking the current one, ending other sessions', async () => {
        const { client, email, password } = await registered(server);
        const other = new CookieClient(server.url);
        expect((await other.post('/api/auth/login', { email, password })).status).toBe(200);
        const short = await client.post('/api/auth/change-password', {
          currentPassword: password,
          password: '123',
          confirmPassword: '123',
        });
        expect(short.status).toBe(400);
        expect(short.json).toMatchObject({ errors: { password: ['Password must be at least 6 characters'] } });
        const wrong = await client.post('/api/auth/change-password', {
          currentPassword: 'not-it-at-all',
          password: 'brand-new-1',
          confirmPassword: 'brand-new-1',
        });
        expect(wrong.status).toBe(400);
        expect(wrong.json).toMatchObject({ errors: { currentPassword: ['Current password is incorrect'] } });
        const ok = await client.post('/api/auth/change-password', {
          currentPassword: password,
          password: 'brand-new-1',
          confirmPassword: 'brand-new-1',
        });
        expect(ok.status).toBe(200);
        expect((await client.get('/api/auth/user')).status).toBe(200);
        expect((await other.post('/api/auth/refresh')).status).toBe(401);
        expect((await new CookieClient(server.url).post('/api/auth/login', { email, password })).status).toBe(401);
        expect((await new CookieClient(server.url).post('/api/auth/login', { email, password: 'brand-new-1' })).status).toBe(200);
      });

      it('deletes the account only with its password and DELETE typed, then signs out', async () => {
        const { client, email, password } = await registered(server);
        const noConfirm = await client.post('/api/auth/delete-account', { password, confirm: 'delete' });
        expect(noConfirm.status).toBe(400);
        expect(noConfirm.json).toMatchObject({ errors: { confirm: ['Type DELETE to confirm'] } });
        const wrong = await client.post('/api/auth/delete-account', { password: 'wrong-one', confirm: 'DELETE' });
        expect(wrong.status).toBe(400);
        expect(await db.query('SELECT 1 FROM users WHERE email = $1', [email])).toHaveLength(1);
        const ok = await client.post('/api/auth/delete-account', { password, confirm: 'DELETE' });
        expect(ok.status).toBe(200);
        expect(client.jar.size).toBe(0);
        expect(await db.query('SELECT 1 FROM users WHERE email = $1', [email])).toHaveLength(0);
        expect((await new CookieClient(server.url).post('/api/auth/login', { email, password })).status).toBe(401);
      });
    });
  });
}
