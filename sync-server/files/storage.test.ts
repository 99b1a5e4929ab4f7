import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalS3, type LocalS3 } from '../../tests/support/s3.js';
import { fileKey, localStorage, picturesPrefix, s3Storage, thumbnailKey, workspacePrefix, type FileStorage } from './storage.js';

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

const drivers: Array<{ name: string; open(): Promise<{ storage: FileStorage; close(): Promise<void> }> }> = [
  {
    name: 'local disk',
    async open() {
      const dir = await mkdtemp(join(tmpdir(), 'vuka-files-'));
      return { storage: localStorage(dir), close: () => rm(dir, { recursive: true, force: true }) };
    },
  },
  {
    name: 'S3 (s3rver)',
    async open() {
      const s3: LocalS3 = await startLocalS3();
      return { storage: s3Storage(s3.settings), close: () => s3.close() };
    },
  },
];

describe('storage keys', () => {
  it('are made of ids only', () => {
    expect(fileKey(7, '1b4e28ba-2fa1-11d2-883f-0016d3cca427')).toBe('workspaces/7/files/1b4e28ba-2fa1-11d2-883f-0016d3cca427');
    expect(thumbnailKey(7, 'abc')).toBe('workspaces/7/thumbnails/abc.webp');
    expect(() => fileKey(7, '../../etc/passwd')).toThrow(/not a storage key/);
    expect(() => fileKey(7, 'a/b')).not.toThrow();
    expect(() => fileKey(7, 'A B')).toThrow(/not a storage key/);
  });

  it('a local key cannot leave the root', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'vuka-files-'));
    const storage = localStorage(dir);
    await expect(storage.put('../outside', Buffer.from('x'), 1)).rejects.toThrow(/not a storage key/);
    await expect(storage.get('a/../../outside')).rejects.toThrow(/not a storage key/);
    await rm(dir, { recursive: true, force: true });
  });
});

for (const driver of drivers) {
  describe(`file storage on ${driver.name}`, () => {
    let storage: FileStorage;
    let close: () => Promise<void>;
    beforeAll(async () => {
      ({ storage, close } = await driver.open());
    });
    afterAll(async () => {
      await close?.();
    });

    it('stores a stream, reads it whole and by range, stats and deletes it', async () => {
      const body = randomBytes(300_000);
      const key = 'workspaces/1/files/roundtrip';
      await storage.put(key, Readable.from([body.subarray(0, 100_000), body.subarray(100_000)]), body.length, 'application/octet-stream');
      expect(await storage.stat(key)).toEqual({ size: body.length });
      expect((await bytesOf(await storage.get(key))).equals(body)).toBe(true);
      const part = await bytesOf(await storage.get(key, { start: 1000, end: 1999 }));
      expect(part.equals(body.subarray(1000, 2000))).toBe(true);
      await storage.delete(key);
      expect(await storage.stat(key)).toBeNull();
      await expect(storage.get(key)).rejects.toThrow();
      // Deleting what is gone is fine.
      await storage.delete(key);
    });

    it('deletes everything under a prefix, and nothing of a workspace whose id merely starts the same', async () => {
      for (const key of [
        'workspaces/3/files/a',
        'workspaces/3/pictures/a/w64.webp',
        'workspaces/3/pictures/a/w128.webp',
        'workspaces/31/files/b',
      ])
        await storage.put(key, Buffer.from(key), Buffer.byteLength(key));
      expect(await storage.deleteAll(picturesPrefix(3, 'a'))).toBe(2);
      expect(await storage.stat('workspaces/3/pictures/a/w64.webp')).toBeNull();
      expect(await storage.stat('workspaces/3/files/a')).not.toBeNull();
      expect(await storage.deleteAll(workspacePrefix(3))).toBe(1);
      expect(await storage.stat('workspaces/3/files/a')).toBeNull();
      expect(await storage.stat('workspaces/31/files/b')).toEqual({ size: 'workspaces/31/files/b'.length });
      expect(await storage.deleteAll(workspacePrefix(3))).toBe(0);
      await expect(storage.deleteAll('workspaces/3')).rejects.toThrow(/not a storage prefix/);
    });

    it('a put replaces the object under the same key', async () => {
      const key = 'workspaces/1/files/replaced';
      await storage.put(key, Buffer.from('first'), 5);
      await storage.put(key, Buffer.from('second'), 6);
      expect(await text(await storage.get(key))).toBe('second');
    });
  });
}

describe('local storage', () => {
  it('a put whose stream breaks leaves no file and no partial file behind', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'vuka-files-'));
    const storage = localStorage(dir);
    const broken = new Readable({
      read() {
        this.push(Buffer.alloc(1000));
        this.destroy(new Error('connection lost'));
      },
    });
    await expect(storage.put('workspaces/1/files/broken', broken, 5000)).rejects.toThrow('connection lost');
    expect(await storage.stat('workspaces/1/files/broken')).toBeNull();
    expect(await readdir(join(dir, 'workspaces/1/files'))).toEqual([]);
    await rm(dir, { recursive: true, force: true });
  });
});
