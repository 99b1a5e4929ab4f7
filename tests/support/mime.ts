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
