import { Upload } from 'tus-js-client';
import { FILE_ID_HEADER } from '../../schema/pictures/pictures.js';
import type { CookieClient, TestServer } from './server.js';

/** The session cookies of `client`, as a request outside it sends them. */
export const cookieOf = (client: CookieClient) => [...client.jar].map(([k, v]) => `${k}=${v}`).join('; ');

export interface UploadOutcome {
  fileId: string;
  url: string;
}

/** One upload with tus-js-client, as the app will do it; `abortAfter` stops it once that many bytes are in. */
export function tusUpload(
  server: TestServer,
  client: CookieClient,
  ws: number,
  data: Buffer,
  metadata: Record<string, string>,
  opts: { abortAfter?: number; uploadUrl?: string; chunkSize?: number } = {},
): Promise<UploadOutcome & { aborted: boolean }> {
  return new Promise((resolve, reject) => {
    let aborted = false;
    const upload: Upload = new Upload(data, {
      endpoint: `${server.url}/api/workspaces/${ws}/drive/uploads`,
      uploadUrl: opts.uploadUrl ?? null,
      headers: { cookie: cookieOf(client) },
      metadata,
      chunkSize: opts.chunkSize ?? 256 * 1024,
      retryDelays: [],
      removeFingerprintOnSuccess: true,
      onChunkComplete(_chunk, accepted) {
        if (opts.abortAfter !== undefined && accepted >= opts.abortAfter && !aborted) {
          aborted = true;
          void upload.abort().then(() => resolve({ fileId: '', url: upload.url ?? '', aborted: true }));
        }
      },
      onSuccess(payload) {
        resolve({ fileId: payload.lastResponse.getHeader(FILE_ID_HEADER) ?? '', url: upload.url ?? '', aborted: false });
      },
      onError: reject,
    });
    upload.start();
  });
}
