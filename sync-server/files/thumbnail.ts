import sharp from 'sharp';
import { pictureTypes } from '../../schema/pictures/pictures.js';
import type { FileStorage } from './storage.js';

/** Thumbnails are this wide (or the image's own width when it is narrower). */
export const THUMBNAIL_WIDTH = 320;

/** Image types sharp makes thumbnails of: the drive's pictures. */
export const thumbnailTypes: ReadonlySet<string> = pictureTypes;

/**
 * Reads the image at `source` and stores a WebP thumbnail at `target`. Returns false, storing
 * nothing, when the bytes are not an image sharp can read (a file whose signature is right but whose
 * body is broken): the file is still kept, just without a preview.
 */
export async function makeThumbnail(storage: FileStorage, source: string, target: string): Promise<boolean> {
  let thumbnail: Buffer;
  try {
    const input = await storage.get(source);
    const resize = sharp({ failOn: 'error' }).rotate().resize({ width: THUMBNAIL_WIDTH, withoutEnlargement: true }).webp({ quality: 75 });
    thumbnail = await input.pipe(resize).toBuffer();
  } catch {
    return false;
  }
  await storage.put(target, thumbnail, thumbnail.length, 'image/webp');
  return true;
}

/**
 * The image at `source`, `width` pixels wide (or its own width when narrower), upright (EXIF
 * orientation applied): WebP for screens, PNG for a PDF (which cannot hold WebP). Throws when the
 * bytes are not an image sharp can read.
 */
export async function makePicture(storage: FileStorage, source: string, width: number, format: 'webp' | 'png' = 'webp'): Promise<Buffer> {
  const input = await storage.get(source);
  const resized = sharp({ failOn: 'error' }).rotate().resize({ width, withoutEnlargement: true });
  return input.pipe(format === 'png' ? resized.png() : resized.webp({ quality: 78 })).toBuffer();
}
