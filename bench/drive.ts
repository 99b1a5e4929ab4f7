/**
 * The drive's figures (issue 14): upload throughput through tus (the app's own client, in its own
 * chunk size) against a plain file copy of the same bytes on this machine, and the time sharp takes
 * to make a thumbnail and a till-sized picture of a 12-megapixel photo. Printed, never asserted.
 */
import { randomBytes } from 'node:crypto';
import { copyFile, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { Upload } from 'tus-js-client';
import { CHUNK_SIZE } from '../app/kit/pictures/uploads.js';
import { localStorage } from '../sync-server/files/storage.js';
import { makePicture, makeThumbnail } from '../sync-server/files/thumbnail.js';
import { testDatabases } from '../tests/support/databases.js';
import { signedInUser } from '../tests/support/fixtures.js';
import { startTestServer } from '../tests/support/server.js';
import { seedWorkspace } from '../tests/support/sync-server.js';

const SIZE = 64 * 1024 * 1024;
const ROUNDS = 5;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const mbps = (bytes: number, ms: number) => bytes / 1024 / 1024 / (ms / 1000);

const dir = await mkdtemp(join(tmpdir(), 'vuka-bench-drive-'));
const db = await testDatabases()[0].open();
const server = await startTestServer(db, { env: { DATA_DIR: join(dir, 'data'), RATE_LIMITS: 'off' } });
try {
  const owner = await signedInUser(server, { plan: 'pro' });
  const ws = await seedWorkspace(db, owner.user.id);
  await db.query(`INSERT INTO workspace_settings (workspace_id, allowed_file_types) VALUES ($1, ARRAY['*/*'])`, [ws]);
  const cookie = [...owner.client.jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const data = randomBytes(SIZE);
  Buffer.from('%PDF-1.7\n').copy(data);
  const source = join(dir, 'source.pdf');
  await writeFile(source, data);

  const upload = () =>
    new Promise<void>((resolve, reject) => {
      new Upload(data, {
        endpoint: `${server.url}/api/workspaces/${ws}/drive/uploads`,
        headers: { cookie },
        metadata: { filename: 'bench.pdf', filetype: 'application/pdf' },
        chunkSize: CHUNK_SIZE,
        retryDelays: [],
        onSuccess: () => resolve(),
        onError: reject,
      }).start();
    });

  const copies: number[] = [];
  const uploads: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    let t = performance.now();
    await copyFile(source, join(dir, `copy-${i}.pdf`));
    copies.push(performance.now() - t);
    t = performance.now();
    await upload();
    uploads.push(performance.now() - t);
    await db.query('DELETE FROM drive_files WHERE workspace_id = $1', [ws]);
  }
  const copy = mbps(SIZE, median(copies));
  const tus = mbps(SIZE, median(uploads));
  console.log(`drive upload, ${SIZE / 1024 / 1024} MiB in ${CHUNK_SIZE / 1024 / 1024} MiB chunks, median of ${ROUNDS}:`);
  console.log(`  plain file copy   ${copy.toFixed(0)} MiB/s`);
  console.log(`  tus upload        ${tus.toFixed(0)} MiB/s (stored, hashed, row written)`);
  console.log(`  ratio tus / copy  ${(tus / copy).toFixed(3)}`);

  // A 12-megapixel photo (4000 × 3000) with detail, as a phone camera makes it.
  const width = 4000;
  const height = 3000;
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i += 3) {
    const x = (i / 3) % width;
    const y = Math.floor(i / 3 / width);
    pixels[i] = (x * 7 + y) % 256;
    pixels[i + 1] = (y * 3) % 256;
    pixels[i + 2] = (x ^ y) % 256;
  }
  const photo = await sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
  const storage = localStorage(join(dir, 'files'));
  await storage.put('workspaces/1/files/photo', photo, photo.length);
  const thumbs: number[] = [];
  const pictures: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    let t = performance.now();
    await makeThumbnail(storage, 'workspaces/1/files/photo', `workspaces/1/thumbnails/photo-${i}.webp`);
    thumbs.push(performance.now() - t);
    t = performance.now();
    await makePicture(storage, 'workspaces/1/files/photo', 512);
    pictures.push(performance.now() - t);
  }
  console.log(`12-megapixel photo (${(photo.length / 1024 / 1024).toFixed(1)} MiB JPEG), median of ${ROUNDS}:`);
  console.log(`  thumbnail (320 px WebP)     ${median(thumbs).toFixed(0)} ms`);
  console.log(`  till picture (512 px WebP)  ${median(pictures).toFixed(0)} ms`);
} finally {
  await server.close();
  await db.close();
  await rm(dir, { recursive: true, force: true });
}
