/** A photo's longest side after shrinking on the device before upload. */
export const MAX_PHOTO_SIDE = 1600;

/** The size to draw at: unchanged when it already fits, else scaled so the longest side is `max`. */
export function scaledSize(width: number, height: number, max = MAX_PHOTO_SIDE): { width: number; height: number } {
  const longest = Math.max(width, height);
  if (longest <= max) return { width, height };
  const k = max / longest;
  return { width: Math.round(width * k), height: Math.round(height * k) };
}

/**
 * A JPEG photo larger than MAX_PHOTO_SIDE is redrawn smaller (JPEG, quality 0.85), keeping its name
 * and type so the server's content check still agrees. Anything else, or a browser without
 * createImageBitmap/OffscreenCanvas, or a result that is not smaller, keeps the original.
 */
export async function shrinkPhoto(file: File): Promise<File> {
  if (file.type !== 'image/jpeg' || typeof createImageBitmap !== 'function' || typeof OffscreenCanvas !== 'function') return file;
  try {
    const bitmap = await createImageBitmap(file);
    const size = scaledSize(bitmap.width, bitmap.height);
    if (size.width === bitmap.width && size.height === bitmap.height) {
      bitmap.close();
      return file;
    }
    const canvas = new OffscreenCanvas(size.width, size.height);
    const ctx = canvas.getContext('2d');
    if (!ctx) return file;
    ctx.drawImage(bitmap, 0, 0, size.width, size.height);
    bitmap.close();
    const blob = await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.85 });
    if (blob.size >= file.size) return file;
    return new File([blob], file.name, { type: 'image/jpeg', lastModified: file.lastModified });
  } catch {
    return file;
  }
}
