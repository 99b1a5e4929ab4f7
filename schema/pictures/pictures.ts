import { z } from 'zod';

/**
 * Pictures: a product's photo, an event's cover and gallery, a classified's photos, a content cover,
 * a person's avatar, the workspace logo (issue 14). Every area shows them, so what a picture is lives
 * here, in the core; the drive stores and serves them as its files.
 */

/**
 * What a picture is for: each lands in its own folder at the top of the drive, made when first needed
 * (issue 14: product images, the workspace logo, user avatars).
 */
export const picturePurpose = z.enum(['product', 'logo', 'avatar', 'classified', 'cover']);
export type PicturePurpose = z.infer<typeof picturePurpose>;
export const pictureFolders: Record<PicturePurpose, string> = {
  product: 'Products',
  logo: 'Branding',
  avatar: 'Profile pictures',
  classified: 'Classifieds',
  cover: 'Content covers',
};

/**
 * The image types the drive can size and show (its thumbnails, `/picture`, a cover): a file of
 * another image type (an SVG, a BMP) is kept and downloaded, but is not a picture.
 */
export const pictureTypes: ReadonlySet<string> = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);
export const isPictureType = (mimeType: string) => pictureTypes.has(mimeType);

/** The response header that names the drive file a finished upload became. */
export const FILE_ID_HEADER = 'Drive-File-Id';

/** A picture's id: the id of the drive file it is (a uuid the server makes). */
export const pictureFileId = z.uuid();

/** The widths a picture is served at (CSS pixels × device pixel ratio, rounded up to one of these). */
const pictureWidthParams = ['64', '128', '256', '512', '1024'] as const;
export const PICTURE_WIDTHS: readonly number[] = pictureWidthParams.map(Number);

/** The smallest served width that covers `cssPixels` on a screen of `dpr` device pixels per CSS pixel. */
export function pictureWidthFor(cssPixels: number, dpr = 1): number {
  const wanted = Math.ceil(cssPixels * Math.max(1, Math.min(dpr, 3)));
  return PICTURE_WIDTHS.find((w) => w >= wanted) ?? PICTURE_WIDTHS[PICTURE_WIDTHS.length - 1];
}

export const pictureQuery = z.object({
  w: z.enum(pictureWidthParams, { error: `A width is one of ${pictureWidthParams.join(', ')}` }).transform(Number),
});

/** How wide (CSS pixels) invoices and quotes print the workspace logo: on screen and in their PDF. */
export const DOCUMENT_LOGO_WIDTH = 160;
