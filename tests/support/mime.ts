/**
 * The attachments of a raw MIME message (base64 parts with a file name), as bytes, in the order
 * they come, however deeply their multiparts nest (inline images sit in a multipart/related).
 * `contentId` is an inline image's Content-ID, without its angle brackets.
 */
export function mimeAttachments(
  raw: string,
): Array<{ filename: string; contentType: string; contentId: string | null; bytes: Uint8Array }> {
  const out: Array<{ filename: string; contentType: string; contentId: string | null; bytes: Uint8Array }> = [];
  const boundaries = [...raw.matchAll(/boundary="?([^";\r\n]+)"?/gi)].map((m) => m[1]);
  if (boundaries.length === 0) return out;
  const escaped = boundaries.map((b) => b.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  for (const part of raw.split(new RegExp(`--(?:${escaped.join('|')})`))) {
    const split = part.search(/\r?\n\r?\n/);
    if (split < 0) continue;
    const head = part.slice(0, split).replace(/\r?\n[ \t]+/g, ' ');
    const filename = /filename="?([^";\r\n]+)"?/i.exec(head)?.[1];
    if (!filename || !/content-transfer-encoding:\s*base64/i.test(head)) continue;
    const contentType = /content-type:\s*([^;\r\n]+)/i.exec(head)?.[1]?.trim() ?? '';
    const contentId = /content-id:\s*<([^>\r\n]+)>/i.exec(head)?.[1] ?? null;
    const body = part.slice(split).replace(/[\r\n\s]/g, '');
    out.push({ filename, contentType, contentId, bytes: new Uint8Array(Buffer.from(body, 'base64')) });
  }
  return out;
}

/** A raw message with its quoted-printable text undone (soft breaks, escaped bytes) and no-break spaces as spaces. */
export function quotedPrintableText(raw: string): string {
  const bytes = raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1')
    .toString('utf8')
    .replace(/\u00a0/g, ' ');
}

/** The HTML part of a raw MIME message, decoded (quoted-printable or base64), or null when it has none. */
export function mimeHtml(raw: string): string | null {
  for (const part of raw.split(/\r?\n--[^\r\n]+/)) {
    const split = part.search(/\r?\n\r?\n/);
    if (split < 0) continue;
    const head = part.slice(0, split).replace(/\r?\n[ \t]+/g, ' ');
    if (!/content-type:\s*text\/html/i.test(head)) continue;
    const body = part.slice(split).trim();
    if (/content-transfer-encoding:\s*base64/i.test(head)) return Buffer.from(body.replace(/\s/g, ''), 'base64').toString('utf8');
    return /content-transfer-encoding:\s*quoted-printable/i.test(head) ? quotedPrintableText(body) : body;
  }
  return null;
}
