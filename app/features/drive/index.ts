/**
 * The drive's public entry (DESIGN.md §12): picking a file from the drive, and its addresses. The
 * picture helpers every module uses live in app/kit/pictures.
 */
export { DrivePicker, picturesOnly, type PickAction } from './drive-picker';
export { contentUrl, formatBytes } from './use-drive';
