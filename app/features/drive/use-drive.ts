import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { driveContract as c } from '../../../schema/drive/contract';
import { fillPath } from '../../../schema/kit/http';
import { call, queryEndpoint } from '../../data/api';
import { toast } from '../../ui/toast-store';
import { serverMessage } from '../../kit/workspace-queries';
import { driveQueryKey } from '../../kit/pictures/uploads';

/** What the page is showing: a folder (null: the root), the trash, or a search's hits. */
export type DriveView = { kind: 'folder'; folderId: string | null } | { kind: 'trash' } | { kind: 'search'; q: string };

export const driveKeys = {
  all: driveQueryKey,
  list: (ws: number, view: DriveView) => ['drive', ws, 'list', view] as const,
  usage: (ws: number) => ['drive', ws, 'usage'] as const,
  links: (ws: number, fileId: string) => ['drive', ws, 'links', fileId] as const,
};

function queryOf(view: DriveView) {
  if (view.kind === 'trash') return { trash: '1' as const };
  if (view.kind === 'search') return { q: view.q };
  return view.folderId ? { folder: view.folderId } : {};
}

export function useDriveListing(workspaceId: number, view: DriveView, enabled: boolean) {
  return useQuery({
    queryKey: driveKeys.list(workspaceId, view),
    queryFn: () => queryEndpoint(c.list, { params: { id: workspaceId }, query: queryOf(view) }),
    enabled,
  });
}

export function useDriveUsage(workspaceId: number, enabled: boolean) {
  return useQuery({
    queryKey: driveKeys.usage(workspaceId),
    queryFn: () => queryEndpoint(c.usage, { params: { id: workspaceId } }),
    enabled,
  });
}

export function useShareLinks(workspaceId: number, fileId: string) {
  return useQuery({
    queryKey: driveKeys.links(workspaceId, fileId),
    queryFn: () => queryEndpoint(c.links, { params: { id: workspaceId, fileId } }),
  });
}

/** A file's bytes, as a download (Content-Disposition: attachment), or shown by the browser with `view`. */
export function contentUrl(workspaceId: number, fileId: string, view?: 'inline'): string {
  const path = fillPath(c.content.path, { id: workspaceId, fileId });
  return view ? `${path}?view=${view}` : path;
}

export function thumbnailUrl(workspaceId: number, fileId: string): string {
  return fillPath(c.thumbnail.path, { id: workspaceId, fileId });
}

/**
 * One drive change: on success the drive's lists and usage are read again and `done` is toasted;
 * on failure the server's reason is.
 */
export function useDriveAction<T, R>(workspaceId: number, run: (input: T) => Promise<R>, done: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: driveKeys.all(workspaceId) });
      toast({ title: done, variant: 'success' });
    },
    onError: (error) => toast({ title: 'That did not work', description: serverMessage(error), variant: 'destructive' }),
  });
}

export const driveCalls = {
  createFolder: (ws: number, name: string, parent: string | null) =>
    call(c.createFolder, { params: { id: ws }, body: { name, parent_id: parent } }),
  renameFolder: (ws: number, folderId: string, name: string) => call(c.updateFolder, { params: { id: ws, folderId }, body: { name } }),
  moveFolder: (ws: number, folderId: string, parent: string | null) =>
    call(c.updateFolder, { params: { id: ws, folderId }, body: { parent_id: parent } }),
  deleteFolder: (ws: number, folderId: string) => call(c.deleteFolder, { params: { id: ws, folderId } }),
  restoreFolder: (ws: number, folderId: string) => call(c.restoreFolder, { params: { id: ws, folderId } }),
  renameFile: (ws: number, fileId: string, name: string) => call(c.updateFile, { params: { id: ws, fileId }, body: { name } }),
  moveFile: (ws: number, fileId: string, folder: string | null) =>
    call(c.updateFile, { params: { id: ws, fileId }, body: { folder_id: folder } }),
  trashFile: (ws: number, fileId: string) => call(c.trashFile, { params: { id: ws, fileId } }),
  restoreFile: (ws: number, fileId: string) => call(c.restoreFile, { params: { id: ws, fileId } }),
  deleteFile: (ws: number, fileId: string) => call(c.deleteFile, { params: { id: ws, fileId } }),
  createLink: (ws: number, fileId: string, expiresAt: string | null) =>
    call(c.createLink, { params: { id: ws, fileId }, body: { expires_at: expiresAt } }),
  revokeLink: (ws: number, linkId: string) => call(c.revokeLink, { params: { id: ws, linkId } }),
};

/** 1.5 MB, 300 KB, 12 B. */
export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let v = n / 1024;
  let i = 0;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  return `${v < 10 ? v.toFixed(1) : Math.round(v)} ${units[i]}`;
}
