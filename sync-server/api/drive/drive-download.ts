import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Request, Response } from 'express';
import { driveMessages, opensInBrowser } from '../../../schema/drive/drive.js';
import type { AppDeps } from '../../deps.js';
import { notFound } from '../../http/errors.js';
import { pictureKey, type ByteRange } from '../../files/storage.js';
import { makePicture, thumbnailTypes } from '../../files/thumbnail.js';
import { driveRuntime } from './drive-uploads.js';
import { recognisedTypes } from './content-type.js';
import type { FileRow } from './drive.repo.js';

/**
 * The type a stored file is served as: its own when it is one the drive recognises (pictures, PDFs,
 * office documents, zip, plain text and CSV: nothing a browser runs or renders as a page), plain
 * bytes otherwise. A script, a module, an HTML page or an SVG someone uploaded is never served as
 * such from the app's origin, where `script-src 'self'` would accept it.
 */
export function servedType(mimeType: string): string {
  return recognisedTypes.has(mimeType) ? mimeType : 'application/octet-stream';
}

/**
 * The policy on a file's bytes: nothing in them may load anything, run or be framed, and a document
 * they open as is sandboxed (a unique origin, no script). PDFs opened in the browser go without the
 * sandbox, which browsers' PDF viewers refuse to work in.
 */
export function fileCsp(mimeType: string, inline: boolean): string {
  const sandbox = inline && mimeType === 'application/pdf' ? [] : ['sandbox'];
  return [...sandbox, "default-src 'none'", "frame-ancestors 'none'"].join('; ');
}

/**
 * The range a `Range` header asks of a `size`-byte file: one range (`bytes=a-b`, `bytes=a-`,
 * `bytes=-n`), 'unsatisfiable' when it lies outside the file, null to send it whole (no header, or
 * a form we do not serve, such as several ranges).
 */
export function requestedRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | null {
  const m = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!m || (m[1] === '' && m[2] === '')) return null;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}

/** `attachment` with the name as ASCII (quotes and anything odd replaced) and in full as UTF-8 (RFC 6266). */
export function attachment(name: string, kind: 'attachment' | 'inline' = 'attachment'): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  // RFC 5987 allows fewer characters than encodeURIComponent leaves alone (the quote is its delimiter).
  const encoded = encodeURIComponent(name).replace(/['()*!]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

async function send(res: Response, stream: Readable): Promise<void> {
  try {
    await pipeline(stream, res);
  } catch {
    // The client went away mid-download; nothing to answer.
    stream.destroy();
  }
}

/**
 * Streams a drive file: its own type when that is safe to serve (servedType), as an attachment (or
 * shown inline, when asked for a type the browser displays itself), with one byte range when asked.
 */
export async function sendFile(deps: AppDeps, req: Request, res: Response, row: FileRow, opts: { inline?: boolean } = {}): Promise<void> {
  const size = Number(row.size_bytes);
  const range = requestedRange(req.headers.range, size);
  res.setHeader('Accept-Ranges', 'bytes');
  if (range === 'unsatisfiable') {
    res.status(416).setHeader('Content-Range', `bytes */${size}`).json({ message: 'That part of the file does not exist.' });
    return;
  }
  const stream = await driveRuntime(deps).storage.get(row.storage_key, range ?? undefined);
  res.status(range ? 206 : 200);
  const type = servedType(row.mime_type);
  const inline = opts.inline === true && opensInBrowser(type);
  res.setHeader('Content-Type', type);
  res.setHeader('Content-Length', String(range ? range.end - range.start + 1 : size));
  if (range) res.setHeader('Content-Range', `bytes ${range.start}-${range.end}/${size}`);
  res.setHeader('Content-Disposition', attachment(row.name, inline ? 'inline' : 'attachment'));
  res.setHeader('Content-Security-Policy', fileCsp(type, inline));
  res.setHeader('ETag', `"${row.sha256}"`);
  // One member's file: never in a shared cache, and never recompressed (that would break ranges).
  res.setHeader('Cache-Control', 'private, no-cache, no-transform');
  await send(res, stream);
}

/** Streams a file's WebP thumbnail, shown inline. */
export async function sendThumbnail(deps: AppDeps, res: Response, row: FileRow): Promise<void> {
  if (!row.thumbnail_key) throw notFound(driveMessages.notImage);
  const stream = await driveRuntime(deps).storage.get(row.thumbnail_key);
  res.status(200);
  res.setHeader('Content-Type', 'image/webp');
  res.setHeader('Content-Security-Policy', fileCsp('image/webp', true));
  res.setHeader('Cache-Control', 'private, max-age=3600, no-transform');
  res.setHeader('ETag', `"${row.sha256}-thumb"`);
  await send(res, stream);
}

/**
 * An image `width` pixels wide, as WebP: made with sharp on first request and kept in storage beside
 * the file, so later requests (any device) read it back. A file's bytes never change under its id,
 * so a browser may keep the answer for good.
 */
export async function sendPicture(deps: AppDeps, res: Response, row: FileRow, width: number): Promise<void> {
  if (!thumbnailTypes.has(row.mime_type)) throw notFound(driveMessages.notImage);
  const { storage } = driveRuntime(deps);
  const key = pictureKey(row.workspace_id, row.id, width);
  let body: Readable | Buffer;
  try {
    body = await storage.get(key);
  } catch {
    try {
      body = await makePicture(storage, row.storage_key, width);
    } catch {
      throw notFound(driveMessages.notImage);
    }
    await storage.put(key, body, body.length, 'image/webp');
  }
  res.status(200);
  res.setHeader('Content-Type', 'image/webp');
  res.setHeader('Content-Security-Policy', fileCsp('image/webp', true));
  if (Buffer.isBuffer(body)) res.setHeader('Content-Length', String(body.length));
  res.setHeader('Cache-Control', 'private, max-age=31536000, immutable, no-transform');
  res.setHeader('ETag', `"${row.sha256}-w${width}"`);
  if (Buffer.isBuffer(body)) {
    res.end(body);
    return;
  }
  await send(res, body);
}
