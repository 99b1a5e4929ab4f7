import { useCallback, useSyncExternalStore } from 'react';
import { hasPulled, subscribePulled } from '../../data/first-pull';

/** Whether this device has finished a first sync of the collection for the workspace (first-pull.ts), kept current. */
export function useHasPulled(database: string, collection: string, workspaceId: number): boolean {
  const subscribe = useCallback((onChange: () => void) => subscribePulled(database, onChange), [database]);
  return useSyncExternalStore(subscribe, () => hasPulled(database, `${collection}:${workspaceId}`));
}
