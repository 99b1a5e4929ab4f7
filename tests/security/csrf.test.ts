import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { replicatedCollections } from '../../schema/replicated.js';
import { fillPath } from '../../schema/kit/http.js';
import { memberDto, workspaceDto } from '../../schema/workspaces/workspaces.js';
import { driveFolderDto, shareLinkCreated } from '../../schema/drive/drive.js';
import { driveRuntime } from '../../sync-server/api/drive/drive-uploads.js';
import type { Db } from '../../sync-server/db/db.js';
import {
  contractEndpoints,
  databaseFingerprint,
  objectKeys,
  pathParams,
  sampleOf,
  WORKSPACE_KEY,
  type ContractEndpoint,
} from '../support/contract-probe.js';
import { testDatabases } from '../support/databases.js';
import { signedInUser } from '../support/fixtures.js';
import { startTestServer, type CookieClient, type TestServer } from '../support/server.js';

/**
 * CSRF (SECURITY.md, `sync-server/http/security.ts`): a state change needs a non-GET request with a
 * JSON body, and a request that says where it comes from must come from the app's own origin. Every
 * non-GET endpoint of the contract is sent each shape a cross-site page can produce, carrying the
 * victim's cookies; each is refused before any handler runs, and the database is left as it was.
 */

const FOREIGN_ORIGINS = ['https://evil.example', 'null'];

/** Bodies a cross-site HTML form or `fetch` without preflight can send. */
const SIMPLE_BODIES: Array<{ type: string; body: string }> = [
  { type: 'application/x-www-form-urlencoded', body: 'name=Taken&email=attacker%40evil.example&confirm=DELETE' },
  { type: 'text/plain', body: '{"name":"Taken","confirm":"DELETE"}' },
  { type: 'multipart/form-data; boundary=x', body: '--x\r\nContent-Disposition: form-data; name="name"\r\n\r\nTaken\r\n--x--\r\n' },
];

/**
 * Tables a plain read may write to, and why that is no state change an attacker can use: starting
 * a social sign-in stores a one-time OAuth state that expires and is bound to the browser by a
 * cookie, so it signs nobody in. Asking for the server's Web Push key outside production makes the
 * server's one key pair the first time (the same for every caller and every instance): it grants nothing.
 */
const READ_BOOKKEEPING = ['oauth_states', 'push_keys'];

interface Target {
  label: string;
  endpoint: ContractEndpoint;
  path: string;
  /** A valid JSON body for the endpoint, so only the shape decides. */
  body: unknown;
}

for (const target of testDatabases()) {
  describe(`CSRF shapes on ${target.name}`, () => {
    let db: Db;
    let server: TestServer;
    let victim: CookieClient;
    let origin: string;
    let targets: Target[];
    let dataDir: string;
    /** The victim's own drive records, for the drive endpoints' paths. */
    const drive = { folderId: '', fileId: '', linkId: '', token: '' };
    /** The victim's project (and the victim, as its member), for the projects endpoints' paths. */
    const project = { projectId: '', userId: 0 };
    /**
     * Objects of the public areas (a marketplace product, an ad, an event, a registration, a ticket checkout, an order) the
     * probe does not make: their paths still name something, and their reads answer not found.
     */
    const unmade = {
      productId: `1-${randomUUID()}`,
      classifiedId: randomUUID(),
      inquiryId: randomUUID(),
      reportId: randomUUID(),
      eventId: randomUUID(),
      typeId: randomUUID(),
      attendeeId: randomUUID(),
      registrationId: randomUUID(),
      orderId: randomUUID(),
      templateId: randomUUID(),
      reviewId: randomUUID(),
      reference: `vktkt_${'0'.repeat(24)}`,
      entryId: randomUUID(),
      serviceId: randomUUID(),
      staffId: randomUUID(),
      timeOffId: randomUUID(),
      appointmentId: randomUUID(),
      publicServiceId: randomUUID(),
      bookingToken: `${'0'.repeat(32)}${'A'.repeat(22)}`,
    };
    const walked = new Set<string>();

    beforeAll(async () => {
      db = await target.open();
      // A dead rates service: the exchange-rates read then answers from its built-in fallback. A
      // configured social provider, so starting a sign-in is a real read too.
      dataDir = await mkdtemp(join(tmpdir(), 'vuka-csrf-'));
      server = await startTestServer(db, {
        env: {
          EXCHANGE_RATES_URL: 'http://127.0.0.1:9/rates',
          FACEBOOK_CLIENT_ID: 'probe',
          FACEBOOK_CLIENT_SECRET: 'probe',
          DATA_DIR: dataDir,
        },
      });
      origin = server.url;
      const signedIn = await signedInUser(server, { full_name: 'CSRF Victim' });
      victim = signedIn.client;
      const workspace = workspaceDto.parse((await victim.post('/api/workspaces', { name: 'Victim Shop' })).json);
      const member = memberDto.parse(
        (await victim.post(`/api/workspaces/${workspace.id}/invitations`, { email: 'invitee@example.test' })).json,
      );
      // A drive folder, a stored image (with a thumbnail) and a share link of the victim's.
      const drivePath = `/api/workspaces/${workspace.id}/drive`;
      drive.folderId = driveFolderDto.parse((await victim.post(`${drivePath}/folders`, { name: 'Victim folder' })).json).id;
      drive.fileId = randomUUID();
      const { storage } = driveRuntime(server.deps);
      const fileKey = `workspaces/${workspace.id}/files/${drive.fileId}`;
      const thumbKey = `workspaces/${workspace.id}/thumbnails/${drive.fileId}.webp`;
      const image = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
        .png()
        .toBuffer();
      for (const key of [fileKey, thumbKey]) await storage.put(key, image, image.length);
      await db.query(
        `INSERT INTO drive_files (workspace_id, id, folder_id, name, mime_type, size_bytes, sha256, storage_key, thumbnail_key)
         VALUES ($1, $2, $3, 'victim.png', 'image/png', $4, $5, $6, $7)`,
        [workspace.id, drive.fileId, drive.folderId, image.length, '0'.repeat(64), fileKey, thumbKey],
      );
      const link = shareLinkCreated.parse((await victim.post(`${drivePath}/files/${drive.fileId}/links`, {})).json);
      drive.linkId = link.id;
      drive.token = link.token;
      // A till receipt of the victim's, opened by the same token (the receipt page's path has one too).
      const at = new Date().toISOString();
      const receipt = {
        id: randomUUID(),
        workspace_id: workspace.id,
        updated_at: at,
        kind: 'sale',
        status: 'completed',
        items: [{ product_id: 'p', name: 'Probe', unit_price_cents: 100, quantity: 1, tax_rate_bp: 0 }],
        payments: [{ method: 'card', amount_cents: 100 }],
        share_token: drive.token,
        completed_at: at,
      };
      expect((await victim.post(`/api/sync/pos_orders/push?workspace=${workspace.id}`, [{ newDocumentState: receipt }])).status).toBe(200);
      project.projectId = z
        .object({ id: z.string() })
        .parse((await victim.post(`/api/workspaces/${workspace.id}/projects`, { name: 'Victim project' })).json).id;
      project.userId = signedIn.user.id;
      // The victim's own ids: CSRF makes the victim's browser act on the victim's own data.
      const ids: Record<string, string | number> = {
        id: workspace.id,
        memberId: member.id,
        provider: 'facebook',
        documentId: randomUUID(),
        series: 'invoice',
        slug: 'probe',
        number: 'INV-000001',
        ...drive,
        ...project,
        ...unmade,
      };
      targets = [];
      for (const endpoint of contractEndpoints()) {
        if (endpoint.def.method === 'GET') continue;
        const collections = pathParams(endpoint.def.path).some((p) => p.name === 'collection')
          ? replicatedCollections.map((c) => c.name)
          : [undefined];
        for (const collection of collections) {
          const sample = endpoint.def.body ? sampleOf(endpoint.def.body) : { ok: true as const, value: {} };
          const query = workspaceQuery(endpoint, workspace.id);
          targets.push({
            label: collection ? `${endpoint.name} on ${collection}` : endpoint.name,
            endpoint,
            path: fillPath(endpoint.def.path, { ...ids, collection: collection ?? '' }) + query,
            body: sample.ok ? sample.value : {},
          });
        }
      }
    });
    afterAll(async () => {
      await server?.close();
      await db?.close();
      await rm(dataDir, { recursive: true, force: true });
    });

    async function raw(method: string, path: string, headers: Record<string, string>, body?: string) {
      const cookie = [...victim.jar].map(([k, v]) => `${k}=${v}`).join('; ');
      const res = await fetch(origin + path, { method, headers: { cookie, ...headers }, body, redirect: 'manual' });
      const text = await res.text();
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        json = undefined;
      }
      return { status: res.status, json, text };
    }

    const refusal = z.object({ code: z.string() });

    it('every non-GET endpoint refuses a foreign or null Origin, with JSON and the victim’s cookies', async () => {
      const before = await databaseFingerprint(db);
      for (const t of targets) {
        for (const from of [...FOREIGN_ORIGINS, `${origin}.evil.example`]) {
          const res = await raw(
            t.endpoint.def.method,
            t.path,
            { origin: from, 'content-type': 'application/json' },
            JSON.stringify(t.body),
          );
          expect(res.status, `${t.label} from ${from}: ${res.text}`).toBe(403);
          expect(refusal.parse(res.json).code).toBe('bad_origin');
        }
        walked.add(t.label);
      }
      expect(await databaseFingerprint(db)).toEqual(before);
    });

    it('every non-GET endpoint refuses a request with no Origin that the browser marks cross-site', async () => {
      const before = await databaseFingerprint(db);
      for (const t of targets) {
        for (const site of ['cross-site', 'same-site']) {
          const res = await raw(
            t.endpoint.def.method,
            t.path,
            { 'sec-fetch-site': site, 'content-type': 'application/json' },
            JSON.stringify(t.body),
          );
          expect(res.status, `${t.label} with Sec-Fetch-Site ${site}: ${res.text}`).toBe(403);
          expect(refusal.parse(res.json).code).toBe('bad_origin');
        }
      }
      expect(await databaseFingerprint(db)).toEqual(before);
    });

    it('every non-GET endpoint refuses form-encoded, multipart and text/plain bodies, whatever the Origin', async () => {
      const before = await databaseFingerprint(db);
      for (const t of targets) {
        for (const { type, body } of SIMPLE_BODIES) {
          for (const headers of withAndWithoutOrigin(origin)) {
            const res = await raw(t.endpoint.def.method, t.path, { ...headers, 'content-type': type }, body);
            expect(res.status, `${t.label} as ${type}: ${res.text}`).toBe(415);
            expect(refusal.parse(res.json).code).toBe('unsupported_media_type');
          }
        }
      }
      expect(await databaseFingerprint(db)).toEqual(before);
    });

    it('a GET to a state-changing endpoint’s path changes nothing and is not answered as that endpoint', async () => {
      const reads = contractEndpoints()
        .filter((e) => e.def.method === 'GET')
        .map((e) => new RegExp(`^${e.def.path.replace(/:[A-Za-z_]+/g, '[^/]+')}$`));
      const before = await databaseFingerprint(db, READ_BOOKKEEPING);
      for (const t of targets) {
        const params = new URLSearchParams(Object.entries(flat(t.body)));
        const joiner = t.path.includes('?') ? '&' : '?';
        const res = await raw('GET', `${t.path}${joiner}${params}`, { 'sec-fetch-site': 'cross-site' });
        // Either no route, or a read whose path this one also matches (GET /api/workspaces/:id).
        const path = t.path.split('?')[0];
        if (!reads.some((read) => read.test(path))) expect(res.status, `GET ${t.label}: ${res.text}`).toBe(404);
        expect(res.status).not.toBe(500);
      }
      expect(await databaseFingerprint(db, READ_BOOKKEEPING)).toEqual(before);
    });

    it('no GET endpoint of the contract changes anything, even sent cross-site with the victim’s cookies', async () => {
      const workspace = z.array(workspaceDto).parse((await victim.get('/api/workspaces')).json)[0];
      const before = await databaseFingerprint(db, READ_BOOKKEEPING);
      let reads = 0;
      for (const endpoint of contractEndpoints()) {
        if (endpoint.def.method !== 'GET') continue;
        const collections = pathParams(endpoint.def.path).some((p) => p.name === 'collection')
          ? replicatedCollections.map((c) => c.name)
          : [undefined];
        for (const collection of collections) {
          const path = fillPath(endpoint.def.path, {
            id: workspace.id,
            provider: 'facebook',
            collection: collection ?? '',
            documentId: randomUUID(),
            slug: 'probe',
            number: 'INV-000001',
            ...drive,
            ...project,
            ...unmade,
          });
          const query = workspaceQuery(endpoint, workspace.id);
          const res = await raw('GET', path + query, { 'sec-fetch-site': 'cross-site' });
          const expected = expectedRead(endpoint.name, endpoint.def.path);
          expect(res.status, `${endpoint.name}: ${res.text}`).toBe(expected);
          reads++;
        }
      }
      expect(reads).toBeGreaterThan(0);
      expect(await databaseFingerprint(db, READ_BOOKKEEPING)).toEqual(before);
    });

    it('the app’s own origin with JSON passes the check, and the victim is still signed in', async () => {
      const own = await raw(
        'PATCH',
        '/api/auth/user',
        { origin, 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
        '{}',
      );
      expect(own.status, own.text).toBe(200);
      expect((await victim.get('/api/auth/user')).status).toBe(200);
    });

    it('the walk covered every non-GET endpoint of the contract', () => {
      const nonGet = contractEndpoints().filter((e) => e.def.method !== 'GET');
      expect(nonGet.length).toBeGreaterThan(0);
      expect([...walked].sort()).toEqual(targets.map((t) => t.label).sort());
      expect(new Set(targets.map((t) => t.endpoint.name))).toEqual(new Set(nonGet.map((e) => e.name)));
    });
  });
}

/**
 * What a cross-site read answers: 200, except where the path names something the probe never made
 * (not found: the public invoice page answers only its link's token, which no cross-site page
 * holds; a storefront or public event by a slug nobody has) or the reader may not see (admins'
 * reports).
 */
function expectedRead(name: string, path: string): number {
  if (name === 'classifieds.reports') return 403;
  if (
    [
      'invoices.publicInvoice',
      'invoices.publicQuote',
      'marketplace.storefront',
      'events.publicGet',
      'events.publicPicture',
      'events.ticket',
      'content.article',
      'content.cover',
    ].includes(name)
  )
    return 404;
  const unmadeParams = [
    'productId',
    'classifiedId',
    'inquiryId',
    'reportId',
    'eventId',
    'typeId',
    'attendeeId',
    'registrationId',
    'orderId',
    'templateId',
    'reviewId',
    'reference',
    'entryId',
    'publicServiceId',
    'bookingToken',
  ];
  return pathParams(path).some((p) => unmadeParams.includes(p.name)) ? 404 : 200;
}

/** The query naming the victim's workspace, for endpoints that take one there. */
/** Query parameters a GET needs besides the workspace (a picture's width). */
const requiredQuery: Record<string, string> = { w: '64', from: '2026-11-01', to: '2026-11-30' };

function workspaceQuery(endpoint: ContractEndpoint, workspaceId: number): string {
  const keys = objectKeys(endpoint.def.query);
  const pairs: Array<[string, string]> = [
    ...keys.filter((k) => WORKSPACE_KEY.test(k)).map((k): [string, string] => [k, String(workspaceId)]),
    ...keys.filter((k) => k in requiredQuery).map((k): [string, string] => [k, requiredQuery[k]]),
  ];
  return pairs.length ? `?${new URLSearchParams(pairs)}` : '';
}

function withAndWithoutOrigin(origin: string): Array<Record<string, string>> {
  return [{ origin }, {}];
}

/** A sampled body as query parameters (what a GET form would send). */
function flat(body: unknown): Record<string, string> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return {};
  return Object.fromEntries(Object.entries(body).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]));
}
