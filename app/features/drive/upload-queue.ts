import { Upload } from 'tus-js-client';
import { dataSaver, dataSaverActive, largeTransferAllowed, onUnmeteredNetwork } from '../../kit/data-saver';
import { create } from 'zustand';
import { shrinkPhoto } from '../../kit/pictures/shrink-photo';
import { CHUNK_SIZE, isRefusal, refusalMessage, uploadEndpoint } from '../../kit/pictures/uploads';

/**
 * The drive's uploads (issue 14): resumable (tus), one file at a time per slot, waiting while the
 * device is offline and starting again on the `online` event. tus-js-client keeps each upload's URL in
 * localStorage under the file's fingerprint, so picking the same file again after a reload resumes it.
 */

export type UploadStatus = 'waiting' | 'uploading' | 'done' | 'failed';

export interface QueuedUpload {
  id: string;
  workspaceId: number;
  folderId: string | null;
  name: string;
  type: string;
  size: number;
  sent: number;
  status: UploadStatus;
  /** The person asked for it now, whatever data saver says. */
  asked?: boolean;
  /** Why it failed, in words (the server's message when it refused). */
  error?: string;
}

/** How many files go up at once. */
export const PARALLEL_UPLOADS = 2;
export const RETRY_DELAYS = [0, 1000, 3000, 5000, 10000];

/** Under data saver, off Wi-Fi: a large file waits until the person asks for it. */
export interface SaverState {
  saver: boolean;
  unmetered: boolean;
}

/** Whether data saver holds this upload back (a large file, off Wi-Fi, not asked for). */
export function heldForWifi(u: Pick<QueuedUpload, 'size' | 'asked'>, net: SaverState): boolean {
  return !largeTransferAllowed({ size: u.size, asked: u.asked === true, saver: net.saver, unmetered: net.unmetered });
}

/**
 * Which waiting uploads to start now: none offline; otherwise the oldest, up to the free slots,
 * passing over those data saver holds back.
 */
export function uploadsToStart(
  items: readonly QueuedUpload[],
  online: boolean,
  parallel = PARALLEL_UPLOADS,
  net: SaverState = { saver: false, unmetered: true },
): string[] {
  if (!online) return [];
  const running = items.filter((u) => u.status === 'uploading').length;
  const free = Math.max(0, parallel - running);
  return items
    .filter((u) => u.status === 'waiting' && !heldForWifi(u, net))
    .slice(0, free)
    .map((u) => u.id);
}

/** Percent sent, whole. */
export function percentOf(u: Pick<QueuedUpload, 'sent' | 'size'>): number {
  return u.size === 0 ? 100 : Math.min(100, Math.floor((u.sent / u.size) * 100));
}

interface QueueState {
  items: QueuedUpload[];
  /** Grows by one each time a file lands, so listings can refresh. */
  finished: number;
  add(files: readonly File[], workspaceId: number, folderId: string | null): void;
  /** Takes finished and failed rows off the list. */
  clearDone(): void;
  retry(id: string): void;
  /** "Upload now": a file data saver held back goes up anyway. */
  uploadNow(id: string): void;
}

const files = new Map<string, File>();
const running = new Map<string, Upload>();

const isOnline = () => typeof navigator === 'undefined' || navigator.onLine;

export const useUploadQueue = create<QueueState>((set, get) => ({
  items: [],
  finished: 0,
  add(list, workspaceId, folderId) {
    const added = list.map((file): QueuedUpload => {
      const id = crypto.randomUUID();
      files.set(id, file);
      return { id, workspaceId, folderId, name: file.name, type: file.type, size: file.size, sent: 0, status: 'waiting' };
    });
    set({ items: [...get().items, ...added] });
    pump();
  },
  clearDone() {
    const keep = get().items.filter((u) => u.status === 'waiting' || u.status === 'uploading');
    for (const u of get().items) if (!keep.includes(u)) files.delete(u.id);
    set({ items: keep });
  },
  retry(id) {
    patch(id, { status: 'waiting', error: undefined });
    pump();
  },
  uploadNow(id) {
    patch(id, { asked: true });
    pump();
  },
}));

function patch(id: string, changes: Partial<QueuedUpload>) {
  useUploadQueue.setState((s) => ({ items: s.items.map((u) => (u.id === id ? { ...u, ...changes } : u)) }));
}

/** Data saver and the network as they are now. */
export function saverState(): SaverState {
  return { saver: dataSaverActive(dataSaver.get()), unmetered: onUnmeteredNetwork() };
}

function pump() {
  for (const id of uploadsToStart(useUploadQueue.getState().items, isOnline(), PARALLEL_UPLOADS, saverState())) void start(id);
}

async function start(id: string) {
  const item = useUploadQueue.getState().items.find((u) => u.id === id);
  const original = files.get(id);
  if (!item || !original) return;
  patch(id, { status: 'uploading', error: undefined });
  const file = await shrinkPhoto(original);
  if (file.size !== item.size) patch(id, { size: file.size });
  const metadata: Record<string, string> = { filename: file.name, filetype: file.type || 'application/octet-stream' };
  if (item.folderId) metadata.folder = item.folderId;
  const upload: Upload = new Upload(file, {
    endpoint: uploadEndpoint(item.workspaceId),
    metadata,
    chunkSize: CHUNK_SIZE,
    retryDelays: RETRY_DELAYS,
    removeFingerprintOnSuccess: true,
    // A refusal will not change by asking again; a lost connection might.
    onShouldRetry: (err) => !isRefusal(err) && isOnline(),
    onProgress: (sent, total) => patch(id, { sent, size: total }),
    onSuccess: () => {
      running.delete(id);
      files.delete(id);
      patch(id, { status: 'done', sent: file.size });
      useUploadQueue.setState((s) => ({ finished: s.finished + 1 }));
      pump();
    },
    onError: (err) => {
      running.delete(id);
      // Offline: back to waiting, to resume from where the server is on the `online` event.
      if (!isRefusal(err) && !isOnline()) patch(id, { status: 'waiting' });
      else patch(id, { status: 'failed', error: refusalMessage(err) });
      pump();
    },
  });
  running.set(id, upload);
  const previous = await upload.findPreviousUploads();
  if (previous[0]) upload.resumeFromPreviousUpload(previous[0]);
  upload.start();
}

if (typeof window !== 'undefined') {
  window.addEventListener('online', pump);
  // Stop now rather than retry into a dead network; the upload's URL stays stored for the resume.
  window.addEventListener('offline', () => {
    for (const [id, upload] of running) {
      running.delete(id);
      void upload.abort();
      patch(id, { status: 'waiting' });
    }
  });
}
