import { z } from 'zod';
import { idParam } from '../kit/input.js';
import { endpoint, okBody } from '../kit/http.js';
import {
  driveFileDto,
  driveFolderDto,
  driveId,
  driveListing,
  driveListQuery,
  driveUsageDto,
  filePatch,
  folderCreate,
  folderPatch,
  shareLinkCreate,
  shareLinkCreated,
  shareLinkDto,
  shareToken,
} from './drive.js';

const ws = z.object({ id: idParam });
const folder = z.object({ id: idParam, folderId: driveId });
const file = z.object({ id: idParam, fileId: driveId });
const link = z.object({ id: idParam, linkId: driveId });

/** Bytes, not JSON: the handler streams them and answers nothing for the contract to parse. */
const bytes = z.void();

/**
 * The drive (spec §3 "Drive and dashboard"). Uploads are not here: they speak the tus protocol at
 * `/api/workspaces/:id/drive/uploads` (sync-server/api/drive/drive-uploads.ts). A picture's sized
 * image is in picturesContract (schema/pictures/contract.ts): every area shows pictures.
 */
export const driveContract = {
  list: endpoint({ method: 'GET', path: '/api/workspaces/:id/drive', params: ws, query: driveListQuery, response: driveListing }),
  usage: endpoint({ method: 'GET', path: '/api/workspaces/:id/drive/usage', params: ws, response: driveUsageDto }),
  createFolder: endpoint({
    method: 'POST',
    path: '/api/workspaces/:id/drive/folders',
    params: ws,
    body: folderCreate,
    response: driveFolderDto,
  }),
  updateFolder: endpoint({
    method: 'PATCH',
    path: '/api/workspaces/:id/drive/folders/:folderId',
    params: folder,
    body: folderPatch,
    response: driveFolderDto,
  }),
  deleteFolder: endpoint({ method: 'DELETE', path: '/api/workspaces/:id/drive/folders/:folderId', params: folder, response: okBody }),
  /** Out of the trash with everything that went in with it. */
  restoreFolder: endpoint({
    method: 'POST',
    path: '/api/workspaces/:id/drive/folders/:folderId/restore',
    params: folder,
    response: driveFolderDto,
  }),
  getFile: endpoint({ method: 'GET', path: '/api/workspaces/:id/drive/files/:fileId', params: file, response: driveFileDto }),
  updateFile: endpoint({
    method: 'PATCH',
    path: '/api/workspaces/:id/drive/files/:fileId',
    params: file,
    body: filePatch,
    response: driveFileDto,
  }),
  trashFile: endpoint({ method: 'POST', path: '/api/workspaces/:id/drive/files/:fileId/trash', params: file, response: driveFileDto }),
  restoreFile: endpoint({ method: 'POST', path: '/api/workspaces/:id/drive/files/:fileId/restore', params: file, response: driveFileDto }),
  deleteFile: endpoint({ method: 'DELETE', path: '/api/workspaces/:id/drive/files/:fileId', params: file, response: okBody }),
  /** `view=inline`: shown in the browser (a PDF or an image, see opensInBrowser) rather than downloaded. */
  content: endpoint({
    method: 'GET',
    path: '/api/workspaces/:id/drive/files/:fileId/content',
    params: file,
    query: z.object({ view: z.enum(['inline']).optional() }),
    response: bytes,
  }),
  thumbnail: endpoint({ method: 'GET', path: '/api/workspaces/:id/drive/files/:fileId/thumbnail', params: file, response: bytes }),
  links: endpoint({ method: 'GET', path: '/api/workspaces/:id/drive/files/:fileId/links', params: file, response: z.array(shareLinkDto) }),
  createLink: endpoint({
    method: 'POST',
    path: '/api/workspaces/:id/drive/files/:fileId/links',
    params: file,
    body: shareLinkCreate,
    response: shareLinkCreated,
  }),
  revokeLink: endpoint({ method: 'DELETE', path: '/api/workspaces/:id/drive/links/:linkId', params: link, response: shareLinkDto }),
  shared: endpoint({ method: 'GET', path: '/api/drive/shared/:token', params: z.object({ token: shareToken }), response: bytes }),
} as const;
