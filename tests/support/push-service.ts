import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify, type ECDH } from 'node:crypto';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';

/**
 * A Web Push service on 127.0.0.1 that speaks the protocol (RFC 8030, 8291, 8292): it takes a push
 * only with a valid VAPID `Authorization` for its own origin and a `TTL`, decrypts the aes128gcm
 * body with the browser's private key, and answers as it is told (201, or a 410 or 500 per device).
 */

/** A browser profile's push subscription, with the private half a real browser keeps to itself. */
export interface TestBrowser {
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } };
  ecdh: ECDH;
  authSecret: Buffer;
}

export interface ReceivedPush {
  endpoint: string;
  ttl: number;
  payload: unknown;
  vapid: { aud: string; sub: string; exp: number; publicKey: string };
}

export interface PushService {
  url: string;
  /** Pushes taken (answered 201), in order. */
  received: ReceivedPush[];
  /** Requests turned away for breaking the protocol, with why (a test expects none). */
  rejected: string[];
  /** Requests per endpoint, taken or not. */
  requests: Map<string, number>;
  /** A new browser subscribed at this service. */
  browser(name: string): TestBrowser;
  /** What the service answers for a browser's pushes from now on (201 by default). */
  answer(browser: TestBrowser, status: number): void;
  close(): Promise<void>;
}

export async function startPushService(): Promise<PushService> {
  const browsers = new Map<string, TestBrowser>();
  const answers = new Map<string, number>();
  const received: ReceivedPush[] = [];
  const rejected: string[] = [];
  const requests = new Map<string, number>();
  let origin = '';

  const server = createServer({ key: PUSH_SERVICE_KEY, cert: PUSH_SERVICE_CERT }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const endpoint = origin + (req.url ?? '');
      requests.set(endpoint, (requests.get(endpoint) ?? 0) + 1);
      const refuse = (status: number, why: string) => {
        rejected.push(why);
        res.writeHead(status).end(why);
      };
      const browser = browsers.get(endpoint);
      if (req.method !== 'POST' || !browser) return refuse(404, `No subscription at ${req.method} ${endpoint}`);
      const ttl = Number(req.headers.ttl);
      if (req.headers.ttl === undefined || !Number.isInteger(ttl) || ttl < 0) return refuse(400, 'TTL header missing');
      if (req.headers['content-encoding'] !== 'aes128gcm') return refuse(415, `Content-Encoding ${req.headers['content-encoding']}`);
      let vapid: ReceivedPush['vapid'];
      try {
        vapid = checkVapid(req.headers.authorization ?? '', origin);
      } catch (err) {
        return refuse(401, String(err));
      }
      let payload: unknown;
      try {
        payload = JSON.parse(decrypt(Buffer.concat(chunks), browser));
      } catch (err) {
        return refuse(400, `Undecryptable body: ${String(err)}`);
      }
      const status = answers.get(endpoint) ?? 201;
      if (status === 201) received.push({ endpoint, ttl, payload, vapid });
      res.writeHead(status).end(status === 201 ? '' : `Answered ${status}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  origin = `https://127.0.0.1:${port}`;

  return {
    url: origin,
    received,
    rejected,
    requests,
    browser(name) {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const authSecret = randomBytes(16);
      const endpoint = `${origin}/push/${name}-${randomBytes(6).toString('hex')}`;
      const browser: TestBrowser = {
        subscription: { endpoint, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: authSecret.toString('base64url') } },
        ecdh,
        authSecret,
      };
      browsers.set(endpoint, browser);
      return browser;
    },
    answer(browser, status) {
      answers.set(browser.subscription.endpoint, status);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** RFC 8292: `vapid t=<JWT signed ES256 by k>, k=<the server's public key>`, for this origin, expiring within a day. */
function checkVapid(header: string, origin: string): ReceivedPush['vapid'] {
  const m = /^vapid t=([\w-]+)\.([\w-]+)\.([\w-]+), ?k=([\w-]+)$/.exec(header);
  if (!m) throw new Error(`Authorization is not VAPID: ${header}`);
  const [, head, body, signature, k] = m;
  const point = Buffer.from(k, 'base64url');
  if (point.length !== 65 || point[0] !== 4) throw new Error('k is not a P-256 public key');
  const key = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33).toString('base64url') },
    format: 'jwk',
  });
  if (JSON.parse(Buffer.from(head, 'base64url').toString()).alg !== 'ES256') throw new Error('JWT alg is not ES256');
  const signed = verify('sha256', Buffer.from(`${head}.${body}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'));
  if (!signed) throw new Error('JWT signature does not match k');
  const claims: { aud: string; sub: string; exp: number } = JSON.parse(Buffer.from(body, 'base64url').toString());
  const now = Date.now() / 1000;
  if (claims.aud !== origin) throw new Error(`JWT aud ${claims.aud} is not ${origin}`);
  if (!(claims.exp > now && claims.exp <= now + 24 * 3600 + 60)) throw new Error(`JWT exp ${claims.exp} is not within a day`);
  if (!/^(mailto:|https:)/.test(claims.sub)) throw new Error(`JWT sub ${claims.sub} is no contact`);
  return { ...claims, publicKey: k };
}

/** RFC 8291 (with RFC 8188's aes128gcm record): one record, decrypted with the browser's keys. */
function decrypt(body: Buffer, browser: TestBrowser): string {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20];
  const serverPublic = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  if (record.length > recordSize) throw new Error('More than one record');
  const secret = browser.ecdh.computeSecret(serverPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), browser.ecdh.getPublicKey(), serverPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', secret, browser.authSecret, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const plain = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  let end = plain.length - 1;
  while (end >= 0 && plain[end] === 0) end -= 1;
  if (plain[end] !== 2) throw new Error('The last record has no delimiter');
  return plain.subarray(0, end).toString('utf8');
}

/** The service's certificate (for 127.0.0.1 and localhost) and key: the sender trusts this certificate alone. */
export const PUSH_SERVICE_KEY = `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgW78Lsc2wYOP85FEZ
lHNvFzn3PigW1K/Hz9eWr5gRPiKhRANCAAS3WPBB83OQn1LlUhqOQFyfBfsg9rHH
7LdsELiplEBDeOisSt/+wvrIjQA+L6H1CeU/bt9MQdn1d7raim4ahwLi
-----END PRIVATE KEY-----`;

export const PUSH_SERVICE_CERT = `-----BEGIN CERTIFICATE-----
MIIBrDCCAVGgAwIBAgIUUox6Q/ZAG2AbKhln2dYmpMWhC7wwCgYIKoZIzj0EAwIw
HDEaMBgGA1UEAwwRcHVzaC1zZXJ2aWNlLnRlc3QwIBcNMjYxMjA3MTc1NzU2WhgP
MjEyNjExMTMxNzU3NTZaMBwxGjAYBgNVBAMMEXB1c2gtc2VydmljZS50ZXN0MFkw
EwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAEt1jwQfNzkJ9S5VIajkBcnwX7IPaxx+y3
bBC4qZRAQ3jorErf/sL6yI0APi+h9QnlP27fTEHZ9Xe62opuGocC4qNvMG0wHQYD
VR0OBBYEFNT/fwagGyCqBOwrdEEUgSLasAW8MB8GA1UdIwQYMBaAFNT/fwagGyCq
BOwrdEEUgSLasAW8MA8GA1UdEwEB/wQFMAMBAf8wGgYDVR0RBBMwEYcEfwAAAYIJ
bG9jYWxob3N0MAoGCCqGSM49BAMCA0kAMEYCIQDpwfytNuxJJie5JMLH/mc92poD
YXLNRG8IA903VmPf7gIhAJSuzfwf+R5GpbryBLeg6T/Lk13pkY0ntkA7PBv4Truv
-----END CERTIFICATE-----`;
