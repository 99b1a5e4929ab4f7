import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFRESH_REUSE_GRACE_SECONDS } from '../../sync-server/api/auth/session.service.js';
import type { Db } from '../../sync-server/db/db.js';
import { testDatabases } from '../support/databases.js';
import { registered, startAuthServer } from '../support/fixtures-auth.js';
import { CookieClient, type TestServer } from '../support/server.js';

const GRACE_MS = REFRESH_REUSE_GRACE_SECONDS * 1000;

for (const target of testDatabases()) {
  describe(`refresh token reuse grace on ${target.name}`, () => {
    let db: Db;
    let server: TestServer;
    let account: { email: string; password: string };

    beforeAll(async () => {
      db = await target.open();
      server = await startAuthServer(db);
      const r = await registered(server);
      account = { email: r.email, password: r.password };
    });
    afterAll(async () => {
      await server.close();
      await db.close();
    });

    /** A signed-in browser, with its access cookie lapsed so only the refresh cookie counts. */
    const signedIn = async () => {
      const client = new CookieClient(server.url);
      expect((await client.post('/api/auth/login', account)).status).toBe(200);
      client.jar.delete('vuka_at');
      return client;
    };
    /** Another tab of the same browser: the same cookies, sent independently. */
    const tabOf = (client: CookieClient) => {
      const tab = new CookieClient(server.url);
      for (const [name, value] of client.jar) tab.jar.set(name, value);
      return tab;
    };
    const stillSignedIn = async (client: CookieClient) => {
      expect((await client.get('/api/auth/check-session')).json).toMatchObject({ authenticated: true, refreshable: true });
      expect((await client.get('/api/auth/user')).status).toBe(200);
    };
    /** Moves the server clock for the duration of `fn`. */
    const later = async (ms: number, fn: () => Promise<void>) => {
      server.advance(ms);
      try {
        await fn();
      } finally {
        server.advance(-ms);
      }
    };

    it('two tabs refreshing at once with one cookie both succeed, and the user stays signed in with either', async () => {
      const first = await signedIn();
      const second = tabOf(first);
      const [a, b] = await Promise.all([first.post('/api/auth/refresh'), second.post('/api/auth/refresh')]);
      expect([a.status, b.status]).toEqual([200, 200]);
      await stillSignedIn(first);
      await stillSignedIn(second);
      // Each cookie set goes on refreshing.
      expect((await first.post('/api/auth/refresh')).status).toBe(200);
      expect((await second.post('/api/auth/refresh')).status).toBe(200);
      await stillSignedIn(first);
      await stillSignedIn(second);
    });

    it('a rotated token presented again within the grace window is answered with a session', async () => {
      const client = await signedIn();
      const old = tabOf(client);
      expect((await client.post('/api/auth/refresh')).status).toBe(200);
      await later(GRACE_MS - 1000, async () => {
        expect((await old.post('/api/auth/refresh')).status).toBe(200);
        await stillSignedIn(old);
        await stillSignedIn(client);
      });
    });

    it('a rotated token presented after the grace window revokes the whole family', async () => {
      const client = await signedIn();
      const stolen = tabOf(client);
      expect((await client.post('/api/auth/refresh')).status).toBe(200);
      await later(GRACE_MS + 1000, async () => {
        expect((await stolen.post('/api/auth/refresh')).status).toBe(401);
        expect(stolen.jar.has('vuka_rt')).toBe(false);
        // The owner's newest token was revoked with it.
        expect((await client.post('/api/auth/refresh')).status).toBe(401);
        expect((await client.get('/api/auth/check-session')).json).toMatchObject({ authenticated: false, refreshable: false });
      });
    });

    it('within the window, a token whose successor was already rotated is a replay and revokes the family', async () => {
      const client = await signedIn();
      const stolen = tabOf(client);
      expect((await client.post('/api/auth/refresh')).status).toBe(200);
      expect((await client.post('/api/auth/refresh')).status).toBe(200);
      expect((await stolen.post('/api/auth/refresh')).status).toBe(401);
      expect((await client.post('/api/auth/refresh')).status).toBe(401);
    });

    it('the grace window does not bring a signed-out session back', async () => {
      const client = await signedIn();
      const old = tabOf(client);
      expect((await client.post('/api/auth/refresh')).status).toBe(200);
      expect((await client.post('/api/auth/logout')).status).toBe(200);
      expect((await old.post('/api/auth/refresh')).status).toBe(401);
    });
  });
}
