import type { IncomingHttpHeaders } from 'node:http';
import { isIP } from 'node:net';
import type { Config } from '../../config.js';

/** What the dev-access rule reads of a request (an Express request satisfies it). */
export interface DevRequest {
  socket: { remoteAddress?: string };
  headers: IncomingHttpHeaders;
}

/**
 * Headers a proxy adds when it passes a request on. Behind a proxy on the same machine every
 * request arrives from loopback, so any of these means the real client may be anywhere.
 */
const forwardingHeaders = [
  'forwarded',
  'via',
  'x-forwarded-for',
  'x-forwarded-host',
  'x-forwarded-proto',
  'x-real-ip',
  'x-client-ip',
  'true-client-ip',
  'cf-connecting-ip',
] as const;

/**
 * The dev mailbox holds reset links and verification codes for every account, so only someone at
 * this machine may read it: never in production; otherwise only over a loopback socket (its own
 * address, never a header), with no sign of a proxy, and addressed by a loopback name or the app's
 * own origin, so a web page cannot reach it by pointing its own host name at 127.0.0.1 (DNS
 * rebinding).
 */
export function devRequestAllowed(config: Config, req: DevRequest): boolean {
  if (config.isProduction) return false;
  if (!isLoopback(req.socket.remoteAddress)) return false;
  if (forwardingHeaders.some((name) => req.headers[name] !== undefined)) return false;
  return isLocalHost(config, req.headers.host);
}

export function isLoopback(address: string | undefined): boolean {
  if (address === undefined) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address;
  if (isIP(v4) === 4) return v4.startsWith('127.');
  return address === '::1';
}

function isLocalHost(config: Config, host: string | undefined): boolean {
  const hostname = hostnameOf(host === undefined ? undefined : `http://${host}`);
  if (hostname === null) return false;
  if (hostname === 'localhost' || hostname === '[::1]' || (isIP(hostname) === 4 && hostname.startsWith('127.'))) return true;
  return hostname === hostnameOf(config.APP_ORIGIN);
}

function hostnameOf(url: string | undefined): string | null {
  if (url === undefined || !URL.canParse(url)) return null;
  return new URL(url).hostname;
}
