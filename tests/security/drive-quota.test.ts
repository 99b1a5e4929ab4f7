import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { driveMessages, driveUsageDto, OPEN_UPLOADS_PER_USER, OPEN_UPLOADS_PER_WORKSPACE } from '../../schema/drive/drive.js';
import { FREE_STORAGE_BYTES } from '../../schema/billing/plans.js';
import { sweepDrive } from '../../sync-server/api/drive/drive.sweeper.js';
import type { Db } from '../../sync-server/db/db.js';
import { testDatabases } from '../support/databases.js';
import { cookieOf, tusUpload } from '../support/drive-upload.js';
import { signedInUser, signIn } from '../support/fixtures.js';
import { startTestServer, type CookieClient, type TestServer } from '../support/server.js';
import { seedWorkspace } from '../support/sync-server.js';

/**
 * Probe: the drive's quota cannot be dodged with uploads that never finish. An upload reserves the
 * length it declares when it starts, so open uploads together never promise more room than is left;
 * a person and a workspace may only have so many open at once; one left without progress is cleared
 * with its bytes and its reservation; and bytes past the declared length are never taken. Yjs
 * documents (project boards, team chat) take storage like files do. Real tus requests against the
 * real server; the quota is shrunk by filling the drive in SQL, never by writing a gibibyte.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

function pdfBytes(size: number): Buffer {
  const body = randomBytes(size);
  Buffer.from('%PDF-1.7\n').copy(body);
  return body;
}

const pdf = (name = 'stock.pdf') => ({ filename: name, filetype: 'application/pdf' });

for (const target of testDatabases()) {
  describe(`the drive quota holds against unfinished uploads on ${target.name}`, () => {
    let db: Db;
    let server: TestServer;
    let dataDir: string;
    beforeAll(async () => {
      db = await target.open();
      dataDir = await mkdtemp(join(tmpdir(), 'vuka-drive-quota-'));
      server = await startTestServer(db, { env: { DATA_DIR: dataDir } });
    });
    afterAll(async () => {
      await server?.close();
      await db?.close();
      await rm(dataDir, { recursive: true, force: true });
    });

    /** A tus creation request sent by hand: a declared length, no bytes. */
    async function open(client: CookieClient, ws: number, length: number | 'deferred', meta = pdf()) {
      const metadata = Object.entries(meta)
        .map(([k, v]) => `${k} ${Buffer.from(v).toString('base64')}`)
        .join(',');
      const res = await fetch(`${server.url}/api/workspaces/${ws}/drive/uploads`, {
        method: 'POST',
        headers: {
          cookie: cookieOf(client),
          'Tus-Resumable': '1.0.0',
          ...(length === 'deferred' ? { 'Upload-Defer-Length': '1' } : { 'Upload-Length': String(length) }),
          'Upload-Metadata': metadata,
        },
      });
      const text = await res.text();
      const location = res.headers.get('location');
      return {
        status: res.status,
        json: text ? (JSON.parse(text) as unknown) : null,
        url: location ? new URL(location, server.url).toString() : null,
      };
    }
    const head = (client: CookieClient, url: string) =>
      fetch(url, { method: 'HEAD', headers: { cookie: cookieOf(client), 'Tus-Resumable': '1.0.0' } });
    const patch = (client: CookieClient, url: string, offset: number, body: Buffer) =>
      fetch(url, {
        method: 'PATCH',
        headers: {
          cookie: cookieOf(client),
          'Tus-Resumable': '1.0.0',
          'Upload-Offset': String(offset),
          'Content-Type': 'application/offset+octet-stream',
        },
        body: new Uint8Array(body),
      });
    const usage = async (client: CookieClient, ws: number) =>
      driveUsageDto.parse((await client.get(`/api/workspaces/${ws}/drive/usage`)).json);

    /** A free account whose one workspace has `room` bytes of its quota left (the rest is one file, in SQL). */
    async function freeWithRoom(room: number) {
      const free = await signedInUser(server, { plan: 'free' });
      const ws = await seedWorkspace(db, free.user.id);
      await db.query(
        `INSERT INTO drive_files (workspace_id, id, name, mime_type, size_bytes, sha256, storage_key)
         VALUES ($1, $2, 'archive.pdf', 'application/pdf', $3, $4, 'workspaces/0/files/none')`,
        [ws, randomUUID(), FREE_STORAGE_BYTES - room, '0'.repeat(64)],
      );
      return { ...free, ws };
    }

    const uploadsOnDisk = async () => {
      try {
        return (await readdir(join(dataDir, 'uploads'))).filter((f) => !f.endsWith('.json'));
      } catch {
        return [];
      }
    };

    it('uploads that together declare more than the room left are refused when they start, whatever has been sent', async () => {
      const { client, ws } = await freeWithRoom(100_000);
      const first = await open(client, ws, 60_000);
      expect(first.status).toBe(201);
      // Nothing of the first has arrived, yet its 60 000 bytes are spoken for.
      const second = await open(client, ws, 60_000);
      expect(second.status).toBe(413);
      expect(second.json).toEqual({ message: driveMessages.quotaReserved, code: 'quota_exceeded' });
      expect(second.url).toBeNull();
      // What is left fits exactly.
      expect((await open(client, ws, 40_000)).status).toBe(201);
      expect((await open(client, ws, 1)).status).toBe(413);
      // The usage shown is what is stored; uploads under way are not stored yet.
      expect(await usage(client, ws)).toEqual({ used_bytes: FREE_STORAGE_BYTES - 100_000, quota_bytes: FREE_STORAGE_BYTES });
    });

    it('an upload that will not say its length is refused, and one cannot take more bytes than it declared', async () => {
      const { client, ws } = await freeWithRoom(100_000);
      const deferred = await open(client, ws, 'deferred');
      expect(deferred.status).toBe(400);
      expect(deferred.url).toBeNull();

      const small = await open(client, ws, 1000);
      expect(small.status).toBe(201);
      const url = small.url ?? '';
      const over = await patch(client, url, 0, pdfBytes(50_000));
      expect(over.status).toBe(413);
      const after = await head(client, url);
      expect(Number(after.headers.get('upload-offset'))).toBe(0);
      // Exactly the declared length is taken, and the file is stored at that size.
      const done = await patch(client, url, 0, pdfBytes(1000));
      expect(done.status).toBe(204);
      expect(await usage(client, ws)).toEqual({ used_bytes: FREE_STORAGE_BYTES - 100_000 + 1000, quota_bytes: FREE_STORAGE_BYTES });
    });

    it(`a person may have ${OPEN_UPLOADS_PER_USER} uploads open at once, a workspace ${OPEN_UPLOADS_PER_WORKSPACE}; finishing or cancelling one makes room`, async () => {
      const owner = await signedInUser(server, { plan: 'pro' });
      const members = [await signedInUser(server), await signedInUser(server)];
      const ws = await seedWorkspace(
        db,
        owner.user.id,
        members.map((m) => m.user.id),
      );
      const urls: string[] = [];
      for (let i = 0; i < OPEN_UPLOADS_PER_USER; i += 1) {
        const res = await open(owner.client, ws, 10_000);
        expect(res.status).toBe(201);
        urls.push(res.url ?? '');
      }
      const sixth = await open(owner.client, ws, 10_000);
      expect(sixth.status).toBe(429);
      expect(sixth.json).toEqual({ message: driveMessages.openUploads, code: 'rate_limited' });
      // The limit is the person's, in every workspace they belong to.
      const elsewhere = await seedWorkspace(db, owner.user.id);
      expect((await open(owner.client, elsewhere, 10)).status).toBe(429);

      // Cancelling one (tus termination) frees its place.
      const cancelled = await fetch(urls[0], { method: 'DELETE', headers: { cookie: cookieOf(owner.client), 'Tus-Resumable': '1.0.0' } });
      expect(cancelled.status).toBe(204);
      const again = await open(owner.client, ws, 10_000);
      expect(again.status).toBe(201);
      // Finishing one frees its place too.
      expect((await patch(owner.client, urls[1], 0, pdfBytes(10_000))).status).toBe(204);
      expect((await open(owner.client, ws, 10_000)).status).toBe(201);

      // The workspace as a whole: five are the owner's, five more a member's, and then no more for anyone.
      const [first, second] = members;
      for (let i = 0; i < OPEN_UPLOADS_PER_WORKSPACE - OPEN_UPLOADS_PER_USER; i += 1) {
        expect((await open(first.client, ws, 10_000)).status).toBe(201);
      }
      const crowded = await open(second.client, ws, 10_000);
      expect(crowded.status).toBe(429);
      expect(crowded.json).toEqual({ message: driveMessages.workspaceUploads, code: 'rate_limited' });
    });

    it('an upload left without progress for an hour is cleared: its bytes go and its reservation is released', async () => {
      const { user, client, ws } = await freeWithRoom(100_000);
      const started = await tusUpload(server, client, ws, pdfBytes(80_000), pdf('slow.pdf'), { abortAfter: 20_000, chunkSize: 10_000 });
      expect(started.aborted).toBe(true);
      const id = started.url.split('/').pop() ?? '';
      expect(await uploadsOnDisk()).toContain(id);
      expect((await open(client, ws, 50_000)).status).toBe(413);

      // Progress keeps it: 50 minutes on, more bytes arrive; 50 minutes after that it is still there.
      server.advance(50 * MINUTE);
      let signedIn = await signIn(server, user.id);
      const offset = Number((await head(signedIn, started.url)).headers.get('upload-offset'));
      expect((await patch(signedIn, started.url, offset, pdfBytes(10_000))).status).toBe(204);
      server.advance(50 * MINUTE);
      await sweepDrive(server.deps);
      signedIn = await signIn(server, user.id);
      expect((await head(signedIn, started.url)).status).toBe(200);

      // Then nothing for over an hour: the sweep clears it.
      server.advance(HOUR + MINUTE);
      const swept = await sweepDrive(server.deps);
      expect(swept.uploads).toBeGreaterThanOrEqual(1);
      signedIn = await signIn(server, user.id);
      expect((await head(signedIn, started.url)).status).toBe(404);
      expect(await uploadsOnDisk()).not.toContain(id);
      expect(await db.query('SELECT 1 FROM drive_uploads WHERE id = $1', [id])).toEqual([]);
      // Its room is free again.
      expect((await open(signedIn, ws, 50_000)).status).toBe(201);
    });

    it('the bytes of an upload whose workspace is gone are cleared by the next sweep', async () => {
      const { client, ws } = await freeWithRoom(100_000);
      const started = await tusUpload(server, client, ws, pdfBytes(30_000), pdf('left.pdf'), { abortAfter: 10_000, chunkSize: 10_000 });
      const id = started.url.split('/').pop() ?? '';
      expect(await uploadsOnDisk()).toContain(id);
      await db.query('DELETE FROM workspaces WHERE id = $1', [ws]);
      await sweepDrive(server.deps);
      expect(await uploadsOnDisk()).not.toContain(id);
    });

    it('a Yjs document’s stored size counts in the usage and against the quota', async () => {
      const { client, ws } = await freeWithRoom(100_000);
      // A project board as the collaboration server stores it: its updates, appended.
      await db.query(`INSERT INTO yjs_updates (workspace_id, doc, update) VALUES ($1, 'project:board', $2), ($1, 'project:board', $3)`, [
        ws,
        randomBytes(40_000),
        randomBytes(20_000),
      ]);
      expect(await usage(client, ws)).toEqual({ used_bytes: FREE_STORAGE_BYTES - 40_000, quota_bytes: FREE_STORAGE_BYTES });
      const refused = await open(client, ws, 50_000);
      expect(refused.status).toBe(413);
      expect(refused.json).toEqual({ message: driveMessages.quota, code: 'quota_exceeded' });
      expect((await open(client, ws, 40_000)).status).toBe(201);
    });
  });
}
