import { existsSync } from 'node:fs';
import { join } from 'node:path';
import compression from 'compression';
import cookieParser from 'cookie-parser';
import express, { type NextFunction, type Request, type Response } from 'express';
import type { ErrorBody } from '../schema/kit/http.js';
import { badPathBody } from '../schema/kit/input.js';
import type { AppDeps } from './deps.js';
import { HttpError } from './http/errors.js';
import { securityHeaders, originCheck } from './http/security.js';
import { apiAreas } from './api/areas.js';
import { keepRawBody } from './http/raw-body.js';
import { shellSender } from './seo/seo.js';

/** Builds the Express app: security, the areas' routes (in the area list's order), then the built PWA with an SPA fallback. */
export function createApp(deps: AppDeps): express.Express {
  const app = express();
  app.disable('x-powered-by');
  // Only proxies named in TRUST_PROXY may set the client address (req.ip) that per-IP limits key on.
  app.set('trust proxy', deps.config.TRUST_PROXY);
  app.use(securityHeaders(deps.config));
  // Users pay for every megabyte: answers over 256 bytes go compressed (gzip or brotli, as the client accepts).
  app.use(compression({ threshold: 256 }));
  // A body may arrive gzip-compressed (sync pushes do); the 2 MB limit counts the inflated bytes, so a
  // small compressed body that inflates past it is refused like a large one.
  app.use(express.json({ limit: '2mb', verify: keepRawBody }));
  app.use(cookieParser());
  app.use('/api', originCheck(deps.config));
  app.use('/auth', originCheck(deps.config));

  for (const area of apiAreas) app.use(area(deps));

  app.use('/api', (_req, res) => {
    res.status(404).json({ message: 'Not found' });
  });

  const dist = join(process.cwd(), 'dist');
  if (existsSync(join(dist, 'index.html'))) {
    app.use(express.static(dist, { index: false, maxAge: '1h', setHeaders: noCacheForShell }));
    app.get(/^\/(?!api\/|auth\/verify-social-email).*/, shellSender(deps, join(dist, 'index.html')));
  }

  app.use((err: unknown, _req: Request, res: Response, _next: NextFunction) => {
    if (err instanceof HttpError) {
      if (err.retryAfter !== undefined) res.setHeader('Retry-After', String(err.retryAfter));
      res.status(err.status).json({ message: err.message, ...err.extra });
      return;
    }
    // The router's own answer to a path parameter with a broken % escape (it marks it 400).
    if (err instanceof URIError) {
      res.status(400).json(badPathBody);
      return;
    }
    const bodyError = bodyParserError(err);
    if (bodyError) {
      res.status(bodyError.status).json(bodyError.body);
      return;
    }
    deps.log.error({ err }, 'unhandled error');
    res.status(500).json({ message: 'Something went wrong on our side. Please try again.' });
  });
  return app;
}

function noCacheForShell(res: Response, path: string) {
  if (path.endsWith('sw.js') || path.endsWith('.webmanifest') || path.endsWith('index.html')) {
    res.setHeader('Cache-Control', 'no-cache');
  }
}

/**
 * What body-parser's errors answer: they carry the HTTP status they mean (413 too large, 415
 * unsupported charset, 400 malformed), and none of them is the server's fault.
 */
function bodyParserError(err: unknown): { status: number; body: ErrorBody } | null {
  if (typeof err !== 'object' || err === null || !('type' in err) || typeof err.type !== 'string') return null;
  const status = 'status' in err && typeof err.status === 'number' && err.status >= 400 && err.status < 500 ? err.status : null;
  if (err.type === 'entity.parse.failed') return { status: 400, body: { message: 'Malformed JSON body', code: 'bad_json' } };
  if (err.type === 'entity.too.large') {
    return { status: 413, body: { message: 'The request body is too large.', code: 'too_large' } };
  }
  if (status === null) return null;
  return { status, body: { message: 'The request body could not be read.', code: 'bad_body' } };
}
