import { useQuery, type QueryClient } from '@tanstack/react-query';
import { workspacesContract as c } from '../../schema/workspaces/contract';
import { ApiError, queryEndpoint } from '../data/api';
import { useAuth } from '../data/auth-store';
import type { WorkspaceDto } from '../../schema/workspaces/workspaces';
import { cached, isOffline, saveCached, withOfflineCopy } from './offline-cache';

/** Query keys of the workspace screens; invalidating `all` refreshes every one of them. */
export const workspaceKeys = {
  all: ['workspaces'] as const,
  list: () => ['workspaces', 'list'] as const,
  one: (id: number) => ['workspaces', id] as const,
  settings: (id: number) => ['workspaces', id, 'settings'] as const,
  capabilities: (id: number) => ['workspaces', id, 'capabilities'] as const,
  members: (id: number) => ['workspaces', id, 'members'] as const,
};

/** queryEndpoint in 'throw' mode never yields null; a null here means an empty body. */
function present<T>(value: T | null, emptyMessage: string): T {
  if (value === null) throw new Error(emptyMessage);
  return value;
}

/** 403 and 404 are answers, not outages: retrying them only delays the message. */
function retryUnlessDenied(failureCount: number, error: Error): boolean {
  if (isOffline(error)) return false;
  if (error instanceof ApiError && (error.status === 403 || error.status === 404 || error.status === 401)) return false;
  return failureCount < 1;
}

/**
 * The signed-in user's id, for the offline copy. 'offlineFirst' lets the query try the network even
 * when the browser says it is offline, so the copy answers instead of the query waiting forever.
 */
function useOfflineFirst() {
  return { userId: useAuth().user?.id ?? null, networkMode: 'offlineFirst' as const };
}

export function useWorkspaces() {
  const { userId, networkMode } = useOfflineFirst();
  return useQuery({
    queryKey: workspaceKeys.list(),
    networkMode,
    queryFn: () =>
      withOfflineCopy(userId, cached.list, async () => present(await queryEndpoint(c.list, {}), 'Received empty workspace data')),
    retry: retryUnlessDenied,
  });
}

export function useWorkspace(id: number) {
  const { userId, networkMode } = useOfflineFirst();
  return useQuery({
    queryKey: workspaceKeys.one(id),
    networkMode,
    queryFn: () =>
      withOfflineCopy(userId, cached.workspace(id), async () =>
        present(await queryEndpoint(c.get, { params: { id } }), 'Received empty workspace data'),
      ),
    retry: retryUnlessDenied,
  });
}

export function useWorkspaceSettings(id: number) {
  const { userId, networkMode } = useOfflineFirst();
  return useQuery({
    queryKey: workspaceKeys.settings(id),
    networkMode,
    queryFn: () =>
      withOfflineCopy(userId, cached.settings(id), async () =>
        present(await queryEndpoint(c.getSettings, { params: { id } }), 'Received empty settings'),
      ),
    retry: retryUnlessDenied,
  });
}

export function useCapabilities(id: number) {
  const { userId, networkMode } = useOfflineFirst();
  return useQuery({
    queryKey: workspaceKeys.capabilities(id),
    networkMode,
    queryFn: () =>
      withOfflineCopy(userId, cached.capabilities(id), async () =>
        present(await queryEndpoint(c.capabilities, { params: { id } }), 'Received empty plan data'),
      ),
    retry: retryUnlessDenied,
  });
}

export function useMembers(id: number) {
  return useQuery({
    queryKey: workspaceKeys.members(id),
    queryFn: async () => present(await queryEndpoint(c.members, { params: { id } }), 'Received empty member list'),
    retry: retryUnlessDenied,
  });
}

/** What the server said, for a toast description or an inline message. */
export function serverMessage(error: unknown): string {
  if (error instanceof ApiError) return error.serverMessage;
  if (error instanceof Error) return error.message;
  return 'Unknown error';
}

/** The first message per field of a 400, for showing on the fields. */
export function firstFieldErrors(error: unknown): Record<string, string> {
  return error instanceof ApiError ? firstOf(error.fieldErrors) : {};
}

export function firstOf(errors: Record<string, string[]>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [field, list] of Object.entries(errors)) if (list[0]) out[field] = list[0];
  return out;
}

/**
 * A workspace the server has just returned (created, joined): shown at once, and kept as this
 * user's offline copy too, so the workspace opens with no network even before it is fetched again.
 */
export function keepWorkspace(queryClient: QueryClient, userId: number | null, workspace: WorkspaceDto): void {
  queryClient.setQueryData(workspaceKeys.one(workspace.id), workspace);
  if (userId !== null) saveCached(userId, cached.workspace(workspace.id), workspace);
}
