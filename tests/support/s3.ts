import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import type { S3Settings } from '../../sync-server/files/storage.js';

export interface LocalS3 {
  settings: S3Settings;
  /** The same settings as the server's S3_* environment. */
  env: Record<string, string>;
  close(): Promise<void>;
}

/** A local S3-protocol server (s3rver) on a free port, its bucket in a temporary folder. */
export async function startLocalS3(bucket = 'vuka-drive'): Promise<LocalS3> {
  const directory = await mkdtemp(join(tmpdir(), 'vuka-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, directory, silent: true, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  const settings: S3Settings = {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    region: 'us-east-1',
  };
  return {
    settings,
    env: {
      S3_ENDPOINT: settings.endpoint,
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: settings.accessKeyId,
      S3_SECRET_ACCESS_KEY: settings.secretAccessKey,
      S3_REGION: settings.region,
    },
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
