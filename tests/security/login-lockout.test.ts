import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../sync-server/db/db.js';
import { testDatabases } from '../support/databases.js';
import { registered, startAuthServer, uniqueEmail } from '../support/fixtures-auth.js';
import { CookieClient, type TestServer } from '../support/server.js';

const TOO_MANY = /^Too many attempts\. Please try again in \d+ minutes?\.$/;

for (const target of testDatabases()) {
  describe(`sign-in limits cannot lock an owner out, on ${target.name}`, () => {
    let db: Db;
    let server: TestServer;
    // Each test takes its own block of addresses, so the per-address counters never meet.
    let block = 0;
    const addresses = () => {
      block += 1;
      return (i: number) => `10.${block}.${Math.floor(i / 250)}.${(i % 250) + 1}`;
    };

    beforeAll(async () => {
      db = await target.open();
      // The test plays a local proxy that names the client in X-Forwarded-For.
      server = await startAuthServer(db, { RATE_LIMITS: 'on', TRUST_PROXY: 'loopback' });
    });
    afterAll(async () => {
      await server.close();
      await db.close();
    });

    const loginFrom = (ip: string, email: string, password: string) =>
      new CookieClient(server.url).request('POST', '/api/auth/login', { email, password }, { 'x-forwarded-for': ip });

    it('35 wrong passwords from many addresses, then the right password from another address signs in', async () => {
      const { email, password } = await registered(server);
      const from = addresses();
      for (let i = 0; i < 35; i++) {
        expect((await loginFrom(from(i), email, `wrong-guess-${i}`)).status).toBe(401);
      }
      const owner = await loginFrom(from(100), email, password);
      expect(owner.status).toBe(200);
      expect(owner.json).toMatchObject({ user: { email } });
    });

    it('brute force from one address stops after 10 failures on the account, right password included', async () => {
      const { email, password } = await registered(server);
      const from = addresses();
      for (let i = 0; i < 10; i++) expect((await loginFrom(from(0), email, `wrong-guess-${i}`)).status).toBe(401);
      const blocked = await loginFrom(from(0), email, password);
      expect(blocked.status).toBe(429);
      expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(blocked.json).toMatchObject({ code: 'rate_limited', message: expect.stringMatching(TOO_MANY) });
      // The owner elsewhere is not held up by that address's failures.
      expect((await loginFrom(from(1), email, password)).status).toBe(200);
    });

    it('one address failing across many accounts stops after 30 failures', async () => {
      const { email, password } = await registered(server);
      const from = addresses();
      for (let i = 0; i < 30; i++) expect((await loginFrom(from(0), uniqueEmail('sweep'), 'wrong-guess')).status).toBe(401);
      expect((await loginFrom(from(0), email, password)).status).toBe(429);
      expect((await loginFrom(from(1), email, password)).status).toBe(200);
    });

    it('parallel guesses from one address cannot slip past the limit before they are counted', async () => {
      const { email } = await registered(server);
      const from = addresses();
      const results = await Promise.all(Array.from({ length: 20 }, (_, i) => loginFrom(from(0), email, `wrong-guess-${i}`)));
      const statuses = results.map((r) => r.status).sort();
      expect(statuses.filter((s) => s === 401)).toHaveLength(10);
      expect(statuses.filter((s) => s === 429)).toHaveLength(10);
    });

    it('successful sign-ins do not count: an owner signing in again and again is never limited', async () => {
      const { email, password } = await registered(server);
      const from = addresses();
      for (let i = 0; i < 12; i++) expect((await loginFrom(from(0), email, password)).status).toBe(200);
      // And they leave the failure budget untouched: ten mistypes are still allowed after them.
      for (let i = 0; i < 10; i++) expect((await loginFrom(from(0), email, `typo-${i}`)).status).toBe(401);
      expect((await loginFrom(from(0), email, password)).status).toBe(429);
    });
  });
}
