import { createServer, request, type Server } from 'node:http';
import { networkInterfaces } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devRequestAllowed, type DevRequest } from '../../sync-server/api/dev/dev-access.js';
import { createApp } from '../../sync-server/app.js';
import { loadConfig } from '../../sync-server/config.js';
import type { Db } from '../../sync-server/db/db.js';
import { testDatabases } from '../support/databases.js';
import { registered, startAuthServer } from '../support/fixtures-auth.js';
import { CookieClient, type TestServer } from '../support/server.js';

/** A GET with any headers, Host included (fetch will not send a Host of the caller's choosing). */
function rawGet(url: string, headers: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end();
  });
}

/** An address of this machine that is not loopback, if it has one. */
function nonLoopbackAddress(): string | undefined {
  return Object.values(networkInterfaces())
    .flat()
    .find((i) => i !== undefined && !i.internal && i.family === 'IPv4')?.address;
}

const development = loadConfig({ NODE_ENV: 'development', PORT: '3000' });
const asked = (remoteAddress: string | undefined, headers: DevRequest['headers'] = { host: 'localhost:3000' }): DevRequest => ({
  socket: { remoteAddress },
  headers,
});

describe('who may read the dev mailbox (devRequestAllowed)', () => {
  it('a loopback peer in development, over IPv4, IPv6 or IPv4-mapped IPv6', () => {
    for (const peer of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1']) {
      expect(devRequestAllowed(development, asked(peer)), peer).toBe(true);
    }
  });

  it('no peer on another machine, whatever it claims', () => {
    for (const peer of ['192.0.2.7', '10.0.0.5', '::ffff:10.0.0.5', 'fd00::2', '0.0.0.0', undefined]) {
      expect(devRequestAllowed(development, asked(peer)), String(peer)).toBe(false);
    }
  });

  it('no request a proxy passed on, though the proxy itself is on loopback', () => {
    for (const header of ['x-forwarded-for', 'forwarded', 'x-real-ip', 'via', 'x-forwarded-host']) {
      expect(devRequestAllowed(development, asked('127.0.0.1', { host: 'localhost:3000', [header]: '127.0.0.1' })), header).toBe(false);
    }
  });

  it('no request addressed to a foreign host name that points at 127.0.0.1 (DNS rebinding)', () => {
    expect(devRequestAllowed(development, asked('127.0.0.1', { host: 'rebind.attacker.example:3000' }))).toBe(false);
    expect(devRequestAllowed(development, asked('127.0.0.1', {}))).toBe(false);
    expect(devRequestAllowed(development, asked('::1', { host: '[::1]:3000' }))).toBe(true);
  });

  it('nobody in production, not even loopback', () => {
    const production = loadConfig({ NODE_ENV: 'production', APP_ORIGIN: 'https://app.example' });
    expect(devRequestAllowed(production, asked('127.0.0.1'))).toBe(false);
  });
});

describe('default listening address', () => {
  it('is loopback outside production and every interface in production; HOST overrides both', () => {
    expect(loadConfig({}).HOST).toBe('127.0.0.1');
    expect(loadConfig({ NODE_ENV: 'test' }).HOST).toBe('127.0.0.1');
    expect(loadConfig({ NODE_ENV: 'production' }).HOST).toBe('0.0.0.0');
    expect(loadConfig({ HOST: '0.0.0.0' }).HOST).toBe('0.0.0.0');
    expect(loadConfig({ NODE_ENV: 'production', HOST: '10.0.0.2' }).HOST).toBe('10.0.0.2');
  });
});

for (const target of testDatabases()) {
  describe(`dev mailbox over HTTP on ${target.name}`, () => {
    let db: Db;
    let server: TestServer;
    let email: string;

    beforeAll(async () => {
      db = await target.open();
      server = await startAuthServer(db, { NODE_ENV: 'development' });
      ({ email } = await registered(server));
    });
    afterAll(async () => {
      await server.close();
      await db.close();
    });

    it('still answers a developer on this machine over loopback', async () => {
      const res = await new CookieClient(server.url).get('/dev/mailbox.json');
      expect(res.status).toBe(200);
      expect(JSON.stringify(res.json)).toContain(email);
      expect(await rawGet(`${server.url}/dev/mailbox`, { host: `localhost:${new URL(server.url).port}` })).toBe(200);
    });

    it('a request carrying X-Forwarded-For or Forwarded gets 404', async () => {
      const proxied: Record<string, string>[] = [
        { 'x-forwarded-for': '127.0.0.1' },
        { forwarded: 'for=127.0.0.1' },
        { 'x-real-ip': '127.0.0.1' },
      ];
      for (const headers of proxied) {
        const res = await new CookieClient(server.url).request('GET', '/dev/mailbox.json', undefined, headers);
        expect(res.status, JSON.stringify(headers)).toBe(404);
        expect(res.text).not.toContain(email);
      }
    });

    it('a request for a host name rebound to 127.0.0.1 gets 404', async () => {
      expect(await rawGet(`${server.url}/dev/mailbox.json`, { host: 'rebind.attacker.example' })).toBe(404);
    });

    it('answers 404 in production, under every /dev path', async () => {
      const prod = await startAuthServer(db, { NODE_ENV: 'production', APP_ORIGIN: 'https://app.example' });
      try {
        for (const path of ['/dev/mailbox.json', '/dev/mailbox', '/dev/anything']) {
          const res = await new CookieClient(prod.url).get(path);
          expect(res.status, path).toBe(404);
          expect(res.json, path).toEqual({ message: 'Not found' });
        }
      } finally {
        await prod.close();
      }
    });

    const outside = nonLoopbackAddress();
    it.skipIf(outside === undefined)('a peer reaching the server on a non-loopback address gets 404', async () => {
      const http: Server = createServer(createApp(server.deps));
      await new Promise<void>((resolve) => http.listen(0, outside, resolve));
      try {
        const address = http.address();
        const port = typeof address === 'object' && address !== null ? address.port : 0;
        // Connecting to the machine's own interface address makes that address the socket's peer.
        expect(await rawGet(`http://${outside}:${port}/dev/mailbox.json`, { host: `localhost:${port}` })).toBe(404);
        expect(await rawGet(`http://${outside}:${port}/dev/mailbox`)).toBe(404);
      } finally {
        await new Promise<void>((resolve) => http.close(() => resolve()));
      }
    });
  });
}
