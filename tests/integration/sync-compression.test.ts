import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pullManyResponse, pullResponse, pushManyResponse, pushResponse } from '../../schema/sync/contract.js';
import { jsonBody } from '../../app/data/replication.js';
import type { Db } from '../../sync-server/db/db.js';
import { API_CSP, securityHeaders } from '../../sync-server/http/security.js';
import { testDatabases } from '../support/databases.js';
import { signedInUser } from '../support/fixtures.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { seedWorkspace } from '../support/sync-server.js';

/** Bytes on the wire: pushes go up gzip-compressed, answers come down compressed, and a bomb is refused. */
for (const db_ of testDatabases()) {
  describe(`compressed sync on ${db_.name}`, () => {
    let db: Db;
    let server: TestServer;
    let cookie: string;
    let ws: number;

    beforeAll(async () => {
      db = await db_.open();
      server = await startTestServer(db, { env: { RATE_LIMITS: 'off' } });
      const owner = await signedInUser(server, { plan: 'pro' });
      cookie = [...owner.client.jar].map(([k, v]) => `${k}=${v}`).join('; ');
      ws = await seedWorkspace(db, owner.user.id);
    });
    afterAll(async () => {
      await server?.close();
      await db?.close();
    });

    const products = (n: number) =>
      Array.from({ length: n }, (_, i) => ({
        newDocumentState: {
          id: randomUUID(),
          workspace_id: ws,
          updated_at: new Date().toISOString(),
          name: `Product ${i} with a fairly ordinary name`,
          price_cents: 1000 + i,
          status: 'active',
          product_type: 'physical',
        },
        assumedMasterState: null,
      }));

    it('accepts a gzip-compressed push, stores every document, and answers the pull compressed', async () => {
      const rows = products(50);
      const { headers, body } = await jsonBody(rows);
      expect(headers['content-encoding']).toBe('gzip');
      const sent = body instanceof ArrayBuffer ? body.byteLength : 0;
      expect(sent).toBeGreaterThan(0);
      expect(sent).toBeLessThan(JSON.stringify(rows).length / 3);
      const res = await fetch(`${server.url}/api/sync/products/push?workspace=${ws}`, {
        method: 'POST',
        headers: { ...headers, cookie },
        body,
      });
      expect(res.status).toBe(200);
      expect(pushResponse.parse(await res.json())).toEqual({ conflicts: [], rejected: [] });
      const stored = await db.query<{ n: string }>('SELECT count(*) AS n FROM products WHERE workspace_id = $1', [ws]);
      expect(Number(stored[0].n)).toBe(50);

      const pull = await fetch(`${server.url}/api/sync/products/pull?workspace=${ws}&limit=100`, {
        headers: { cookie, 'accept-encoding': 'gzip' },
      });
      expect(pull.status).toBe(200);
      expect(pull.headers.get('content-encoding')).toBe('gzip');
      expect(pullResponse.parse(await pull.json()).documents).toHaveLength(50);
    });

    it('API answers carry the short no-content policy; pages keep the full one and refuse framing', async () => {
      const api = await fetch(`${server.url}/api/sync/products/pull?workspace=${ws}&limit=1`, { headers: { cookie } });
      expect(api.headers.get('content-security-policy')).toBe(API_CSP);
      expect(api.headers.get('x-content-type-options')).toBe('nosniff');
      // A page (served from the build when there is one): the same middleware, in front of a page route.
      const pages = express();
      pages.use(securityHeaders(server.deps.config));
      pages.get('/auth', (_req, res) => res.type('html').send('<!doctype html><title>Sign in</title>'));
      const listening = pages.listen(0);
      try {
        const { port } = listening.address() as AddressInfo;
        const page = await fetch(`http://127.0.0.1:${port}/auth`);
        expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
        expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
        expect(page.headers.get('x-frame-options')).toBe('DENY');
      } finally {
        listening.close();
      }
    });

    it('pushes and pulls several collections in one request, each as its own request would', async () => {
      const product = products(1)[0]!.newDocumentState;
      const movement = {
        id: randomUUID(),
        workspace_id: ws,
        updated_at: new Date().toISOString(),
        product_id: product.id,
        quantity: 5,
        reason: 'purchase',
      };
      const push = await fetch(`${server.url}/api/sync/push?workspace=${ws}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify([
          { collection: 'products', rows: [{ newDocumentState: product, assumedMasterState: null }] },
          { collection: 'stock_movements', rows: [{ newDocumentState: { ...movement, quantity: 0.5 }, assumedMasterState: null }] },
        ]),
      });
      expect(push.status).toBe(200);
      const pushed = pushManyResponse.parse(await push.json());
      expect(pushed.map((r) => [r.collection, r.conflicts.length, r.rejected.length])).toEqual([
        ['products', 0, 0],
        ['stock_movements', 0, 1],
      ]);

      const pull = await fetch(`${server.url}/api/sync/pull?workspace=${ws}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify([
          { collection: 'products', seq: 0, id: '', limit: 1000 },
          { collection: 'stock_movements', seq: 0, id: '', limit: 1000 },
        ]),
      });
      expect(pull.status).toBe(200);
      const pages = pullManyResponse.parse(await pull.json());
      expect(pages.map((p) => p.collection)).toEqual(['products', 'stock_movements']);
      expect(pages[0]?.documents.some((d) => d.id === product.id)).toBe(true);
      expect(pages[1]?.documents).toEqual([]);
    });

    it('refuses a batch that names a collection twice or an unknown one, storing nothing', async () => {
      const count = async () => (await db.query<{ n: string }>('SELECT count(*) AS n FROM products WHERE workspace_id = $1', [ws]))[0].n;
      const before = await count();
      for (const body of [
        [
          { collection: 'products', rows: products(1) },
          { collection: 'products', rows: products(1) },
        ],
        [{ collection: 'secrets', rows: [] }],
      ]) {
        const res = await fetch(`${server.url}/api/sync/push?workspace=${ws}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie },
          body: JSON.stringify(body),
        });
        expect(res.status).toBe(400);
      }
      expect(await count()).toBe(before);
    });

    it('a small body is sent as it is', async () => {
      const { headers, body } = await jsonBody([]);
      expect(headers['content-encoding']).toBeUndefined();
      expect(body).toBe('[]');
    });

    it('refuses a compressed body that inflates past the size limit with 413, storing nothing', async () => {
      const before = await db.query<{ n: string }>('SELECT count(*) AS n FROM products WHERE workspace_id = $1', [ws]);
      const rows = products(1);
      const padded = JSON.stringify(rows).replace('"name":"', `"name":"${'x'.repeat(3 * 1024 * 1024)}`);
      const bomb = gzipSync(padded);
      expect(bomb.length).toBeLessThan(20_000);
      const res = await fetch(`${server.url}/api/sync/products/push?workspace=${ws}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-encoding': 'gzip', cookie },
        body: bomb,
      });
      expect(res.status).toBe(413);
      const after = await db.query<{ n: string }>('SELECT count(*) AS n FROM products WHERE workspace_id = $1', [ws]);
      expect(after[0].n).toBe(before[0].n);
    });
  });
}
