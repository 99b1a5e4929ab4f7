/**
 * Rich text as the content area stores it: HTML cut down to a strict allow-list, rebuilt tag by tag
 * so nothing the writer's browser (or an attacker) sent survives except paragraphs, headings, lists,
 * emphasis, quotes and plain links. The server stores only this function's output and the app
 * renders only that, so the same rules hold on both sides.
 */

/** Tags kept, after renaming (`b` → `strong`, `div` → `p`, `h1` → `h2`, `h4`–`h6` → `h3`). */
const KEPT = new Set(['p', 'br', 'strong', 'em', 'u', 's', 'h2', 'h3', 'ul', 'ol', 'li', 'blockquote', 'a']);
const RENAMED: Record<string, string> = { b: 'strong', i: 'em', strike: 's', del: 's', div: 'p', h1: 'h2', h4: 'h3', h5: 'h3', h6: 'h3' };
/** Elements whose content goes with them (code, styles, embedded documents). */
const DROPPED_WITH_CONTENT = new Set([
  'script',
  'style',
  'iframe',
  'object',
  'embed',
  'noscript',
  'template',
  'textarea',
  'title',
  'xmp',
  'svg',
  'math',
  'select',
  'head',
]);
const VOID = new Set(['br']);

const TAG = /^<(\/?)([a-zA-Z][a-zA-Z0-9]*)((?:\s+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*)\s*\/?>/;
const HREF = /(?:^|\s)href\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+))/i;
const ENTITY = /^&(?:#\d{1,7}|#x[0-9a-fA-F]{1,6}|[a-zA-Z][a-zA-Z0-9]{1,31});/;

const escapeAttr = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", colon: ':', tab: '\t', newline: '\n' };

/** Decodes the entities a scheme could hide behind (`jav&#x61;script:`), for the check only. */
function decodeEntities(s: string): string {
  return s.replace(/&(#\d+|#x[0-9a-fA-F]+|[a-zA-Z]+);?/g, (whole, ref: string) => {
    if (ref.startsWith('#x')) return String.fromCodePoint(Math.min(parseInt(ref.slice(2), 16), 0x10ffff));
    if (ref.startsWith('#')) return String.fromCodePoint(Math.min(parseInt(ref.slice(1), 10), 0x10ffff));
    return NAMED[ref.toLowerCase()] ?? whole;
  });
}

/** A link target people can follow safely: http(s), mailto, or a path on this site. */
export function safeHref(raw: string): string | null {
  // Browsers ignore control characters and spaces inside a scheme; so must the check.
  const decoded = decodeEntities(raw).replace(/[\u0000-\u0020\u007f-\u009f]/g, '');
  if (/^https?:\/\//i.test(decoded) || /^mailto:/i.test(decoded)) return decoded;
  if (decoded.startsWith('/') && !decoded.startsWith('//') && !decoded.startsWith('/\\')) return decoded;
  return null;
}

/** Text between tags: a stray `<` or `>` is escaped, a bare `&` too; real entities stay. */
function textOf(s: string): string {
  let out = '';
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (c === '<') out += '&lt;';
    else if (c === '>') out += '&gt;';
    else if (c === '&') out += ENTITY.test(s.slice(i)) ? '&' : '&amp;';
    else out += c;
  }
  return out;
}

/** The allow-listed HTML of `html`: well formed, every open tag closed, attributes only on links. */
export function sanitizeRichText(html: string): string {
  let out = '';
  const open: string[] = [];
  let i = 0;
  let textStart = 0;
  const flushText = (end: number) => {
    if (end > textStart) out += textOf(html.slice(textStart, end));
  };
  while (i < html.length) {
    if (html[i] !== '<') {
      i += 1;
      continue;
    }
    flushText(i);
    const rest = html.slice(i);
    if (rest.startsWith('<!--')) {
      const end = html.indexOf('-->', i + 4);
      i = end === -1 ? html.length : end + 3;
      textStart = i;
      continue;
    }
    if (/^<[!?]/.test(rest)) {
      const end = html.indexOf('>', i);
      i = end === -1 ? html.length : end + 1;
      textStart = i;
      continue;
    }
    const m = TAG.exec(rest);
    if (!m) {
      // A `<` that starts no tag is text.
      out += '&lt;';
      i += 1;
      textStart = i;
      continue;
    }
    i += m[0].length;
    textStart = i;
    const closing = m[1] === '/';
    const raw = m[2].toLowerCase();
    if (DROPPED_WITH_CONTENT.has(raw)) {
      if (!closing) {
        const end = html.toLowerCase().indexOf(`</${raw}`, i);
        const close = end === -1 ? -1 : html.indexOf('>', end);
        i = close === -1 ? html.length : close + 1;
        textStart = i;
      }
      continue;
    }
    const name = RENAMED[raw] ?? raw;
    if (!KEPT.has(name)) continue;
    if (VOID.has(name)) {
      if (!closing) out += `<${name}>`;
      continue;
    }
    if (closing) {
      const at = open.lastIndexOf(name);
      if (at === -1) continue;
      while (open.length > at) out += `</${open.pop()}>`;
      continue;
    }
    if (name === 'a') {
      const hrefMatch = HREF.exec(m[3]);
      const href = hrefMatch ? safeHref(hrefMatch[1] ?? hrefMatch[2] ?? hrefMatch[3] ?? '') : null;
      out += href ? `<a href="${escapeAttr(href)}" rel="noopener nofollow ugc">` : '<a>';
    } else {
      out += `<${name}>`;
    }
    open.push(name);
  }
  flushText(html.length);
  while (open.length > 0) out += `</${open.pop()}>`;
  return out;
}

/** The words of sanitised rich text, for excerpts and descriptions. */
export function plainText(html: string): string {
  return decodeEntities(html.replace(/<\/(p|h2|h3|li|blockquote)>|<br>/g, ' ').replace(/<[^>]*>/g, ''))
    .replace(/\s+/g, ' ')
    .trim();
}

const escapeAll = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * Plain text (what AI writing returns) as rich text: a paragraph per block of lines separated by a
 * blank line, a line break inside a block; every character escaped, so markup in the text stays text.
 */
export function richTextOfPlain(plain: string): string {
  return plain
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((block) => block.trim())
    .filter((block) => block.length > 0)
    .map(
      (block) =>
        `<p>${block
          .split('\n')
          .map((line) => escapeAll(line.trim()))
          .join('<br>')}</p>`,
    )
    .join('');
}
