import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/db.js';
import { testDatabases } from '../../../tests/support/databases.js';
import { startFakeIdp } from '../../../tests/support/fake-idp.js';
import { latestCode, registered, startAuthServer, uniqueEmail, wrongCode } from '../../../tests/support/fixtures-auth.js';
import { CookieClient, type TestServer } from '../../../tests/support/server.js';

type FakeIdp = Awaited<ReturnType<typeof startFakeIdp>>;

function field(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null ? Reflect.get(value, key) : undefined;
}

for (const target of testDatabases()) {
  describe(`social sign-in on ${target.name}`, () => {
    let db: Db;
    let server: TestServer;
    let facebook: FakeIdp;
    let x: FakeIdp;

    beforeAll(async () => {
      db = await target.open();
      facebook = await startFakeIdp({ shape: 'facebook', clientId: 'fb-client', clientSecret: 'fb-secret' });
      x = await startFakeIdp({ shape: 'x', clientId: 'x-client', clientSecret: 'x-secret' });
      server = await startAuthServer(db, {
        APP_ORIGIN: 'http://vuka.test',
        FACEBOOK_CLIENT_ID: 'fb-client',
        FACEBOOK_CLIENT_SECRET: 'fb-secret',
        FACEBOOK_AUTH_URL: facebook.authUrl,
        FACEBOOK_TOKEN_URL: facebook.tokenUrl,
        FACEBOOK_USERINFO_URL: facebook.userinfoUrl,
        X_CLIENT_ID: 'x-client',
        X_CLIENT_SECRET: 'x-secret',
        X_AUTH_URL: x.authUrl,
        X_TOKEN_URL: x.tokenUrl,
        X_USERINFO_URL: x.userinfoUrl,
      });
    });
    afterAll(async () => {
      await server.close();
      await facebook.close();
      await x.close();
      await db.close();
    });

    /** Follows the whole redirect dance like a browser: app → provider → app callback. */
    async function signIn(client: CookieClient, provider: 'facebook' | 'twitter', redirect?: string) {
      const query = redirect === undefined ? '' : `?${new URLSearchParams({ redirect }).toString()}`;
      const start = await client.get(`/api/auth/${provider}/auth${query}`);
      expect(start.status).toBe(200);
      const authUrl = String(field(start.json, 'auth_url'));
      const atIdp = await fetch(authUrl, { redirect: 'manual' });
      expect(atIdp.status).toBe(302);
      const back = new URL(atIdp.headers.get('location') ?? '');
      expect(back.origin + back.pathname).toBe(`http://vuka.test/api/auth/${provider}/callback`);
      return client.get(back.pathname + back.search);
    }

    it('Facebook with an e-mail creates a verified account, signs in and lands on /controlhub', async () => {
      const email = uniqueEmail('fb');
      facebook.signInAs({ id: 'fb-100', name: 'Sipho Facebook', email });
      const client = new CookieClient(server.url);
      const res = await signIn(client, 'facebook');
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toBe('/controlhub');
      const me = await client.get('/api/auth/user');
      expect(me.json).toMatchObject({ email, name: 'Sipho Facebook', verified: true, hasPassword: false, credits: 100, plan: 'free' });
      const [row] = await db.query<{ facebook_id: string }>('SELECT facebook_id FROM users WHERE email = $1', [email]);
      expect(row.facebook_id).toBe('fb-100');

      // The same Facebook account again is the same user.
      const again = new CookieClient(server.url);
      expect((await signIn(again, 'facebook')).headers.get('location')).toBe('/controlhub');
      expect(field((await again.get('/api/auth/user')).json, 'id')).toBe(field(me.json, 'id'));
    });

    it('a sign-in started with a return path ends on it; one to another site, or none, ends on /controlhub', async () => {
      facebook.signInAs({ id: 'fb-back-1', name: 'Thandi Cart', email: uniqueEmail('fb-back') });
      const client = new CookieClient(server.url);
      const back = await signIn(client, 'facebook', '/cart?from=header');
      expect(back.headers.get('location')).toBe('/cart?from=header');
      expect(client.jar.has('vuka_at')).toBe(true);
      // The path is spent: the next sign-in in this browser, started without one, goes to /controlhub.
      expect((await signIn(client, 'facebook')).headers.get('location')).toBe('/controlhub');

      for (const evil of ['//evil.example/steal', 'https://evil.example/', '/\\evil.example', '/api/auth/logout']) {
        const other = new CookieClient(server.url);
        expect((await signIn(other, 'facebook', evil)).headers.get('location'), evil).toBe('/controlhub');
      }
    });

    it('without an e-mail from the provider, the verify step and a failed sign-in keep the return path', async () => {
      x.signInAs({ id: 'x-back-1', name: 'No Mail' });
      const client = new CookieClient(server.url);
      const res = await signIn(client, 'twitter', '/cart');
      expect(res.headers.get('location')).toBe('/auth?social=verify&redirect=%2Fcart');

      const refused = new CookieClient(server.url);
      const start = await refused.get(`/api/auth/facebook/auth?redirect=${encodeURIComponent('/cart')}`);
      expect(start.status).toBe(200);
      const failed = await refused.get('/api/auth/facebook/callback?code=x&state=not-this-browsers');
      expect(failed.headers.get('location')).toBe('/auth?social=error&redirect=%2Fcart');
    });

    it('the auth url carries state, redirect_uri and scope; X adds an S256 PKCE challenge', async () => {
      const fb = new URL(String(field((await new CookieClient(server.url).get('/api/auth/facebook/auth')).json, 'auth_url')));
      expect(fb.searchParams.get('client_id')).toBe('fb-client');
      expect(fb.searchParams.get('redirect_uri')).toBe('http://vuka.test/api/auth/facebook/callback');
      expect(fb.searchParams.get('state')?.length).toBeGreaterThanOrEqual(43);
      expect(fb.searchParams.get('code_challenge')).toBeNull();
      const tw = new URL(String(field((await new CookieClient(server.url).get('/api/auth/twitter/auth')).json, 'auth_url')));
      expect(tw.searchParams.get('code_challenge_method')).toBe('S256');
      expect(tw.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    });

    it('a verified account with the same e-mail gets the Facebook id linked and keeps its password', async () => {
      const { email, password } = await registered(server);
      await db.query('UPDATE users SET verified = true WHERE email = $1', [email]);
      facebook.signInAs({ id: 'fb-200', name: 'Linked', email: email.toUpperCase() });
      const client = new CookieClient(server.url);
      expect((await signIn(client, 'facebook')).headers.get('location')).toBe('/controlhub');
      expect((await client.get('/api/auth/user')).json).toMatchObject({ email, hasPassword: true });
      const [row] = await db.query<{ facebook_id: string }>('SELECT facebook_id FROM users WHERE email = $1', [email]);
      expect(row.facebook_id).toBe('fb-200');
      expect((await new CookieClient(server.url).post('/api/auth/login', { email, password })).status).toBe(200);
    });

    it('an unverified account with that e-mail loses its password and sessions when the provider proves the address', async () => {
      const { client: squatter, email, password } = await registered(server);
      facebook.signInAs({ id: 'fb-300', name: 'Real Owner', email });
      const owner = new CookieClient(server.url);
      expect((await signIn(owner, 'facebook')).headers.get('location')).toBe('/controlhub');
      expect((await owner.get('/api/auth/user')).json).toMatchObject({ email, verified: true, hasPassword: false });
      expect((await squatter.post('/api/auth/refresh')).status).toBe(401);
      expect((await new CookieClient(server.url).post('/api/auth/login', { email, password })).status).toBe(401);
    });

    it('X without an e-mail: verify page, send-code with cooldown, wrong then right code signs in', async () => {
      x.signInAs({ id: 'x-500', name: 'Zanele X', username: 'zanele' });
      const client = new CookieClient(server.url);
      const res = await signIn(client, 'twitter');
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toBe('/auth?social=verify');
      expect(client.jar.has('vuka_at')).toBe(false);

      const email = uniqueEmail('x');
      const badEmail = await client.post('/api/auth/social/send-code', { email: 'not-an-address' });
      expect(badEmail.status).toBe(400);
      expect(badEmail.json).toMatchObject({ errors: { email: ['Invalid email address'] } });
      const sent = await client.post('/api/auth/social/send-code', { email });
      expect(sent.status).toBe(200);
      expect(sent.json).toMatchObject({ canResend: false, secondsRemaining: 60 });
      const early = await client.post('/api/auth/social/send-code', { email });
      expect(early.status).toBe(429);
      expect(early.json).toMatchObject({ code: 'cooldown', canResend: false, secondsRemaining: expect.any(Number) });

      const code = await latestCode(db, email);
      const wrong = await client.post('/auth/verify-social-email', { email, verification_code: wrongCode(code) });
      expect(wrong.status).toBe(400);
      expect(wrong.json).toMatchObject({ message: 'Invalid code. Please try again.' });
      const otherEmail = await client.post('/auth/verify-social-email', { email: uniqueEmail('other'), verification_code: code });
      expect(otherEmail.status).toBe(400);

      const ok = await client.post('/auth/verify-social-email', { email, verification_code: code });
      expect(ok.status).toBe(200);
      expect(ok.json).toMatchObject({ user: { email, name: 'Zanele X', verified: true, hasPassword: false } });
      expect(client.jar.has('vuka_social')).toBe(false);
      expect((await client.get('/api/auth/user')).status).toBe(200);
      const [row] = await db.query<{ twitter_id: string }>('SELECT twitter_id FROM users WHERE email = $1', [email]);
      expect(row.twitter_id).toBe('x-500');

      // The pending identity is spent; the same X account next time signs straight in.
      const replay = await client.post('/auth/verify-social-email', { email, verification_code: code });
      expect(replay.status).toBe(400);
      const next = new CookieClient(server.url);
      expect((await signIn(next, 'twitter')).headers.get('location')).toBe('/controlhub');
    });

    it('a social-only account cannot change a password it has none of, and deletes with DELETE alone', async () => {
      const email = uniqueEmail('fbdel');
      facebook.signInAs({ id: 'fb-900', name: 'Leaving Soon', email });
      const client = new CookieClient(server.url);
      expect((await signIn(client, 'facebook')).headers.get('location')).toBe('/controlhub');
      const change = await client.post('/api/auth/change-password', {
        currentPassword: 'whatever',
        password: 'new-pass-1',
        confirmPassword: 'new-pass-1',
      });
      expect(change.status).toBe(400);
      expect(change.json).toMatchObject({ code: 'no_password' });
      const del = await client.post('/api/auth/delete-account', { confirm: 'DELETE' });
      expect(del.status).toBe(200);
      expect(await db.query('SELECT 1 FROM users WHERE email = $1', [email])).toHaveLength(0);
      expect((await client.get('/api/auth/user')).status).toBe(401);
    });

    it('send-code and verify-social-email without a pending identity answer 400', async () => {
      const client = new CookieClient(server.url);
      const send = await client.post('/api/auth/social/send-code', { email: uniqueEmail() });
      expect(send.status).toBe(400);
      expect(String(field(send.json, 'message'))).toMatch(/sign in with Facebook or X again/);
      const verify = await client.post('/auth/verify-social-email', { email: uniqueEmail(), verification_code: '123456' });
      expect(verify.status).toBe(400);
      const bad = await client.post('/auth/verify-social-email', { email: 'nope', verification_code: '12' });
      expect(bad.json).toMatchObject({
        errors: { email: ['Invalid email address'], verification_code: ['Verification code must be 6 digits'] },
      });
    });

    it('a callback whose state was started in another browser, or replayed, is refused', async () => {
      x.signInAs({ id: 'x-600', name: 'Victim' });
      const attacker = new CookieClient(server.url);
      const start = await attacker.get('/api/auth/twitter/auth');
      const atIdp = await fetch(String(field(start.json, 'auth_url')), { redirect: 'manual' });
      const back = new URL(atIdp.headers.get('location') ?? '');
      const victim = new CookieClient(server.url);
      const forced = await victim.get(back.pathname + back.search);
      expect(forced.headers.get('location')).toMatch(/^\/auth\?social=error/);
      expect(victim.jar.has('vuka_at')).toBe(false);

      const honest = new CookieClient(server.url);
      const first = await signIn(honest, 'facebook');
      expect(first.headers.get('location')).toMatch(/^\/(controlhub|auth)/);
      const start2 = await honest.get('/api/auth/facebook/auth');
      const stateCookie = honest.jar.get('vuka_oauth') ?? '';
      const atIdp2 = await fetch(String(field(start2.json, 'auth_url')), { redirect: 'manual' });
      const back2 = new URL(atIdp2.headers.get('location') ?? '');
      await honest.get(back2.pathname + back2.search);
      honest.jar.set('vuka_oauth', stateCookie);
      const replay = await honest.get(back2.pathname + back2.search);
      expect(replay.headers.get('location')).toMatch(/^\/auth\?social=error/);
    });

    it('the PKCE verifier is checked by the provider: a wrong verifier fails the sign-in', async () => {
      x.signInAs({ id: 'x-700', name: 'Pkce' });
      const client = new CookieClient(server.url);
      const start = await client.get('/api/auth/twitter/auth');
      await db.query(`UPDATE oauth_states SET code_verifier = 'not-the-verifier-not-the-verifier-not-the-ve'`);
      const atIdp = await fetch(String(field(start.json, 'auth_url')), { redirect: 'manual' });
      const back = new URL(atIdp.headers.get('location') ?? '');
      const res = await client.get(back.pathname + back.search);
      expect(res.headers.get('location')).toMatch(/^\/auth\?social=error/);
      expect(x.rejections.at(-1)).toBe('pkce_mismatch');
    });

    it('the server names the providers it is configured for; with none, the list is empty', async () => {
      expect((await new CookieClient(server.url).get('/api/auth/social/providers')).json).toEqual({ providers: ['facebook', 'twitter'] });
      const bare = await startAuthServer(db);
      const onlyX = await startAuthServer(db, { X_CLIENT_ID: 'x-client', X_CLIENT_SECRET: 'x-secret', FACEBOOK_CLIENT_ID: 'fb-no-secret' });
      try {
        const none = await new CookieClient(bare.url).get('/api/auth/social/providers');
        expect(none.status).toBe(200);
        expect(none.json).toEqual({ providers: [] });
        // A client id without its secret cannot finish a sign-in, so it does not count as configured.
        expect((await new CookieClient(onlyX.url).get('/api/auth/social/providers')).json).toEqual({ providers: ['twitter'] });
      } finally {
        await bare.close();
        await onlyX.close();
      }
    });

    it('a provider without a client id answers 503; an unknown provider 400', async () => {
      const bare = await startAuthServer(db);
      try {
        const fb = await new CookieClient(bare.url).get('/api/auth/facebook/auth');
        expect(fb.status).toBe(503);
        expect(fb.json).toMatchObject({ message: 'Facebook sign-in is not configured' });
        const tw = await new CookieClient(bare.url).get('/api/auth/twitter/auth');
        expect(tw.status).toBe(503);
        expect(tw.json).toMatchObject({ message: 'X sign-in is not configured' });
        expect((await new CookieClient(bare.url).get('/api/auth/google/auth')).status).toBe(400);
      } finally {
        await bare.close();
      }
    });
  });
}
