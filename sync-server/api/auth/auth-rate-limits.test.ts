import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/db.js';
import { rateLimit } from '../../http/rate-limit.js';
import { testDatabases } from '../../../tests/support/databases.js';
import { latestCode, registered, startAuthServer, uniqueEmail, wrongCode } from '../../../tests/support/fixtures-auth.js';
import { CookieClient, type TestServer } from '../../../tests/support/server.js';

const HOUR = 3_600_000;

for (const target of testDatabases()) {
  describe(`auth rate limits on ${target.name}`, () => {
    let db: Db;
    let server: TestServer;

    beforeAll(async () => {
      db = await target.open();
      server = await startAuthServer(db, { RATE_LIMITS: 'on' });
    });
    afterAll(async () => {
      await server.close();
      await db.close();
    });

    describe('rateLimit() (sync-server/http/rate-limit.ts)', () => {
      const t0 = new Date('2026-01-01T10:00:00Z');
      const at = (seconds: number) => new Date(t0.getTime() + seconds * 1000);

      it('allows max hits per window, then reports the seconds until the window ends', async () => {
        const limit = { max: 3, windowSeconds: 60 };
        for (let i = 0; i < 3; i++) expect((await rateLimit(db, 'k:a', limit, at(i))).allowed).toBe(true);
        const blocked = await rateLimit(db, 'k:a', limit, at(20));
        expect(blocked).toEqual({ allowed: false, hits: 4, retryAfterSeconds: 40 });
        expect((await rateLimit(db, 'k:b', limit, at(20))).allowed).toBe(true);
      });

      it('a new window starts once the old one is over', async () => {
        const limit = { max: 1, windowSeconds: 60 };
        expect((await rateLimit(db, 'k:c', limit, at(0))).allowed).toBe(true);
        expect((await rateLimit(db, 'k:c', limit, at(59))).allowed).toBe(false);
        expect(await rateLimit(db, 'k:c', limit, at(60))).toEqual({ allowed: true, hits: 1, retryAfterSeconds: 0 });
      });

      it('concurrent hits are all counted', async () => {
        const limit = { max: 100, windowSeconds: 60 };
        await Promise.all(Array.from({ length: 20 }, () => rateLimit(db, 'k:d', limit, at(1))));
        const [row] = await db.query<{ hits: number }>(`SELECT hits FROM rate_limits WHERE key = 'k:d'`);
        expect(row.hits).toBe(20);
      });
    });

    it('the 11th login attempt on one account in 15 minutes answers 429 with Retry-After', async () => {
      const email = uniqueEmail('target');
      for (let i = 0; i < 10; i++) {
        expect((await new CookieClient(server.url).post('/api/auth/login', { email, password: `guess-${i}` })).status).toBe(401);
      }
      const blocked = await new CookieClient(server.url).post('/api/auth/login', { email, password: 'guess-x' });
      expect(blocked.status).toBe(429);
      expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(blocked.json).toMatchObject({
        code: 'rate_limited',
        message: expect.stringMatching(/^Too many attempts\. Please try again in \d+ minutes?\.$/),
      });
      // Another account from the same address is not blocked by this account's limit.
      expect((await new CookieClient(server.url).post('/api/auth/login', { email: uniqueEmail(), password: 'guess-0' })).status).toBe(401);
    });

    it('reset requests are limited per IP across accounts and allowed again after the window', async () => {
      for (let i = 0; i < 10; i++) {
        expect((await new CookieClient(server.url).post('/api/auth/request-reset', { email: uniqueEmail('r') })).status).toBe(200);
      }
      const blocked = await new CookieClient(server.url).post('/api/auth/request-reset', { email: uniqueEmail('r') });
      expect(blocked.status).toBe(429);
      expect(Number(blocked.headers.get('retry-after'))).toBeLessThanOrEqual(3600);
      server.advance(HOUR);
      try {
        expect((await new CookieClient(server.url).post('/api/auth/request-reset', { email: uniqueEmail('r') })).status).toBe(200);
      } finally {
        server.advance(-HOUR);
      }
    });

    it('limits hold across instances sharing the database', async () => {
      const second = await startAuthServer(db, { RATE_LIMITS: 'on' });
      try {
        const email = uniqueEmail('shared');
        for (let i = 0; i < 3; i++)
          expect((await new CookieClient(server.url).post('/api/auth/request-reset', { email })).status).toBe(200);
        for (let i = 0; i < 2; i++)
          expect((await new CookieClient(second.url).post('/api/auth/request-reset', { email })).status).toBe(200);
        // Five per account per hour, counted by both instances together.
        expect((await new CookieClient(second.url).post('/api/auth/request-reset', { email })).status).toBe(429);
      } finally {
        await second.close();
      }
    });

    it('verification codes allow 5 attempts per 15 minutes per account, then even the right code waits', async () => {
      const { client, email } = await registered(server);
      const code = await latestCode(db, email);
      for (let i = 0; i < 5; i++) {
        expect((await client.post('/api/auth/verify-email', { code: wrongCode(code) })).status).toBe(400);
      }
      const blocked = await client.post('/api/auth/verify-email', { code });
      expect(blocked.status).toBe(429);
      expect(blocked.headers.get('retry-after')).not.toBeNull();
    });

    it('RATE_LIMITS=off lifts the limits outside production', async () => {
      const open = await startAuthServer(db, { RATE_LIMITS: 'off' });
      try {
        const email = uniqueEmail('free');
        for (let i = 0; i < 12; i++) {
          expect((await new CookieClient(open.url).post('/api/auth/request-reset', { email })).status).toBe(200);
        }
        expect((await new CookieClient(open.url).post('/api/auth/login', { email, password: 'guess-x' })).status).toBe(401);
      } finally {
        await open.close();
      }
    });

    it('RATE_LIMITS=off is ignored in production', async () => {
      const prod = await startAuthServer(db, { RATE_LIMITS: 'off', NODE_ENV: 'production', APP_ORIGIN: 'https://app.example' });
      try {
        const statuses: number[] = [];
        for (let i = 0; i < 11; i++) {
          statuses.push((await new CookieClient(prod.url).post('/api/auth/request-reset', { email: uniqueEmail('p') })).status);
        }
        expect(statuses.at(-1)).toBe(429);
      } finally {
        await prod.close();
      }
    });
  });
}
