import { createHash, randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Router, type Request, type Response } from 'express';
import { FileStore } from '@tus/file-store';
import { Server } from '@tus/server';
import type { Upload } from '@tus/utils';
import { driveId, driveMessages, driveName, OPEN_UPLOADS_PER_USER, OPEN_UPLOADS_PER_WORKSPACE } from '../../../schema/drive/drive.js';
import { FILE_ID_HEADER, pictureFolders, picturePurpose } from '../../../schema/pictures/pictures.js';
import type { ApiErrorCode } from '../../../schema/kit/http.js';
import { idParam } from '../../../schema/kit/input.js';
import { enterScope, withScope } from '../../db/db.js';
import type { AppDeps } from '../../deps.js';
import { HttpError } from '../../http/errors.js';
import { fileKey, storageFor, thumbnailKey, type FileStorage } from '../../files/storage.js';
import { makeThumbnail, thumbnailTypes } from '../../files/thumbnail.js';
import { confirmedType, declaredType, isMimeType, SNIFF_BYTES, typeAllowed } from './content-type.js';
import { driveCaller, DRIVE_LOCK, inDrive, quotaOf, type DriveCaller } from './drive-access.js';
import * as repo from './drive.repo.js';
import * as foldersRepo from './folders.repo.js';
import * as uploadsRepo from './uploads.repo.js';

/** Where uploads are resumed: `POST` creates one, `HEAD`/`PATCH`/`DELETE` act on one (the tus protocol). */
export const UPLOADS_PATH = '/api/workspaces/:id/drive/uploads';
export const UPLOAD_PATH = '/api/workspaces/:id/drive/uploads/:uploadId';

/**
 * However steadily it progresses, an unfinished upload is kept this long after it starts, then swept
 * (one left idle goes sooner: UPLOAD_IDLE_MS, drive.sweeper.ts).
 */
export const UPLOAD_EXPIRY_MS = 24 * 3600_000;

/** One advisory lock per person's uploads: their open uploads are counted and admitted one at a time. */
const UPLOADS_LOCK = 7281017;

/**
 * Unfinished uploads wait on this instance's disk (DATA_DIR/uploads) with either storage driver; a
 * finished one is copied into the storage adapter. @tus/s3-store would keep them in the bucket, but
 * it needs S3's ListParts, which S3-compatible stores such as the s3rver the tests run against do not
 * all offer; several instances behind one address then need sticky sessions or a shared DATA_DIR.
 */
type TusStore = FileStore;

/** One app's drive: where finished files live, and the tus server for partial uploads (made on first use). */
export interface DriveRuntime {
  storage: FileStorage;
  uploads(): { server: Server; store: TusStore };
}

const runtimes = new WeakMap<AppDeps, DriveRuntime>();

export function driveRuntime(deps: AppDeps): DriveRuntime {
  let runtime = runtimes.get(deps);
  if (!runtime) {
    const storage = storageFor(deps.config);
    let tus: { server: Server; store: TusStore } | undefined;
    runtime = {
      storage,
      uploads: () => (tus ??= createTus(deps, storage)),
    };
    runtimes.set(deps, runtime);
  }
  return runtime;
}

/** Who sent each request the tus server is handling (set by the Express route before it hands over). */
const callers = new WeakMap<object, DriveCaller>();

/** A refusal the tus server sends as is: a JSON body like every other API error. */
function refusal(status: number, message: string, code?: ApiErrorCode) {
  return { status_code: status, body: JSON.stringify(code ? { message, code } : { message }) };
}

function createTus(deps: AppDeps, storage: FileStorage): { server: Server; store: TusStore } {
  const store: TusStore = new FileStore({
    directory: join(deps.config.DATA_DIR, 'uploads'),
    expirationPeriodInMilliseconds: UPLOAD_EXPIRY_MS,
  });

  const callerOf = (req: { runtime?: { node?: { req: object } } }): DriveCaller => {
    const node = req.runtime?.node?.req;
    const caller = node && callers.get(node);
    if (!caller) throw refusal(401, 'Not authenticated');
    return caller;
  };

  const options: ConstructorParameters<typeof Server>[0] = {
    path: '/api/drive/uploads',
    datastore: store,
    relativeLocation: true,
    exposedHeaders: [FILE_ID_HEADER],
    generateUrl: (req, { id }) => `${new URL(req.url).pathname.replace(/\/$/, '')}/${id}`,
    onUploadCreate: async (req, upload) => {
      const caller = callerOf(req);
      const checked = await checkNewUpload(deps, caller, upload);
      return { metadata: checked };
    },
    // Refusals (ours and the protocol's) carry their status; anything else is our fault, said plainly.
    onResponseError: (_req, err) => {
      if (!(err instanceof Error) || 'status_code' in err) return undefined;
      deps.log.error({ err }, 'drive upload failed');
      return { status_code: 500, body: JSON.stringify({ message: 'Something went wrong on our side. Please try again.' }) };
    },
    onUploadFinish: async (req, upload) => {
      const caller = callerOf(req);
      const remove = () => store.remove(upload.id).catch((err: unknown) => deps.log.warn({ err }, 'could not remove a finished upload'));
      try {
        const fileId = await finishUpload(deps, storage, store, caller, upload);
        await remove();
        return { headers: { [FILE_ID_HEADER]: fileId } };
      } catch (err) {
        // Refused, nothing of the file stays, nor its hold on the quota. Failed on our side (storage
        // unreachable), the bytes and the reservation wait so the client's retry finishes the upload
        // without sending them again.
        if (typeof err === 'object' && err !== null && 'status_code' in err) {
          await remove();
          await withScope(deps.db, { userId: caller.userId, workspaceId: caller.workspaceId }, (q) =>
            uploadsRepo.endUpload(q, caller.workspaceId, upload.id),
          );
        }
        throw err;
      }
    },
  };
  return { server: new Server(options), store };
}

/** The metadata a new upload carries, checked: name, type, folder; the type allowed; the quota not passed. */
async function checkNewUpload(deps: AppDeps, caller: DriveCaller, upload: Upload): Promise<Record<string, string>> {
  const meta = upload.metadata ?? {};
  const name = driveName.safeParse(meta.filename ?? '');
  if (!name.success) throw refusal(400, name.error.issues[0]?.message ?? driveMessages.metadata, 'validation_failed');
  const declared = meta.filetype ?? '';
  if (!isMimeType(declared)) throw refusal(400, driveMessages.metadata, 'validation_failed');
  const type = declaredType(name.data, declared);
  if (!type) throw refusal(422, driveMessages.content, 'content_mismatch');
  const folder = meta.folder ? driveId.safeParse(meta.folder) : null;
  if (folder && !folder.success) throw refusal(400, driveMessages.folder, 'validation_failed');
  // A picture (a product's, the logo, an avatar) goes to its own folder, and must be an image we can size.
  const purpose = meta.purpose ? picturePurpose.safeParse(meta.purpose) : null;
  if (purpose && !purpose.success) throw refusal(400, driveMessages.metadata, 'validation_failed');
  if (purpose && !thumbnailTypes.has(type)) throw refusal(415, driveMessages.picture, 'type_not_allowed');
  // A length deferred to later could never be reserved: the upload says it now, and tus never takes more.
  if (upload.size === undefined) throw refusal(400, driveMessages.uploadLength, 'validation_failed');
  const size = upload.size;
  const ws = caller.workspaceId;

  await deps.db.transaction(async (tx) => {
    // The person's uploads in all their workspaces, counted before the scope narrows the view to this one.
    await tx.query('SELECT pg_advisory_xact_lock($1, $2)', [UPLOADS_LOCK, caller.userId]);
    if ((await uploadsRepo.openUploadsOf(tx, caller.userId)) >= OPEN_UPLOADS_PER_USER)
      throw refusal(429, driveMessages.openUploads, 'rate_limited');
    await enterScope(tx, { userId: caller.userId, workspaceId: ws }, [DRIVE_LOCK, ws]);
    if (folder?.success && !(await foldersRepo.liveFolder(tx, ws, folder.data))) throw refusal(404, driveMessages.folder);
    if (!typeAllowed(await repo.allowedFileTypes(tx, ws), type)) throw refusal(415, driveMessages.type, 'type_not_allowed');
    const open = await uploadsRepo.openUploads(tx, ws);
    if (open.count >= OPEN_UPLOADS_PER_WORKSPACE) throw refusal(429, driveMessages.workspaceUploads, 'rate_limited');
    // The declared length is held from now on: uploads under way never promise more room than is left.
    const quota = quotaOf(deps, caller);
    if (quota !== null) {
      const used = await repo.usedBytes(tx, ws);
      if (used + size > quota) throw refusal(413, driveMessages.quota, 'quota_exceeded');
      if (used + open.reserved + size > quota) throw refusal(413, driveMessages.quotaReserved, 'quota_exceeded');
    }
    await uploadsRepo.insertUpload(tx, { ws, id: upload.id, userId: caller.userId, size, now: deps.now() });
  });
  return {
    filename: name.data,
    filetype: type,
    ...(purpose?.success ? { purpose: purpose.data } : folder?.success ? { folder: folder.data } : {}),
    workspace: String(caller.workspaceId),
    user: String(caller.userId),
  };
}

/** An upload's reservation is gone (cleared after idling): the client starts over. */
const gone = () => refusal(410, driveMessages.uploadGone);

/**
 * What the workspace stores plus what its other open uploads hold: at the finish an upload must fit
 * beside them, as it did when it was admitted (a file stored meanwhile outside the uploads may not).
 */
async function takenBesides(q: Parameters<typeof repo.usedBytes>[0], ws: number, except: string): Promise<number> {
  const [used, open, own] = await Promise.all([
    repo.usedBytes(q, ws),
    uploadsRepo.openUploads(q, ws),
    uploadsRepo.getUpload(q, ws, except),
  ]);
  return used + open.reserved - Number(own?.size_bytes ?? 0);
}

async function readStream(store: TusStore, id: string): Promise<Readable> {
  const stream = store.read(id);
  // Open it now, so a missing file rejects here rather than failing a pipeline later.
  await new Promise<void>((resolve, reject) => stream.once('open', () => resolve()).once('error', reject));
  return stream;
}

/** The first `n` bytes of an upload (fewer when it is shorter). */
async function headOf(store: TusStore, id: string, n: number): Promise<Buffer> {
  const stream = await readStream(store, id);
  const chunks: Buffer[] = [];
  let length = 0;
  try {
    for await (const chunk of stream) {
      const buf = Buffer.from(chunk);
      chunks.push(buf);
      length += buf.length;
      if (length >= n) break;
    }
  } finally {
    stream.destroy();
  }
  return Buffer.concat(chunks).subarray(0, n);
}

/**
 * A finished upload becomes a drive file: its content must be what its name says and still allowed,
 * the quota is checked again (other uploads may have finished meanwhile), the bytes are copied into
 * storage with their SHA-256, an image gets a thumbnail, and the row is written. Returns the file id.
 */
async function finishUpload(deps: AppDeps, storage: FileStorage, store: TusStore, caller: DriveCaller, upload: Upload): Promise<string> {
  const meta = upload.metadata ?? {};
  const name = meta.filename ?? '';
  const size = upload.size ?? upload.offset;
  const ws = caller.workspaceId;
  const type = confirmedType(meta.filetype ?? '', await headOf(store, upload.id, SNIFF_BYTES));
  if (!type) throw refusal(422, driveMessages.content, 'content_mismatch');

  const quota = quotaOf(deps, caller);
  await withScope(deps.db, { userId: caller.userId, workspaceId: ws }, async (q) => {
    if (!(await uploadsRepo.getUpload(q, ws, upload.id))) throw gone();
    if (!typeAllowed(await repo.allowedFileTypes(q, ws), type)) throw refusal(415, driveMessages.type, 'type_not_allowed');
    if (quota !== null && (await takenBesides(q, ws, upload.id)) + size > quota) throw refusal(413, driveMessages.quota, 'quota_exceeded');
  });

  const fileId = randomUUID();
  const key = fileKey(ws, fileId);
  const hash = createHash('sha256');
  const hashing = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      done(null, chunk);
    },
  });
  let thumb: string | null = null;
  try {
    await Promise.all([pipeline(await readStream(store, upload.id), hashing), storage.put(key, hashing, size, type)]);
    const sha256 = hash.digest('hex');
    if (thumbnailTypes.has(type) && (await makeThumbnail(storage, key, thumbnailKey(ws, fileId)))) thumb = thumbnailKey(ws, fileId);
    await withScope(deps.db, { userId: caller.userId, workspaceId: ws }, async (q) => {
      await q.query('SELECT pg_advisory_xact_lock($1, $2)', [DRIVE_LOCK, ws]);
      if (quota !== null && (await takenBesides(q, ws, upload.id)) + size > quota)
        throw refusal(413, driveMessages.quota, 'quota_exceeded');
      // The reservation becomes the file; an upload cleared meanwhile (no reservation left) becomes nothing.
      if (!(await uploadsRepo.endUpload(q, ws, upload.id))) throw gone();
      const purpose = picturePurpose.safeParse(meta.purpose);
      // A folder trashed while the file was uploading: the file lands at the top of the drive instead.
      const folder = purpose.success
        ? await foldersRepo.topFolderNamed(q, ws, pictureFolders[purpose.data], caller.userId, randomUUID())
        : meta.folder && (await foldersRepo.liveFolder(q, ws, meta.folder))
          ? meta.folder
          : null;
      await repo.insertFile(q, {
        ws,
        id: fileId,
        folderId: folder,
        name,
        mimeType: type,
        size,
        sha256,
        storageKey: key,
        thumbnailKey: thumb,
        userId: caller.userId,
        now: deps.now(),
      });
    });
  } catch (err) {
    // Nothing of a file without a row stays in storage.
    await storage.delete(key).catch(() => undefined);
    await storage.delete(thumbnailKey(ws, fileId)).catch(() => undefined);
    throw err;
  }
  return fileId;
}

const UPLOAD_ID = /^[0-9a-f]{32}$/;

/**
 * The tus endpoint. Express checks who is asking (a signed-in member of the workspace, and for an
 * existing upload, the one who started it in this workspace) and then hands the raw request to the
 * tus server; its body is never parsed as JSON (express.json only reads application/json).
 */
export function driveUploadRoutes(deps: AppDeps): Router {
  const router = Router();
  const handle = (existing: boolean) => async (req: Request, res: Response) => {
    const ws = idParam.safeParse(req.params.id);
    if (!ws.success) throw new HttpError(400, ws.error.issues[0]?.message ?? 'Invalid request', { code: 'validation_failed' });
    const caller = await driveCaller(deps, req, ws.data);
    const { server, store } = driveRuntime(deps).uploads();
    callers.set(req, caller);
    if (!existing) {
      await server.handle(req, res);
      return;
    }
    const id = String(req.params.uploadId);
    const upload = UPLOAD_ID.test(id) ? await store.getUpload(id).catch(() => undefined) : undefined;
    const mine = upload?.metadata?.workspace === String(caller.workspaceId) && upload.metadata.user === String(caller.userId);
    const admitted = mine && (await inDrive(deps, caller, (q) => uploadsRepo.getUpload(q, caller.workspaceId, id)));
    if (!upload || !mine || !admitted) {
      // Bytes whose reservation was cleared (by a sweep on another instance) go too.
      if (mine) await store.remove(id).catch(() => undefined);
      res.status(404).setHeader('Tus-Resumable', '1.0.0').json({ message: 'Upload not found' });
      return;
    }
    await server.handle(req, res);
    if (req.method === 'PATCH') {
      // Bytes arrived: the upload is making progress, and is not cleared as idle.
      const now = await store.getUpload(id).catch(() => undefined);
      if (now && now.offset > upload.offset) {
        await inDrive(deps, caller, (q) => uploadsRepo.touchUpload(q, caller.workspaceId, id, now.offset, deps.now()));
      }
    } else if (req.method === 'DELETE' && res.statusCode === 204) {
      // Cancelled: its room in the quota and its place among the open uploads are free again.
      await inDrive(deps, caller, (q) => uploadsRepo.endUpload(q, caller.workspaceId, id));
    }
  };
  router.post(UPLOADS_PATH, handle(false));
  router.head(UPLOAD_PATH, handle(true));
  router.patch(UPLOAD_PATH, handle(true));
  router.delete(UPLOAD_PATH, handle(true));
  return router;
}
