import { createStore } from 'zustand/vanilla';
import type { CatchUpProgress } from './catch-up.js';
import type { RejectedChange } from './conflicts-store.js';

/** What the always-visible sync indicator shows (DESIGN.md §5). The UI reads it with `useStore`. */
export interface SyncStatus {
  online: boolean;
  /** Local changes not yet accepted by the server. */
  pending: number;
  /** Last time a pull or push completed, ISO. */
  lastSyncedAt: string | null;
  /** Changes the server refused, with the reason. */
  rejected: RejectedChange[];
  /** Open entries in the conflict log. */
  conflicts: number;
  /** Last replication error, for a tooltip. */
  lastError: string | null;
  /** While the device catches up on many changes (a first sync): how far it has come. */
  catchUp: CatchUpProgress | null;
}

export const initialSyncStatus: SyncStatus = {
  online: true,
  pending: 0,
  lastSyncedAt: null,
  rejected: [],
  conflicts: 0,
  lastError: null,
  catchUp: null,
};

export type SyncStatusStore = ReturnType<typeof createSyncStatusStore>;

export function createSyncStatusStore() {
  return createStore<SyncStatus>()(() => ({ ...initialSyncStatus }));
}

/** The page's store; the replication engine writes it, components read it. */
export const syncStatus = createSyncStatusStore();

/**
 * Asks the browser to keep our IndexedDB data under storage pressure (call at sign-in). Returns
 * whether storage is persisted; false where the API is missing or the browser says no.
 */
export async function requestPersistentStorage(): Promise<boolean> {
  if (typeof navigator === 'undefined' || !navigator.storage?.persist) return false;
  if (await navigator.storage.persisted()) return true;
  return navigator.storage.persist();
}
