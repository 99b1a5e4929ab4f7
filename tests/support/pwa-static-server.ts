import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import express, { type Response } from 'express';
import { loadConfig } from '../../sync-server/config.js';
import { securityHeaders } from '../../sync-server/http/security.js';

export interface PwaStaticServer {
  url: string;
  /** Serves another build from now on, as a deploy would. */
  setRoot(dir: string): void;
  close(): Promise<void>;
}

/**
 * Serves a built PWA the way sync-server/app.ts does (same CSP and security headers, `no-cache` on
 * sw.js, the manifest and index.html, SPA fallback, JSON 404 under /api) from a folder that a test
 * can swap, so an update test can deploy a second build under the same origin.
 */
export async function startPwaStaticServer(root: string): Promise<PwaStaticServer> {
  let current = root;
  let serveStatic = staticFor(current);
  const app = express();
  app.use(securityHeaders(loadConfig({ NODE_ENV: 'test', PORT: '0', LOG_LEVEL: 'silent' })));
  app.use('/api', (_req, res) => {
    res.status(404).json({ message: 'Not found' });
  });
  app.use((req, res, next) => serveStatic(req, res, next));
  app.get(/^\/(?!api\/|auth\/verify-social-email).*/, (_req, res) => {
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(join(current, 'index.html'));
  });
  const server: Server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? (address satisfies AddressInfo).port : 0;
  return {
    url: `http://localhost:${port}`,
    setRoot(dir) {
      current = dir;
      serveStatic = staticFor(dir);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function staticFor(dir: string) {
  return express.static(dir, { index: false, maxAge: '1h', setHeaders: noCacheForShell });
}

function noCacheForShell(res: Response, path: string) {
  if (path.endsWith('sw.js') || path.endsWith('.webmanifest') || path.endsWith('index.html')) {
    res.setHeader('Cache-Control', 'no-cache');
  }
}
