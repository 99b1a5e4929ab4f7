import { eventMessages } from '../../../schema/events/events.js';
import type { Queryable } from '../../db/db.js';
import type { AppDeps } from '../../deps.js';
import { badRequest, notFound } from '../../http/errors.js';
import { getFile, livePictures, type FileRow } from '../drive/index.js';
import * as publicRepo from './public-events.repo.js';

/**
 * An event's cover and gallery (issue 19) are pictures in its workspace's drive, named by file id,
 * as a classified's photos are: checked when saved, served to anyone only while the event is public
 * and published.
 */

const refused = (field: 'cover_image' | 'gallery', message: string) =>
  badRequest(message, { code: 'validation_failed', errors: { [field]: [message] } });

/**
 * Refuses a cover or gallery entry that is not a picture in the workspace's drive (another
 * workspace's file, one in the bin, a PDF or an SVG), before anything is stored.
 */
export async function checkPictures(q: Queryable, ws: number, p: { cover?: string | null; gallery?: readonly string[] }): Promise<void> {
  const wanted = [...(p.cover ? [p.cover] : []), ...(p.gallery ?? [])];
  const found = await livePictures(q, ws, wanted);
  if (p.cover && !found.has(p.cover)) throw refused('cover_image', eventMessages.coverNotPicture);
  if (p.gallery?.some((id) => !found.has(id))) throw refused('gallery', eventMessages.galleryNotPicture);
}

/** What anyone sees of an event's pictures: a private event opens by its link, but its pictures are not served. */
export function publicPictures(event: publicRepo.PublicEventRow): { cover_image: string | null; gallery: string[] } {
  return event.visibility === 'public' ? { cover_image: event.cover_image, gallery: event.gallery } : { cover_image: null, gallery: [] };
}

/** The drive file behind a public, published event's cover or gallery picture (404 otherwise, or once it left the drive). */
export async function shownPicture(deps: AppDeps, slug: string, fileId: string): Promise<FileRow> {
  const ws = await publicRepo.shownPictureWorkspace(deps.db, slug, fileId);
  const file = ws === undefined ? undefined : await getFile(deps.db, ws, fileId);
  if (!file || file.trashed_at) throw notFound(eventMessages.pictureNotFound);
  return file;
}
