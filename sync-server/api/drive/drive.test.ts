import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { DetailedError } from 'tus-js-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  driveFileDto,
  driveFolderDto,
  driveListing,
  driveMessages,
  driveUsageDto,
  shareLinkCreated,
  shareLinkDto,
} from '../../../schema/drive/drive.js';
import { FREE_STORAGE_BYTES } from '../../../schema/billing/plans.js';
import { driveRuntime } from './drive-uploads.js';
import { purgeTrash } from './drive.sweeper.js';
import { withScope, type Db } from '../../db/db.js';
import { testDatabases } from '../../../tests/support/databases.js';
import { cookieOf, tusUpload } from '../../../tests/support/drive-upload.js';
import { signedInUser } from '../../../tests/support/fixtures.js';
import { startLocalS3, type LocalS3 } from '../../../tests/support/s3.js';
import { CookieClient, startTestServer, type TestServer } from '../../../tests/support/server.js';
import { seedWorkspace } from '../../../tests/support/sync-server.js';

const DAY = 24 * 3600_000;
const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/** A PDF-looking body of `size` bytes. */
function pdfBytes(size: number): Buffer {
  const body = randomBytes(size);
  Buffer.from('%PDF-1.7\n').copy(body);
  return body;
}

/** What a refused tus request answered. */
interface Refused {
  status: number;
  body: { message: string; code?: string };
}

function refusedOf(err: unknown): Refused {
  if (!(err instanceof DetailedError) || !err.originalResponse) throw err;
  return {
    status: err.originalResponse.getStatus(),
    body: z.object({ message: z.string(), code: z.string().optional() }).parse(JSON.parse(err.originalResponse.getBody())),
  };
}

/** A tus creation request sent by hand (to declare a length without sending its bytes). */
async function createUpload(server: TestServer, client: CookieClient, ws: number, length: number, meta: Record<string, string>) {
  const metadata = Object.entries(meta)
    .map(([k, v]) => `${k} ${Buffer.from(v).toString('base64')}`)
    .join(',');
  return fetch(`${server.url}/api/workspaces/${ws}/drive/uploads`, {
    method: 'POST',
    headers: { cookie: cookieOf(client), 'Tus-Resumable': '1.0.0', 'Upload-Length': String(length), 'Upload-Metadata': metadata },
  });
}

async function download(client: CookieClient, path: string, headers: Record<string, string> = {}) {
  const res = await fetch(client.base + path, { headers: { cookie: cookieOf(client), ...headers } });
  return { status: res.status, headers: res.headers, body: Buffer.from(await res.arrayBuffer()) };
}

async function listFiles(dir: string): Promise<string[]> {
  try {
    return await readdir(dir, { recursive: true });
  } catch {
    return [];
  }
}

/** The drive suite, run once per database and storage driver. */
function driveSuite(
  label: string,
  driver: 'local' | 's3',
  open: () => Promise<Db>,
  storageEnv: () => Promise<{ env: Record<string, string>; close(): Promise<void> }>,
) {
  describe(`drive on ${label}`, () => {
    let db: Db;
    let server: TestServer;
    let dataDir: string;
    let closeStorage: () => Promise<void>;
    let owner: { user: { id: number }; client: CookieClient };
    let ws: number;
    const base = () => `/api/workspaces/${ws}/drive`;

    const rowCount = async () => Number((await db.query<{ n: string }>('SELECT count(*) AS n FROM drive_files'))[0].n);
    const storedKeys = async () => {
      const rows = await db.query<{ storage_key: string; thumbnail_key: string | null }>(
        'SELECT storage_key, thumbnail_key FROM drive_files',
      );
      return rows;
    };

    beforeAll(async () => {
      db = await open();
      dataDir = await mkdtemp(join(tmpdir(), 'vuka-drive-'));
      const storage = await storageEnv();
      closeStorage = storage.close;
      server = await startTestServer(db, { env: { DATA_DIR: dataDir, RATE_LIMITS: 'off', ...storage.env } });
      owner = await signedInUser(server, { plan: 'pro' });
      ws = await seedWorkspace(db, owner.user.id);
      // Everything the tests upload, PDFs and images and text, is allowed here unless a test says otherwise.
      await db.query(
        `INSERT INTO workspace_settings (workspace_id, allowed_file_types) VALUES ($1, ARRAY['image/*', 'application/pdf', 'text/*'])`,
        [ws],
      );
    });
    afterAll(async () => {
      await server?.close();
      await db?.close();
      await closeStorage?.();
      await rm(dataDir, { recursive: true, force: true });
    });

    it('an upload cut off half-way resumes where it stopped, and the stored file is byte-exact', async () => {
      const data = pdfBytes(2 * 1024 * 1024 + 12_345);
      const first = await tusUpload(
        server,
        owner.client,
        ws,
        data,
        { filename: 'Stock list.pdf', filetype: 'application/pdf' },
        { abortAfter: data.length / 2 },
      );
      expect(first.aborted).toBe(true);
      expect(first.url).toMatch(new RegExp(`/api/workspaces/${ws}/drive/uploads/[0-9a-f]{32}$`));

      const head = await fetch(first.url, { method: 'HEAD', headers: { cookie: cookieOf(owner.client), 'Tus-Resumable': '1.0.0' } });
      expect(head.status).toBe(200);
      const offset = Number(head.headers.get('upload-offset'));
      expect(offset).toBeGreaterThanOrEqual(data.length / 2);
      expect(offset).toBeLessThan(data.length);
      expect(await rowCount()).toBe(0);

      const resumed = await tusUpload(
        server,
        owner.client,
        ws,
        data,
        { filename: 'Stock list.pdf', filetype: 'application/pdf' },
        { uploadUrl: first.url },
      );
      expect(resumed.url).toBe(first.url);
      expect(resumed.fileId).toMatch(/^[0-9a-f-]{36}$/);
      // The bytes are where the configured driver keeps them, and nowhere else.
      const storage = driveRuntime(server.deps).storage;
      expect(storage.driver).toBe(driver);
      const [{ storage_key: key }] = await db.query<{ storage_key: string }>('SELECT storage_key FROM drive_files WHERE id = $1', [
        resumed.fileId,
      ]);
      expect(key).toBe(`workspaces/${ws}/files/${resumed.fileId}`);
      expect(await storage.stat(key)).toEqual({ size: data.length });
      expect(await listFiles(join(dataDir, 'files'))).toEqual(driver === 'local' ? expect.arrayContaining([key]) : []);

      const file = driveFileDto.parse((await owner.client.get(`${base()}/files/${resumed.fileId}`)).json);
      expect(file).toMatchObject({
        name: 'Stock list.pdf',
        mime_type: 'application/pdf',
        size_bytes: data.length,
        sha256: sha256(data),
        has_thumbnail: false,
      });
      const got = await download(owner.client, `${base()}/files/${file.id}/content`);
      expect(got.status).toBe(200);
      expect(sha256(got.body)).toBe(sha256(data));
      expect(got.headers.get('content-type')).toBe('application/pdf');
      expect(got.headers.get('content-disposition')).toBe(`attachment; filename="Stock list.pdf"; filename*=UTF-8''Stock%20list.pdf`);
      // Opened rather than downloaded: a PDF is shown by the browser; a type it does not show stays a download.
      const opened = await download(owner.client, `${base()}/files/${file.id}/content?view=inline`);
      expect(opened.headers.get('content-disposition')).toBe(`inline; filename="Stock list.pdf"; filename*=UTF-8''Stock%20list.pdf`);
      const text = Buffer.from('Stock take 2026\n');
      const note = await tusUpload(server, owner.client, ws, text, { filename: 'stock.txt', filetype: 'text/plain' });
      const kept = await download(owner.client, `${base()}/files/${note.fileId}/content?view=inline`);
      expect(kept.headers.get('content-disposition')).toMatch(/^attachment; /);
      // The partial upload is gone once it became a file.
      const again = await fetch(first.url, { method: 'HEAD', headers: { cookie: cookieOf(owner.client), 'Tus-Resumable': '1.0.0' } });
      expect(again.status).toBe(404);
    });

    it('a download serves one byte range', async () => {
      const data = pdfBytes(100_000);
      const { fileId } = await tusUpload(server, owner.client, ws, data, { filename: 'range.pdf', filetype: 'application/pdf' });
      const part = await download(owner.client, `${base()}/files/${fileId}/content`, { range: 'bytes=1000-1999' });
      expect(part.status).toBe(206);
      expect(part.headers.get('content-range')).toBe(`bytes 1000-1999/${data.length}`);
      expect(part.body.equals(data.subarray(1000, 2000))).toBe(true);
      const tail = await download(owner.client, `${base()}/files/${fileId}/content`, { range: 'bytes=-10' });
      expect(tail.status).toBe(206);
      expect(tail.body.equals(data.subarray(data.length - 10))).toBe(true);
      const outside = await download(owner.client, `${base()}/files/${fileId}/content`, { range: `bytes=${data.length}-` });
      expect(outside.status).toBe(416);
      expect(outside.headers.get('content-range')).toBe(`bytes */${data.length}`);
    });

    it('an upload past the quota is refused before any byte is stored, and again when it finishes', async () => {
      const free = await signedInUser(server, { plan: 'free' });
      const freeWs = await seedWorkspace(db, free.user.id);
      const before = await listFiles(dataDir);
      const res = await createUpload(server, free.client, freeWs, FREE_STORAGE_BYTES + 1, {
        filename: 'huge.pdf',
        filetype: 'application/pdf',
      });
      expect(res.status).toBe(413);
      expect(await res.json()).toEqual({ message: driveMessages.quota, code: 'quota_exceeded' });
      expect(res.headers.get('location')).toBeNull();
      expect(await listFiles(dataDir)).toEqual(before);

      // Room when it starts; another file takes the room while it uploads; refused at the end, nothing kept.
      const data = pdfBytes(50_000);
      const started = await tusUpload(
        server,
        free.client,
        freeWs,
        data,
        { filename: 'late.pdf', filetype: 'application/pdf' },
        { abortAfter: 1, chunkSize: 10_000 },
      );
      await db.query(
        `INSERT INTO drive_files (workspace_id, id, name, mime_type, size_bytes, sha256, storage_key) VALUES ($1, $2, 'big.bin', 'application/pdf', $3, $4, 'workspaces/0/files/none')`,
        [freeWs, randomUUID(), FREE_STORAGE_BYTES - 10_000, '0'.repeat(64)],
      );
      const refused = await tusUpload(
        server,
        free.client,
        freeWs,
        data,
        { filename: 'late.pdf', filetype: 'application/pdf' },
        { uploadUrl: started.url },
      ).then(() => null, refusedOf);
      expect(refused).toEqual({ status: 413, body: { message: driveMessages.quota, code: 'quota_exceeded' } });
      expect(await db.query('SELECT 1 FROM drive_files WHERE workspace_id = $1 AND name = $2', [freeWs, 'late.pdf'])).toEqual([]);
      const usage = driveUsageDto.parse((await free.client.get(`/api/workspaces/${freeWs}/drive/usage`)).json);
      expect(usage).toEqual({ used_bytes: FREE_STORAGE_BYTES - 10_000, quota_bytes: FREE_STORAGE_BYTES });
      const head = await fetch(started.url, { method: 'HEAD', headers: { cookie: cookieOf(free.client), 'Tus-Resumable': '1.0.0' } });
      expect(head.status).toBe(404);
    });

    it('a type the workspace does not allow is refused before any byte is stored', async () => {
      const before = await rowCount();
      const zip = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), randomBytes(1000)]);
      const refused = await tusUpload(server, owner.client, ws, zip, { filename: 'backup.zip', filetype: 'application/zip' }).then(
        () => null,
        refusedOf,
      );
      expect(refused).toEqual({ status: 415, body: { message: driveMessages.type, code: 'type_not_allowed' } });
      expect(await rowCount()).toBe(before);
    });

    it('content that does not match its name or type is refused and nothing of it is kept', async () => {
      const before = await rowCount();
      const keysBefore = await storedKeys();
      const pdf = pdfBytes(5000);
      const renamed = await tusUpload(server, owner.client, ws, pdf, { filename: 'photo.png', filetype: 'image/png' }).then(
        () => null,
        refusedOf,
      );
      expect(renamed).toEqual({ status: 422, body: { message: driveMessages.content, code: 'content_mismatch' } });
      const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(3000)]);
      const binaryText = await tusUpload(server, owner.client, ws, exe, { filename: 'notes.txt', filetype: 'text/plain' }).then(
        () => null,
        refusedOf,
      );
      expect(binaryText?.status).toBe(422);
      // The name and the declared type disagree: refused before a byte is sent.
      const mismatch = await createUpload(server, owner.client, ws, 10, { filename: 'photo.png', filetype: 'application/pdf' });
      expect(mismatch.status).toBe(422);
      expect(await rowCount()).toBe(before);
      expect(await storedKeys()).toEqual(keysBefore);
      expect(await listFiles(join(dataDir, 'uploads'))).toEqual([]);
    });

    it('names with "..", slashes or control characters are refused with a clear message', async () => {
      for (const filename of ['../evil.pdf', 'a/b.pdf', 'a\\b.pdf', 'bell\u0007.pdf', '..']) {
        const res = await createUpload(server, owner.client, ws, 10, { filename, filetype: 'application/pdf' });
        expect(res.status, filename).toBe(400);
        expect(await res.json(), filename).toEqual({ message: driveMessages.name, code: 'validation_failed' });
      }
      const folder = await owner.client.post(`${base()}/folders`, { name: '../up' });
      expect(folder.status).toBe(400);
      expect(folder.json).toMatchObject({ message: driveMessages.name });
      expect(await db.query('SELECT 1 FROM drive_folders WHERE name = $1', ['../up'])).toEqual([]);
    });

    it('an image gets a 320 px WebP thumbnail, a png and a jpeg alike', async () => {
      for (const [name, type, image] of [
        [
          'shelf.png',
          'image/png',
          await sharp({ create: { width: 800, height: 600, channels: 3, background: '#2a9d8f' } })
            .png()
            .toBuffer(),
        ],
        [
          'till.jpg',
          'image/jpeg',
          await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#e76f51' } })
            .jpeg()
            .toBuffer(),
        ],
      ] as const) {
        const { fileId } = await tusUpload(server, owner.client, ws, image, { filename: name, filetype: type });
        const file = driveFileDto.parse((await owner.client.get(`${base()}/files/${fileId}`)).json);
        expect(file).toMatchObject({ mime_type: type, has_thumbnail: true });
        const thumb = await download(owner.client, `${base()}/files/${fileId}/thumbnail`);
        expect(thumb.status).toBe(200);
        expect(thumb.headers.get('content-type')).toBe('image/webp');
        const meta = await sharp(thumb.body).metadata();
        expect(meta).toMatchObject({ format: 'webp', width: 320 });
      }
      const { fileId } = await tusUpload(server, owner.client, ws, pdfBytes(100), {
        filename: 'no-preview.pdf',
        filetype: 'application/pdf',
      });
      expect((await download(owner.client, `${base()}/files/${fileId}/thumbnail`)).status).toBe(404);
    });

    it('a picture lands in its own folder and is served at the width asked, made once and kept', async () => {
      const photo = await sharp({ create: { width: 2000, height: 1500, channels: 3, background: '#264653' } })
        .jpeg()
        .toBuffer();
      const first = await tusUpload(server, owner.client, ws, photo, { filename: 'maize.jpg', filetype: 'image/jpeg', purpose: 'product' });
      const second = await tusUpload(server, owner.client, ws, photo, {
        filename: 'beans.jpg',
        filetype: 'image/jpeg',
        purpose: 'product',
      });
      const root = driveListing.parse((await owner.client.get(base())).json);
      const products = root.folders.filter((f) => f.name === 'Products');
      expect(products).toHaveLength(1);
      const inside = driveListing.parse((await owner.client.get(`${base()}?folder=${products[0].id}`)).json);
      expect(inside.files.map((f) => f.id).sort()).toEqual([first.fileId, second.fileId].sort());

      const storage = driveRuntime(server.deps).storage;
      const key = `workspaces/${ws}/pictures/${first.fileId}/w256.webp`;
      expect(await storage.stat(key)).toBeNull();
      const pic = await download(owner.client, `${base()}/files/${first.fileId}/picture?w=256`);
      expect(pic.status).toBe(200);
      expect(pic.headers.get('content-type')).toBe('image/webp');
      expect(pic.headers.get('cache-control')).toContain('immutable');
      expect(await sharp(pic.body).metadata()).toMatchObject({ format: 'webp', width: 256, height: 192 });
      // Kept in storage: the second answer is the same bytes, read back.
      expect(await storage.stat(key)).toEqual({ size: pic.body.length });
      const again = await download(owner.client, `${base()}/files/${first.fileId}/picture?w=256`);
      expect(again.body.equals(pic.body)).toBe(true);
      // Never larger than the photo itself.
      const small = await sharp({ create: { width: 100, height: 50, channels: 3, background: '#fff' } })
        .png()
        .toBuffer();
      const tiny = await tusUpload(server, owner.client, ws, small, { filename: 'logo.png', filetype: 'image/png', purpose: 'logo' });
      expect(await sharp((await download(owner.client, `${base()}/files/${tiny.fileId}/picture?w=1024`)).body).metadata()).toMatchObject({
        width: 100,
      });
      expect(driveListing.parse((await owner.client.get(base())).json).folders.map((f) => f.name)).toContain('Branding');

      expect((await download(owner.client, `${base()}/files/${first.fileId}/picture?w=300`)).status).toBe(400);
      const { fileId: pdf } = await tusUpload(server, owner.client, ws, pdfBytes(200), { filename: 'a.pdf', filetype: 'application/pdf' });
      expect((await download(owner.client, `${base()}/files/${pdf}/picture?w=64`)).status).toBe(404);
      // Only an image can be a picture.
      const refused = await tusUpload(server, owner.client, ws, pdfBytes(200), {
        filename: 'menu.pdf',
        filetype: 'application/pdf',
        purpose: 'product',
      }).then(
        () => null,
        (err: unknown) => refusedOf(err),
      );
      expect(refused).toEqual({ status: 415, body: { message: driveMessages.picture, code: 'type_not_allowed' } });

      // A file deleted for good takes its pictures with it.
      expect((await owner.client.delete(`${base()}/files/${first.fileId}`)).status).toBe(200);
      expect(await storage.stat(key)).toBeNull();
    });

    it('a folder restored from the trash brings back what went in with it, and only that', async () => {
      const shop = driveFolderDto.parse((await owner.client.post(`${base()}/folders`, { name: 'Market stall' })).json);
      const inner = driveFolderDto.parse((await owner.client.post(`${base()}/folders`, { name: 'Receipts', parent_id: shop.id })).json);
      const upload = (name: string, folder: string) =>
        tusUpload(server, owner.client, ws, pdfBytes(300), { filename: name, filetype: 'application/pdf', folder }).then((u) => u.fileId);
      const top = await upload('rent.pdf', shop.id);
      const deep = await upload('march.pdf', inner.id);
      const binned = await upload('old.pdf', shop.id);
      expect((await owner.client.post(`${base()}/files/${binned}/trash`)).status).toBe(200);
      // A moment later the folder goes, with what is still in it.
      server.advance(1000);
      try {
        expect((await owner.client.delete(`${base()}/folders/${shop.id}`)).status).toBe(200);
      } finally {
        server.advance(-1000);
      }
      expect((await owner.client.post(`${base()}/folders/${inner.id}/restore`)).status).toBe(200);
      // Restored on its own, the inner folder left its trashed parent for the top of the drive.
      const innerBack = driveListing.parse((await owner.client.get(base())).json);
      expect(innerBack.folders.find((f) => f.id === inner.id)).toMatchObject({ parent_id: null, deleted_at: null });
      expect((await owner.client.patch(`${base()}/folders/${inner.id}`, { parent_id: shop.id })).status).toBe(400);

      const restored = await owner.client.post(`${base()}/folders/${shop.id}/restore`);
      expect(restored.status).toBe(200);
      expect(driveFolderDto.parse(restored.json)).toMatchObject({ id: shop.id, parent_id: null, deleted_at: null });
      const listing = driveListing.parse((await owner.client.get(`${base()}?folder=${shop.id}`)).json);
      expect(listing.files.map((f) => f.id)).toEqual([top]);
      const innerFiles = driveListing.parse((await owner.client.get(`${base()}?folder=${inner.id}`)).json);
      expect(innerFiles.files.map((f) => f.id)).toEqual([deep]);
      // The file trashed on its own before stays in the trash.
      const trash = driveListing.parse((await owner.client.get(`${base()}?trash=1`)).json);
      expect(trash.files.map((f) => f.id)).toContain(binned);
      expect(trash.folders.map((f) => f.id)).not.toContain(shop.id);
      // A folder not in the trash, or another workspace's, is not found.
      const again = await owner.client.post(`${base()}/folders/${shop.id}/restore`);
      expect(again.status).toBe(404);
      expect(again.json).toMatchObject({ message: 'Folder not found' });
    });

    it('deleting a workspace, or the account that owns it, removes its files from storage and nothing else', async () => {
      const boss = await signedInUser(server, { plan: 'pro' });
      const storage = driveRuntime(server.deps).storage;
      const keysOf = async (w: number) =>
        (await db.query<{ storage_key: string }>('SELECT storage_key FROM drive_files WHERE workspace_id = $1', [w])).map(
          (r) => r.storage_key,
        );
      const fill = async (w: number) => {
        const photo = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#e9c46a' } })
          .jpeg()
          .toBuffer();
        const { fileId } = await tusUpload(server, boss.client, w, photo, {
          filename: 'stall.jpg',
          filetype: 'image/jpeg',
          purpose: 'product',
        });
        await tusUpload(server, boss.client, w, pdfBytes(500), { filename: 'lease.pdf', filetype: 'application/pdf' });
        expect((await download(boss.client, `/api/workspaces/${w}/drive/files/${fileId}/picture?w=128`)).status).toBe(200);
        const keys = [...(await keysOf(w)), `workspaces/${w}/thumbnails/${fileId}.webp`, `workspaces/${w}/pictures/${fileId}/w128.webp`];
        for (const key of keys) expect(await storage.stat(key)).not.toBeNull();
        return keys;
      };
      const gone = await seedWorkspace(db, boss.user.id);
      const kept = await seedWorkspace(db, boss.user.id);
      const goneKeys = await fill(gone);
      const keptKeys = await fill(kept);

      const res = await boss.client.delete(`/api/workspaces/${gone}`);
      expect(res.status).toBe(200);
      for (const key of goneKeys) expect(await storage.stat(key)).toBeNull();
      expect(await storage.deleteAll(`workspaces/${gone}/`)).toBe(0);
      for (const key of keptKeys) expect(await storage.stat(key)).not.toBeNull();
      if (driver === 'local') expect(await listFiles(join(dataDir, 'files', 'workspaces', String(gone)))).toEqual([]);

      // The owner's account goes: its workspaces go with it, and so do their bytes.
      const bye = await boss.client.post('/api/auth/delete-account', { confirm: 'DELETE' });
      expect(bye.status).toBe(200);
      for (const key of keptKeys) expect(await storage.stat(key)).toBeNull();
      // Another owner's files are untouched.
      expect((await owner.client.get(base())).status).toBe(200);
      for (const key of await keysOf(ws)) expect(await storage.stat(key)).not.toBeNull();
    });

    it('folders: create, list, rename, move, search, and delete to the trash with their files', async () => {
      const shop = driveFolderDto.parse((await owner.client.post(`${base()}/folders`, { name: 'Shop' })).json);
      const photos = driveFolderDto.parse((await owner.client.post(`${base()}/folders`, { name: 'Photos', parent_id: shop.id })).json);
      const { fileId } = await tusUpload(server, owner.client, ws, pdfBytes(300), {
        filename: 'Price list.pdf',
        filetype: 'application/pdf',
        folder: photos.id,
      });

      const listing = driveListing.parse((await owner.client.get(`${base()}?folder=${photos.id}`)).json);
      expect(listing.path.map((f) => f.name)).toEqual(['Shop', 'Photos']);
      expect(listing.files.map((f) => f.name)).toEqual(['Price list.pdf']);

      const renamed = await owner.client.patch(`${base()}/folders/${photos.id}`, { name: 'Product photos', parent_id: null });
      expect(driveFolderDto.parse(renamed.json)).toMatchObject({ name: 'Product photos', parent_id: null });
      const loop = await owner.client.patch(`${base()}/folders/${shop.id}`, { parent_id: shop.id });
      expect(loop.status).toBe(400);
      expect(loop.json).toMatchObject({ message: driveMessages.folderLoop });

      const moved = await owner.client.patch(`${base()}/files/${fileId}`, { name: 'Prices 2026.pdf', folder_id: shop.id });
      expect(driveFileDto.parse(moved.json)).toMatchObject({ name: 'Prices 2026.pdf', folder_id: shop.id });
      const found = driveListing.parse((await owner.client.get(`${base()}?q=prices`)).json);
      expect(found.files.map((f) => f.id)).toEqual([fileId]);
      const none = driveListing.parse((await owner.client.get(`${base()}?q=${encodeURIComponent('%')}`)).json);
      expect(none.files).toEqual([]);

      expect((await owner.client.delete(`${base()}/folders/${shop.id}`)).status).toBe(200);
      const root = driveListing.parse((await owner.client.get(base())).json);
      expect(root.folders.map((f) => f.id)).not.toContain(shop.id);
      const trash = driveListing.parse((await owner.client.get(`${base()}?trash=1`)).json);
      expect(trash.files.map((f) => f.id)).toContain(fileId);
      expect(trash.folders.map((f) => f.id)).toContain(shop.id);
      // Restored out of a trashed folder, the file lands at the top.
      const restored = driveFileDto.parse((await owner.client.post(`${base()}/files/${fileId}/restore`)).json);
      expect(restored).toMatchObject({ trashed_at: null, folder_id: null });
    });

    it('trash, restore and delete a file; the trash empties itself after 30 days', async () => {
      const data = pdfBytes(1234);
      const { fileId } = await tusUpload(server, owner.client, ws, data, { filename: 'old.pdf', filetype: 'application/pdf' });
      const [{ storage_key: key }] = await db.query<{ storage_key: string }>('SELECT storage_key FROM drive_files WHERE id = $1', [fileId]);
      const storage = driveRuntime(server.deps).storage;

      const trashed = driveFileDto.parse((await owner.client.post(`${base()}/files/${fileId}/trash`)).json);
      expect(trashed.trashed_at).not.toBeNull();
      expect(driveListing.parse((await owner.client.get(base())).json).files.map((f) => f.id)).not.toContain(fileId);
      await purgeTrash(server.deps);
      expect(await storage.stat(key)).toEqual({ size: data.length });

      server.advance(31 * DAY);
      try {
        const purged = await purgeTrash(server.deps);
        expect(purged.files).toBeGreaterThanOrEqual(1);
      } finally {
        server.advance(-31 * DAY);
      }
      expect(await storage.stat(key)).toBeNull();
      expect((await owner.client.get(`${base()}/files/${fileId}`)).status).toBe(404);

      const keep = await tusUpload(server, owner.client, ws, pdfBytes(10), { filename: 'gone.pdf', filetype: 'application/pdf' });
      const [{ storage_key: keepKey }] = await db.query<{ storage_key: string }>('SELECT storage_key FROM drive_files WHERE id = $1', [
        keep.fileId,
      ]);
      expect((await owner.client.delete(`${base()}/files/${keep.fileId}`)).status).toBe(200);
      expect(await storage.stat(keepKey)).toBeNull();
    });

    it('a member of another workspace gets not-found for every file, upload and link of this one', async () => {
      const data = pdfBytes(2000);
      const { fileId } = await tusUpload(server, owner.client, ws, data, { filename: 'private.pdf', filetype: 'application/pdf' });
      const partial = await tusUpload(
        server,
        owner.client,
        ws,
        pdfBytes(50_000),
        { filename: 'partial.pdf', filetype: 'application/pdf' },
        { abortAfter: 1, chunkSize: 10_000 },
      );
      const link = shareLinkCreated.parse((await owner.client.post(`${base()}/files/${fileId}/links`, {})).json);
      const other = await signedInUser(server, { plan: 'pro' });
      const otherWs = await seedWorkspace(db, other.user.id);
      const c = other.client;

      for (const path of [`${base()}/files/${fileId}`, `${base()}/files/${fileId}/content`, `${base()}`, `${base()}/usage`]) {
        const res = await c.get(path);
        expect(res.status, path).toBe(404);
        expect(res.text).not.toContain('private.pdf');
      }
      // Through their own workspace, this file's id names nothing.
      expect((await c.get(`/api/workspaces/${otherWs}/drive/files/${fileId}`)).status).toBe(404);
      expect((await c.get(`/api/workspaces/${otherWs}/drive/files/${fileId}/content`)).status).toBe(404);
      expect((await c.patch(`/api/workspaces/${otherWs}/drive/files/${fileId}`, { name: 'mine.pdf' })).status).toBe(404);
      expect((await c.delete(`/api/workspaces/${otherWs}/drive/files/${fileId}`)).status).toBe(404);
      expect((await c.delete(`/api/workspaces/${otherWs}/drive/links/${link.id}`)).status).toBe(404);
      // Uploads: into this workspace, or resuming this workspace's upload through theirs.
      expect((await createUpload(server, c, ws, 10, { filename: 'x.pdf', filetype: 'application/pdf' })).status).toBe(404);
      const stolen = partial.url.replace(`/workspaces/${ws}/`, `/workspaces/${otherWs}/`);
      for (const url of [partial.url, stolen]) {
        const head = await fetch(url, { method: 'HEAD', headers: { cookie: cookieOf(c), 'Tus-Resumable': '1.0.0' } });
        expect(head.status, url).toBe(404);
        const patch = await fetch(url, {
          method: 'PATCH',
          headers: {
            cookie: cookieOf(c),
            'Tus-Resumable': '1.0.0',
            'Upload-Offset': '0',
            'Content-Type': 'application/offset+octet-stream',
          },
          body: Buffer.from('%PDF-evil'),
        });
        expect(patch.status, url).toBe(404);
      }
      const stillMine = await fetch(partial.url, { method: 'HEAD', headers: { cookie: cookieOf(owner.client), 'Tus-Resumable': '1.0.0' } });
      expect(stillMine.status).toBe(200);
      // Nobody signed in: 401.
      expect((await new CookieClient(server.url).get(`${base()}/files/${fileId}/content`)).status).toBe(401);
    });

    it('row-level security keeps every drive table to its workspace', async () => {
      const other = await signedInUser(server, { plan: 'pro' });
      const otherWs = await seedWorkspace(db, other.user.id);
      const seed = async (workspace: number, userId: number) => {
        const folder = randomUUID();
        const file = randomUUID();
        await db.query('INSERT INTO drive_folders (workspace_id, id, name) VALUES ($1, $2, $3)', [workspace, folder, `rls ${workspace}`]);
        await db.query(
          `INSERT INTO drive_files (workspace_id, id, folder_id, name, mime_type, size_bytes, sha256, storage_key)
           VALUES ($1, $2, $3, 'rls.pdf', 'application/pdf', 1, $4, 'workspaces/0/files/rls')`,
          [workspace, file, folder, '0'.repeat(64)],
        );
        await db.query('INSERT INTO drive_share_links (workspace_id, id, token_hash, file_id) VALUES ($1, $2, $3, $4)', [
          workspace,
          randomUUID(),
          randomBytes(32).toString('hex'),
          file,
        ]);
        await db.query(
          `INSERT INTO drive_uploads (workspace_id, id, user_id, size_bytes, created_at, touched_at) VALUES ($1, $2, $3, 1, now(), now())`,
          [workspace, randomBytes(16).toString('hex'), userId],
        );
        return { folder, file };
      };
      const theirs = await seed(otherWs, other.user.id);
      await seed(ws, owner.user.id);
      await withScope(db, { userId: owner.user.id, workspaceId: ws }, async (q) => {
        for (const table of ['drive_folders', 'drive_files', 'drive_share_links', 'drive_uploads']) {
          const seen = await q.query<{ workspace_id: number }>(`SELECT DISTINCT workspace_id FROM ${table}`);
          expect(
            seen.map((r) => r.workspace_id),
            table,
          ).toEqual([ws]);
          expect(
            await q.query(`UPDATE ${table} SET workspace_id = workspace_id WHERE workspace_id = $1 RETURNING 1`, [otherWs]),
            table,
          ).toEqual([]);
          expect(await q.query(`DELETE FROM ${table} WHERE workspace_id = $1 RETURNING 1`, [otherWs]), table).toEqual([]);
        }
      });
      await expect(
        withScope(db, { userId: owner.user.id, workspaceId: ws }, (q) =>
          q.query('INSERT INTO drive_folders (workspace_id, id, name) VALUES ($1, $2, $3)', [otherWs, randomUUID(), 'smuggled']),
        ),
      ).rejects.toThrow(/row-level security/);
      // Naming the other workspace as the scope without being its member sees nothing either.
      const peek = await withScope(db, { userId: owner.user.id, workspaceId: otherWs }, (q) => q.query('SELECT id FROM drive_files'));
      expect(peek).toEqual([]);
      expect(await db.query('SELECT 1 FROM drive_files WHERE workspace_id = $1 AND id = $2', [otherWs, theirs.file])).toHaveLength(1);
    });

    it('an upload from another site is refused like any other cross-site state change', async () => {
      const res = await fetch(`${server.url}/api/workspaces/${ws}/drive/uploads`, {
        method: 'POST',
        headers: {
          cookie: cookieOf(owner.client),
          origin: 'https://evil.example',
          'Tus-Resumable': '1.0.0',
          'Upload-Length': '10',
          'Upload-Metadata': `filename ${Buffer.from('x.pdf').toString('base64')},filetype ${Buffer.from('application/pdf').toString('base64')}`,
        },
      });
      expect(res.status).toBe(403);
      expect(await res.json()).toMatchObject({ code: 'bad_origin' });
      // Upload bytes are accepted as such only on the upload path.
      const elsewhere = await fetch(`${server.url}/api/workspaces/${ws}/drive/folders`, {
        method: 'POST',
        headers: { cookie: cookieOf(owner.client), 'content-type': 'application/offset+octet-stream' },
        body: 'name=x',
      });
      expect(elsewhere.status).toBe(415);
    });

    it('share links open the file for anyone until revoked or expired; then they are not found', async () => {
      const data = pdfBytes(3000);
      const { fileId } = await tusUpload(server, owner.client, ws, data, { filename: 'menu.pdf', filetype: 'application/pdf' });
      const anon = new CookieClient(server.url);

      const open = shareLinkCreated.parse((await owner.client.post(`${base()}/files/${fileId}/links`, {})).json);
      expect(open.url).toBe(`${server.deps.config.APP_ORIGIN}/api/drive/shared/${open.token}`);
      const got = await download(anon, `/api/drive/shared/${open.token}`);
      expect(got.status).toBe(200);
      expect(sha256(got.body)).toBe(sha256(data));
      expect((await download(anon, `/api/drive/shared/${open.token}`, { range: 'bytes=0-4' })).body.toString()).toBe('%PDF-');
      // Only the token's hash is kept.
      expect(JSON.stringify(await db.query('SELECT * FROM drive_share_links'))).not.toContain(open.token);

      const revoked = shareLinkDto.parse((await owner.client.delete(`${base()}/links/${open.id}`)).json);
      expect(revoked.revoked_at).not.toBeNull();
      const afterRevoke = await anon.get(`/api/drive/shared/${open.token}`);
      expect(afterRevoke.status).toBe(404);
      expect(afterRevoke.json).toEqual({ message: driveMessages.link });

      const expiring = shareLinkCreated.parse(
        (
          await owner.client.post(`${base()}/files/${fileId}/links`, {
            expires_at: new Date(server.deps.now().getTime() + DAY).toISOString(),
          })
        ).json,
      );
      expect((await download(anon, `/api/drive/shared/${expiring.token}`)).status).toBe(200);
      server.advance(DAY + 1000);
      try {
        expect((await anon.get(`/api/drive/shared/${expiring.token}`)).status).toBe(404);
      } finally {
        server.advance(-(DAY + 1000));
      }
      const past = await owner.client.post(`${base()}/files/${fileId}/links`, { expires_at: new Date(Date.now() - 1000).toISOString() });
      expect(past.status).toBe(400);
      expect((await anon.get(`/api/drive/shared/${'A'.repeat(43)}`)).status).toBe(404);
      const links = z.array(shareLinkDto).parse((await owner.client.get(`${base()}/files/${fileId}/links`)).json);
      expect(links.map((l) => l.id).sort()).toEqual([open.id, expiring.id].sort());
      // A trashed file's links open nothing.
      await owner.client.post(`${base()}/files/${fileId}/trash`);
      expect((await anon.get(`/api/drive/shared/${expiring.token}`)).status).toBe(404);
    });
  });
}

for (const target of testDatabases()) {
  driveSuite(
    `${target.name}, local disk`,
    'local',
    () => target.open(),
    async () => ({ env: {}, close: async () => {} }),
  );
}

const pglite = testDatabases()[0];
let s3: LocalS3 | undefined;
driveSuite(
  `${pglite.name}, S3 (s3rver)`,
  's3',
  () => pglite.open(),
  async () => {
    s3 = await startLocalS3();
    return { env: s3.env, close: () => s3?.close() ?? Promise.resolve() };
  },
);
