import { useSyncExternalStore } from 'react';
import { z } from 'zod';
import { localSetting } from './local-setting';

/**
 * Data saver, a choice kept on this device: pictures load only when tapped, and large uploads wait
 * for Wi-Fi (or for the person to say "Upload now"). For people who pay for every megabyte.
 */
export const dataSaver = localSetting('data-saver', z.boolean(), false);

/** Files above this wait for Wi-Fi under data saver, bytes. */
export const LARGE_FILE_BYTES = 5 * 1024 * 1024;

/** What the browser says of the connection (Chrome on Android; elsewhere nothing is known). */
interface ConnectionInfo {
  type?: string;
  saveData?: boolean;
}

/** True only when the browser says the connection is Wi-Fi or wired; unknown counts as not. */
export function onUnmeteredNetwork(connection: ConnectionInfo | undefined = browserConnection()): boolean {
  return connection?.type === 'wifi' || connection?.type === 'ethernet';
}

function browserConnection(): ConnectionInfo | undefined {
  if (typeof navigator === 'undefined') return undefined;
  const connection: unknown = Reflect.get(navigator, 'connection');
  return typeof connection === 'object' && connection !== null ? (connection as ConnectionInfo) : undefined;
}

/** Data saver as it applies now: the person's own choice, or the browser's "save data" (Chrome's Lite mode). */
export function dataSaverActive(chosen: boolean, connection: ConnectionInfo | undefined = browserConnection()): boolean {
  return chosen || connection?.saveData === true;
}

/** Whether data saver is on for this device, live. */
export function useDataSaver(): boolean {
  return dataSaverActive(dataSaver.use());
}

/**
 * Whether a large file (a drive download or upload) may go over the network now: always when small,
 * when asked for, or without data saver; under data saver, only on Wi-Fi or a wired network.
 */
export function largeTransferAllowed(t: { size: number; asked: boolean; saver: boolean; unmetered: boolean }): boolean {
  return t.size <= LARGE_FILE_BYTES || t.asked || !t.saver || t.unmetered;
}

// The pictures shown this visit under data saver: each tapped one, or all of a screen at once.
const shown = new Set<string>();
let showAll = false;
let version = 0;
const listeners = new Set<() => void>();
const changed = () => {
  version++;
  listeners.forEach((fn) => fn());
};

/** Loads this picture (a tap on its placeholder). */
export function showPicture(key: string): void {
  shown.add(key);
  changed();
}

/** Loads every picture for the rest of this visit ("Show pictures"). */
export function showAllPictures(): void {
  showAll = true;
  changed();
}

/** Whether a picture waits for a tap: data saver on, and neither it nor every picture asked for yet. */
export function pictureHeld(saver: boolean, key: string): boolean {
  return saver && !showAll && !shown.has(key);
}

function subscribe(fn: () => void) {
  listeners.add(fn);
  return () => {
    listeners.delete(fn);
  };
}

/** `pictureHeld`, live: true while the picture `key` shows a tap-to-load placeholder. */
export function usePictureHeld(key: string): boolean {
  const saver = useDataSaver();
  useSyncExternalStore(subscribe, () => version);
  return pictureHeld(saver, key);
}

/** Live: whether pictures are held on this screen at all (data saver on, "Show pictures" not chosen). */
export function usePicturesHeld(): boolean {
  const saver = useDataSaver();
  useSyncExternalStore(subscribe, () => version);
  return saver && !showAll;
}

/** Forgets what was shown (a test starting afresh). */
export function forgetShownPictures(): void {
  shown.clear();
  showAll = false;
  changed();
}
