import { Router } from 'express';
import { driveContract } from '../../../schema/drive/contract.js';
import { picturesContract } from '../../../schema/pictures/contract.js';
import type { AppDeps } from '../../deps.js';
import { mount } from '../../http/route.js';
import { driveCaller } from './drive-access.js';
import { sendFile, sendPicture, sendThumbnail } from './drive-download.js';
import { driveUploadRoutes } from './drive-uploads.js';
import * as drive from './drive.service.js';

/** The drive (spec §3, DESIGN.md §9): resumable uploads (tus), folders, files, trash and share links. */
export function driveRoutes(deps: AppDeps): Router {
  const router = Router();
  router.use(driveUploadRoutes(deps));
  const c = driveContract;

  mount(router, c.list, async ({ params, query }, req) => drive.listDrive(deps, await driveCaller(deps, req, params.id), query));
  mount(router, c.usage, async ({ params }, req) => drive.driveUsage(deps, await driveCaller(deps, req, params.id)));

  mount(router, c.createFolder, async ({ params, body }, req) => drive.createFolder(deps, await driveCaller(deps, req, params.id), body));
  mount(router, c.updateFolder, async ({ params, body }, req) =>
    drive.updateFolder(deps, await driveCaller(deps, req, params.id), params.folderId, body),
  );
  mount(router, c.deleteFolder, async ({ params }, req) =>
    drive.trashFolder(deps, await driveCaller(deps, req, params.id), params.folderId),
  );

  mount(router, c.restoreFolder, async ({ params }, req) =>
    drive.restoreFolder(deps, await driveCaller(deps, req, params.id), params.folderId),
  );

  mount(router, c.getFile, async ({ params }, req) => drive.getFile(deps, await driveCaller(deps, req, params.id), params.fileId));
  mount(router, c.updateFile, async ({ params, body }, req) =>
    drive.updateFile(deps, await driveCaller(deps, req, params.id), params.fileId, body),
  );
  mount(router, c.trashFile, async ({ params }, req) => drive.trashFile(deps, await driveCaller(deps, req, params.id), params.fileId));
  mount(router, c.restoreFile, async ({ params }, req) => drive.restoreFile(deps, await driveCaller(deps, req, params.id), params.fileId));
  mount(router, c.deleteFile, async ({ params }, req) => drive.deleteFile(deps, await driveCaller(deps, req, params.id), params.fileId));

  mount(router, c.content, async ({ params, query }, req, res) => {
    const row = await drive.fileForDownload(deps, await driveCaller(deps, req, params.id), params.fileId);
    await sendFile(deps, req, res, row, { inline: query.view === 'inline' });
  });
  mount(router, c.thumbnail, async ({ params }, req, res) => {
    const row = await drive.fileForDownload(deps, await driveCaller(deps, req, params.id), params.fileId);
    await sendThumbnail(deps, res, row);
  });
  mount(router, picturesContract.picture, async ({ params, query }, req, res) => {
    const row = await drive.fileForDownload(deps, await driveCaller(deps, req, params.id), params.fileId);
    await sendPicture(deps, res, row, query.w);
  });

  mount(router, c.links, async ({ params }, req) => drive.shareLinks(deps, await driveCaller(deps, req, params.id), params.fileId));
  mount(router, c.createLink, async ({ params, body }, req) =>
    drive.createShareLink(deps, await driveCaller(deps, req, params.id), params.fileId, body.expires_at),
  );
  mount(router, c.revokeLink, async ({ params }, req) =>
    drive.revokeShareLink(deps, await driveCaller(deps, req, params.id), params.linkId),
  );
  mount(router, c.shared, async ({ params }, req, res) => {
    await sendFile(deps, req, res, await drive.sharedFile(deps, params.token));
  });

  return router;
}
