import { isIPv4, isIPv6 } from 'node:net';
import type { Request } from 'express';

/**
 * The address per-IP limits key on. An IPv6 client is usually given a whole /64, so keying on the
 * full address would let one client rotate through 2^64 keys: it is keyed on its /64 instead.
 * IPv4 (and IPv4 mapped into IPv6) is the address itself.
 */
export function limitAddress(address: string | undefined): string {
  if (!address) return 'unknown';
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1] && isIPv4(mapped[1])) return mapped[1];
  if (!isIPv6(address)) return address;
  return `${expandIPv6(address).slice(0, 4).join(':')}::/64`;
}

/** The eight hextets of an IPv6 address, `::` expanded, zone id dropped, lower case. */
function expandIPv6(address: string): string[] {
  const bare = address.split('%')[0]?.toLowerCase() ?? '';
  const [head = '', tail] = bare.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  // An embedded IPv4 tail (::a.b.c.d) counts as two hextets; only its first four matter here.
  const width = (parts: string[]) => parts.reduce((n, p) => n + (p.includes('.') ? 2 : 1), 0);
  const zeros = tail === undefined ? [] : Array<string>(8 - width(left) - width(right)).fill('0');
  return [...left, ...zeros, ...right].map((h) => (h.includes('.') ? h : h.replace(/^0+(?=.)/, '')));
}

/** The limit key of a request's client (req.ip honours TRUST_PROXY). */
export function clientLimitAddress(req: Request): string {
  return limitAddress(req.ip);
}
