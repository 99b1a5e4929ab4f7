import { useSyncExternalStore } from 'react';
import { hasPulled, PULLED_EVENT, pulledStorageKey } from '../../data/first-pull';

/**
 * Whether this device has finished a first sync of the collection for the workspace; re-renders
 * when it changes, in this tab as the sync ends, in another tab through the `storage` event.
 */
export function useHasPulled(database: string, collection: string, workspaceId: number): boolean {
  const key = `${collection}:${workspaceId}`;
  return useSyncExternalStore(
    (onChange) => {
      const onStorage = (e: StorageEvent) => {
        if (e.key === pulledStorageKey(database)) onChange();
      };
      addEventListener(PULLED_EVENT, onChange);
      addEventListener('storage', onStorage);
      return () => {
        removeEventListener(PULLED_EVENT, onChange);
        removeEventListener('storage', onStorage);
      };
    },
    () => hasPulled(database, key),
  );
}
