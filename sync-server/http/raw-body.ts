import type { IncomingMessage } from 'node:http';

/** Paths whose handlers need the exact bytes received (signed webhooks), not re-serialised JSON. */
const RAW_BODY_PATHS = ['/api/billing/paystack/webhook'];

const rawBodies = new WeakMap<IncomingMessage, Buffer>();

/** express.json's `verify` hook: keeps the raw body of the few requests that need it. */
export function keepRawBody(req: IncomingMessage, _res: unknown, buf: Buffer): void {
  const path = (req.url ?? '').split('?')[0];
  if (RAW_BODY_PATHS.includes(path)) rawBodies.set(req, Buffer.from(buf));
}

/** The raw body kept for this request, if any. */
export function rawBodyOf(req: IncomingMessage): Buffer | undefined {
  return rawBodies.get(req);
}
