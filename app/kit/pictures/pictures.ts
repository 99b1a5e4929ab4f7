import { DetailedError, Upload } from 'tus-js-client';
import { picturesContract as c } from '../../../schema/pictures/contract';
import { FILE_ID_HEADER, pictureTypes, pictureWidthFor, type PicturePurpose } from '../../../schema/pictures/pictures';
import { fillPath } from '../../../schema/kit/http';
import { MAX_PHOTO_SIDE, scaledSize } from './shrink-photo';
import { CHUNK_SIZE, refusalMessage, uploadEndpoint } from './uploads';

/**
 * Pictures (issue 14): a product's photo, the workspace logo, an avatar. Each is shrunk and
 * recompressed on the device (longest side 1600 px, WebP, else JPEG), sent through the drive's
 * resumable uploads into its own folder, and shown at the size a screen needs from the server.
 */

export const pictureMessages = {
  offline: 'You are offline. Pictures can be added when you are back online.',
  notImage: 'Choose a photo or an image (PNG, JPEG, GIF or WebP).',
} as const;

/** The URL of a drive image about `cssWidth` CSS pixels wide on this screen. */
export function pictureUrl(workspaceId: number, fileId: string, cssWidth: number): string {
  const dpr = typeof window === 'undefined' ? 1 : window.devicePixelRatio;
  return `${fillPath(c.picture.path, { id: workspaceId, fileId })}?w=${pictureWidthFor(cssWidth, dpr)}`;
}

/** What the drive takes as a picture. */
const sendable = pictureTypes;

/** The name a recompressed picture goes up under: its own base name with the new type's extension. */
export function pictureName(name: string, type: string): string {
  const dot = name.lastIndexOf('.');
  const base = (dot > 0 ? name.slice(0, dot) : name).replace(/[/\\\u0000-\u001f]/g, '').slice(0, 200) || 'picture';
  return `${base}.${type === 'image/webp' ? 'webp' : 'jpg'}`;
}

async function encode(canvas: OffscreenCanvas | HTMLCanvasElement, type: string): Promise<Blob | null> {
  if (canvas instanceof HTMLCanvasElement) return new Promise((resolve) => canvas.toBlob(resolve, type, 0.82));
  return canvas.convertToBlob({ type, quality: 0.82 });
}

/** The bitmap drawn at `size` on a canvas (off-screen where the browser has one). */
function draw(bitmap: ImageBitmap, size: { width: number; height: number }): OffscreenCanvas | HTMLCanvasElement | null {
  if (typeof OffscreenCanvas === 'function') {
    const canvas = new OffscreenCanvas(size.width, size.height);
    const ctx = canvas.getContext('2d');
    ctx?.drawImage(bitmap, 0, 0, size.width, size.height);
    return ctx ? canvas : null;
  }
  const canvas = document.createElement('canvas');
  canvas.width = size.width;
  canvas.height = size.height;
  const ctx = canvas.getContext('2d');
  ctx?.drawImage(bitmap, 0, 0, size.width, size.height);
  return ctx ? canvas : null;
}

/**
 * A picture as PNG bytes, for a reader that knows no WebP (the PDF maker): fetched (offline the
 * service worker answers from its picture cache), decoded and drawn again. Null when it cannot be had.
 */
export async function pictureAsPng(url: string): Promise<Uint8Array | null> {
  if (typeof createImageBitmap !== 'function') return null;
  try {
    const res = await fetch(url, { credentials: 'same-origin' });
    if (!res.ok) return null;
    const bitmap = await createImageBitmap(await res.blob());
    const canvas = draw(bitmap, { width: bitmap.width, height: bitmap.height });
    bitmap.close();
    const blob = canvas ? await encode(canvas, 'image/png') : null;
    return blob?.type === 'image/png' ? new Uint8Array(await blob.arrayBuffer()) : null;
  } catch {
    return null;
  }
}

/**
 * The picture as it goes up: drawn at most MAX_PHOTO_SIDE on its longest side and encoded as WebP
 * (JPEG where the browser cannot write WebP). The original is kept when the browser cannot decode
 * it, or when it is already small and the result would be larger; a GIF is kept as it is (animation).
 */
export async function compressPicture(file: File): Promise<File> {
  if (file.type === 'image/gif' || typeof createImageBitmap !== 'function') return file;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return file;
  }
  const size = scaledSize(bitmap.width, bitmap.height, MAX_PHOTO_SIDE);
  const resized = size.width !== bitmap.width || size.height !== bitmap.height;
  const canvas = draw(bitmap, size);
  bitmap.close();
  if (!canvas) return file;
  let blob = await encode(canvas, 'image/webp');
  if (!blob || blob.type !== 'image/webp') blob = await encode(canvas, 'image/jpeg');
  if (!blob || !sendable.has(blob.type)) return file;
  if (!resized && blob.size >= file.size && sendable.has(file.type)) return file;
  return new File([blob], pictureName(file.name, blob.type), { type: blob.type, lastModified: file.lastModified });
}

/**
 * Compresses `file` and uploads it as a picture for `purpose`; resolves with the drive file's id.
 * Rejects with words to show: offline, not an image, or the server's own refusal (quota, type).
 */
export async function uploadPicture(
  workspaceId: number,
  file: File,
  purpose: PicturePurpose,
  onProgress?: (sent: number, total: number) => void,
): Promise<string> {
  if (!file.type.startsWith('image/')) throw new Error(pictureMessages.notImage);
  if (typeof navigator !== 'undefined' && !navigator.onLine) throw new Error(pictureMessages.offline);
  const picture = await compressPicture(file);
  if (!sendable.has(picture.type)) throw new Error(pictureMessages.notImage);
  return new Promise((resolve, reject) => {
    const upload = new Upload(picture, {
      endpoint: uploadEndpoint(workspaceId),
      metadata: { filename: picture.name, filetype: picture.type, purpose },
      chunkSize: CHUNK_SIZE,
      retryDelays: [0, 1000, 3000],
      removeFingerprintOnSuccess: true,
      onProgress,
      onSuccess: (payload) => {
        const id = payload.lastResponse.getHeader(FILE_ID_HEADER);
        if (id) resolve(id);
        else reject(new Error(refusalMessage(null)));
      },
      onError: (err) => {
        const offline = typeof navigator !== 'undefined' && !navigator.onLine;
        reject(
          new Error(offline || (err instanceof DetailedError && !err.originalResponse) ? pictureMessages.offline : refusalMessage(err)),
        );
      },
    });
    upload.start();
  });
}
