/**
 * Signed tickets (DESIGN.md §15), as pretix's signed secrets work: the QR code holds a compact
 * payload (version, ticket id, ticket type, event, a random part) and its Ed25519 signature under
 * the event's key, so a door device checks a ticket with the event's public key alone, offline.
 * WebCrypto only: the same code signs on the server (Node) and verifies in the browser.
 */

const VERSION = 1;
const PAYLOAD_BYTES = 1 + 16 * 3 + 8;
const SIGNATURE_BYTES = 64;
const PREFIX = 'VK1.';

export interface TicketClaims {
  ticketId: string;
  ticketTypeId: string;
  eventId: string;
}

export type TicketCheck = { ok: true; claims: TicketClaims } | { ok: false; reason: 'forged' | 'other_event' };

const subtle = () => globalThis.crypto.subtle;

export function toBase64Url(bytes: Uint8Array): string {
  let s = '';
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function fromBase64Url(text: string): Uint8Array<ArrayBuffer> | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return null;
  try {
    const bin = atob(text.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (text.length % 4)) % 4));
    const out = new Uint8Array(bin.length);
    for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
    return out;
  } catch {
    return null;
  }
}

function uuidBytes(uuid: string): Uint8Array {
  const hex = uuid.replace(/-/g, '');
  if (!/^[0-9a-f]{32}$/i.test(hex)) throw new Error(`not a uuid: ${uuid}`);
  const out = new Uint8Array(16);
  for (let i = 0; i < 16; i++) out[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return out;
}

function bytesUuid(bytes: Uint8Array): string {
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** A fresh key pair for one event: the public key raw (32 bytes), the private key PKCS #8, both base64url. */
export async function generateEventKeys(): Promise<{ publicKey: string; privateKey: string }> {
  const pair = (await subtle().generateKey({ name: 'Ed25519' }, true, ['sign', 'verify'])) as CryptoKeyPair;
  const [pub, priv] = await Promise.all([subtle().exportKey('raw', pair.publicKey), subtle().exportKey('pkcs8', pair.privateKey)]);
  return { publicKey: toBase64Url(new Uint8Array(pub)), privateKey: toBase64Url(new Uint8Array(priv)) };
}

/** The QR payload of one ticket, signed with the event's private key. */
export async function signTicket(privateKey: string, claims: TicketClaims): Promise<string> {
  const pkcs8 = fromBase64Url(privateKey);
  if (!pkcs8) throw new Error('bad private key');
  const key = await subtle().importKey('pkcs8', pkcs8, { name: 'Ed25519' }, false, ['sign']);
  const payload = new Uint8Array(PAYLOAD_BYTES);
  payload[0] = VERSION;
  payload.set(uuidBytes(claims.ticketId), 1);
  payload.set(uuidBytes(claims.ticketTypeId), 17);
  payload.set(uuidBytes(claims.eventId), 33);
  payload.set(globalThis.crypto.getRandomValues(new Uint8Array(8)), 49);
  const signature = new Uint8Array(await subtle().sign({ name: 'Ed25519' }, key, payload));
  const all = new Uint8Array(PAYLOAD_BYTES + SIGNATURE_BYTES);
  all.set(payload);
  all.set(signature, PAYLOAD_BYTES);
  return PREFIX + toBase64Url(all);
}

/** What a code claims, unverified (null when it is not a ticket code at all). */
export function readTicketCode(
  code: string,
): { claims: TicketClaims; payload: Uint8Array<ArrayBuffer>; signature: Uint8Array<ArrayBuffer> } | null {
  const trimmed = code.trim();
  if (!trimmed.startsWith(PREFIX)) return null;
  const bytes = fromBase64Url(trimmed.slice(PREFIX.length));
  if (!bytes || bytes.length !== PAYLOAD_BYTES + SIGNATURE_BYTES || bytes[0] !== VERSION) return null;
  const payload = bytes.slice(0, PAYLOAD_BYTES);
  return {
    payload,
    signature: bytes.slice(PAYLOAD_BYTES),
    claims: {
      ticketId: bytesUuid(payload.slice(1, 17)),
      ticketTypeId: bytesUuid(payload.slice(17, 33)),
      eventId: bytesUuid(payload.slice(33, 49)),
    },
  };
}

const verifyKeys = new Map<string, Promise<CryptoKey>>();

function verifyKey(publicKey: string): Promise<CryptoKey> {
  let key = verifyKeys.get(publicKey);
  if (!key) {
    const raw = fromBase64Url(publicKey);
    key = raw ? subtle().importKey('raw', raw, { name: 'Ed25519' }, false, ['verify']) : Promise.reject(new Error('bad public key'));
    verifyKeys.set(publicKey, key);
  }
  return key;
}

/**
 * Checks a scanned code against the event's public key, with no network: a code whose signature
 * does not hold is forged (or altered); a genuine ticket of another event says so.
 */
export async function verifyTicketCode(code: string, publicKey: string, eventId: string): Promise<TicketCheck> {
  const read = readTicketCode(code);
  if (!read) return { ok: false, reason: 'forged' };
  let valid = false;
  try {
    valid = await subtle().verify({ name: 'Ed25519' }, await verifyKey(publicKey), read.signature, read.payload);
  } catch {
    valid = false;
  }
  // Another event's genuine ticket fails this event's key too; its claim tells the two apart.
  if (read.claims.eventId !== eventId) return { ok: false, reason: valid ? 'forged' : 'other_event' };
  return valid ? { ok: true, claims: read.claims } : { ok: false, reason: 'forged' };
}
