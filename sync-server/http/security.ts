import type { NextFunction, Request, Response } from 'express';
import type { ErrorBody } from '../../schema/kit/http.js';
import type { Config } from '../config.js';

/** What an API answer may do: nothing (it is JSON, not a document). */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'";

/** CSP without inline script, nosniff, no framing, HSTS in production. */
export function securityHeaders(config: Config) {
  const csp = [
    "default-src 'self'",
    // 'wasm-unsafe-eval' lets the page compile WebAssembly (the door camera's QR reader, from our own
    // assets); it allows no eval() of script text.
    ["script-src 'self' 'wasm-unsafe-eval'", config.CSP_SCRIPT_SOURCES].join(' ').trim(),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    "connect-src 'self' ws: wss:",
    "worker-src 'self'",
    "manifest-src 'self'",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join('; ');
  return (req: Request, res: Response, next: NextFunction) => {
    res.setHeader('X-Content-Type-Options', 'nosniff');
    if (req.path.startsWith('/api/')) {
      // An answer of the API is data, never a page: nothing in it may load or be framed. The short
      // policy says so in 45 bytes instead of the page's 330, on every one of a till's many requests.
      res.setHeader('Content-Security-Policy', API_CSP);
    } else {
      res.setHeader('Content-Security-Policy', csp);
      res.setHeader('X-Frame-Options', 'DENY');
      res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin');
    }
    if (config.isProduction) res.setHeader('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    next();
  };
}

/**
 * CSRF: cookies are SameSite=Lax, state changes happen only on non-GET requests with JSON bodies,
 * and a request that names an Origin must name one on the allow-list. A browser request without
 * an Origin that the browser itself marks as coming from another site (Sec-Fetch-Site; an Origin
 * stripped by an extension or proxy) is refused too. Server-to-server calls (the payment webhook)
 * send neither header.
 */
export function originCheck(config: Config) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS') return next();
    const origin = req.headers.origin;
    const site = req.headers['sec-fetch-site'];
    const foreign = origin
      ? !config.allowedOrigins.includes(origin) && !sameHost(origin, req)
      : site === 'cross-site' || site === 'same-site';
    if (foreign) {
      res.status(403).json({ message: 'Cross-site request refused', code: 'bad_origin' } satisfies ErrorBody);
      return;
    }
    const type = req.headers['content-type'] ?? '';
    const hasBody = Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'];
    // The one exception: the bytes of a resumable upload (tus), a type no cross-site form can send.
    const upload = type === 'application/offset+octet-stream' && DRIVE_UPLOAD.test(req.originalUrl.split('?')[0]);
    if (hasBody && !type.startsWith('application/json') && !upload) {
      res.status(415).json({ message: 'Requests must be JSON', code: 'unsupported_media_type' } satisfies ErrorBody);
      return;
    }
    next();
  };
}

const DRIVE_UPLOAD = /^\/api\/workspaces\/[^/]+\/drive\/uploads(\/[^/]+)?$/;

function sameHost(origin: string, req: Request): boolean {
  try {
    return new URL(origin).host === req.headers.host;
  } catch {
    return false;
  }
}
