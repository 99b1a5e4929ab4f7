import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { randomUUID } from 'node:crypto';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import type { Config } from '../config.js';

/** Bytes `start` to `end`, both included (an HTTP Range). */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Where drive files' bytes live (DESIGN.md §9): one interface, local disk or an S3-compatible store.
 * Keys are built by the server from ids only (`fileKey`), never from a name a person typed.
 */
export interface FileStorage {
  readonly driver: 'local' | 's3';
  /** Stores `size` bytes under `key`, replacing what was there. */
  put(key: string, body: Readable | Buffer, size: number, contentType?: string): Promise<void>;
  /** The object's bytes, or the `range` of them. */
  get(key: string, range?: ByteRange): Promise<Readable>;
  /** Removes the object; removing one that is not there is not an error. */
  delete(key: string): Promise<void>;
  /** The object's size, or null when there is none. */
  stat(key: string): Promise<{ size: number } | null>;
  /** Removes every object whose key starts with `prefix` (a whole folder of keys, ending in `/`). Returns how many went. */
  deleteAll(prefix: string): Promise<number>;
}

/** S3 settings, when all four required ones are set. */
export interface S3Settings {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
}

export function s3SettingsOf(config: Config): S3Settings | null {
  const { S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, S3_REGION } = config;
  if (!S3_ENDPOINT || !S3_BUCKET || !S3_ACCESS_KEY_ID || !S3_SECRET_ACCESS_KEY) return null;
  return {
    endpoint: S3_ENDPOINT,
    bucket: S3_BUCKET,
    accessKeyId: S3_ACCESS_KEY_ID,
    secretAccessKey: S3_SECRET_ACCESS_KEY,
    region: S3_REGION,
  };
}

const KEY = /^[a-z0-9][a-z0-9._-]*(\/[a-z0-9][a-z0-9._-]*)*$/;

/** Refuses a key that is not made of plain id segments: a bug, never a person's input. */
function checkKey(key: string): string {
  if (!KEY.test(key) || key.includes('..')) throw new Error(`not a storage key: ${JSON.stringify(key)}`);
  return key;
}

/** Where a drive file's bytes live: the workspace and file ids, nothing a person typed. */
export function fileKey(workspaceId: number, fileId: string): string {
  return checkKey(`workspaces/${workspaceId}/files/${fileId}`);
}

export function thumbnailKey(workspaceId: number, fileId: string): string {
  return checkKey(`workspaces/${workspaceId}/thumbnails/${fileId}.webp`);
}

/** A picture made `width` pixels wide from a drive image. */
export function pictureKey(workspaceId: number, fileId: string, width: number): string {
  return checkKey(`workspaces/${workspaceId}/pictures/${fileId}/w${width}.webp`);
}

/** Everything one drive file left in storage besides its bytes and thumbnail: its sized pictures. */
export function picturesPrefix(workspaceId: number, fileId: string): string {
  return `${checkKey(`workspaces/${workspaceId}/pictures/${fileId}`)}/`;
}

/** Everything of one workspace. */
export function workspacePrefix(workspaceId: number): string {
  return `${checkKey(`workspaces/${workspaceId}`)}/`;
}

/** A prefix is a key followed by `/`. */
function checkPrefix(prefix: string): string {
  if (!prefix.endsWith('/')) throw new Error(`not a storage prefix: ${JSON.stringify(prefix)}`);
  checkKey(prefix.slice(0, -1));
  return prefix;
}

/** Files on local disk under `root`; a put writes a temporary file and renames it, so a reader never sees half a file. */
export function localStorage(root: string): FileStorage {
  const base = resolve(root);
  const pathOf = (key: string) => {
    const path = resolve(base, checkKey(key));
    if (!path.startsWith(base + sep)) throw new Error(`not a storage key: ${JSON.stringify(key)}`);
    return path;
  };
  return {
    driver: 'local',
    async put(key, body, size) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      const temp = join(dirname(path), `.${randomUUID()}.part`);
      try {
        await pipeline(Buffer.isBuffer(body) ? Readable.from([body]) : body, createWriteStream(temp));
        const written = (await stat(temp)).size;
        if (written !== size) throw new Error(`stored ${written} bytes of ${size}`);
        await rename(temp, path);
      } finally {
        await rm(temp, { force: true });
      }
    },
    async get(key, range) {
      const path = pathOf(key);
      // Opening first turns a missing file into a rejected promise, not a stream error later.
      await stat(path);
      return createReadStream(path, range ? { start: range.start, end: range.end } : {});
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
    async stat(key) {
      try {
        return { size: (await stat(pathOf(key))).size };
      } catch (err) {
        if (isCode(err, 'ENOENT')) return null;
        throw err;
      }
    },
    async deleteAll(prefix) {
      const dir = pathOf(checkPrefix(prefix).slice(0, -1));
      let entries: string[];
      try {
        entries = await readdir(dir, { recursive: true });
      } catch (err) {
        if (isCode(err, 'ENOENT')) return 0;
        throw err;
      }
      const files = (await Promise.all(entries.map(async (e) => ((await stat(join(dir, e))).isFile() ? e : null)))).filter(
        (e) => e !== null,
      );
      await rm(dir, { recursive: true, force: true });
      return files.length;
    },
  };
}

/** Files in an S3-compatible bucket (path-style addressing, which MinIO, s3rver and most others expect). */
export function s3Storage(settings: S3Settings): FileStorage {
  const client = s3ClientOf(settings);
  const Bucket = settings.bucket;
  return {
    driver: 's3',
    async put(key, body, size, contentType) {
      await client.send(new PutObjectCommand({ Bucket, Key: checkKey(key), Body: body, ContentLength: size, ContentType: contentType }));
    },
    async get(key, range) {
      const out = await client.send(
        new GetObjectCommand({ Bucket, Key: checkKey(key), Range: range ? `bytes=${range.start}-${range.end}` : undefined }),
      );
      if (!(out.Body instanceof Readable)) throw new Error('the S3 client returned no Node stream');
      return out.Body;
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: checkKey(key) }));
    },
    async stat(key) {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: checkKey(key) }));
        return { size: head.ContentLength ?? 0 };
      } catch (err) {
        if (typeof err === 'object' && err !== null && 'name' in err && (err.name === 'NotFound' || err.name === 'NoSuchKey')) return null;
        throw err;
      }
    },
    async deleteAll(prefix) {
      const Prefix = checkPrefix(prefix);
      let removed = 0;
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix, ContinuationToken }));
        for (const object of page.Contents ?? []) {
          if (!object.Key?.startsWith(Prefix)) continue;
          await client.send(new DeleteObjectCommand({ Bucket, Key: object.Key }));
          removed++;
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
      return removed;
    },
  };
}

/**
 * The client options for any S3-compatible store. Checksums only where the operation requires one:
 * the SDK's default frames streamed bodies as `aws-chunked` with a trailing CRC, which many
 * S3-compatible servers store as part of the object.
 */
export function s3ClientConfigOf(settings: S3Settings) {
  return {
    endpoint: settings.endpoint,
    region: settings.region,
    forcePathStyle: true,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  } as const;
}

function s3ClientOf(settings: S3Settings): S3Client {
  return new S3Client(s3ClientConfigOf(settings));
}

/** The storage the config asks for: S3 when it is configured, else `DATA_DIR/files`. */
export function storageFor(config: Config): FileStorage {
  const s3 = s3SettingsOf(config);
  return s3 ? s3Storage(s3) : localStorage(join(config.DATA_DIR, 'files'));
}

function isCode(err: unknown, code: string): boolean {
  return typeof err === 'object' && err !== null && 'code' in err && err.code === code;
}
