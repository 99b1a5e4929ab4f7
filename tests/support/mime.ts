/** The attachments of a raw MIME message (base64 parts with a file name), as bytes. */
export function mimeAttachments(raw: string): Array<{ filename: string; contentType: string; bytes: Uint8Array }> {
  const out: Array<{ filename: string; contentType: string; bytes: Uint8Array }> = [];
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(raw)?.[1];
  if (!boundary) return out;
  for (const part of raw.split(`--${boundary}`)) {
    const split = part.search(/\r?\n\r?\n/);
    if (split < 0) continue;
    const head = part.slice(0, split).replace(/\r?\n[ \t]+/g, ' ');
    const filename = /filename="?([^";\r\n]+)"?/i.exec(head)?.[1];
    if (!filename || !/content-transfer-encoding:\s*base64/i.test(head)) continue;
    const contentType = /content-type:\s*([^;\r\n]+)/i.exec(head)?.[1]?.trim() ?? '';
    const body = part.slice(split).replace(/[\r\n\s]/g, '');
    out.push({ filename, contentType, bytes: new Uint8Array(Buffer.from(body, 'base64')) });
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
