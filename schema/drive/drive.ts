import { z } from 'zod';
import { instant, text } from '../kit/input.js';

/**
 * How many unfinished uploads one person, and one workspace, may have at once: each holds room in
 * the quota until it finishes, is cancelled or is cleared (UPLOAD_IDLE_MS), so a few are plenty.
 */
export const OPEN_UPLOADS_PER_USER = 5;
export const OPEN_UPLOADS_PER_WORKSPACE = 10;
/** An unfinished upload that receives nothing for this long is cleared, bytes and reservation. */
export const UPLOAD_IDLE_MS = 3600_000;

/** What the drive says when it refuses something (spec §3 "Drive and dashboard", issue "Bad input"). */
export const driveMessages = {
  name: 'A name cannot contain slashes, “..” or control characters',
  nameLength: 'A name is 1 to 255 characters',
  quota: 'This file would take the workspace past its storage quota. Delete files or upgrade your plan to upload it.',
  quotaReserved:
    'This file would take the workspace past its storage quota once the uploads already under way finish. Let them finish, or delete files or upgrade your plan.',
  openUploads: `You already have ${OPEN_UPLOADS_PER_USER} uploads under way. Let one finish, or cancel one, before you start another.`,
  workspaceUploads: `This workspace already has ${OPEN_UPLOADS_PER_WORKSPACE} uploads under way. Please wait for one to finish before you start another.`,
  uploadLength: 'An upload must say how large it is (Upload-Length).',
  uploadGone: 'This upload stopped too long ago and was cleared. Please upload the file again.',
  type: 'This type of file is not allowed in this workspace.',
  content: 'The file’s content does not match its name or type.',
  metadata: 'An upload needs a file name and a type.',
  folder: 'That folder does not exist.',
  folderLoop: 'A folder cannot be moved into itself or one of its own folders.',
  file: 'File not found',
  link: 'This link does not exist, has expired or was revoked.',
  notImage: 'This file has no preview.',
  picture: 'A picture must be a PNG, JPEG, GIF or WebP image.',
} as const;

/** Trashed files are purged after this many days (issue 14). */
export const TRASH_DAYS = 30;

/**
 * A file or folder name a person gives. Names are shown, never used as a path: storage keys are built
 * from ids. Still, a name with a path in it or a control character is refused, so a download's
 * Content-Disposition and a zip of a folder can never be made to write outside where they should.
 */
export function isSafeName(name: string): boolean {
  // Slashes of either kind, C0 controls, DEL and C1 controls; `.` alone and any `..`.
  return !/[\u0000-\u001f\u007f-\u009f/\\]/.test(name) && name !== '.' && !name.includes('..');
}

export const driveName = text()
  .trim()
  .min(1, driveMessages.nameLength)
  .max(255, driveMessages.nameLength)
  .refine(isSafeName, driveMessages.name);

/** A drive file's or folder's id (a uuid the server makes). */
export const driveId = z.uuid();

/** Types a browser shows itself (its PDF viewer, an image): such a file can be opened, not only downloaded. */
const viewableTypes: ReadonlySet<string> = new Set(['application/pdf', 'image/png', 'image/jpeg', 'image/gif', 'image/webp']);
export const opensInBrowser = (mimeType: string) => viewableTypes.has(mimeType);

/** A share link's secret as it travels in a URL: 32 random bytes, base64url. */
export const shareToken = z.string().regex(/^[A-Za-z0-9_-]{43}$/, driveMessages.link);

export const driveFolderDto = z.object({
  id: z.string(),
  parent_id: z.string().nullable(),
  name: z.string(),
  created_at: z.string(),
  deleted_at: z.string().nullable(),
});
export type DriveFolderDto = z.infer<typeof driveFolderDto>;

export const driveFileDto = z.object({
  id: z.string(),
  folder_id: z.string().nullable(),
  name: z.string(),
  mime_type: z.string(),
  size_bytes: z.number(),
  sha256: z.string(),
  has_thumbnail: z.boolean(),
  uploaded_by: z.number().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  trashed_at: z.string().nullable(),
});
export type DriveFileDto = z.infer<typeof driveFileDto>;

/** One folder's contents (or the root's, or the trash's, or a search's hits). */
export const driveListing = z.object({
  folder: driveFolderDto.nullable(),
  /** The folders from the root down to `folder`, for breadcrumbs. */
  path: z.array(driveFolderDto),
  folders: z.array(driveFolderDto),
  files: z.array(driveFileDto),
});
export type DriveListing = z.infer<typeof driveListing>;

export const driveListQuery = z.object({
  /** The folder to list; the root when absent. */
  folder: driveId.optional(),
  /** Files and folders whose name contains this, anywhere in the drive. */
  q: text(100).trim().optional(),
  /** '1': the trash instead of a folder. */
  trash: z.enum(['0', '1']).optional(),
});

export const driveUsageDto = z.object({
  used_bytes: z.number(),
  /** The plan's quota; null means unlimited. */
  quota_bytes: z.number().nullable(),
});
export type DriveUsageDto = z.infer<typeof driveUsageDto>;

export const folderCreate = z.object({ name: driveName, parent_id: driveId.nullable().optional() });
export const folderPatch = z.object({ name: driveName.optional(), parent_id: driveId.nullable().optional() });
export const filePatch = z.object({ name: driveName.optional(), folder_id: driveId.nullable().optional() });

export const shareLinkCreate = z.object({ expires_at: instant.nullable().optional() });

export const shareLinkDto = z.object({
  id: z.string(),
  file_id: z.string(),
  expires_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
  created_at: z.string(),
});
export type ShareLinkDto = z.infer<typeof shareLinkDto>;

/** A new link: the token is shown this once (only its hash is kept). */
export const shareLinkCreated = shareLinkDto.extend({ token: z.string(), url: z.string() });
export type ShareLinkCreated = z.infer<typeof shareLinkCreated>;
