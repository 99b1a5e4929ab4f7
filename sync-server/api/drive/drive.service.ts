import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { z } from 'zod';
import {
  driveMessages,
  type driveListQuery,
  type filePatch,
  type folderCreate,
  type folderPatch,
  type DriveFileDto,
  type DriveFolderDto,
  type DriveListing,
  type DriveUsageDto,
  type ShareLinkCreated,
  type ShareLinkDto,
} from '../../../schema/drive/drive.js';
import type { AppDeps } from '../../deps.js';
import { badRequest, notFound } from '../../http/errors.js';
import { picturesPrefix, workspacePrefix } from '../../files/storage.js';
import { driveRuntime } from './drive-uploads.js';
import { inDrive, quotaOf, type DriveCaller } from './drive-access.js';
import * as repo from './drive.repo.js';
import * as foldersRepo from './folders.repo.js';
import * as linksRepo from './share-links.repo.js';

const folderNotFound = () => notFound('Folder not found');
const fileNotFound = () => notFound(driveMessages.file);

export async function listDrive(deps: AppDeps, caller: DriveCaller, query: z.output<typeof driveListQuery>): Promise<DriveListing> {
  const ws = caller.workspaceId;
  return inDrive(deps, caller, async (q) => {
    if (query.trash === '1') return { folder: null, path: [], ...(await foldersRepo.trash(q, ws)) };
    if (query.q) return { folder: null, path: [], ...(await foldersRepo.search(q, ws, query.q)) };
    const folder = query.folder ? await foldersRepo.liveFolder(q, ws, query.folder) : null;
    if (folder === undefined) throw folderNotFound();
    const id = folder?.id ?? null;
    const [path, folders, files] = await Promise.all([
      id ? foldersRepo.folderPath(q, ws, id) : Promise.resolve([]),
      foldersRepo.folderChildren(q, ws, id),
      foldersRepo.folderFiles(q, ws, id),
    ]);
    return { folder, path, folders, files };
  });
}

export async function driveUsage(deps: AppDeps, caller: DriveCaller): Promise<DriveUsageDto> {
  const used = await inDrive(deps, caller, (q) => repo.usedBytes(q, caller.workspaceId));
  return { used_bytes: used, quota_bytes: quotaOf(deps, caller) };
}

/** A parent or destination folder named in a body: it must be in this workspace and not in the trash. */
async function destination(q: Parameters<typeof foldersRepo.liveFolder>[0], ws: number, id: string | null | undefined): Promise<void> {
  if (id && !(await foldersRepo.liveFolder(q, ws, id))) throw badRequest(driveMessages.folder, { code: 'validation_failed' });
}

export async function createFolder(deps: AppDeps, caller: DriveCaller, body: z.output<typeof folderCreate>): Promise<DriveFolderDto> {
  return inDrive(deps, caller, async (q) => {
    await destination(q, caller.workspaceId, body.parent_id);
    return foldersRepo.insertFolder(q, {
      ws: caller.workspaceId,
      id: randomUUID(),
      parentId: body.parent_id ?? null,
      name: body.name,
      userId: caller.userId,
    });
  });
}

export async function updateFolder(
  deps: AppDeps,
  caller: DriveCaller,
  folderId: string,
  body: z.output<typeof folderPatch>,
): Promise<DriveFolderDto> {
  const ws = caller.workspaceId;
  return inDrive(deps, caller, async (q) => {
    if (!(await foldersRepo.liveFolder(q, ws, folderId))) throw folderNotFound();
    if (body.parent_id) {
      await destination(q, ws, body.parent_id);
      if (await foldersRepo.isWithin(q, ws, body.parent_id, folderId))
        throw badRequest(driveMessages.folderLoop, { code: 'validation_failed' });
    }
    const folder = await foldersRepo.updateFolder(q, ws, folderId, { name: body.name, parentId: body.parent_id });
    if (!folder) throw folderNotFound();
    return folder;
  });
}

export async function trashFolder(deps: AppDeps, caller: DriveCaller, folderId: string): Promise<{ message: string }> {
  const done = await inDrive(deps, caller, (q) => foldersRepo.trashFolder(q, caller.workspaceId, folderId, deps.now()));
  if (!done) throw folderNotFound();
  return { message: 'The folder and everything in it are in the trash.' };
}

async function fileOf(deps: AppDeps, caller: DriveCaller, fileId: string): Promise<repo.FileRow> {
  const row = await inDrive(deps, caller, (q) => repo.getFile(q, caller.workspaceId, fileId));
  if (!row) throw fileNotFound();
  return row;
}

export async function getFile(deps: AppDeps, caller: DriveCaller, fileId: string): Promise<DriveFileDto> {
  return repo.fileDto(await fileOf(deps, caller, fileId));
}

/** The stored file a download reads (any member may read any file of their workspace, trash included). */
export async function fileForDownload(deps: AppDeps, caller: DriveCaller, fileId: string): Promise<repo.FileRow> {
  return fileOf(deps, caller, fileId);
}

export async function updateFile(
  deps: AppDeps,
  caller: DriveCaller,
  fileId: string,
  body: z.output<typeof filePatch>,
): Promise<DriveFileDto> {
  const ws = caller.workspaceId;
  return inDrive(deps, caller, async (q) => {
    await destination(q, ws, body.folder_id);
    const row = await repo.updateFile(q, ws, fileId, { name: body.name, folderId: body.folder_id }, deps.now());
    if (!row) throw fileNotFound();
    return repo.fileDto(row);
  });
}

export async function trashFile(deps: AppDeps, caller: DriveCaller, fileId: string): Promise<DriveFileDto> {
  const ws = caller.workspaceId;
  return inDrive(deps, caller, async (q) => {
    const row = await repo.getFile(q, ws, fileId);
    if (!row) throw fileNotFound();
    if (row.trashed_at !== null) return repo.fileDto(row);
    const trashed = await repo.updateFile(q, ws, fileId, { trashedAt: deps.now() }, deps.now());
    if (!trashed) throw fileNotFound();
    return repo.fileDto(trashed);
  });
}

/** Back out of the trash; into its folder when that folder is not in the trash itself, else to the top. */
export async function restoreFile(deps: AppDeps, caller: DriveCaller, fileId: string): Promise<DriveFileDto> {
  const ws = caller.workspaceId;
  return inDrive(deps, caller, async (q) => {
    const row = await repo.getFile(q, ws, fileId);
    if (!row) throw fileNotFound();
    const folderLive = row.folder_id === null || (await foldersRepo.liveFolder(q, ws, row.folder_id)) !== undefined;
    const restored = await repo.updateFile(q, ws, fileId, { trashedAt: null, ...(folderLive ? {} : { folderId: null }) }, deps.now());
    if (!restored) throw fileNotFound();
    return repo.fileDto(restored);
  });
}

/**
 * A folder back out of the trash with what went in with it (the folders and files trashed in the
 * same moment); into its parent when that is not in the trash itself, else to the top.
 */
export async function restoreFolder(deps: AppDeps, caller: DriveCaller, folderId: string): Promise<DriveFolderDto> {
  const folder = await inDrive(deps, caller, (q) => foldersRepo.restoreFolder(q, caller.workspaceId, folderId, deps.now()));
  if (!folder) throw folderNotFound();
  return folder;
}

/** Gone for good: the row, then its bytes and thumbnail. */
export async function deleteFile(deps: AppDeps, caller: DriveCaller, fileId: string): Promise<{ message: string }> {
  const row = await inDrive(deps, caller, (q) => repo.deleteFileRow(q, caller.workspaceId, fileId));
  if (!row) throw fileNotFound();
  await removeBytes(deps, row);
  return { message: 'The file is deleted.' };
}

/** Deletes a file's bytes and thumbnail from storage (after its row is gone). */
export async function removeBytes(
  deps: AppDeps,
  row: Pick<repo.FileRow, 'workspace_id' | 'id' | 'storage_key' | 'thumbnail_key'>,
): Promise<void> {
  const { storage } = driveRuntime(deps);
  await storage.delete(row.storage_key);
  if (row.thumbnail_key) await storage.delete(row.thumbnail_key);
  await storage.deleteAll(picturesPrefix(row.workspace_id, row.id));
}

/**
 * Everything a deleted workspace kept in storage (its rows went with the workspace). A failure is
 * logged, not thrown: the workspace is gone either way, and the next deletion sweep is a person's.
 */
export async function removeWorkspaceFiles(deps: AppDeps, workspaceId: number): Promise<number> {
  try {
    return await driveRuntime(deps).storage.deleteAll(workspacePrefix(workspaceId));
  } catch (err) {
    deps.log.error({ err, workspaceId }, 'could not remove a deleted workspace’s files');
    return 0;
  }
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export async function createShareLink(
  deps: AppDeps,
  caller: DriveCaller,
  fileId: string,
  expiresAt: string | null | undefined,
): Promise<ShareLinkCreated> {
  const now = deps.now();
  const expires = expiresAt ? new Date(expiresAt) : null;
  if (expires && expires.getTime() <= now.getTime())
    throw badRequest('A link’s expiry must be in the future.', { code: 'validation_failed' });
  const token = randomBytes(32).toString('base64url');
  const link = await inDrive(deps, caller, async (q) => {
    const file = await repo.getFile(q, caller.workspaceId, fileId);
    if (!file || file.trashed_at !== null) throw fileNotFound();
    return linksRepo.insertLink(q, {
      ws: caller.workspaceId,
      id: randomUUID(),
      tokenHash: hashToken(token),
      fileId,
      expiresAt: expires,
      userId: caller.userId,
      now,
    });
  });
  return { ...link, token, url: `${deps.config.APP_ORIGIN}/api/drive/shared/${token}` };
}

export async function shareLinks(deps: AppDeps, caller: DriveCaller, fileId: string): Promise<ShareLinkDto[]> {
  return inDrive(deps, caller, async (q) => {
    if (!(await repo.getFile(q, caller.workspaceId, fileId))) throw fileNotFound();
    return linksRepo.fileLinks(q, caller.workspaceId, fileId);
  });
}

export async function revokeShareLink(deps: AppDeps, caller: DriveCaller, linkId: string): Promise<ShareLinkDto> {
  const link = await inDrive(deps, caller, (q) => linksRepo.revokeLink(q, caller.workspaceId, linkId, deps.now()));
  if (!link) throw notFound('Link not found');
  return link;
}

/** The file a share link opens; an unknown, expired or revoked link, or a trashed file, is not found. */
export async function sharedFile(deps: AppDeps, token: string): Promise<repo.FileRow> {
  const row = await linksRepo.fileBySharedToken(deps.db, hashToken(token), deps.now());
  if (!row) throw notFound(driveMessages.link);
  return row;
}
