/**
 * What other modules may use of the drive (DESIGN.md §12): a stored file and its pictures, sending
 * a picture, and the storage behind uploads (for a document's logo). Everything else is the drive's own.
 */
export { sendPicture } from './drive-download.js';
export { getFile, livePictures, type FileRow } from './drive.repo.js';
export { driveRuntime } from './drive-uploads.js';
