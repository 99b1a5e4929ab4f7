import { z } from 'zod';
import { idParam } from '../kit/input.js';
import { endpoint } from '../kit/http.js';
import { pictureFileId, pictureQuery } from './pictures.js';

/**
 * A workspace's pictures as every area shows them (schema/pictures/pictures.ts). They are drive files, so the
 * path is the drive's; the drive's routes serve it. Uploads are not here: they speak the tus protocol
 * at `/api/workspaces/:id/drive/uploads` with a `purpose` (sync-server/api/drive/drive-uploads.ts).
 */
export const picturesContract = {
  /** An image at one of PICTURE_WIDTHS (WebP, made once with sharp and kept in storage); bytes, not JSON. */
  picture: endpoint({
    method: 'GET',
    path: '/api/workspaces/:id/drive/files/:fileId/picture',
    params: z.object({ id: idParam, fileId: pictureFileId }),
    query: pictureQuery,
    response: z.void(),
  }),
} as const;
