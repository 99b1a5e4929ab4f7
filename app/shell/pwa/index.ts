/**
 * The installable, offline app: mount `PwaUpdatePrompt` and `OfflineMark` once in the root layout,
 * put `InstallButton` where people look for it, wrap network-only screens in `OnlineOnly`, call
 * `clearPrivateCaches()` on logout and `setUnsavedWork()` from pages with unsaved edits.
 */
export { PwaUpdatePrompt } from './update-prompt';
export { InstallButton } from './install-button';
export { OfflineMark } from './offline-mark';
export { OnlineOnly } from './online-only';
export { useOnline } from '../../kit/online';
export { setUnsavedWork, hasUnsavedWork } from './unsaved-work';
export { clearPrivateCaches } from './clear-private-caches';
export { buildId } from './build-info';
