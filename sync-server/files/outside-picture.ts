import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP } from 'node:net';
import sharp from 'sharp';

/**
 * A picture the server fetches from an address a user typed (a workspace logo given as a URL), for
 * a PDF it makes. The address is the user's, so the fetch must not reach what only the server can:
 * every address the name resolves to is checked at connect time (no re-resolving in between), only
 * http(s) on the default ports, a few redirects each checked the same way, a size cap and a timeout.
 */
export const OUTSIDE_PICTURE_LIMITS = { bytes: 2 * 1024 * 1024, timeoutMs: 5_000, redirects: 3 } as const;

const privateRanges = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  privateRanges.addSubnet(net, prefix, 'ipv4');
}
// IPv6 prefixes that carry an IPv4 address (IPv4-compatible, NAT64, 6to4, Teredo) are refused whole:
// the IPv4 address inside may be private, and a public picture has a plain address. (Mapped
// addresses, ::ffff:a.b.c.d, are checked as the IPv4 address they hold.)
for (const [net, prefix] of [
  ['::', 96],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  privateRanges.addSubnet(net, prefix, 'ipv6');
}

/** Whether an address is one the server must not fetch from for a user (IPv4-mapped IPv6 included). */
export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return privateRanges.check(mapped[1], 'ipv4');
  const family = isIP(address);
  if (family === 0) return true;
  return privateRanges.check(address, family === 6 ? 'ipv6' : 'ipv4');
}

export class OutsidePictureError extends Error {}

type Options = { allowPrivate: boolean };

/** A DNS lookup for http(s).request that refuses a name resolving to any private address. */
function guardedLookup(allowPrivate: boolean) {
  return (
    hostname: string,
    options: { all?: boolean; family?: number },
    callback: (err: Error | null, address: string | LookupAddress[], family?: number) => void,
  ) => {
    dnsLookup(hostname, { all: true, family: options.family ?? 0 }, (err, addresses) => {
      if (err) return callback(err, '');
      if (addresses.length === 0) return callback(new OutsidePictureError(`${hostname} has no address`), '');
      if (!allowPrivate && addresses.some((a) => isPrivateAddress(a.address))) {
        return callback(new OutsidePictureError(`${hostname} is not a public address`), '');
      }
      if (options.all) return callback(null, addresses);
      return callback(null, addresses[0].address, addresses[0].family);
    });
  };
}

function checkedUrl(raw: string, allowPrivate: boolean): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new OutsidePictureError('The address is not a URL');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new OutsidePictureError('Only http and https addresses are fetched');
  if (url.username || url.password) throw new OutsidePictureError('An address with a user name is not fetched');
  if (url.port !== '' && !allowPrivate) throw new OutsidePictureError('Only the default ports are fetched');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) !== 0 && !allowPrivate && isPrivateAddress(host)) throw new OutsidePictureError(`${host} is not a public address`);
  return url;
}

function getOnce(url: URL, { allowPrivate }: Options): Promise<{ redirect?: string; bytes?: Buffer }> {
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.get(url, { lookup: guardedLookup(allowPrivate) as never, timeout: OUTSIDE_PICTURE_LIMITS.timeoutMs }, (res) => {
      const status = res.statusCode ?? 0;
      if (status >= 300 && status < 400 && res.headers.location) {
        res.resume();
        return resolve({ redirect: new URL(res.headers.location, url).toString() });
      }
      if (status !== 200) {
        res.resume();
        return reject(new OutsidePictureError(`The address answered ${status}`));
      }
      const type = String(res.headers['content-type'] ?? '');
      if (!type.startsWith('image/')) {
        res.resume();
        return reject(new OutsidePictureError(`The address is not a picture (${type || 'no type'})`));
      }
      const declared = Number(res.headers['content-length'] ?? 0);
      if (declared > OUTSIDE_PICTURE_LIMITS.bytes) {
        res.destroy();
        return reject(new OutsidePictureError('The picture is too large'));
      }
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > OUTSIDE_PICTURE_LIMITS.bytes) {
          res.destroy();
          reject(new OutsidePictureError('The picture is too large'));
          return;
        }
        chunks.push(chunk);
      });
      res.on('end', () => resolve({ bytes: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new OutsidePictureError('The address took too long to answer')));
    req.on('error', reject);
  });
}

/** The picture at `address`, redrawn as PNG at `width` (never enlarged); throws OutsidePictureError on refusal. */
export async function fetchOutsidePicture(address: string, width: number, options: Options): Promise<Buffer> {
  let next = address;
  for (let hop = 0; hop <= OUTSIDE_PICTURE_LIMITS.redirects; hop += 1) {
    const got = await getOnce(checkedUrl(next, options.allowPrivate), options);
    if (got.bytes) {
      return sharp(got.bytes, { failOn: 'error', limitInputPixels: 40_000_000 })
        .rotate()
        .resize({ width, withoutEnlargement: true })
        .png()
        .toBuffer();
    }
    next = got.redirect ?? '';
  }
  throw new OutsidePictureError('The address redirects too often');
}
