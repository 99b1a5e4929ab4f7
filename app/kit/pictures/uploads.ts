import { DetailedError } from 'tus-js-client';

/**
 * The basics of sending a file to a workspace's drive (resumable, tus), shared by the drive's upload
 * queue and every picture field: where to send, in what chunks, and what to say when it stops.
 */

/** The query key every drive listing sits under: a new file refreshes them all. */
export const driveQueryKey = (ws: number) => ['drive', ws] as const;

export const CHUNK_SIZE = 2 * 1024 * 1024;
export const uploadMessages = {
  network: 'The upload stopped: the connection was lost. It will carry on when you are back online.',
  failed: 'The upload failed. Please try again.',
} as const;

export function uploadEndpoint(workspaceId: number): string {
  return `/api/workspaces/${workspaceId}/drive/uploads`;
}

/** What to tell the person when an upload stops: the server's own message when it refused. */
export function refusalMessage(err: unknown): string {
  if (err instanceof DetailedError && err.originalResponse) {
    const status = err.originalResponse.getStatus();
    const body = err.originalResponse.getBody();
    try {
      const parsed: unknown = JSON.parse(body);
      if (parsed && typeof parsed === 'object' && 'message' in parsed && typeof parsed.message === 'string') return parsed.message;
    } catch {
      // Not JSON: fall through to the plain words below.
    }
    if (status === 0) return uploadMessages.network;
    return uploadMessages.failed;
  }
  if (err instanceof DetailedError) return uploadMessages.network;
  return uploadMessages.failed;
}

/** A refusal is final (4xx); anything else (no answer, 5xx) may be tried again. */
export function isRefusal(err: unknown): boolean {
  if (!(err instanceof DetailedError) || !err.originalResponse) return false;
  const status = err.originalResponse.getStatus();
  return status >= 400 && status < 500;
}
