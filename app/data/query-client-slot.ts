import type { QueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';

/**
 * The app's query client, loaded on demand: TanStack Query is not part of the landing page's first
 * load (DESIGN.md §11). The root route waits for it before any other page, so pages use
 * `useQuery` as usual; the landing page gets it shortly after the first paint.
 */
let client: QueryClient | null = null;
let loading: Promise<QueryClient> | null = null;
const listeners = new Set<() => void>();

export function loadQueryClient(): Promise<QueryClient> {
  loading ??= import('./query-client').then((m) => {
    client = m.queryClient;
    for (const listener of listeners) listener();
    return m.queryClient;
  });
  return loading;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The query client once loaded, else null. */
export function useLoadedQueryClient(): QueryClient | null {
  return useSyncExternalStore(
    subscribe,
    () => client,
    () => client,
  );
}
