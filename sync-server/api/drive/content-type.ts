/**
 * What a file is, by its first bytes, and whether that agrees with its name and declared type
 * (issue 14: "allowed file types … checked by content, not only by the name"). Pure functions:
 * the upload hooks read the bytes, these decide.
 */

/** How many leading bytes `sniff` needs. */
export const SNIFF_BYTES = 16;

/** Content families recognised by their magic numbers. */
export type Sniffed = 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp' | 'application/pdf' | 'application/zip';

const startsWith = (head: Buffer, bytes: readonly number[], at = 0) => bytes.every((b, i) => head[at + i] === b);

/** The family the first bytes belong to, or null when none of the known signatures matches. */
export function sniff(head: Buffer): Sniffed | null {
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (head.subarray(0, 6).toString('latin1') === 'GIF87a' || head.subarray(0, 6).toString('latin1') === 'GIF89a') return 'image/gif';
  if (head.subarray(0, 4).toString('latin1') === 'RIFF' && head.subarray(8, 12).toString('latin1') === 'WEBP') return 'image/webp';
  if (head.subarray(0, 5).toString('latin1') === '%PDF-') return 'application/pdf';
  // A zip's local file header, or the end record of an empty archive.
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04]) || startsWith(head, [0x50, 0x4b, 0x05, 0x06])) return 'application/zip';
  return null;
}

/** The type each known extension stands for, and the family its content must sniff as (null: no signature). */
const extensions: Record<string, { type: string; family: Sniffed | 'text' | null }> = {
  png: { type: 'image/png', family: 'image/png' },
  jpg: { type: 'image/jpeg', family: 'image/jpeg' },
  jpeg: { type: 'image/jpeg', family: 'image/jpeg' },
  gif: { type: 'image/gif', family: 'image/gif' },
  webp: { type: 'image/webp', family: 'image/webp' },
  pdf: { type: 'application/pdf', family: 'application/pdf' },
  zip: { type: 'application/zip', family: 'application/zip' },
  docx: { type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', family: 'application/zip' },
  xlsx: { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', family: 'application/zip' },
  pptx: { type: 'application/vnd.openxmlformats-officedocument.presentationml.presentation', family: 'application/zip' },
  odt: { type: 'application/vnd.oasis.opendocument.text', family: 'application/zip' },
  ods: { type: 'application/vnd.oasis.opendocument.spreadsheet', family: 'application/zip' },
  txt: { type: 'text/plain', family: 'text' },
  csv: { type: 'text/csv', family: 'text' },
};

/**
 * The types the drive recognises and checks by content: none of them is run as script or rendered
 * as a page by a browser (a download serves any other type as plain bytes, drive-download.ts).
 */
export const recognisedTypes: ReadonlySet<string> = new Set(Object.values(extensions).map((e) => e.type));

/** Types whose content has a signature of its own (the extensions' families, by type). */
const familyOfType = new Map(Object.values(extensions).map((e) => [e.type, e.family]));

export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot <= 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/** A MIME type as a client may declare it: `type/subtype`, nothing else. */
export function isMimeType(value: string): boolean {
  return /^[a-z0-9][a-z0-9!#$&^_.+-]{0,63}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,126}$/i.test(value);
}

/**
 * The type a new upload stands for: the declared one, unless its name's extension says another.
 * null when they disagree (a `.png` declared as a PDF).
 */
export function declaredType(name: string, declared: string): string | null {
  const type = declared.toLowerCase();
  const known = extensions[extensionOf(name)];
  if (!known) return type;
  // Browsers may send a generic type for a file they do not know; the extension then decides.
  if (type === 'application/octet-stream' || type === known.type) return known.type;
  if (known.type === 'image/jpeg' && type === 'image/jpg') return known.type;
  if (known.family === 'application/zip' && type === 'application/x-zip-compressed') return known.type;
  return null;
}

/**
 * The type to store for content whose first bytes are `head`, or null when the content is not what
 * `type` says (a renamed executable, a PNG called .pdf, binary bytes in a .txt).
 */
export function confirmedType(type: string, head: Buffer): string | null {
  const sniffed = sniff(head);
  const family = familyOfType.get(type);
  if (family === 'text' || (family === undefined && type.startsWith('text/'))) {
    return sniffed === null && !head.includes(0) ? type : null;
  }
  if (family) return sniffed === family ? type : null;
  // A type without a signature of ours: its content must at least not be one of the known others.
  return sniffed === null ? type : null;
}

/** Whether a workspace's `allowed_file_types` (exact types, `image/*`, or `*\/*`) let `type` in. */
export function typeAllowed(allowed: readonly string[], type: string): boolean {
  const [major] = type.split('/');
  return allowed.some((pattern) => {
    const p = pattern.trim().toLowerCase();
    return p === '*/*' || p === '*' || p === type || (p.endsWith('/*') && p.slice(0, -2) === major);
  });
}
