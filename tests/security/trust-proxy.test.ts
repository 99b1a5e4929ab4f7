import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, parseTrustProxy } from '../../sync-server/config.js';
import type { Db } from '../../sync-server/db/db.js';
import { testDatabases } from '../support/databases.js';
import { startAuthServer, uniqueEmail } from '../support/fixtures-auth.js';
import { CookieClient, type TestServer } from '../support/server.js';

const PRODUCTION = { NODE_ENV: 'production', APP_ORIGIN: 'https://app.example', RATE_LIMITS: 'on' };

describe('TRUST_PROXY (parseTrustProxy)', () => {
  it('unset, empty, false or 0 trusts no proxy', () => {
    for (const value of [undefined, '', 'false', '0']) expect(parseTrustProxy(value), String(value)).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production' }).TRUST_PROXY).toBe(false);
  });

  it('takes a hop count, or proxy addresses, CIDR ranges and loopback/linklocal/uniquelocal', () => {
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy('loopback')).toEqual(['loopback']);
    expect(parseTrustProxy('loopback, 10.0.0.0/8, 192.168.1.0/255.255.255.0, fd00::/8, 172.18.0.3')).toEqual([
      'loopback',
      '10.0.0.0/8',
      '192.168.1.0/255.255.255.0',
      'fd00::/8',
      '172.18.0.3',
    ]);
  });

  it("refuses true (it would trust any client's header) and anything that is not an address", () => {
    for (const value of ['true', 'yes', '10.0.0.0/33', 'fd00::/129', 'proxy.local', '10.0.0.0/8,']) {
      expect(parseTrustProxy(value), value).toBeNull();
    }
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/);
  });
});

for (const target of testDatabases()) {
  describe(`client address behind proxies on ${target.name}`, () => {
    let db: Db;
    const hits = async (key: string) =>
      (await db.query<{ hits: number }>('SELECT hits FROM rate_limits WHERE key = $1', [key]))[0]?.hits ?? 0;

    beforeAll(async () => {
      db = await target.open();
    });
    afterAll(async () => {
      await db.close();
    });

    describe('with the defaults in production', () => {
      let server: TestServer;
      beforeAll(async () => {
        server = await startAuthServer(db, PRODUCTION);
      });
      afterAll(async () => {
        await server.close();
      });

      it('a spoofed X-Forwarded-For does not change the per-IP key: failed logins from "different" addresses hit one limit', async () => {
        const statuses: number[] = [];
        for (let i = 1; i <= 31; i++) {
          const res = await new CookieClient(server.url).request(
            'POST',
            '/api/auth/login',
            { email: uniqueEmail('spoof'), password: 'guess-123' },
            { 'x-forwarded-for': `203.0.113.${i}` },
          );
          statuses.push(res.status);
        }
        // 30 failures per address per 15 minutes, all counted against the socket's address.
        expect(statuses.slice(0, 30).every((s) => s === 401)).toBe(true);
        expect(statuses[30]).toBe(429);
        expect(await hits('login:ip:127.0.0.1')).toBe(31);
        expect(await db.query(`SELECT key FROM rate_limits WHERE key LIKE '%203.0.113.%'`)).toEqual([]);
      });
    });

    describe('with TRUST_PROXY set', () => {
      it("loopback: the address a local proxy forwards is the client's", async () => {
        const server = await startAuthServer(db, { ...PRODUCTION, TRUST_PROXY: 'loopback' });
        try {
          for (let i = 0; i < 2; i++) {
            const res = await new CookieClient(server.url).request(
              'POST',
              '/api/auth/login',
              { email: uniqueEmail('proxied'), password: 'guess-123' },
              { 'x-forwarded-for': '198.51.100.7' },
            );
            expect(res.status).toBe(401);
          }
          expect(await hits('login:ip:198.51.100.7')).toBe(2);
        } finally {
          await server.close();
        }
      });

      it('a hop count: the address the last trusted hop saw, not what the client wrote before it', async () => {
        const server = await startAuthServer(db, { ...PRODUCTION, TRUST_PROXY: '1' });
        try {
          const res = await new CookieClient(server.url).request(
            'POST',
            '/api/auth/login',
            { email: uniqueEmail('hop'), password: 'guess-123' },
            { 'x-forwarded-for': '192.0.2.66, 198.51.100.8' },
          );
          expect(res.status).toBe(401);
          expect(await hits('login:ip:198.51.100.8')).toBe(1);
          expect(await hits('login:ip:192.0.2.66')).toBe(0);
        } finally {
          await server.close();
        }
      });
    });
  });
}
